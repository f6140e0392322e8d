#!/usr/bin/env bash
# sanitize: yes
# The results library (ssdreport library, docs/library.md) on real results: the golden review
# fixtures (an NVMe and a SAS drive, a group), a small generated full-profile review tree (two
# drives, scripts/gen-review-tree) and a fio case of anyone's (../shared/cases, with --model and
# --firmware). Every figure stored equals the one the drive's own report prints (its summary.csv
# and family-curve.csv, tests/host/lib/library_check.py), and every figure the report prints is
# stored; adding again changes nothing; a partial run is added with its status, never ranked, and
# replaced when the resumed run completes; list --json, remove, export --csv; the page's rankings
# in the order the stored figures give; two writers adding at the same moment both kept whole;
# bad libraries and inputs refused naming the file.
# SSDENG_TEST_LIBRARY=postgresql (tests/host/library_pg.sh) runs it all on a PostgreSQL library:
# a throw-away server of this machine's PostgreSQL (tests/host/lib/pg-cluster.sh), stopped on
# every exit, a database per library; then also a password never printed, a server down.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
backend=${SSDENG_TEST_LIBRARY:-sqlite}
REPORT_TEST="library ($backend)"
. tests/host/lib/report-env.sh
G=tests/unit/reporter/fixtures/golden/results
chk=tests/host/lib/library_check.py
if [ "$backend" = postgresql ]; then
	. tests/host/lib/pg-cluster.sh
	trap 'pg_cluster_stop; rm -rf "$tmp"' EXIT
	trap 'exit 1' INT TERM HUP
	if ! pg_cluster_start "$tmp/pg"; then
		fail "library (postgresql): no server: $PG_WHY"
		lab_done
	fi
	export PSQL=$PG_BIN/psql
	newlib() { pg_sql postgres "CREATE DATABASE $1" && pg_uri "$1"; } # NAME: an empty library
	q() { "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -d "$1" -c "$2"; }	 # LIBRARY SQL
	copylib() { pg_sql postgres "CREATE DATABASE $2 TEMPLATE $(dbname "$1")" && pg_uri "$2"; }
	dbname() { local d=${1#postgresql:///}; echo "${d%%\?*}"; }
else
	newlib() { echo "$tmp/$1.sqlite"; }
	q() { sqlite3 "$1" "$2"; }
	copylib() { cp "$1" "$tmp/$2.sqlite" && echo "$tmp/$2.sqlite"; }
fi
lib=$(newlib lib)
export SSDENG_LIBRARY=$tmp/env.sqlite # a --library given must win over it

"$rep" library add --library "$lib" "$G" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ "$(grep -c '^added run' "$tmp/out")" = 3 ] && [ ! -e "$SSDENG_LIBRARY" ] &&
	ok "add: the golden results' three drives added to --library" ||
	fail "add: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -5)"
# added from a relative path ($G), kept absolute: a library outlives the directory it was added from
n=$(q "$lib" "SELECT (SELECT count(*) FROM runs WHERE source NOT LIKE '/%') + (SELECT count(*) FROM tests WHERE path IS NOT NULL AND path NOT LIKE '/%')")
[ "$n" = 0 ] && [ "$(q "$lib" "SELECT count(*) FROM runs WHERE source = '$PWD/$G/nvme-lab'")" = 1 ] &&
	ok "add: sources and test paths kept absolute though given relative" || fail "add: $n relative sources or paths"

# the small generated full-profile review: two drives, 247 tests each, apps results
if python3 scripts/gen-review-tree --out "$tmp/gen" --drives 2 --hours 0.02 --procs 1 \
	>"$tmp/gen.log" 2>&1; then
	"$rep" library add -q --library "$lib" "$tmp/gen" 2>"$tmp/err" &&
		ok "add: a generated full-profile review tree" || fail "add gen: $(head -3 "$tmp/err")"
else
	fail "scripts/gen-review-tree failed: $(tail -3 "$tmp/gen.log")"
fi

# the figures stored are the ones each drive's own report prints, every one of them
"$rep" -q -o "$tmp/rg" --no-charts "$G" 2>"$tmp/err" || fail "report of $G: $(head -3 "$tmp/err")"
res=$(python3 "$chk" figures "$lib" "$tmp/rg" nvme-lab sas-lab g)
[ "${res%% *}" = ok ] && ok "golden: the ${res#ok } figures stored equal the report's summary.csv and family-curve.csv" ||
	fail "golden figures: $res"
if [ -d "$tmp/gen" ]; then
	"$rep" -q -o "$tmp/rgen" --no-charts "$tmp/gen" 2>"$tmp/err" || fail "report of gen: $(head -3 "$tmp/err")"
	res=$(python3 "$chk" figures "$lib" "$tmp/rgen" e1s-1 u2-1)
	[ "${res%% *}" = ok ] && [ "${res#ok }" -gt 150 ] &&
		ok "full profile: the ${res#ok } figures stored (apps, primary, four corners, QoS, curves) equal the report's" ||
		fail "full-profile figures: $res"
fi
# the check can fail: one stored figure changed by 0.1 % is found
bent=$(copylib "$lib" bent)
q "$bent" "UPDATE figures SET value = value * 1.001 WHERE entry = '8k-7030' AND metric = 'lat_max' AND run_id = (SELECT id FROM runs WHERE label = 'sas-lab')"
res=$(python3 "$chk" figures "$bent" "$tmp/rg" sas-lab)
case $res in *"8k-7030 lat_max"*) ok "a figure 0.1 % off is caught by the check" ;; *) fail "bent figure not caught: $res" ;; esac

