#!/usr/bin/env bash
# sanitize: yes
# ssdreport --library FILE --with N|MODEL (docs/library.md): the results library's drives set
# beside the reviewed one. Five drives are made from the golden review fixtures (each its own
# model, serial, start and manifest; transport and capacity rewritten in drive.json): A and B NVMe
# 2 GiB (B newer), C SCSI and D NVMe 64 GiB (both newer than B), and the reviewed R (NVMe 2 GiB,
# newest, its 4K random read file B's so that its figures are neither A's nor B's), all added to a
# fresh library. --with 2 gives B then A (the same transport and capacity class, newest first; R
# itself never); each library column of the page's summary.csv equals that drive's own report
# (tests/host/lib/library_with_check.py); --with MODEL (any case, repeatable) the named first;
# $SSDENG_LIBRARY; the table of library drives and a mixed test's rows; each error exits 2 naming the option, writing nothing.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="library_with"
REPORT_CASES=no
. tests/host/lib/report-env.sh
G=tests/unit/reporter/fixtures/golden/results
chk=tests/host/lib/library_with_check.py
lib=$tmp/lib.sqlite
unset SSDENG_LIBRARY

mk() { # name source-folder model serial started transport capacity
	cp -r "$G/$2" "$tmp/$1"
	jq --arg m "$3" --arg s "$4" --arg t "$6" --argjson c "$7" --arg l "$1" \
		'.label = $l | .identity.model = $m | .identity.serial = $s | .identity.transport = $t |
		 .identity.capacity_bytes = $c | .size_bytes = $c' "$G/$2/drive.json" >"$tmp/$1/drive.json"
	jq --arg st "$5" --arg id "manifest-$1" '.started = $st | .manifest = {"id": $id}' \
		"$G/$2/run.json" >"$tmp/$1/run.json"
}
mk a nvme-lab "Acme A" SA 2026-11-01T10:00:00Z nvme 2147483648
mk b sas-lab "Acme B" SB 2026-11-20T10:00:00Z nvme 2147483648
mk c sas-lab "Acme C" SC 2026-11-25T10:00:00Z scsi 2147483648
mk d nvme-lab "Acme D" SD 2026-11-26T10:00:00Z nvme 68719476736
mk r nvme-lab "Acme R" SR 2026-12-05T10:00:00Z nvme 2147483648
cp "$G/sas-lab/4k-randread.json" "$tmp/r/4k-randread.json"
A="Acme A 2026-11-01 (library)" B="Acme B 2026-11-20 (library)" C="Acme C 2026-11-25 (library)"

(cd "$tmp" && "$OLDPWD/$rep" library add -q --library "$lib" a b c d r) 2>"$tmp/err" &&
	[ "$(sqlite3 "$lib" 'SELECT count(*) FROM runs')" = 5 ] && ok "five drives added to a fresh library" ||
	fail "library add: $(head -3 "$tmp/err")"
for x in a b r; do
	"$rep" -q --no-charts -o "$tmp/own-$x" "$tmp/$x" 2>"$tmp/err" || fail "own report of $x: $(head -3 "$tmp/err")"
done

head1() { head -1 "$1/summary.csv"; }
# --with 2: B then A; C (SCSI), D (another capacity class) and R itself are not taken
"$rep" -q --no-charts -o "$tmp/w2" --library "$lib" --with 2 "$tmp/r" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ "$(head1 "$tmp/w2")" = "figure,r,$B,$A" ] &&
	ok "--with 2: B then A (same transport and capacity class, newest first; C, D and R not taken)" ||
	fail "--with 2: exit $rc, header $(head1 "$tmp/w2" 2>&1): $(head -3 "$tmp/err")"
for x in "a:$A" "b:$B"; do
	res=$(python3 "$chk" "$tmp/w2" "${x#*:}" "$tmp/own-${x%%:*}" "${x%%:*}")
	[ "${res%% *}" = ok ] && [ "${res#ok }" -ge 12 ] &&
		ok "--with 2: the ${res#ok } figures of ${x#*:} equal its own report's summary.csv" ||
		fail "--with 2 figures of ${x#*:}: $res"
