#!/usr/bin/env bash
# sanitize: yes
# The reporter never loses results or an old report, on a results tree built from
# ../shared/cases c04 as ssd-review lays it out after an interrupted suite: two complete
# results, run.json saying "interrupted", the interrupted test's .json.partial, a failed
# test's .json.failed, a truncated (corrupt) result and logs.
#  - the report is built; the corrupt file is named in a warning and skipped; run.json,
#    .partial and .failed are not results;
#  - --strict makes the corrupt file an error naming it, and the old report stays;
#  - gnuplot failing midway, and ssdreport killed midway, leave the old report byte for byte;
#    SIGINT/SIGTERM/SIGHUP remove the hidden temporary directory at once, a SIGKILLed run's is removed
#    by the next run into that output (a live run's is not);
#  - -o naming something that is not a report (the results directory itself) is refused and
#    nothing is removed.
# $SSDREPORT (tests/run sets the sanitizer build under SANITIZE=1) defaults to reporter/ssdreport.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report safety"
. tests/host/lib/report-env.sh
res=$tmp/results/drive-a out=$tmp/results/report
mkdir -p "$res/logs"
c04=$(echo "$cases"/c04-*)
cp "$c04/randread-1-1.json" "$res/4k-randread.json"
cp "$c04/randread-16-16.json" "$res/fc-4k-randread.json"
head -c 3000 "$c04/randread-1-1.json" >"$res/fc-4k-randwrite.json" # cut mid-document
head -c 1000 "$c04/randread-1-1.json" >"$res/fc-64k-read.json.partial"
echo 'fio: pid=1234, got signal=9' >"$res/fc-64k-write.json.failed"
printf '1000, 5, 0, 4096, 0\n2000, 6, 0, 4096, 0\n3000, 7' >"$res/logs/fc-64k-read_iops.1.log"
cat >"$res/run.json" <<'EOF'
{ "status": "interrupted", "tests": [ { "id": "4k-randread", "status": "done" },
  { "id": "fc-64k-read", "status": "interrupted" } ] }
EOF
sum_tree() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
results_sum=$(sum_tree "$res")

# 1. the interrupted suite's results are readable; the corrupt file is named and skipped
"$rep" -o "$out" --no-charts "$res" 2>"$tmp/err1"
rc=$?
[ $rc = 0 ] && ok "report over an interrupted suite's results: exit 0" ||
	fail "report over an interrupted suite's results: exit $rc: $(head -3 "$tmp/err1")"
grep -q 'warning: skipped .*fc-4k-randwrite.json' "$tmp/err1" &&
	ok "the corrupt result is named in a warning" || fail "no warning naming fc-4k-randwrite.json: $(cat "$tmp/err1")"
grep -q 'run.json\|\.partial\|\.failed' "$tmp/err1" &&
	fail "run.json, .partial or .failed read as results: $(cat "$tmp/err1")" ||
	ok "run.json, .json.partial and .json.failed are not read as results"
grep -q '4k-randread' "$out/report.md" 2>/dev/null && grep -q 'fc-4k-randread' "$out/report.md" &&
	ok "both complete results are in the report" || fail "a complete result is missing from report.md"
[ -f "$out/.ssdreport" ] && ok "the report carries its marker" || fail "no .ssdreport marker in $out"
report_sum=$(sum_tree "$out")

# 2. --strict: the corrupt file is an error naming it; the old report is kept
"$rep" -o "$out" --no-charts --strict "$res" 2>"$tmp/err2"
rc=$?
[ $rc = 2 ] && grep -q 'fc-4k-randwrite.json' "$tmp/err2" &&
	ok "--strict: exit 2 naming the corrupt file" || fail "--strict: exit $rc: $(cat "$tmp/err2")"
[ "$(sum_tree "$out")" = "$report_sum" ] && ok "--strict failure: the old report is intact" ||
	fail "--strict failure changed the old report"