# anyone's fio results, named by --model and --firmware, keyed by their files' contents
case=$cases/c04-samyaple-fio333-steadystate
"$rep" library add --library "$lib" --model "Samyaple SSD" --firmware F1 --label samy "$case" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
row=$(q "$lib" "SELECT kind, model, firmware, label, substr(run_key, 1, 4) FROM runs WHERE label = 'samy'")
[ $rc = 0 ] && [ "$row" = "fio|Samyaple SSD|F1|samy|fio:" ] && ok "add fio results: --model, --firmware, --label; keyed by content" ||
	fail "fio add: exit $rc, row '$row': $(head -3 "$tmp/err")"

# idempotent: the same runs again change nothing
before=$(q "$lib" "SELECT count(*), sum(value) FROM runs JOIN figures ON id = run_id")
"$rep" library add --library "$lib" "$G" "$G/nvme-lab" >"$tmp/out" 2>&1
"$rep" library add --library "$lib" --model "Samyaple SSD" --firmware F1 --label samy "$case" >>"$tmp/out" 2>&1
after=$(q "$lib" "SELECT count(*), sum(value) FROM runs JOIN figures ON id = run_id")
[ "$before" = "$after" ] && [ "$(grep -c '^unchanged run' "$tmp/out")" = 5 ] &&
	ok "adding the same runs again changes nothing (5 unchanged)" || fail "re-add: $before -> $after: $(cat "$tmp/out")"

# a partial run: added with its status, listed unranked; its resumed, complete run replaces it
mkdir -p "$tmp/part" && cp -r "$G/nvme-lab" "$tmp/part/nvme-lab"
jq '.status = "interrupted"' "$G/nvme-lab/run.json" >"$tmp/part/nvme-lab/run.json"
plib=$(newlib part)
"$rep" library add -q --library "$plib" "$G/sas-lab" "$tmp/part/nvme-lab" 2>"$tmp/err"
[ "$(q "$plib" "SELECT status FROM runs WHERE label = 'nvme-lab'")" = interrupted ] &&
	ok "a partial run is added with its status" || fail "partial: $(head -3 "$tmp/err")"
"$rep" library report -q --no-charts --library "$plib" -o "$tmp/pp" 2>"$tmp/err"
r=$(grep ',nvme-lab\|QEMU NVMe' "$tmp/pp/rank-quick-4k-randread-iops.csv" | cut -d, -f1)
[ "$r" = "not ranked" ] && [ "$(sed -n 2p "$tmp/pp/rank-quick-4k-randread-iops.csv" | cut -d, -f1,2)" = "1,QEMU QEMU HARDDISK" ] &&
	ok "the partial run is listed \"not ranked\", below the ranked drive" ||
	fail "partial run ranked: $(cat "$tmp/pp/rank-quick-4k-randread-iops.csv")"
# a run whose status is complete but one of whose tests failed: partial, never ranked
mkdir -p "$tmp/part2" && cp -r "$G/sas-lab" "$tmp/part2/sas-lab"
jq '.tests[3].status = "failed" | .tests[3].reason = "fio exited 1"' "$G/sas-lab/run.json" >"$tmp/part2/sas-lab/run.json"
nt=$(jq '.tests | length' "$G/sas-lab/run.json")
plib2=$(newlib part2)
"$rep" library add -q --library "$plib2" "$G/nvme-lab" "$tmp/part2/sas-lab" 2>"$tmp/err"
"$rep" library report -q --no-charts --library "$plib2" -o "$tmp/pp2" 2>>"$tmp/err"
[ "$(q "$plib2" "SELECT status, tests_planned, tests_done FROM runs WHERE label = 'sas-lab'")" = "complete|$nt|$((nt - 1))" ] &&
	grep -q "^not ranked,QEMU QEMU HARDDISK,.*,partial: $((nt - 1)) of $nt tests\$" "$tmp/pp2/rank-quick-4k-randread-iops.csv" &&
	[ "$(sed -n 2p "$tmp/pp2/rank-quick-4k-randread-iops.csv" | cut -d, -f1,2)" = "1,QEMU NVMe Ctrl" ] &&
	ok "a complete run with a failed test: $((nt - 1)) of $nt tests done, listed \"partial: $((nt - 1)) of $nt tests\", not ranked" ||
	fail "partial by a failed test: $(q "$plib2" "SELECT status, tests_planned, tests_done FROM runs") $(cat "$tmp/pp2/rank-quick-4k-randread-iops.csv" "$tmp/err" 2>&1)"
