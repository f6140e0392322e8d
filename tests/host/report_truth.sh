#!/usr/bin/env bash
# sanitize: yes
# What ssdreport must never show as true, through the command line:
#  - a job whose "error" is not 0 (the real ../shared/cases c31 output, job error 5) is named in
#    a warning by `ssdreport summary` and by a report, named on the page and marked in its table
#    and on the summary; the report still comes (exit 0);
#  - a test the run planned that did not complete (run.json) is named with its reason, reads
#    "failed" in its summary row and section, and is never drawn;
#  - a percentile at fio's histogram ceiling with a larger maximum (a constructed json+ output,
#    tests/unit/reporter/fixtures/truth) reads "≥ 17,100" in its (ms) row on the page, with the
#    note saying why.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report truth"
. tests/host/lib/report-env.sh
c31=$(echo "$cases"/c31-*)/repro-synthetic.txt
drv=$tmp/res/d out=$tmp/report
mkdir -p "$drv"
cp "$c31" "$drv/4k-randwrite.json"
cp tests/unit/reporter/fixtures/truth/spec-4k-randread-qd1.json "$drv/"

"$rep" summary "$c31" >"$tmp/sum.csv" 2>"$tmp/sum.err"
rc=$?
[ $rc = 0 ] && grep -q 'warning: .*job.*10MiB_x_1200_8T (error 5: Input/output error).*not a clean run' "$tmp/sum.err" &&
	ok "summary: exit 0, the failed job named in a warning" || fail "summary: exit $rc: $(cat "$tmp/sum.err")"

"$rep" -o "$out" --no-charts "$drv" 2>"$tmp/rep.err"
rc=$?
[ $rc = 0 ] && ok "a report over a failed job's result: exit 0" || fail "report: exit $rc: $(cat "$tmp/rep.err")"
grep -q 'warning: .*4k-randwrite.json: a job ended with an error: 10MiB_x_1200_8T (error 5' "$tmp/rep.err" &&
	ok "the report's warning names the file and the job" || fail "no warning naming the job: $(cat "$tmp/rep.err")"
grep -q '4K random write on d: a job ended with error 5 (Input/output error)' "$out/index.html" &&
	ok "index.html names the failed job in a warning" || fail "index.html: no warning about the failed job"
grep -q 'class="n fail">job error 5<' "$out/index.html" &&
	ok "the summary marks the failed job's figures" || fail "summary: no marked figure"
grep -q 'class="n fail">5<' "$out/tests/4k-randwrite.html" && grep -q 'ended with error 5' "$out/tests/4k-randwrite.html" &&
	ok "the test's page marks its figures and says why" || fail "tests/4k-randwrite.html: no mark"
grep -q '<td class="n warn">≥ 17,100</td>' "$out/index.html" &&
	grep -q "fio's histogram ceiling (17.1 s) and the maximum is larger" "$out/index.html" &&
	ok "a percentile at fio's histogram ceiling reads ≥ 17,100 in its (ms) row, with its note" ||
	fail "index.html: no ≥ 17,100"
! sed 's/≥ 17,100//g' "$out/index.html" | grep -q '17,100\|17112\.7' &&
	ok "the ceiling is never shown as a latency, only after ≥" ||
	fail "index.html shows the ceiling as a number"

# A test the run planned that did not complete (run.json: failed, its reason; no result file):
# named in the header with the reason, "failed" (marked) in its summary row, named in its
# family's section, and never drawn as a figure.
g=$tmp/res-failed/g
mkdir -p "$(dirname "$g")"
cp -r tests/unit/reporter/fixtures/golden/results/g "$g"
rm "$g/fc-64k-write.json"
jq '(.tests[] | select(.id == "fc-64k-write")) |= (.status = "failed" | .reason = "fio exit 1: ssdeng: /dev/ng1n1: no such device")' \
	tests/unit/reporter/fixtures/golden/results/g/run.json >"$g/run.json"
"$rep" -o "$tmp/failed" --no-charts "$g" 2>"$tmp/failed.err"
rc=$?
[ $rc = 0 ] && ok "a report over a run with a failed test: exit 0" || fail "report: exit $rc: $(cat "$tmp/failed.err")"
grep -qF 'fc-64k-write on g did not complete: failed: fio exit 1: ssdeng: /dev/ng1n1: no such device.' "$tmp/failed/report.md" &&
	ok "the header names the test that did not complete and why" || fail "report.md: no note on fc-64k-write"
grep -qF '| [Four corners: sequential write MB/s](#family-four-corners) | **failed** |' "$tmp/failed/report.md" &&
	grep -qF '<td class="n fail">failed</td>' "$tmp/failed/index.html" &&
	ok "its summary row says failed, marked" || fail "summary: no failed row for the 64K write"
sed -n '/^## Four corners/,/^## /p' "$tmp/failed/report.md" | grep -qF 'fc-64k-write on g did not complete: failed' &&
	ok "the four-corners section names it" || fail "four-corners section: no word on fc-64k-write"
! grep -q '64K sequential write' "$tmp/failed/index.html" && ! grep -rq 'fc-64k-write' "$tmp/failed"/*.csv &&
	ok "no figure or table row drawn for it" || fail "a figure of the failed test is shown"
lab_done