# 3. a failure midway (gnuplot fails on the first chart): old report intact, nothing left over
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "gnuplot: simulated failure" >&2\nexit 1\n' >"$tmp/bin/gnuplot"
chmod +x "$tmp/bin/gnuplot"
PATH=$tmp/bin:$PATH "$rep" -o "$out" "$res" 2>"$tmp/err3"
rc=$?
[ $rc = 1 ] && grep -q 'gnuplot failed' "$tmp/err3" && ok "gnuplot failing midway: exit 1 saying so" ||
	fail "gnuplot failing midway: exit $rc: $(cat "$tmp/err3")"
[ "$(sum_tree "$out")" = "$report_sum" ] && ok "failure midway: the old report is intact" ||
	fail "failure midway changed the old report"
left=$(find "$tmp/results" -maxdepth 1 -name '.report.*')
[ -z "$left" ] && ok "failure midway: no temporary directory left" || fail "left behind: $left"

# 4. killed midway (gnuplot hangs, SIGKILL): old report intact; the next run succeeds. The fake
# gnuplot hangs far longer than a loaded machine's sanitizer build needs to reach the kill (it
# is killed below): a hang that ended first let ssdreport go on and fail with exit 1.
printf '#!/bin/sh\necho $$ >"%s/gnuplot.pid"\nexec sleep 600\n' "$tmp" >"$tmp/bin/gnuplot"
PATH=$tmp/bin:$PATH "$rep" -o "$out" "$res" 2>>"$tmp/sig.err" &
pid=$!
for _ in $(seq 1 100); do
	[ -n "$(find "$tmp/results" -maxdepth 1 -name '.report.tmp-*')" ] && break
	sleep 0.1
done
sleep 0.3
{ kill -9 $pid; wait $pid; } 2>/dev/null
[ -s "$tmp/gnuplot.pid" ] && kill "$(cat "$tmp/gnuplot.pid")" 2>/dev/null
[ "$(sum_tree "$out")" = "$report_sum" ] && ok "killed midway: the old report is intact" ||
	fail "killed midway changed the old report"
dead=$(find "$tmp/results" -maxdepth 1 -name '.report.tmp-*')
[ -n "$dead" ] && ok "killed by SIGKILL: its hidden temporary directory is left ($(basename "$dead"))" ||
	fail "SIGKILL left no temporary directory: the stale clean-up below tests nothing"
"$rep" -o "$out" --no-charts "$tmp/results" 2>"$tmp/err4"
rc=$?
[ $rc = 0 ] && ok "the next run over results/ (with the dead run's hidden temporary directory) succeeds" ||
	fail "next run: exit $rc: $(cat "$tmp/err4")"
[ -z "$(find "$tmp/results" -maxdepth 1 -name '.report.tmp-*')" ] &&
	grep -q "removed $dead, the temporary directory of an interrupted report" "$tmp/err4" &&
	ok "the next run into that output removed the dead run's temporary directory, saying so" ||
	fail "stale temporary directory: $(find "$tmp/results" -maxdepth 1 -name '.report.*') $(cat "$tmp/err4")"
report_sum=$(sum_tree "$out")

