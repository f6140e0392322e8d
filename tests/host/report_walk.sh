#!/usr/bin/env bash
# sanitize: yes
# ssdreport's walk of a tree of results, on fio 3.33 output made here (1-s jobs on a 16 MiB file):
# -R over T/ with T/loop0/4k/ (three files, bench-fio's layout) beside T/single/ reports both;
# without -R a folder whose results are deeper says where they are and suggests -R; a bench-fio
# tree of one block-size folder is labelled by the tree (loop0), not by its block size (4k), and
# another set's test page does not name "4k"; a fio job file beside its output is named, relative
# to the input, on the test page of the result it describes (its jobs are that output's jobs),
# one that describes none quietly on the index, and neither raises a "Not read" warning.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report walk"
. tests/host/lib/report-env.sh
command -v fio >/dev/null || { fail "report walk: fio is not installed"; lab_done; }
t0=$(date +%s)
img=$tmp/f.img
truncate -s 16M "$img"
# fio JOB RW OUT: a 1-s job on the file, its JSON as OUT
run_fio() {
	fio --name="$1" --filename="$img" --size=16M --rw="$2" --bs=4k --runtime=1 --time_based \
		--output-format=json --output="$3" >/dev/null 2>&1 || fail "report walk: fio $1 failed"
}
T=$tmp/T
mkdir -p "$T/loop0/4k" "$T/single"
for rw in read randread randwrite; do run_fio "$rw-1-1" "$rw" "$T/loop0/4k/$rw-1-1.json"; done
run_fio s randwrite "$T/single/s.json"
# the folder names of the Drives table (anyone's results: drives-fio.csv), one line
sets() { tail -n +2 "$1/drives-fio.csv" 2>/dev/null | cut -d, -f1 | tr '\n' ' '; }

"$rep" -q -R -o "$tmp/r1" --no-charts "$T" 2>"$tmp/err1"
rc=$?
[ $rc = 0 ] && [ "$(sets "$tmp/r1")" = "loop0 single " ] &&
	ok "-R over T/ (T/loop0/4k/ beside T/single/): both sets reported (loop0, single)" ||
	fail "-R over T/: exit $rc, sets '$(sets "$tmp/r1")': $(head -2 "$tmp/err1")"
n=$(ls "$tmp/r1/tests" | grep -c '^4k_[a-z]*-1-1\.html$')
[ "$n" = 3 ] && ok "-R: loop0's three results have their pages (4k/read-1-1, 4k/randread-1-1, 4k/randwrite-1-1)" ||
	fail "-R: $n of loop0's results have a page"

mkdir -p "$tmp/T2" && cp -r "$T/loop0" "$tmp/T2/"
"$rep" -o "$tmp/r2" --no-charts "$tmp/T2" 2>"$tmp/err2"
rc=$?
grep -q "$tmp/T2: no fio JSON result in this directory; 1 folder below it holds results (loop0/): give it, or -R to read every one" "$tmp/err2" &&
	[ $rc = 2 ] && ok "without -R: where the results are (loop0/) and -R suggested (exit $rc)" ||
	fail "without -R over T2/loop0/4k: exit $rc: $(cat "$tmp/err2")"
mkdir -p "$tmp/empty/a/b"
"$rep" -o "$tmp/r3" --no-charts "$tmp/empty" 2>"$tmp/err3"
grep -q "$tmp/empty: no fio JSON result in this directory, nor in any folder below it" "$tmp/err3" &&
	ok "a folder with no result anywhere below it: said so" || fail "empty tree: $(cat "$tmp/err3")"

"$rep" -q -o "$tmp/r4" --no-charts "$T/loop0" "$T/single" 2>"$tmp/err4"
[ "$(sets "$tmp/r4")" = "loop0 single " ] &&
	ok "a bench-fio tree of one block-size folder (loop0/4k/) labelled loop0, not 4k" ||
	fail "loop0/4k: sets '$(sets "$tmp/r4")'"