"$rep" library add --library "$plib" "$G/nvme-lab" >"$tmp/out" 2>&1
[ "$(q "$plib" "SELECT count(*), min(status) FROM runs WHERE label = 'nvme-lab'")" = "1|complete" ] &&
	grep -q '^replaced run' "$tmp/out" && ok "the resumed run (same manifest, complete) replaces its partial entry" ||
	fail "resume: $(cat "$tmp/out")"

# two reviews of one drive with one request share the manifest's id: each is its own run (keyed
# by the id and the first session's start, which --resume keeps); a later --only subset never
# replaces the whole review and is listed partial, never "complete"; a resumed one replaces
mk_review() { # DIR FIRST-START [JQ-FILTER]: nvme-lab as a review with manifest m-same
	mkdir -p "$1" && cp -r "$G/nvme-lab" "$1/" &&
		jq --arg t "$2" '.manifest = {id: "m-same", created: $t, info: {only: null}} |
			.sessions = [{started: $t}] | .started = $t | '"${3:-.}" \
			"$G/nvme-lab/run.json" >"$1/nvme-lab/run.json"
}
mk_review "$tmp/rA" 2026-12-01T10:00:00Z
mk_review "$tmp/rB" 2026-12-02T10:00:00Z
mk_review "$tmp/rO" 2026-12-03T10:00:00Z '.manifest.info.only = ["4k-randread"]'
mk_review "$tmp/rR" 2026-12-02T10:00:00Z '.status = "interrupted"'
klib=$(newlib keys)
"$rep" library add --library "$klib" "$tmp/rA" "$tmp/rB" "$tmp/rO" >"$tmp/out" 2>&1
"$rep" library list --library "$klib" >"$tmp/list" 2>&1
[ "$(grep -c '^added run' "$tmp/out")" = 3 ] &&
	[ "$(q "$klib" "SELECT run_key FROM runs ORDER BY run_key" | tr '\n' ' ')" = "manifest:m-same@2026-12-01T10:00:00Z manifest:m-same@2026-12-02T10:00:00Z manifest:m-same@2026-12-03T10:00:00Z " ] &&
	grep -q '2026-12-03T10:00:00Z .* partial: [0-9]* of [0-9]* tests (--only 4k-randread) ' "$tmp/list" &&
	[ "$(grep -c ' complete ' "$tmp/list")" = 2 ] &&
	ok "two reviews with one manifest id are two runs; a later --only run is added beside them, listed partial" ||
	fail "run keys: $(cat "$tmp/out" "$tmp/list")"
"$rep" library add --library "$klib" "$tmp/rR" >"$tmp/out" 2>&1
[ "$(q "$klib" "SELECT count(*) FROM runs")" = 3 ] && grep -q '^replaced run' "$tmp/out" &&
	[ "$(q "$klib" "SELECT status FROM runs WHERE started = '2026-12-02T10:00:00Z'")" = interrupted ] &&
	ok "the same review again (same first start, other contents) replaces its own entry only" ||
	fail "resumed key: $(cat "$tmp/out") $(q "$klib" "SELECT run_key, status FROM runs")"

# list --json
"$rep" library list --library "$lib" --json >"$tmp/list.json" 2>"$tmp/err"
n=$(q "$lib" "SELECT count(*) FROM runs")
[ "$(jq length "$tmp/list.json")" = "$n" ] &&
	[ "$(jq -r '.[] | select(.label == "nvme-lab") | [.model, .firmware, .profile, .status, .logical_block_bytes] | @tsv' "$tmp/list.json")" = "$(printf 'QEMU NVMe Ctrl\t7.2.22\tquick\tcomplete\t%s' "$(jq -r .identity.logical_block_bytes "$G/nvme-lab/drive.json")")" ] &&
	ok "list --json: $n runs, nvme-lab's identity as drive.json says" || fail "list --json: $(head -c 600 "$tmp/list.json") $(cat "$tmp/err")"
[ "$("$rep" library list --library "$lib" --model 'qemu nvme' --json | jq -r '.[].label')" = nvme-lab ] &&
	[ "$("$rep" library list --library "$lib" --profile full --json | jq length)" = 2 ] &&
	ok "list --model (any case, contained), --profile" || fail "list filters"
"$rep" libary list >"$tmp/out" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "'libary' is not a command" "$tmp/out" && ok "a misspelt command (libary): exit 2, named as one" ||
	fail "ssdreport libary: exit $rc $(cat "$tmp/out")"
