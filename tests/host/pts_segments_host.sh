#!/usr/bin/env bash
# sanitize: yes
# SNIA PTS tests with segments (HIR, DIRTH, XSR) run by ssd-review on a file, no drive needed,
# with a copy of the catalogue whose quick profile is shortened further (HIR 2 wait states of
# 1-s writes, a 2 x 2 DIRTH matrix, 2-s XSR groups) so the whole test takes about a minute:
#  - each test's segments recorded in run.json in seq order with their files and 1-s logs,
#    HIR's idles without I/O lasting their time, XSR's groups as the catalogue says;
#  - DIRTH's MaxIOPS and MinIOPS found again here from the last matrix round's raw fio JSON
#    (highest read + write IOPS with the I/O-weighted mean total latency within the ceiling);
#    each cell of the round but the first waiting for the one before (wait_for=, no stonewall);
#  - a HIR run stopped by SIGINT during its segments runs again whole on --resume (the drive
#    idled between the sessions: a segment after the gap would follow an idle the plan does not
#    have): its preconditioning rounds from 1, then every segment from 1, all in the second
#    session, the first session's files of them gone, and the console says why;
#  - the records match docs/schemas and ssdreport reads the results without failing.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pts_segments.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
if [ ! -f engine/libssdeng.so ] || [ ! -x driver/ssd-review ]; then
	echo "ok - # SKIP engine/libssdeng.so or driver/ssd-review not built (make)"
	exit 0