# 4b. SIGINT, SIGTERM and SIGHUP midway: the temporary directory is removed at once, the old report kept,
# and a live report's temporary directory is not taken for a stale one by a second run
for sig in INT TERM HUP; do
	rm -f "$tmp/gnuplot.pid"
	set -m # a job of its own: a non-interactive shell's background job would ignore SIGINT
	PATH=$tmp/bin:$PATH "$rep" -o "$out" "$res" 2>>"$tmp/sig.err" &
	pid=$!
	set +m
	for _ in $(seq 1 600); do
		[ -s "$tmp/gnuplot.pid" ] && break
		sleep 0.1
	done
	# a signal ignored by whatever started this test (a background job of a non-interactive
	# shell ignores SIGINT, nohup SIGHUP) stays ignored in ssdreport: nothing to test then
	ign=$(awk '/^SigIgn:/ { print $2 }' "/proc/$pid/status" 2>/dev/null)
	if [ -n "$ign" ] && (((0x$ign >> ($(kill -l $sig) - 1)) & 1)); then
		kill -9 $pid 2>/dev/null
		wait $pid 2>/dev/null
		[ -s "$tmp/gnuplot.pid" ] && kill "$(cat "$tmp/gnuplot.pid")" 2>/dev/null
		find "$tmp/results" -maxdepth 1 -name '.report.tmp-*' -exec rm -rf {} +
		echo "ok - # SKIP SIG$sig: ignored by the environment this test was started in"
		continue
	fi
	live=$(find "$tmp/results" -maxdepth 1 -name '.report.tmp-*')
	"$rep" -o "$tmp/results/report" --no-charts "$res" 2>"$tmp/err4b" >/dev/null
	[ -n "$live" ] && [ -d "$live" ] && ok "SIG$sig case: a second run keeps the live run's $(basename "$live")" ||
		fail "the live run's temporary directory was removed by a second run: $(cat "$tmp/err4b")"
	report_sum=$(sum_tree "$out")
	kill -$sig $pid
	wait $pid 2>/dev/null
	rc=$?
	[ -s "$tmp/gnuplot.pid" ] && kill "$(cat "$tmp/gnuplot.pid")" 2>/dev/null
	left=$(find "$tmp/results" -maxdepth 1 -name '.report.*')
	[ $rc = $((128 + $(kill -l $sig))) ] && [ -z "$left" ] &&
		ok "SIG$sig midway: ended by the signal, no temporary directory left" ||
		fail "SIG$sig midway: exit $rc, left: $left; stderr: $(tail -c 600 "$tmp/sig.err")"
	[ "$(sum_tree "$out")" = "$report_sum" ] && ok "SIG$sig midway: the old report is intact" ||
		fail "SIG$sig midway changed the old report"
done
grep -v '^ssdreport: removed ' "$tmp/err4" | grep -q 'results/report\|results/\.report' && fail "the report directory was read as a drive: $(cat "$tmp/err4")" ||
	ok "neither the report nor its temporary directory is read as a drive"

# 5. -o naming the results directory: refused, nothing removed
"$rep" -o "$res" --no-charts "$res" 2>"$tmp/err5"
rc=$?
[ $rc = 2 ] && grep -q 'not an ssdreport report' "$tmp/err5" &&
	ok "-o naming the results directory: refused (exit 2)" || fail "-o results dir: exit $rc: $(cat "$tmp/err5")"
echo x >"$tmp/notadir"
"$rep" -o "$tmp/notadir" --no-charts "$res" 2>/dev/null
[ $? = 2 ] && [ "$(cat "$tmp/notadir")" = x ] && ok "-o naming a file: refused, the file kept" ||
	fail "-o naming a file was not refused"
mkdir -p "$tmp/half" && echo '<html>' >"$tmp/half/index.html"
"$rep" -o "$tmp/half" --no-charts "$res" 2>"$tmp/err6"
rc=$?
[ $rc = 2 ] && grep -q 'report.md is missing beside index.html' "$tmp/err6" &&
	ok "-o naming a directory with index.html alone: refused, saying report.md is missing" ||
	fail "-o half a report: exit $rc: $(cat "$tmp/err6")"
"$rep" -o "$tmp/no/such/r" --no-charts "$res" 2>"$tmp/err7"
rc=$?
[ $rc = 2 ] && grep -q "parent directory $tmp/no/such: No such file" "$tmp/err7" && ! grep -q '\.tmp-' "$tmp/err7" &&
	ok "-o under a missing directory: exit 2 naming the missing parent" ||
	fail "-o under a missing directory: exit $rc: $(cat "$tmp/err7")"
[ "$(sum_tree "$res")" = "$results_sum" ] && ok "the results are untouched by every run" ||
	fail "the results directory changed"
lab_done