# a filter that matches nothing: a profile the library has not is a typo (exit 2, the library's named)
"$rep" library list --library "$lib" --profile fulll >"$tmp/out" 2>&1
rc=$?
[ $rc = 2 ] && grep -q -- "--profile fulll: no run of that profile (the library's: .*full" "$tmp/out" &&
	ok "list --profile with no such profile: exit 2, the library's profiles named" || fail "list --profile fulll: exit $rc $(cat "$tmp/out")"
"$rep" library report --library "$lib" -o "$tmp/nopage" --test bogus --drive NOSUCH >"$tmp/out" 2>&1
rc=$?
[ $rc = 2 ] && grep -q -- "--test bogus: the library holds no figure" "$tmp/out" && grep -q -- "--drive NOSUCH: no run" "$tmp/out" &&
	[ ! -e "$tmp/nopage" ] && ok "report --test/--drive matching nothing: exit 2, each named, no page" ||
	fail "report --test bogus: exit $rc $(cat "$tmp/out")"

# the page: each ranking in the order of the stored figures; another profile never in it
"$rep" library report --library "$lib" -o "$tmp/page" --drive SAS >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ -s "$tmp/page/index.html" ] && [ -s "$tmp/page/charts.gp" ] &&
	[ -s "$tmp/page"/rank-quick-4k-randread-iops-bars.svg ] && ! ls "$tmp/page" | grep -q '\.png$' &&
	grep -q '<img src="rank-quick-4k-randread-iops-bars.svg"' "$tmp/page/index.html" &&
	ok "library report: index.html and the ranked bar charts drawn, as SVG alone" || fail "report: exit $rc $(head -3 "$tmp/err")"
for k in "4k-randread iops" "4k-randread lat_mean" "8k-7030 lat_max" "spec-4k-randread-qd1 p99.99" "fc-{bs}-read mbps"; do
	set -- $k
	for p in quick full; do
		f="$tmp/page/rank-$p-$(echo "$1" | tr -d '{}')-$2.csv"
		[ -e "$f" ] || continue
		res=$(python3 "$chk" ranking "$lib" "$f" "$1" "$2" "$p")
		[ "${res%% *}" = ok ] && ok "ranking $p $1 $2: ${res#ok } runs in the stored figures' order" ||
			fail "ranking $p $1 $2: $res"
	done
done
! ls "$tmp/page" | grep -q '^rank-.*[{}]\|_bs_' && ls "$tmp/page" | grep -q '^rank-[a-z]*-fc-bs-read-mbps.csv$' &&
	ok "rankings' file names drop a family's placeholder braces (rank-*-fc-bs-read-mbps.csv)" ||
	fail "rankings' file names: $(ls "$tmp/page" | grep '^rank-.*fc-' | head -3 | tr '\n' ' ')"
! grep -q 'ACME' "$tmp/page/rank-quick-4k-randread-iops.csv" && grep -q 'ACME' "$tmp/page/rank-full-4k-randread-iops.csv" &&
	ok "quick and full runs are ranked apart" || fail "profiles mixed"
grep -q 'class="pass">QEMU QEMU HARDDISK\|QEMU QEMU HARDDISK' "$tmp/page/index.html" && ok "the page names the drives" || fail "page"
# two drives of one model (other serials: a reference drive's is its state directory) are
# named apart, model and serial, in the rankings and the history; one serial is one drive
tlib=$(copylib "$lib" twins)
q "$tlib" "UPDATE runs SET model = 'Twin', serial = 'tw-' || label WHERE label IN ('nvme-lab', 'sas-lab')"
"$rep" library report -q --no-charts --library "$tlib" -o "$tmp/twp" 2>"$tmp/err"
nm=$(q "$tlib" "SELECT count(DISTINCT coalesce(model, label)) FROM runs")
[ "$(grep -c '^[0-9]*,Twin (tw-nvme-lab),\|^[0-9]*,Twin (tw-sas-lab),' "$tmp/twp/rank-quick-4k-randread-iops.csv")" = 2 ] &&
	! grep -q '^[0-9]*,Twin,' "$tmp/twp/rank-quick-4k-randread-iops.csv" &&
	grep -q "drive models</dt><dd>$nm ($((nm + 1)) drives)<" "$tmp/twp/index.html" &&
	ok "two drives of one model: ranked as \"Twin (tw-nvme-lab)\" and \"Twin (tw-sas-lab)\", $nm models ($((nm + 1)) drives)" ||
	fail "twins: $(head -4 "$tmp/twp/rank-quick-4k-randread-iops.csv") $(grep -o 'drive models</dt><dd>[^<]*' "$tmp/twp/index.html") $(cat "$tmp/err")"