fi
mkdir "$tmp/jobs"
cp jobfiles/*.fio "$tmp/jobs/"
# a file on a busy host is no drive at steady state: cap each job at 400 IOPS, as the lab caps
# its emulated drives, so the rounds reach steady state in about 5
sed -i 's/^\[global\]$/[global]\nrate_iops=400/' "$tmp/jobs/pts-round.fio" "$tmp/jobs/pts-segment.fio"
jq '(.tests[] | select(.id == "pts-hir") | .pts.segments.profiles.quick) = {write_s: 1, idle_s: [1, 2], repeats: 2, baseline_s: 2}
  | (.tests[] | select(.id == "pts-dirth") | .pts.phases[1].matrix) = {tc: [2, 1], qd: [2, 1]}
  | (.tests[] | select(.id == "pts-dirth") | .pts.phases[1].tracking) += {tc: 2, qd: 2}
  | (.tests[] | select(.id == "pts-dirth") | .pts.phases[0]) += {threads: 2, depth: 2}
  | (.tests[] | select(.id == "pts-dirth") | .pts.segments) += {art_ceiling_ms: 1000, profiles: {full: {point_s: 60}, quick: {point_s: 1}}}
  | (.tests[] | select(.id == "pts-xsr") | .pts.segments.profiles.quick.group_s) = [2, 2, 2]' \
	jobfiles/catalogue.json >"$tmp/jobs/catalogue.json"
truncate -s 32M "$tmp/d.img"
run() { # OUT LABEL TEST... : --only the tests, quick, 16 MiB span, no purge (a file)
	local out=$1 label=$2
	shift 2
	driver/ssd-review --catalogue "$tmp/jobs/catalogue.json" --drive "$label=$tmp/d.img" --suite pts \
		--only "$(tr ' ' , <<<"$*")" --profile quick --span 16M --pts-no-purge --yes --no-report \
		--pts-sponsor "Lab 7 (host test)" \
		--out "$out" 2>"$out.err"
}
# segments_said RUN.JSON TEST HEADER.CSV VERDICT: the header's Segments row counts the test's
# recorded segments, names each with its I/O and planned seconds, and holds VERDICT
segments_said() {
	local row n l
	row=$(grep '^Segments,' "$3") || return 1
	n=$(jq --arg t "$2" '.tests[] | select(.id == $t) | .pts.segments | length' "$1")
	grep -qF "$n of $n segments recorded, status done" <<<"$row" || return 1
	jq -r --arg t "$2" '.tests[] | select(.id == $t) | .pts.segments[]
		| "\(.name): \(.rw)\(if .rwmix then " \(.rwmix)/\(100 - .rwmix)" else "" end) \(.bs) TC \(.tc) / QD \(.qd), \(.planned_s) s planned"' "$1" |
		while read -r l; do grep -qF "$l" <<<"$row" || exit 1; done || return 1
	grep -qF "$4" <<<"$row"
}
# pts.html's DIRTH and XSR pages, their CSVs against the raw fio files (REPORT DRIVE-DIR ROUND)
pages_checks() {
	local rep=$1 dd=$2 round=$3 u
	rv_check "pts.html: the sponsor given to ssd-review (--pts-sponsor) in the header and the manifest" bash -c "
		grep -q 'Lab 7 (host test)' $rep/pts-dirth-header.csv &&
		jq -e '.manifest.info.pts_sponsor == \"Lab 7 (host test)\"' $dd/run.json >/dev/null"
	# demand variation: every point of the chosen (last) matrix round, IOPS, ART and CPU as fio says
	u=$(head -n 1 "$rep/pts-d-pts-dirth-demand-variation.csv" | sed -n 's/.*art_\([a-z]*\).*/\1/p')
	want=$(jq -r --arg u "$u" '($u | if . == "us" then 1e3 elif . == "ms" then 1e6 else 1e9 end) as $div
		| .jobs[1:][] | (.read.total_ios + .write.total_ios) as $n | select($n > 0)
		| "\(."job options".numjobs) \(."job options".iodepth) \(.read.iops + .write.iops)"
		+ " \((.read.lat_ns.mean * .read.total_ios + .write.lat_ns.mean * .write.total_ios) / $n / $div)"
		+ " \(.usr_cpu) \(.sys_cpu)"' "$dd/$round" | sort)
	got=$(tail -n +2 "$rep/pts-d-pts-dirth-demand-variation.csv" | awk -F, '{ print $8, $2, $3, $4, $6, $7 }' | sort)
	echo "# DIRTH points (TC QD IOPS ART/$u usr sys) from the raw round:"; sed 's/^/#   /' <<<"$want"
	awk 'NR == FNR { w[FNR] = $0; nw = FNR; next } { g[FNR] = $0; ng = FNR }
		END { if (nw != ng || nw == 0) exit 1
			for (i = 1; i <= nw; i++) { split(w[i], a, " "); split(g[i], b, " ")
				if (a[1] != b[1] || a[2] != b[2]) exit 1
				for (k = 3; k <= 6; k++) if ((a[k] - b[k]) ^ 2 > (1e-6 * (a[k] + 1e-9)) ^ 2) exit 1 } }' \
		<(echo "$want") <(echo "$got") &&
		ok "pts-dirth: demand variation/intensity points (TC, QD, IOPS, ART, usr, sys) are the raw matrix round's" ||
		fail "pts-dirth: the demand-variation CSV says $(echo $got), the raw round $(echo $want)"
	# histograms: the I/Os at or below each bin's edge, per point, counted again from the json+ bins
	for pt in max mid min; do
		f=$(jq -r --arg p $pt '.tests[] | select(.id == "pts-dirth") | .pts.segments[] | select(.name == $p) | .file' "$dd/run.json")
		col=$(head -n 1 "$rep/pts-d-pts-dirth-histograms.csv" | tr , '\n' | grep -n "^${pt}_count$" | cut -d: -f1)
		tail -n +2 "$rep/pts-d-pts-dirth-histograms.csv" | awk -F, -v c="$col" '{
			split($2, l, " "); v = l[2]; u = l[3]; m = u == "ns" ? 1 : u == "µs" ? 1e3 : u == "ms" ? 1e6 : 1e9
			s += $c; printf "%.0f %d\n", v * m, s }' >"$tmp/hist.$pt"
		jq -r '[.jobs[0].read.clat_ns.bins // {}, .jobs[0].write.clat_ns.bins // {}] | map(to_entries[]) | .[] | "\(.key) \(.value)"' \
			"$dd/$f" >"$tmp/bins.$pt"
		awk 'NR == FNR { v[NR] = $1; c[NR] = $2; n = NR; next }
			{ t = 0; for (i = 1; i <= n; i++) if (v[i] <= $1) t += c[i]; if (t != $2) bad = 1; last = $2 }
			END { tot = 0; for (i = 1; i <= n; i++) tot += c[i]; exit bad || tot != last || n == 0 }' \
			"$tmp/bins.$pt" "$tmp/hist.$pt" &&
			ok "pts-dirth: $pt point's histogram: the I/Os up to each bin's edge and in all are its json+ clat bins' ($(tail -n 1 "$tmp/hist.$pt" | cut -d' ' -f2) I/Os)" ||
			fail "pts-dirth: $pt point's histogram $(tr '\n' ' ' <"$tmp/hist.$pt") does not match its bins"
	done
	# XSR: each second's MB/s is the group's bw log row (KiB/s), the table's group MB/s fio's bw
	want=$(jq -r '.tests[] | select(.id == "pts-xsr") | .pts.segments[].log' "$dd/run.json" | while read -r l; do
		awk -F', ' '{ printf "%.4f\n", $2 * 1024 / 1e6 }' "$dd/${l}_bw.1.log"; done | tr '\n' ' ')
	got=$(tail -n +2 "$rep/pts-d-pts-xsr-xsr-time.csv" | awk -F, '{ printf "%.4f\n", $3 }' | tr '\n' ' ')
	echo "# XSR MB/s per second: logs $want; csv $got"
	rv_check "pts-xsr: throughput against time is every second of the groups' bw logs, in order" test "$want" = "$got"
	want=$(jq -r '.tests[] | select(.id == "pts-xsr") | .pts.segments[].file' "$dd/run.json" | while read -r f; do
		jq -r '.jobs[0] | (.read.bw_bytes + .write.bw_bytes) / 1e6' "$dd/$f"; done | tr '\n' ' ')
	got=$(sed -n 2,4p "$rep/pts-d-pts-xsr-xsr-recovery.csv" | awk -F, '{ printf "%.3f\n", $NF }' | tr '\n' ' ')
	rv_check "pts-xsr: each group's MB/s in the table is fio's bw over it ($want)" \
		awk -v w="$want" -v g="$got" 'BEGIN { n = split(w, a, " "); split(g, b, " "); for (i = 1; i <= n; i++) if ((a[i] - b[i]) ^ 2 > 1e-4) exit 1; exit n != 3 }'
	# convergence: read with the run's own catalogue (a 2 x 2 matrix tracked at TC2/QD2), not the
	# repository's 7 x 7: each matrix round's TC2/QD2 cell, IOPS as fio says
	want=$(jq -r '.tests[] | select(.id == "pts-dirth") | .pts.phases[1].rounds[].file' "$dd/run.json" | while read -r f; do
		jq -r '.jobs[] | select(."job options".numjobs == "2" and ."job options".iodepth == "2" and (.jobname | test("prewrite") | not))
			| .read.iops + .write.iops' "$dd/$f"; done | tr '\n' ' ')
	got=$(tail -n +2 "$rep/pts-d-pts-dirth-dirth-convergence.csv" | awk -F, '{ print $3 }' | tr '\n' ' ')
	echo "# DIRTH convergence (TC2/QD2 IOPS per round): raw $want; csv $got"
	rv_check "pts-dirth: the convergence plot is each matrix round's tracking cell (the run's catalogue, kept in OUT/catalogue.json)" \
		awk -v w="$want" -v g="$got" 'BEGIN { n = split(w, a, " "); if (split(g, b, " ") != n || n < 5) exit 1
			for (i = 1; i <= n; i++) if ((a[i] - b[i]) ^ 2 > (1e-6 * a[i]) ^ 2) exit 1 }'
	# the XSR header says what the record says ran: the purge the record names (skipped here),
	# no preconditioning and no rounds, each group with its planned seconds, and the recovery
	# table's verdict, on the page and in index.html's PTS table; DIRTH's points the same way
	local hx=$rep/pts-xsr-header.csv rec verdict
	rec=$(tail -n 1 "$rep/pts-d-pts-xsr-xsr-recovery.csv" | awk -F, '{ print $NF }')
	case $rec in
	[0-9]*) verdict="group 3 recovered to 90 % of group 1's" ;;
	*) verdict="recovery $rec" ;;
	esac
	echo "# XSR header:"; sed -n '/^Purge\|^Preconditioning\|^Test stimulus\|^Rounds\|^Segments/s/^/#   /p' "$hx"
	rv_check "pts-xsr header: purge as recorded (skipped by --pts-no-purge), no preconditioning, no rounds" bash -c "
		grep -qx 'Purge,xsr: none (--pts-no-purge)' $hx &&
		grep -qx 'Preconditioning,none: the test starts from the drive as it was (no purge)' $hx &&
		grep -qx 'Rounds,none: the test runs segments only' $hx && ! grep -q 'per cell per round' $hx"
	rv_check "pts-xsr header: every group as run.json has it, and the recovery table's verdict ($rec)" \
		segments_said "$dd/run.json" pts-xsr "$hx" "$verdict"
	rv_check "index.html: the XSR row's verdict is the recovery table's ($rec)" \
		grep -qF "at 1T/32Q\",$verdict" "$rep/pts-summary.csv"
	rv_check "pts-dirth header: its recorded points as run.json has them" \
		segments_said "$dd/run.json" pts-dirth "$rep/pts-dirth-header.csv" ""
	rv_check "pts.html: the DIRTH and XSR plots are on the page" bash -c "
		for s in demand-variation demand-intensity histograms iops-art-toio cpu; do grep -q \"pts-d-pts-dirth-\$s.svg\" $rep/pts.html || exit 1; done
		grep -q 'pts-d-pts-xsr-xsr-time.svg' $rep/pts.html"
}

