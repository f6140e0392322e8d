#!/usr/bin/env bash
# Host test: a new latency-vs-rate curve is its two rows in the catalogue and nothing else. A copy
# of the catalogue gets a SQL Server 70/30 curve (its flat-out row and its points row, the
# curve-rand.fio template, no jobfile of its own); then --help counts and names it, --dry-run
# plans it after SQL 80-20 with the rows' parameters, and its flat-out run through fio's libaio on
# a file is fio's job [curve-sql-7030] with exactly the rows' options (fio's own JSON). Likewise
# an enterprise workload is its three rows (preconditioning, measurement, T/Q points on the
# precond-rand.fio and measure-rand.fio templates): --dry-run plans them with the rows' values.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/catalogue_row.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

if [ ! -x driver/ssd-review ] || ! command -v fio >/dev/null; then
	echo "ok - # SKIP driver/ssd-review not built or no fio"
	exit 0
fi

split='8k/85:64k/10:128k/5,4k/15:8k/50:16k/10:32k/10:64k/10:128k/5'
cp jobfiles/*.fio "$tmp/"
jq --arg split "$split" '
	(.tests | map(.id) | index("curve-sql-8020-{pct}")) as $at
	| ({id: "curve-sql-7030-max", suites: ["curves"], family: "curve",
	    title: "SQL 70-30, flat out", jobfile: "curve-rand.fio", workload: "sql-7030",
	    rw: "randrw", bssplit: $split, rwmix_read: 70, percentage_random: "90,75",
	    threads: 32, depth: 1, region: "quarter", rate: "max", timing: "curve-max",
	    output: "json", env: {SSD_RATE_IOPS: "0"}}) as $max
	| ($max | del(.rate, .env) + {id: "curve-sql-7030-{pct}", title: "SQL 70-30 at {pct}%",
	    vary: "curve_points", rate_from: "curve-sql-7030-max", timing: "curve-point"}) as $pts
	| .tests = .tests[:$at + 1] + [$max, $pts] + .tests[$at + 1:]' \
	jobfiles/catalogue.json >"$tmp/catalogue.json"
rv_check "the catalogue with the new curve's two rows is written" test -s "$tmp/catalogue.json"
rv_check "no jobfile was added for it" test "$(ls "$tmp"/*.fio | wc -l)" = "$(ls jobfiles/*.fio | wc -l)"

n=$(jq '[.tests[] | select(.family == "curve" and .rate == "max")] | length' "$tmp/catalogue.json")
driver/ssd-review --catalogue "$tmp/catalogue.json" --help >"$tmp/help" 2>&1
rv_check "--help counts the curves from the catalogue ($n)" \
	grep -q "^Curve profiles (from $tmp/catalogue.json): $n, " "$tmp/help"
profiles=$(sed -n '/^Curve profiles/,/^$/p' "$tmp/help" | tr -s ' \n' ' ')
rv_check "--help names the new curve after sql-8020" grep -q ' sql-8020, sql-7030, ' <<<"$profiles"

truncate -s 256M "$tmp/drive.img"
driver/ssd-review --catalogue "$tmp/catalogue.json" --drive d="$tmp/drive.img" --span 256M \
	--profile quick --suite curves --dry-run >"$tmp/dry" 2>&1
ids=$(awk '$1 == "d" {print $2}' "$tmp/dry" | grep -A3 '^curve-sql-8020-50$' | paste -sd' ')
rv_check "--dry-run plans curve-sql-7030-max and -50 right after SQL 80-20 ($ids)" \
	test "$ids" = "curve-sql-8020-50 curve-sql-7030-max curve-sql-7030-50 curve-oracle-max"
rv_check "--dry-run: the template and the rows' variables" grep -q \
	"^d curve-sql-7030-max jobfiles/curve-rand.fio .*SSD_WORKLOAD=sql-7030 SSD_RW=randrw SSD_BSSPLIT=$split SSD_RWMIX=70 SSD_PCT_RANDOM=90,75 " \
	"$tmp/dry"

driver/ssd-review --catalogue "$tmp/catalogue.json" --drive d="$tmp/drive.img" --span 256M \
	--profile quick --suite curves --only curve-sql-7030-max --engine libaio --yes \
	--out "$tmp/out" --no-report >"$tmp/run.log" 2>&1
rv_check "the new curve's flat-out run exits 0" test $? = 0
f=$tmp/out/d/curve-sql-7030-max.json
got=$(jq -c '[.jobs[0].jobname, .jobs[0]["job options"]]' "$f" 2>/dev/null)
want=$(jq -nc --arg split "$split" '["curve-sql-7030", {rw: "randrw", rwmixread: "70",
	bssplit: $split, percentage_random: "90,75", size: "67108864", randrepeat: "0",
	numjobs: "32", iodepth: "1"}]')
rv_check "fio ran job [curve-sql-7030] with the rows' options and no other ($got)" \
	test "$(jq -S . <<<"$got")" = "$(jq -S . <<<"$want")"
rv_check "both directions moved data" jq -e '.jobs[0].read.io_bytes > 0 and .jobs[0].write.io_bytes > 0' "$f"

wl='{suites: ["enterprise"], workload: "16k-randwrite", rw: "randwrite", bs: "16k"}'
jq "(.tests | map(.id) | index(\"precond-128k-seqread\")) as \$at
	| ($wl + {id: \"precond-16k-randwrite\", family: \"precondition\", title: \"16K random
	    write preconditioning\", jobfile: \"precond-rand.fio\", threads: 16, depth: 16,
	    timing: \"precondition\", output: \"json\"}) as \$pre
	| ($wl + {id: \"16k-randwrite\", family: \"primary\", title: \"16K random write\",
	    jobfile: \"measure-rand.fio\", threads: 16, depth: 16, after: \"precond-16k-randwrite\",
	    timing: \"measure\", output: \"json+\"}) as \$mes
	| ($wl + {id: \"scale-16k-randwrite-t{threads}q{depth}\", family: \"scaling\",
	    title: \"16K random write at {threads}T/{depth}Q\", jobfile: \"measure-rand.fio\",
	    vary: \"tq_points\", when: \"sweep\", after: \"16k-randwrite\", timing: \"scale\",
	    output: \"json\"}) as \$tq
	| .tests = .tests[:\$at] + [\$pre, \$mes, \$tq] + .tests[\$at:]" \
	jobfiles/catalogue.json >"$tmp/wl.json"
driver/ssd-review --catalogue "$tmp/wl.json" --drive d="$tmp/drive.img" --span 256M \
	--profile quick --suite enterprise --sweep 16k-randwrite --dry-run >"$tmp/dry-wl" 2>&1
ids=$(awk '$1 == "d" {print $2}' "$tmp/dry-wl" | grep -A6 '^8k-7030$' | paste -sd' ')
rv_check "--dry-run plans the new workload after 8K 70/30 ($ids)" test "$ids" = \
	"8k-7030 precond-16k-randwrite 16k-randwrite scale-16k-randwrite-t2q2 scale-16k-randwrite-t4q4 scale-16k-randwrite-t8q8 scale-16k-randwrite-t16q16"
for t in "precond-16k-randwrite jobfiles/precond-rand.fio" "16k-randwrite jobfiles/measure-rand.fio" \
	"scale-16k-randwrite-t8q8 jobfiles/measure-rand.fio"; do
	rv_check "--dry-run: ${t% *} on ${t#* } with the rows' variables" grep -Eq \
		"^d $t .*SSD_THREADS=(16|8) SSD_DEPTH=(16|8) SSD_BS=16k .*SSD_WORKLOAD=16k-randwrite SSD_RW=randwrite " \
		"$tmp/dry-wl"
done
exit $RV_FAILED