# the history's columns are figures its runs have: a model reviewed with the four corners only
# shows those (was: 4K/8K columns, all "-")
flib=$(copylib "$lib" fconly)
q "$flib" "UPDATE runs SET model = 'FC Only', serial = 'fc-1' WHERE label IN ('nvme-lab', 'sas-lab');
	DELETE FROM figures WHERE run_id IN (SELECT id FROM runs WHERE model = 'FC Only') AND entry NOT LIKE 'fc-%'"
"$rep" library report -q --no-charts --library "$flib" -o "$tmp/fcp" 2>"$tmp/err"
hf=$(grep -l ',Four corners: random read IOPS' "$tmp/fcp"/history-*.csv 2>/dev/null | head -1)
rounded() { python3 -c 'import sys; print(" ".join("%.0f" % float(x) for x in sys.argv[1:]))' "$@"; }
want=$(rounded $(q "$flib" "SELECT value FROM figures f JOIN runs r ON r.id = f.run_id WHERE r.model = 'FC Only' AND entry = 'fc-{bs}-randread' AND metric = 'iops' ORDER BY value"))
got=$(rounded $(python3 -c 'import csv,sys; print(" ".join(sorted((x["Four corners: random read IOPS"] for x in csv.DictReader(open(sys.argv[1]))), key=float)))' "$hf" 2>&1))
[ -n "$hf" ] && [ "$got" = "$want" ] && ! grep -q "4K random read" "$hf" &&
	ok "history: a four-corners-only model's columns are its four corners figures ($want), not 4K/8K" ||
	fail "history columns: $(head -2 "$hf" 2>&1) got '$got' want '$want' $(cat "$tmp/err")"
# a model too long for the chart's left margin (half its width): its bar's label shortened in the
# middle to 60 characters, the table's row whole
long="Very Long Vendor Name Enterprise NVMe Solid State Drive Model 1234567890 Gen5"
q "$flib" "UPDATE runs SET model = '$long' WHERE label = 'sas-lab'"
"$rep" library report -q --no-charts --library "$flib" -o "$tmp/lgp" 2>"$tmp/err"
lb=$(grep -h '\.\.\.ive Model 1234567890 Gen5' "$tmp/lgp/rank-quick-fc-bs-randread-iops-bars.csv" | cut -d, -f2)
[ -n "$lb" ] && [ "${#lb}" -le 60 ] && [ "${lb#[0-9]. Very Long Vendor}" != "$lb" ] &&
	grep -q ",$long,2.5+," "$tmp/lgp/rank-quick-fc-bs-randread-iops.csv" &&
	ok "a long model's bar label shortened in its middle (${#lb} characters: $lb), its table row whole" ||
	fail "long label: '$lb' $(grep -h Very "$tmp/lgp"/rank-quick-fc-bs-randread-iops*.csv) $(cat "$tmp/err")"

# export --csv
"$rep" library export --library "$lib" --csv "$tmp/csv" 2>"$tmp/err"
[ "$(($(wc -l <"$tmp/csv/figures.csv") - 1))" = "$(q "$lib" 'SELECT count(*) FROM figures')" ] &&
	[ "$(($(wc -l <"$tmp/csv/runs.csv") - 1))" = "$n" ] && head -1 "$tmp/csv/figures.csv" | grep -q '^run_id,test,entry,metric' &&
	ok "export --csv: runs.csv and figures.csv, a row each" || fail "export: $(cat "$tmp/err")"

# remove
id=$(q "$lib" "SELECT id FROM runs WHERE label = 'samy'")
"$rep" library remove --library "$lib" "$id" >"$tmp/out" 2>&1 &&
	[ "$(q "$lib" "SELECT count(*) FROM runs WHERE label = 'samy'")" = 0 ] &&
	[ "$(q "$lib" "SELECT count(*) FROM figures WHERE run_id = $id")" = 0 ] &&
	ok "remove RUN: the run and its figures gone" || fail "remove: $(cat "$tmp/out")"
"$rep" library remove --library "$lib" "$id" >"$tmp/out" 2>&1
[ $? = 2 ] && grep -q "no run $id" "$tmp/out" && ok "remove of an absent run: exit 2, named" || fail "remove absent: $(cat "$tmp/out")"