d=$tmp/all/d
run "$tmp/all" d pts-xsr pts-dirth && ok "ssd-review --only pts-xsr,pts-dirth exits 0" ||
	{ fail "ssd-review exited $?"; tail -n 15 "$tmp/all.err" | sed 's/^/# /'; }
grep -E 'segments|DIRTH round|done in' "$tmp/all.err" | sed 's/^/# /'
rv_check "logs/<test>.engine.jsonl: every fio run of xsr's segments and dirth's rounds and segments told the engine's transport (block-aio on the file, no fallback), appended to the test's one report" bash -c "
	for t in pts-xsr pts-dirth; do
		n=\$(jq -r '.tests[] | select(.id == \"'\$t'\") | .pts.segments_planned' $d/run.json)
		jq -e -s --arg f $tmp/d.img 'length > 0 and all(.path == \$f and .transport == \"block-aio\" and .fallback_from == null)' $d/logs/\$t.engine.jsonl >/dev/null || exit 1
		[ \$(wc -l < $d/logs/\$t.engine.jsonl) -ge \$n ] || exit 1
	done"
rv_check "OUT/catalogue.json: the catalogue given to ssd-review, byte for byte" cmp "$tmp/jobs/catalogue.json" "$tmp/all/catalogue.json"

seg=".pts.segments"
rv_check "xsr and dirth: every planned segment done and recorded in seq order" jq -e "
	[.tests[] | .status == \"done\" and .pts.segments_status == \"done\" and ($seg | length) == .pts.segments_planned
	 and ([$seg[].seq] == [range(1; .pts.segments_planned + 1)])] | all and length == 2" "$d/run.json"
