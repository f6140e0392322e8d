#!/usr/bin/env bash
# sanitize: yes
# What ssdreport must never show as true, through the command line:
#  - a job whose "error" is not 0 (the real ../shared/cases c31 output, job error 5) is named in
#    a warning by `ssdreport summary` and by a report, named on the page and marked in its table
#    and on the summary; the report still comes (exit 0);
#  - a percentile at fio's histogram ceiling with a larger maximum (a constructed json+ output,
#    tests/unit/reporter/fixtures/truth) reads "≥ 17.1 s" on the page, with the note saying why.
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
grep -q 'class="l fail">5<' "$out/tests/4k-randwrite.html" && grep -q 'ended with error 5' "$out/tests/4k-randwrite.html" &&
	ok "the test's page marks its figures and says why" || fail "tests/4k-randwrite.html: no mark"
grep -q '<td class="n warn">≥ 17.1 s</td>' "$out/index.html" &&
	grep -q "fio's histogram ceiling (17.1 s) and the maximum is larger" "$out/index.html" &&
	ok "a percentile at fio's histogram ceiling reads ≥ 17.1 s, with its note" ||
	fail "index.html: no ≥ 17.1 s"
! grep -q '17,100\|17112\.7' "$out/index.html" && ok "the ceiling is never shown as a latency" ||
	fail "index.html shows the ceiling as a number"
lab_done