# ssd-review --library FILE: the run added when it ends, keyed by its manifest
if [ -f engine/libssdeng.so ] && [ -x driver/ssd-review ]; then
	export SSD_REVIEW_LOCK_DIR=$tmp/locks
	rvlib=$(newlib rv)
	mkdir -p "$SSD_REVIEW_LOCK_DIR"
	driver/ssd-review --drive "a=$tmp/a.img" --profile quick --suite four-corners --only fc-4k-randread \
		--span 32M --out "$tmp/rv" --no-report --library "$rvlib" >"$tmp/out" 2>&1
	rc=$?
	m=$(jq -r .manifest.id "$tmp/rv/a/run.json")
	t0=$(jq -r '.sessions[0].started' "$tmp/rv/a/run.json")
	[ $rc = 0 ] && [ "$(q "$rvlib" "SELECT run_key, status, profile FROM runs")" = "manifest:$m@$t0|complete|quick" ] &&
		[ "$(q "$rvlib" "SELECT count(*) FROM figures WHERE entry = 'fc-{bs}-randread'")" = 1 ] &&
		ok "ssd-review --library: the run added at its end, keyed by its manifest" ||
		fail "ssd-review --library: exit $rc: $(tail -3 "$tmp/out")"
	# stopped by SIGINT after its first test: added as an interrupted run, and said so
	ilib=$(newlib rvint)
	driver/ssd-review --drive "a=$tmp/a.img" --profile quick --suite four-corners \
		--only fc-4k-randread,fc-64k-read --span 32M --yes --out "$tmp/rvi" --no-report \
		--library "$ilib" >"$tmp/rvi.out" 2>&1 &
	rpid=$!
	for _ in $(seq 600); do # at most 60 s for the first test
		[ "$(jq '[.tests[]? | select(.status == "done")] | length' "$tmp/rvi/a/run.json" 2>/dev/null)" = 1 ] && break
		sleep 0.1
	done
	kill -INT "$rpid"
	wait "$rpid"
	rc=$?
	[ "$(q "$ilib" "SELECT status, tests_done FROM runs")" = "interrupted|1" ] &&
		grep -q "added to the library .* as an interrupted run (listed, not ranked)" "$tmp/rvi.out" &&
		"$rep" library list --library "$ilib" | grep -q ' interrupted: 1 of [0-9]* tests (--only fc-4k-randread, fc-64k-read) ' &&
		ok "ssd-review --library stopped by SIGINT after 1 test: added as \"interrupted: 1 of N tests\", said on the console" ||
		fail "interrupted --library: exit $rc: $(q "$ilib" "SELECT status, tests_done FROM runs") $(tail -4 "$tmp/rvi.out")"
	# --only: a subset of its suite, its completeness the suite's plan (as --dry-run lists it)
	nplan=$(driver/ssd-review --drive "a=$tmp/a.img" --profile quick --suite four-corners --span 32M \
		--out "$tmp/rvdry" --dry-run 2>/dev/null | grep -c '^a ')
	"$rep" library report -q --no-charts --library "$rvlib" -o "$tmp/rvp" 2>"$tmp/err"
	[ "$(q "$rvlib" "SELECT tests_planned, tests_done, only_tests FROM runs")" = "$nplan|1|fc-4k-randread" ] &&
		grep -q "^not ranked,.*,partial: 1 of $nplan tests (--only fc-4k-randread)\$" "$tmp/rvp/rank-quick-fc-bs-randread-iops.csv" &&
		ok "ssd-review --only: 1 of the suite's $nplan tests, listed \"partial: 1 of $nplan tests (--only ...)\", not ranked" ||
		fail "--only completeness: $(q "$rvlib" "SELECT tests_planned, tests_done, only_tests FROM runs") $(cat "$tmp/rvp/rank-quick-fc-bs-randread-iops.csv" "$tmp/err" 2>&1)"
	# a file that is no library is refused before the run, not after it, and --dry-run says so
	echo "not a library" >"$tmp/notalib.txt"
	for dry in "" --dry-run; do
		driver/ssd-review --drive "a=$tmp/a.img" --profile quick --suite four-corners --only fc-4k-randread \
			--span 32M --out "$tmp/rvbad" --no-report --yes --library "$tmp/notalib.txt" $dry >"$tmp/out" 2>&1
		rc=$?
		[ $rc = 2 ] && grep -q -- "--library: .*$tmp/notalib.txt: not an SQLite database" "$tmp/out" && [ ! -e "$tmp/rvbad" ] &&
			ok "ssd-review --library NOT-A-LIBRARY ${dry:-(a run)}: exit 2 before anything runs, the file named" ||
			fail "ssd-review --library NOT-A-LIBRARY $dry: exit $rc: $(tail -3 "$tmp/out")"
	done
else
	ok "# SKIP ssd-review --library: engine/libssdeng.so or driver/ssd-review not built"
fi

# $SSDENG_LIBRARY names the library when --library is not given
SSDENG_LIBRARY=$lib "$rep" library list --json >"$tmp/env.json" 2>"$tmp/err"
cmp -s "$tmp/env.json" <("$rep" library list --library "$lib" --json) && [ "$(jq length "$tmp/env.json")" -gt 0 ] &&
	ok "\$SSDENG_LIBRARY names the library" || fail "SSDENG_LIBRARY: $(head -3 "$tmp/err")"