rv_check "each segment's fio JSON has no job error and its IOPS log one line per second of its length (± 1)" bash -c "
	test \$(jq '[.tests[] | $seg[]] | length' $d/run.json) = 6 &&
	jq -r '.tests[] | $seg[] | \"\(.file) \(.log) \(.tc) \(.planned_s)\"' $d/run.json | while read -r f l tc s; do
		jq -e '[.jobs[].error] | all(. == 0)' $d/\$f >/dev/null || exit 1
		for n in \$(seq 1 \$tc); do
			k=\$(wc -l < $d/\${l}_iops.\$n.log)
			[ \$k -ge \$((s - 1)) ] && [ \$k -le \$((s + 1)) ] || exit 1
		done
	done"
rv_check "pts-xsr: groups write 1024k, randwrite 8k, write 1024k at 1 x QD32, as the segment files say" bash -c "
	test \"\$(jq -r '.tests[] | select(.id == \"pts-xsr\") | $seg[].file' $d/run.json | while read -r f; do
		jq -r '.jobs[0].\"job options\" | \"\(.rw)/\(.bs)/\(.numjobs)/\(.iodepth)\"' $d/\$f; done | tr '\n' ' ')\" = 'write/1024k/1/32 randwrite/8k/1/32 write/1024k/1/32 '"