done
res=$(python3 "$chk" "$tmp/w2" r "$tmp/own-r" r)
[ "${res%% *}" = ok ] && ok "--with 2: the reviewed drive's column is its own report's" || fail "reviewed column: $res"
# the check can fail: A's column against the reviewed drive's own report (their 4K random read differs)
res=$(python3 "$chk" "$tmp/w2" "$A" "$tmp/own-r" r)
case $res in "4K random read IOPS:"*) ok "the check finds a column that is another drive's" ;; *) fail "check blind: $res" ;; esac
# the library keeps a mixed test's total only: no rows of 8K 70/30's reads or writes for a library
# drive (the reviewed drive's are there), said once under the table; the total in the summary
fp=$tmp/w2/family-primary.csv
[ "$(grep -c '^8K 70/30 (\(reads\|writes\)),.*(library)' "$fp")" = 0 ] &&
	[ "$(grep -c '^8K 70/30 (\(reads\|writes\)),r,[0-9.]*,' "$fp")" = 2 ] &&
	[ "$(grep -c "^4K random read,Acme [AB] 2026-11-[0-9]* (library),[0-9.]*," "$fp")" = 2 ] &&
	[ "$(grep -c "The results library keeps a mixed test's total only" "$tmp/w2/index.html")" = 1 ] &&
	grep -q "^8K 70/30 IOPS,[0-9.]*,[0-9.]*,[0-9.]*$" "$tmp/w2/summary.csv" &&
	ok "a mixed test's stored total is no side's figure: no 8K 70/30 reads/writes rows of library drives, said once, the total in the summary" ||
	fail "mixed: $(grep '8K 70/30' "$fp" "$tmp/w2/summary.csv")"
# where each library drive comes from: one table (drive, run, started, host, firmware, profile, the
# library's marks), the library in its title, no paragraph per drive; a test's page names them once
dl=$tmp/w2/drives-library.csv
[ "$(head -1 "$dl")" = "drive,run,started,host,firmware,profile,marked in the library" ] &&
	grep -qx "Acme B 2026-11-20 (library),2,2026-11-20T10:00:00Z,?,2.5+,quick,spec-4k-randread-qd1 p99.99 the maximum (too few I/Os for the percentile)" "$dl" &&
	grep -qx "Acme A 2026-11-01 (library),1,2026-11-01T10:00:00Z,?,7.2.22,quick," "$dl" && [ "$(wc -l <"$dl")" = 3 ] &&
	grep -q "Drives from the results library [^ ]*lib.sqlite, not measured in this review" "$tmp/w2/index.html" &&
	! grep -q "(library): from the results library" "$tmp/w2/index.html" &&
	[ "$(grep -c "From the results library, not fio runs of this review: Acme B 2026-11-20, Acme A 2026-11-01 (" "$tmp/w2/tests/4k-randread.html")" = 1 ] &&
	ok "one table says where each library drive comes from (run, start, host, firmware, profile, the library's marks: B's QD1 p99.99 the maximum, A none); a test's page names them in one note" ||
	fail "provenance: $(cat "$dl" 2>&1) $(grep -o 'From the results library[^<]*' "$tmp/w2/tests/4k-randread.html")"
# a mark set by hand on A in the library is said in its row
cp "$lib" "$tmp/marked.sqlite"
sqlite3 "$tmp/marked.sqlite" "UPDATE figures SET flags = 1 WHERE metric = 'p99.99' AND run_id = (SELECT id FROM runs WHERE model = 'Acme A')"
"$rep" -q --no-charts -o "$tmp/wf" --library "$tmp/marked.sqlite" --with "acme a" "$tmp/r" 2>"$tmp/err"
grep -qx "Acme A 2026-11-01 (library),1,2026-11-01T10:00:00Z,?,7.2.22,quick,spec-4k-randread-qd1 p99.99 at fio's histogram ceiling (the true value is larger)" "$tmp/wf/drives-library.csv" &&
	ok "a figure marked clamped in the library is said so in its row" ||
	fail "clamped mark: $(cat "$tmp/wf/drives-library.csv" 2>&1) $(cat "$tmp/err")"

# --with 1 from $SSDENG_LIBRARY; --with MODEL (any case, not bound to the class) before the closest
SSDENG_LIBRARY=$lib "$rep" -q --no-charts -o "$tmp/w1" --with 1 "$tmp/r" 2>"$tmp/err"
[ "$(head1 "$tmp/w1")" = "figure,r,$B" ] && ok "--with 1 from \$SSDENG_LIBRARY: B" || fail "--with 1: $(head1 "$tmp/w1") $(cat "$tmp/err")"
"$rep" -q --no-charts -o "$tmp/wm" --library "$lib" --with "acme c" --with "ACME A" --with 1 "$tmp/r" 2>"$tmp/err"
[ "$(head1 "$tmp/wm")" = "figure,r,$C,$A,$B" ] && ok "--with MODEL twice and --with 1: C, A, then the closest not named (B)" ||
	fail "--with MODEL: $(head1 "$tmp/wm") $(cat "$tmp/err")"
res=$(python3 "$chk" "$tmp/wm" "$A" "$tmp/own-a" a)
[ "${res%% *}" = ok ] && ok "--with MODEL: A's figures equal its own report's" || fail "--with MODEL figures: $res"

# an earlier run of the reviewed drive itself (same model and serial, another manifest), taken by
# --with MODEL: said to be the same drive, in its column's name and a note, not a competitor
mk e nvme-lab "Acme R" SR 2026-11-10T10:00:00Z nvme 2147483648
cp "$lib" "$tmp/same.sqlite"
(cd "$tmp" && "$OLDPWD/$rep" library add -q --library "$tmp/same.sqlite" e) 2>"$tmp/err"
"$rep" -q --no-charts -o "$tmp/ws" --library "$tmp/same.sqlite" --with "acme r" "$tmp/r" 2>"$tmp/err"
[ "$(head1 "$tmp/ws")" = "figure,r,Acme R 2026-11-10 same drive (library)" ] &&
	grep -q "Acme R 2026-11-10 same drive (library): same drive, an earlier run (2026-11-10, e): the drive reviewed here (the same model and serial), not another drive to compare with." "$tmp/ws/index.html" &&
	ok "--with MODEL of the reviewed drive itself: \"same drive, an earlier run (2026-11-10, e)\", in its column and a note" ||
	fail "same drive: $(head1 "$tmp/ws" 2>&1) $(grep -o '[^>]*same drive[^<]*' "$tmp/ws/index.html" | head -3) $(cat "$tmp/err")"

# errors: exit 2, the option named, no report written
(cd "$tmp" && "$OLDPWD/$rep" library add -q --library "$tmp/cd.sqlite" c d) 2>/dev/null
bad() { # what words args...
	local what=$1 words=$2
	shift 2
	rm -rf "$tmp/bad"
	env -u SSDENG_LIBRARY HOME="$tmp/home" "$rep" -q --no-charts -o "$tmp/bad" "$@" >"$tmp/out" 2>&1
	local rc=$?
	[ $rc = 2 ] && grep -q -- "$words" "$tmp/out" && [ ! -e "$tmp/bad" ] && ok "$what: exit 2, named, nothing written" ||
		fail "$what: exit $rc, $(ls "$tmp/bad" 2>/dev/null | wc -l) files: $(cat "$tmp/out")"
}
bad "--with without --library" "--with: expected --library FILE (or \$SSDENG_LIBRARY)" --with 2 "$tmp/r"
bad "--with 0" "--with 0: expected a number of drives from 1" --library "$lib" --with 0 "$tmp/r"
bad "--with -1" "--with -1: expected a number" --library "$lib" --with -1 "$tmp/r"
bad "a model not in the library" "--with Nope X: no such model in the library" --library "$lib" --with "Nope X" "$tmp/r"
bad "no comparable drive" "--with 2: the library [^ ]*cd.sqlite has no drive to compare r with" --library "$tmp/cd.sqlite" --with 2 "$tmp/r"
bad "a missing library" "--with: [^ ]*none.sqlite: No such file" --library "$tmp/none.sqlite" --with 2 "$tmp/r"
bad "a review of SNIA PTS alone" "--with: hir has SNIA PTS results only, and a library drive's PTS figures are not set beside a review" --library "$lib" --with 1 tests/host/fixtures/pts/hir
bad "--library without --with" "--library [^ ]*lib.sqlite: expected --with N or --with MODEL" --library "$lib" "$tmp/r"
rm -rf "$tmp/bad"
"$rep" compare -q -o "$tmp/bad" --with 2 "$tmp/a" "$tmp/b" >"$tmp/out" 2>&1
[ $? = 2 ] && grep -q "compare: --with is for a review's page" "$tmp/out" && [ ! -e "$tmp/bad" ] &&
	ok "compare --with: exit 2, named" || fail "compare --with: $(cat "$tmp/out")"
lab_done
