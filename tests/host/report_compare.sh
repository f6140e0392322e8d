#!/usr/bin/env bash
# sanitize: yes
# ssdreport compare and --spec on the golden results tree (tests/unit/reporter/fixtures/golden):
#  - compare old/ and new/ (new/nvme-lab: profile full, fio 3.36 in run.json, 4K random read IOPS
#    10 % higher, and an unreadable result file): exit 0; the runs' differences named in warnings
#    and at the top of the page (profile, fio version, the four corners' block sizes); each
#    drive's runs side by side with a difference (%) column in the summary and on the test's
#    page; the unreadable file listed on the page;
#  - a workload that differs (bs) is still refused, naming it;
#  - --spec with a spec sheet: each figure beside the sheet's with a verdict, the summary counts
#    them; --spec naming a file of another kind is bad input (exit 2).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report compare and spec"
. tests/host/lib/report-env.sh
export SSDREPORT_REFERENCE_DIR=$PWD/reporter/reference # the sanitizer build lives elsewhere
G=tests/unit/reporter/fixtures/golden/results
mkdir -p "$tmp/old" "$tmp/new"
cp -r "$G/nvme-lab" "$G/sas-lab" "$tmp/old/"
cp -r "$G/nvme-lab" "$tmp/new/"
jq '.manifest.request.fc_rand_bs = "4k"' "$G/nvme-lab/run.json" >"$tmp/old/nvme-lab/run.json"
jq '.profile = "full" | .versions.fio = "fio-3.36" | .manifest.request.fc_rand_bs = "8k"' \
	"$G/nvme-lab/run.json" >"$tmp/new/nvme-lab/run.json"
jq '.jobs[0].read.iops *= 1.1' "$G/nvme-lab/4k-randread.json" >"$tmp/new/nvme-lab/4k-randread.json"
printf '{"fio version": "fio-3.33", "jobs": [' >"$tmp/new/nvme-lab/broken.json"

"$rep" compare -o "$tmp/out" --no-charts "$tmp/old" "$tmp/new" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && ok "compare of runs made differently: exit 0" || fail "compare: exit $rc: $(cat "$tmp/err")"
grep -q "warning: compare: the runs differ: nvme-lab profile: $tmp/old/nvme-lab quick, $tmp/new/nvme-lab full" "$tmp/err" &&
	grep -q "warning: compare: the runs differ: nvme-lab fio version: .* fio-3.33, .* fio-3.36" "$tmp/err" &&
	ok "the profile and fio version differences are named in warnings" || fail "warnings: $(cat "$tmp/err")"
grep -q "warning: compare: the runs differ: nvme-lab four corners' random block size: $tmp/old/nvme-lab 4k, $tmp/new/nvme-lab 8k" "$tmp/err" &&
	grep -q "The compared runs differ: nvme-lab four corners" "$tmp/out/index.html" &&
	ok "a different four-corners block size (the manifests' requests) is named" ||
	fail "four-corners block size not flagged: $(grep -i 'four corners' "$tmp/err")"
grep -q 'The compared runs differ: nvme-lab profile' "$tmp/out/index.html" &&
	grep -q 'The compared runs differ: nvme-lab fio version' "$tmp/out/index.html" &&
	ok "and at the top of the page" || fail "index.html does not flag the differences"
head -1 "$tmp/out/summary.csv" | grep -q "^figure,$tmp/old/nvme-lab,$tmp/new/nvme-lab,difference (%) $tmp/new/nvme-lab vs $tmp/old/nvme-lab,$tmp/old/sas-lab$" &&
	ok "summary: the same drive's runs side by side, then their difference" ||
	fail "summary columns: $(head -1 "$tmp/out/summary.csv")"
d=$(grep '^4K random read IOPS,' "$tmp/out/summary.csv" | cut -d, -f4)
awk -v d="$d" 'BEGIN { exit !(d > 9.999 && d < 10.001) }' && ok "summary: difference +10 % where the IOPS rose 10 %" ||
	fail "summary difference: '$d'"
grep -q '^read IOPS,[^,]*,[^,]*,10,' "$tmp/out/tests/4k-randread.csv" &&
	ok "the test's page: a difference (%) column" || fail "tests/4k-randread.csv: $(head -2 "$tmp/out/tests/4k-randread.csv")"
grep -q "Not read: new/nvme-lab/broken.json" "$tmp/out/index.html" &&
	ok "the unreadable result file is listed on the page, relative to its input (new/)" || fail "index.html does not list broken.json"

mkdir -p "$tmp/bs/nvme-lab"
cp "$G/nvme-lab/fc-4k-randread.json" "$tmp/bs/nvme-lab/"
jq '."global options".bs = "8k" | .jobs[0]."job options".bs = "8k"' "$G/nvme-lab/fc-4k-randread.json" \
	>"$tmp/bs/nvme-lab/fc-4k-randread.json"
"$rep" compare -o "$tmp/out2" --no-charts "$tmp/old" "$tmp/bs" 2>"$tmp/err2"
rc=$?
[ $rc = 2 ] && grep -q 'compare: test fc-4k-randread: bs differs: .* 4096 B, .* 8192 B' "$tmp/err2" &&
	ok "a test whose block size differs is refused, naming it" || fail "bs difference: exit $rc: $(cat "$tmp/err2")"

"$rep" -q -o "$tmp/spec" --no-charts --spec spec-qos-example "$G" 2>"$tmp/err3"
rc=$?
s=$tmp/spec/family-spec.csv
# sas-lab's p99.99 is its maximum, 20.11483 ms: 5,301 I/Os, fewer than the 10,000 it needs
[ $rc = 0 ] && grep -q '^4K random read at QD1 (latency QoS),read p99.99 latency (ms),0.37,19.529728,FAIL,20.11483,FAIL$' "$s" &&
	ok "--spec: the sheet's p99.99 beside the measured one, FAIL" || fail "--spec: exit $rc: $(cat "$s" "$tmp/err3")"
grep -q '^Spec-sheet checks passed,,,,0 of 5,0 of 5$' "$tmp/spec/summary.csv" && # g/d1 g/d2 g: none
	ok "--spec: the summary counts the checks passed" || fail "summary: $(grep Spec "$tmp/spec/summary.csv")"
# the sheet's verdicts (pass, FAIL) a column of words beside each drive's measured figures
a=$(python3 tests/host/lib/align-check.py "$tmp/spec/index.html")
[ "${a%% *}" = ok ] && grep -q '<th class=l>verdict</th>' "$tmp/spec/index.html" &&
	ok "--spec: verdicts left, figures right ($(cut -d' ' -f2 <<<"$a") tables)" || fail "--spec alignment: $(head -3 <<<"$a")"
"$rep" -q -o "$tmp/spec2" --no-charts --spec nvme-gen3-3.2tb "$G" 2>"$tmp/err4"
rc=$?
[ $rc = 2 ] && grep -q 'nvme-gen3-3.2tb.json: kind is "review", expected "spec sheet"' "$tmp/err4" &&
	ok "--spec naming a review, not a sheet: exit 2 saying so" || fail "--spec review: exit $rc: $(cat "$tmp/err4")"
lab_done