rv_check "pts-xsr: its purge skipped by --pts-no-purge is recorded" \
	jq -e '.tests[] | select(.id == "pts-xsr") | .pts.segments_purge.skipped == "--pts-no-purge"' "$d/run.json"

# DIRTH: the matrix round, and the choice found again from the last round's raw JSON
last=$(jq -r '.tests[] | select(.id == "pts-dirth") | .pts.phases[1].rounds[-1].file' "$d/run.json")
rv_check "pts-dirth: a matrix round is the pre-write then TC 2/QD 2, 2/1, 1/2, 1/1 with those numjobs x iodepth" \
	jq -e '[.jobs[] | "\(.jobname) \(."job options".numjobs)x\(."job options".iodepth)"] == ["dirth.prewrite 2x2", "dirth.r65.8k.t2q2 2x2", "dirth.r65.8k.t2q1 2x1", "dirth.r65.8k.t1q2 1x2", "dirth.r65.8k.t1q1 1x1"]' "$d/$last"
rv_check "pts-dirth: each cell of a matrix round but the first waits for the one before (wait_for=), no stonewall" \
	jq -e '[.jobs[].jobname] as $n | [.jobs[1:][] | ."job options".wait_for] == $n[:-1]
		and .jobs[0]."job options".wait_for == null
		and ([.jobs[]."job options".stonewall, ."global options".stonewall] | all(. == null))' "$d/$last"
want=$(jq -r '[.jobs[1:][] | {n: .jobname, iops: (.read.iops + .write.iops), ios: (.read.total_ios + .write.total_ios),
	art: ((.read.lat_ns.mean * .read.total_ios + .write.lat_ns.mean * .write.total_ios) / ((.read.total_ios + .write.total_ios) | if . == 0 then 1 else . end))}
	| select(.ios > 0 and .art <= 1e9)] | max_by(.iops) | "\(.n) \(.iops)"' "$d/$last")
got=$(jq -r '.tests[] | select(.id == "pts-dirth") | .pts.dirth | "dirth.r65.8k.t\(.max.tc)q\(.max.qd) \(.max.iops) min \(.min.tc)/\(.min.qd)"' "$d/run.json")
echo "# DIRTH from the raw file: $want; recorded: $got"
awk -v w="$want" -v g="$got" 'BEGIN { split(w, a, " "); split(g, b, " ")
	exit !(a[1] == b[1] && (a[2] - b[2]) ^ 2 <= (1e-6 * a[2]) ^ 2 && b[4] == "1/1") }' &&
	ok "pts-dirth: MaxIOPS (point and IOPS) is the raw round's best within the ceiling, MinIOPS TC 1 / QD 1" ||
	fail "pts-dirth: recorded $got, the raw round says $want"
rv_check "pts-dirth: the max, mid, min points run again at their TC x QD with json+ clat bins" bash -c "
	test \$(jq '.tests[] | select(.id == \"pts-dirth\") | .pts.segments | length' $d/run.json) = 3 &&
	jq -r '.tests[] | select(.id == \"pts-dirth\") | .pts | .dirth as \$c | .segments[] | \"\(.file) \(.tc) \(.qd) \(\$c[.name].tc) \(\$c[.name].qd)\"' $d/run.json |
	while read -r f tc qd ctc cqd; do
		test \"\$tc \$qd\" = \"\$ctc \$cqd\" || exit 1
		jq -e --arg t \$tc --arg q \$qd '.jobs[0] | .\"job options\".numjobs == \$t and .\"job options\".iodepth == \$q and ((.read.clat_ns.bins // {}) + (.write.clat_ns.bins // {}) | length) > 0' $d/\$f >/dev/null || exit 1
	done"

# HIR stopped during its segments, then resumed
h=$tmp/hir/h
set -m
driver/ssd-review --catalogue "$tmp/jobs/catalogue.json" --drive "h=$tmp/d.img" --suite pts \
	--only pts-hir --profile quick --span 16M --pts-no-purge --yes --no-report --out "$tmp/hir" \
	2>"$tmp/hir.err" &