p=$tmp/r4/tests/4k_randwrite-1-1.html
[ -f "$p" ] && grep -q 'Not in the results of: single' "$p" && ! grep -q 'Not in the results of: 4k' "$tmp"/r4/tests/*.html &&
	ok "no test page says 'Not in the results of: 4k'" ||
	fail "test pages: $(grep -ho 'Not in the results of: [^<]*' "$tmp"/r4/tests/*.html | sort -u | tr '\n' ';')"
# a folder named after a block size its jobs did not all run with stays a drive of its own name
mkdir -p "$tmp/X/8k" && cp "$T"/loop0/4k/*.json "$tmp/X/8k/"
"$rep" -q -o "$tmp/r5" --no-charts "$tmp/X" 2>/dev/null
[ "$(sets "$tmp/r5")" = "8k " ] && ok "a folder named 8k of 4 KiB jobs keeps its name (fio's bs decides)" ||
	fail "X/8k: sets '$(sets "$tmp/r5")'"

# job files beside their output
J=$tmp/J/run1
mkdir -p "$J"
printf '; a comment\n[global]\nfilename=%s\nsize=16M\nruntime=1\ntime_based\n\n[rr]\nrw=randread\nbs=4k\n' "$img" >"$J/randread.fio"
printf '[global]\nbs=4k\n[other]\nrw=write\n' >"$J/other.fio"
# a job file whose first section is its job (no [global]), and its output
printf '[seqr]\nfilename=%s\nsize=16M\nruntime=1\ntime_based\nrw=read\nbs=4k\n' "$img" >"$J/seqr.fio"
fio "$J/seqr.fio" --output-format=json --output="$J/seqr.json" >/dev/null 2>&1
fio "$J/randread.fio" --output-format=json --output="$J/randread.json" >/dev/null 2>&1
"$rep" -o "$tmp/r6" --no-charts "$J" 2>"$tmp/err6"
rc=$?
[ $rc = 0 ] && [ ! -s "$tmp/err6" ] && ok "job files beside the output: exit 0, no warning" ||
	fail "job files: exit $rc: $(cat "$tmp/err6")"
! grep -q 'Not read' "$tmp/r6/index.html" && ! grep -q "$J" "$tmp"/r6/index.html "$tmp"/r6/tests/*.html &&
	ok "index.html: no 'Not read' banner; the input's path named nowhere" ||
	fail "index.html: $(grep -o 'Not read[^<]*' "$tmp/r6/index.html")"
grep -q '<p class=note>Job file: run1/randread.fio (fio' "$tmp/r6/tests/randread.html" &&
	ok "the job file named on its result's page, relative to the input (run1/randread.fio)" ||
	fail "tests/randread.html: $(grep -o 'Job file[^<]*' "$tmp/r6/tests/randread.html")"
grep -q '<p class=note>Job file: run1/seqr.fio (fio' "$tmp/r6/tests/seqr.html" &&
	ok "a job file without [global], its job the first section: named on its result's page" ||
	fail "tests/seqr.html: $(grep -o 'Job file[^<]*' "$tmp/r6/tests/seqr.html")"
grep -q '<p class=note>Job file beside the results, describing none of them (fio.s input, not read): run1/other.fio.' "$tmp/r6/index.html" &&
	ok "a job file that describes no result: one quiet note on the index" ||
	fail "index.html: $(grep -o 'Job file[^<]*' "$tmp/r6/index.html")"
# a file that is not read still warns, by its path relative to the input
echo 'not fio' >"$J/notes.txt"
"$rep" -q -o "$tmp/r7" --no-charts "$J" 2>/dev/null
grep -q 'Not read: run1/notes.txt: text without a fio JSON document' "$tmp/r7/index.html" &&
	ok "another file not read: warned, named relative to the input" ||
	fail "notes.txt: $(grep -o 'Not read[^<]*' "$tmp/r7/index.html")"
# the per-second series of a job with fio's 1-s logs: gzip-compressed, once per test, every
# second of the IOPS log in it (its figures as the log's)
S=$tmp/S
mkdir -p "$S"
(cd "$S" && fio --name=pre --filename="$img" --size=16M --rw=randwrite --bs=4k --runtime=3 \
	--time_based --write_iops_log=pre --write_lat_log=pre --log_avg_msec=1000 \
	--output-format=json --output=pre.json >/dev/null 2>&1)
"$rep" -q -o "$tmp/r8" --no-charts "$S" 2>/dev/null
want=$(awk -F', *' '{ printf "%d,%d\n", $1 / 1000, $2 }' "$S/pre_iops.1.log")
got=$(zcat "$tmp/r8/tests/pre-series.csv.gz" 2>/dev/null | awk -F, 'NR > 1 { printf "%d,%d\n", $3, $8 }')
# every row of the log is a row of the CSV (which may add a partial last second from the
# latency log, marked partial)
[ -n "$want" ] && [ -z "$(grep -vxFf <(echo "$got") <<<"$want")" ] && [ ! -e "$tmp/r8/tests/pre-series.csv" ] &&
	grep -q 'href="pre-series.csv.gz">The time series (1-s intervals) as gzip-compressed CSV (zcat' "$tmp/r8/tests/pre.html" &&
	ok "the 1-s series as gzip-compressed CSV, linked saying how to open it; every second of fio's IOPS log ($(wc -l <<<"$want") s)" ||
	fail "series CSV: '$(tr '\n' ' ' <<<"$got")', fio's IOPS log '$(tr '\n' ' ' <<<"$want")'"
echo "# report walk took $(($(date +%s) - t0)) s"
lab_done