# two writers at the same moment, into a library neither has made yet: nothing lost (SQLite: WAL
# and a busy timeout; PostgreSQL: one transaction each, writers one at a time)
clib=$(newlib conc)
"$rep" library add -q --library "$clib" "$G" >"$tmp/c1" 2>&1 &
p1=$!
"$rep" library add -q --library "$clib" "$tmp/gen" >"$tmp/c2" 2>&1 &
p2=$!
wait $p1
r1=$?
wait $p2
r2=$?
res1=$(python3 "$chk" figures "$clib" "$tmp/rg" nvme-lab sas-lab g)
res2=$(python3 "$chk" figures "$clib" "$tmp/rgen" e1s-1 u2-1)
[ $r1 = 0 ] && [ $r2 = 0 ] && [ "$(q "$clib" "SELECT count(*) FROM runs")" = 5 ] &&
	[ "${res1%% *}" = ok ] && [ "${res2%% *}" = ok ] &&
	[ "$(q "$clib" "SELECT count(*) FROM tests")" = "$(q "$lib" "SELECT count(*) FROM tests t JOIN runs r ON r.id = t.run_id WHERE r.label IN ('nvme-lab', 'sas-lab', 'g', 'e1s-1', 'u2-1')")" ] &&
	ok "two concurrent adds: exit 0 both, the 5 runs with all ${res1#ok } + ${res2#ok } figures and their tests" ||
	fail "concurrent adds: exit $r1 $r2, $res1 / $res2: $(head -3 "$tmp/c1" "$tmp/c2")"
# a new SQLite file opened by three writers at once: switching it to WAL takes its exclusive lock,
# which SQLite refuses at once (no busy wait) to one of two processes that both hold the shared
# lock; without asking again, 2 of 120 such adds failed "locked by another process" here
if [ "$backend" = sqlite ]; then
	bad=0
	for i in $(seq 40); do
		nl=$tmp/race-$i.sqlite
		pids=()
		for k in 1 2 3; do "$rep" library add -q --library "$nl" "$G" >"$tmp/race-$i-$k" 2>&1 & pids+=($!); done
		for k in 0 1 2; do wait "${pids[$k]}" || bad=$((bad + 1)); done
	done
	[ $bad = 0 ] && ok "three adds at once into a new library, 40 times: none refused" ||
		fail "three adds at once into a new library: $bad of 120 failed: $(cat "$tmp"/race-*-* | grep -m1 .)"
fi