pid=$!
set +m
for _ in $(seq 1 600); do
	n=$(jq '[.tests[0].pts.segments // [] | length] | .[0]' "$h/run.json" 2>/dev/null || echo 0)
	[ "${n:-0}" -ge 3 ] && break
	sleep 0.2
done
kill -INT "$pid" 2>/dev/null
wait "$pid"
k=$(jq '.tests[0].pts.segments | length' "$h/run.json")
rounds=$(jq '.tests[0].pts.phases[0].rounds | length' "$h/run.json")
rv_check "pts-hir: stopped by SIGINT during its segments ($k recorded), the test interrupted" \
	jq -e '.tests[0].status == "interrupted" and .tests[0].pts.segments_status == "interrupted"' "$h/run.json"
cp "$tmp/jobs/catalogue.json" "$tmp/cat.first"
echo >>"$tmp/jobs/catalogue.json" # changed since the run started (a byte: the same tests)
driver/ssd-review --resume --yes --no-report --out "$tmp/hir" 2>"$tmp/hir2.err"
rc=$?
rv_check "pts-hir: --resume after the catalogue changed says so and keeps the first session's copy" bash -c "
	grep -q 'has changed since the run started' $tmp/hir2.err && cmp -s $tmp/cat.first $tmp/hir/catalogue.json"
rv_check "pts-hir: --resume exits 0" test $rc = 0 || tail -n 3 "$tmp/hir2.err" | sed "s/^/# /"
grep -E -e '--resume|done in' "$tmp/hir2.err" | sed 's/^/# /'
rv_check "pts-hir: --resume says the segments were cut short after $k and the test runs again whole" \
	grep -q "pts-hir · --resume: the segments were cut short after $k of 10 and the drive has idled since: run again whole from phase hir (its purge, preconditioning, rounds from 1, then every segment)" "$tmp/hir2.err"
s2=$(jq -r '.sessions[1].started' "$h/run.json")
rv_check "pts-hir: run again whole ($rounds rounds before): every round and every segment of the plan (2 states x (2 x 2 + 1)) recorded once in order, all after the second session started ($s2), nothing said resumed" \
	jq -e --arg s2 "$s2" '.tests[0] | .status == "done" and .pts.segments_resumed_after == null
		and .pts.phases[0].resumed_after_round == null and .pts.phases[0].status == "steady"
		and ([.pts.phases[0].rounds[].round] == [range(1; (.pts.phases[0].rounds | length) + 1)])
		and all(.pts.phases[0].rounds[]; .ended >= $s2)
		and all(.pts.segments[]; .t_start >= ($s2 | fromdateiso8601))
		and .pts.segments_planned == 10 and ([.pts.segments[].seq] == [range(1; 11)]) and .pts.segments_status == "done"' "$h/run.json"
rv_check "pts-hir: the folder holds the files the record names, no more (rounds and segments of the first session gone)" bash -c "
	test \$(ls $h/pts-hir/hir-round-*.json | wc -l) = \$(jq '.tests[0].pts.phases[0].rounds | length' $h/run.json) &&
	test \$(ls $h/pts-hir/hir-seg-*.json | wc -l) = \$(jq '[.tests[0].pts.segments[] | select(.file)] | length' $h/run.json)"
rv_check "pts-hir: idle segments have no I/O and lasted their planned time; the baselines follow each wait state" \
	jq -e '.tests[0].pts.segments | ([.[] | select(.kind == "idle") | .file == null and .tc == null and (.t_end - .t_start) >= .planned_s] | all)
		and ([.[] | select(.kind == "baseline") | .seq] == [5, 10]) and ([.[] | select(.kind == "idle") | .planned_s] == [1, 1, 2, 2])' "$h/run.json"
rv_check_schemas "$tmp/all" "$tmp/hir"
if [ -x reporter/ssdreport ]; then
	reporter/ssdreport -o "$tmp/report" "$tmp/all/d" "$tmp/hir/h" >/dev/null 2>"$tmp/rep.err"
	rv_check "ssdreport over the HIR, DIRTH and XSR results exits 0" test $? = 0 ||
		sed 's/^/# /' "$tmp/rep.err" | tail -n 5
	pages_checks "$tmp/report" "$d" "$last"
fi
[ "$RV_FAILED" = 0 ] || LAB_FAILED=1
lab_done