# bad input: each refused naming the file, nothing made
expect_bad() { # what file words...
	local what=$1 file=$2 words=$3
	shift 3
	"$rep" library "$@" >"$tmp/out" 2>&1
	local rc=$? shown=${file##*/}
	[[ $file == postgresql://* ]] && shown="the library"
	[ $rc = 2 ] && grep -qF "$file" "$tmp/out" && grep -q "$words" "$tmp/out" && ok "$what: exit 2, names $shown" ||
		fail "$what: exit $rc: $(cat "$tmp/out")"
}
expect_bad "add of a missing folder" "$tmp/nothing" "" add --library "$lib" "$tmp/nothing"
expect_bad "an unknown subcommand" "frobnicate" "unknown subcommand" frobnicate
newer=$(newlib newer)
q "$newer" "CREATE TABLE schema_version (version INTEGER); INSERT INTO schema_version VALUES (7)"
expect_bad "a newer schema" "$newer" "newer than this program" list --library "$newer"
if [ "$backend" = postgresql ]; then
	other=$(newlib other)
	q "$other" "CREATE TABLE notes (x INTEGER)"
	expect_bad "not a library" "$other" "no schema_version table: not an ssdeng library" list --library "$other"
	none=$(pg_uri none)
	expect_bad "list of no database" "$none" 'database "none" does not exist' list --library "$none"
	empty=$(newlib empty)
	expect_bad "list of an empty database" "$empty" "holds no ssdeng library yet" list --library "$empty"
	[ "$(q "$empty" "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")" = 0 ] &&
		ok "list does not make a library" || fail "list made a library"
	# a password in the URI is never printed: not in an error, an add's lines, the page
	pw="postgresql://nobody_here:s3cr3t-pw@/lib?host=$PG_HOST&port=$PG_PORT"
	expect_bad "a role the server refuses" "postgresql://nobody_here@/lib?host=$PG_HOST&port=$PG_PORT" 'role "nobody_here" does not exist' list --library "$pw"
	pw="postgresql://$PG_USER:s3cr3t-pw@/lib?host=$PG_HOST&port=$PG_PORT&password=s3cr3t-pw"
	"$rep" library add --library "$pw" "$G/g" >"$tmp/pw.out" 2>&1 &&
		"$rep" library report --no-charts --library "$pw" -o "$tmp/pwpage" >>"$tmp/pw.out" 2>&1 &&
		"$rep" library remove --library "$pw" no-such-run >>"$tmp/pw.out" 2>&1
	! grep -rq s3cr3t "$tmp/pw.out" "$tmp/pwpage" &&
		grep -qF "postgresql://$PG_USER@/lib?host=$PG_HOST&port=$PG_PORT" "$tmp/pwpage/index.html" "$tmp/pw.out" &&
		ok "a password in the URI is printed nowhere (messages, the page)" ||
		fail "password shown: $(grep -r s3cr3t "$tmp/pw.out" "$tmp/pwpage" | head -3)"
	# the server down: the library named, and libpq's reason
	pg_cluster_stop
	expect_bad "the server down" "$lib" "cannot connect to the PostgreSQL server: .*No such file or directory" list --library "$lib"
else
	# a library of schema version 1 (its tables as version 1 made them): copied, then migrated,
	# its rows read back in the order they were added (v1's rowid, v2's seq)
	sqlite3 "$tmp/v1.sqlite" "CREATE TABLE schema_version (version INTEGER NOT NULL);
		INSERT INTO schema_version VALUES (1);
		CREATE TABLE runs (id INTEGER PRIMARY KEY, run_key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
		 status TEXT NOT NULL, label TEXT, model TEXT, serial TEXT, firmware TEXT, transport TEXT,
		 capacity_bytes INTEGER, logical_block_bytes INTEGER, manifest_id TEXT, profile TEXT,
		 span_bytes INTEGER, host TEXT, fio_version TEXT, engine_version TEXT, started TEXT,
		 added TEXT NOT NULL, source TEXT, fingerprint TEXT NOT NULL);
		CREATE TABLE tests (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
		 test TEXT NOT NULL, status TEXT, rw TEXT, bs_bytes INTEGER, fio_version TEXT, path TEXT,
		 PRIMARY KEY (run_id, test));
		CREATE TABLE figures (run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
		 test TEXT NOT NULL, entry TEXT NOT NULL, metric TEXT NOT NULL, title TEXT,
		 unit TEXT NOT NULL, value REAL NOT NULL, flags INTEGER NOT NULL DEFAULT 0,
		 PRIMARY KEY (run_id, entry, metric));
		INSERT INTO runs (id, run_key, kind, status, model, added, fingerprint)
		 VALUES (4, 'fio:1', 'fio', 'complete', 'Old One', '2026-01-01T00:00:00Z', 'f');
		INSERT INTO runs (id, run_key, kind, status, model, started, added, fingerprint)
		 VALUES (5, 'manifest:ab12', 'ssd-review', 'complete', 'Old Two', '2026-01-02T03:04:05Z',
		 '2026-01-03T00:00:00Z', 'g');
		INSERT INTO tests (run_id, test) VALUES (4, 'z-test'), (4, 'a-test');
		INSERT INTO figures (run_id, test, entry, metric, unit, value)
		 VALUES (4, 'z', 'z-entry', 'iops', 'IOPS', 2), (4, 'a', 'a-entry', 'iops', 'IOPS', 1.5);"
	"$rep" library export --library "$tmp/v1.sqlite" --csv "$tmp/v1csv" 2>"$tmp/err"
	[ "$(sqlite3 "$tmp/v1.sqlite.schema-v1.bak" "SELECT version FROM schema_version")" = 1 ] &&
		[ "$(sqlite3 "$tmp/v1.sqlite" "SELECT version FROM schema_version")" = 4 ] &&
		[ "$(sqlite3 "$tmp/v1.sqlite" "SELECT group_concat(run_key, ' ') FROM (SELECT run_key FROM runs ORDER BY id)")" = "fio:1 manifest:ab12@2026-01-02T03:04:05Z" ] &&
		[ "$(sqlite3 "$tmp/v1.sqlite" "SELECT group_concat(entry || '=' || seq, ' ') FROM (SELECT * FROM figures ORDER BY rowid)")" = "z-entry=1 a-entry=2" ] &&
		[ "$(cut -d, -f1,3,7 "$tmp/v1csv/figures.csv" | tr '\n' ' ')" = "run_id,entry,value 4,z-entry,2 4,a-entry,1.5 " ] &&
		[ "$(cut -d, -f2 "$tmp/v1csv/tests.csv" | tr '\n' ' ')" = "test z-test a-test " ] &&
		ok "a version 1 library: kept as .schema-v1.bak, migrated to 4 (a review keyed by its manifest and first start), its rows in the order added" ||
		fail "migration: $(cat "$tmp/err") $(cat "$tmp/v1csv/figures.csv" 2>/dev/null)"
	printf 'not a database at all, plain text, long enough for a header of one hundred bytes .....\n' >"$tmp/garbage.sqlite"
	expect_bad "not a library" "$tmp/garbage.sqlite" "not an SQLite database" list --library "$tmp/garbage.sqlite"
	expect_bad "list of no library" "$tmp/none.sqlite" "No such file" list --library "$tmp/none.sqlite"
	[ ! -e "$tmp/none.sqlite" ] && ok "list does not make a library" || fail "list made a library"
fi
lab_done
