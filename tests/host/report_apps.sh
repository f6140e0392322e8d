#!/usr/bin/env bash
# sanitize: yes
# The report's Application workloads section from checked-in ssd-apps results
# (tests/unit/reporter/fixtures/apps: done runs of two MariaDB and two PostgreSQL instances, and
# runs that failed at the space check) with the published MySQL OLTP and SQL Server figures of
# docs/METHODOLOGY.md §5 as references: the section comes first after the summary and the
# drives, MySQL OLTP then the TPC-C-like test, each a chart and a table; every figure of the
# tables (TPS, average and p99 latency per instance and total; New-Orders per minute) equals
# apps.json's or tpcc.json's, the published ones the reference files'; the SQL Server figures are
# said to be another engine's under another load; the failed drive's column says failed with
# ssd-apps's reason and has no bar; the summary's total rows link to the section; and a report
# without apps results has no such section.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report apps"
. tests/host/lib/report-env.sh
res=tests/unit/reporter/fixtures/apps/results
j=$res/lp/apps-oltp/apps.json
out=$tmp/r

"$rep" -o "$out" --title apps --reference reporter/reference/mysql-oltp-nvme-gen3.json \
	--reference reporter/reference/mysql-oltp-sata-ri.json \
	--reference reporter/reference/sqlserver-tpcc-nvme-gen3.json \
	--reference reporter/reference/sqlserver-tpcc-sata-ri.json "$res" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && ok "exit 0" || fail "exit $rc: $(head -3 "$tmp/err")"
grep -v 'warning' "$tmp/err" | grep -q . && fail "stderr: $(head -3 "$tmp/err")" || ok "no error on stderr"

ids=$(grep -o '<h2 id="[^"]*"' "$out/index.html" | sed 's/.*id="//; s/"//' | tr '\n' ' ')
[ "$ids" = "summary drives family-apps " ] && ok "sections: $ids" || fail "sections: '$ids'"
next=$(sed -n '/<h2 id="family-apps"/,$p' "$out/index.html" | grep -m1 -o '<figure\|<table\|<div class=tbl')
[ "$next" = "<figure" ] && ok "the section starts with its chart" || fail "the section starts with $next"

dups=$(grep '^#' "$out/report.md" | sort | uniq -d)
[ -z "$dups" ] && ok "report.md: no heading twice (the table's title is not the section's)" ||
	fail "report.md: headings twice: $dups"

csv=$out/apps-oltp-figures.csv
# cell DRIVE-COLUMN "FIGURE,INSTANCE" [CSV]: the value in a test's table (CSV)
cell() { awk -F, -v d="$1" -v r="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == d) c = i }
	index($0, r ",") == 1 { print $c }' "${3:-$csv}"; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / (b ? b : 1); exit !(a != "" && d * d < 1e-16) }'; }
same() { # NAME REPORT-VALUE WANT
	near "$2" "$3" && ok "$1: $2" || fail "$1: report '$2', want $3"
}
for k in 'transactions/s,db1:.instances[0].tps' 'transactions/s,db2:.instances[1].tps' \
	'transactions/s,total:.total.tps' 'average latency (ms),db1:.instances[0].latency_ms.avg' \
	'average latency (ms),total:.total.latency_ms.avg' 'p99 latency (ms),db2:.instances[1].latency_ms.p99' \
	'p99 latency (ms),total:.total.latency_ms.p99'; do
	same "lp ${k%%:*}" "$(cell lp "${k%%:*}")" "$(jq "${k#*:}" "$j")"
done
for ref in mysql-oltp-nvme-gen3 mysql-oltp-sata-ri; do
	f=reporter/reference/$ref.json
	same "$ref total TPS (published)" "$(cell "$ref (published)" 'transactions/s,total')" "$(jq .apps.total.tps "$f")"
	same "$ref total p99 (published)" "$(cell "$ref (published)" 'p99 latency (ms),total')" "$(jq .apps.total.lat_p99_ms "$f")"
	[ -z "$(cell "$ref (published)" 'transactions/s,db1')" ] && ok "$ref: no per-instance figure invented" ||
		fail "$ref: db1 = $(cell "$ref (published)" 'transactions/s,db1')"
done
[ "$(cell tiny 'transactions/s,total')" = failed ] && [ "$(cell tiny 'p99 latency (ms),db1')" = failed ] &&
	ok "tiny: its cells say failed" || fail "tiny: '$(cell tiny 'transactions/s,total')'"
grep -q "tiny: failed at space: $(jq -r .error "$res/tiny/apps-oltp/apps.json" | cut -c1-60)" "$out/index.html" &&
	ok "tiny: ssd-apps's reason under the table" || fail "tiny: no reason under the table"
grep -q '^"tiny"\|^tiny,' "$out/apps-oltp.csv" && fail "tiny is drawn in the chart" ||
	ok "tiny has no bar (the chart's data: $(cut -d, -f1 "$out/apps-oltp.csv" | sort -u | tr '\n' ' '))"
grep -q '^lp,total,' "$out/apps-oltp.csv" && ok "lp's total is drawn" || fail "no lp total in the chart data"
[ -s "$out/apps-oltp.png" ] && [ -s "$out/apps-oltp.svg" ] && ok "the chart as PNG and SVG" || fail "no chart image"

# the TPC-C-like test: its own chart and table after MySQL OLTP's, the same figures as tpcc.json
tj=$res/lp/apps-tpcc/tpcc.json tcsv=$out/apps-tpcc-figures.csv
order=$(grep -o '<h3 id="[^"]*"' "$out/index.html" | sed 's/.*id="//; s/"//' | tr '\n' ' ')
[ "$order" = "apps-oltp apps-tpcc " ] && ok "MySQL OLTP, then the TPC-C-like test" || fail "h3 order: '$order'"
for k in 'transactions/s,db1:.instances[0].tps' 'transactions/s,total:.total.tps' \
	'average latency (ms),db2:.instances[1].latency_ms.avg' 'average latency (ms),total:.total.latency_ms.avg' \
	'p99 latency (ms),total:.total.latency_ms.p99' 'New-Orders/min,db1:.instances[0].new_orders_per_min' \
	'New-Orders/min,total:.total.new_orders_per_min'; do
	same "tpcc lp ${k%%:*}" "$(cell lp "${k%%:*}" "$tcsv")" "$(jq "${k#*:}" "$tj")"
done
for ref in sqlserver-tpcc-nvme-gen3 sqlserver-tpcc-sata-ri; do
	same "$ref total TPS (published)" "$(cell "$ref (published)" 'transactions/s,total' "$tcsv")" \
		"$(jq .apps.total.tps "reporter/reference/$ref.json")"
	head -n 1 "$csv" | grep -q "$ref" && fail "$ref: a column of MySQL OLTP's table" ||
		ok "$ref: not in MySQL OLTP's table"
done
grep -q 'another engine under another load: Microsoft SQL Server' "$out/index.html" &&
	ok "tpcc: the published figures said to be another engine's, another load" || fail "tpcc: no engine note"
grep -q 'with no keying or think times: not a TPC-C result' "$out/index.html" &&
	ok "tpcc: not a TPC-C result, said on the page" || fail "tpcc: no disclaimer"
grep -q 'workload,each,"2 instances × 1 warehouse (10,000 items, 300 customers per district: TPC-C has 100,000 and 3,000), 4 connections each, 5 s measured after 2 s, PostgreSQL 15.18, xfs' "$tcsv" &&
	ok "tpcc: the workload row" || fail "tpcc: workload row: $(grep workload "$tcsv")"
# the workload row is words among the drives' figures: set apart as prose (left, wrapping), the
# figures right, "failed" where a drive has none
a=$(python3 tests/host/lib/align-check.py "$out/index.html")
n=$(grep -o '<td class="p">same</td>\|<td class="p">total of 4 VMs</td>' "$out/index.html" | wc -l)
[ "${a%% *}" = ok ] && [ "$n" -ge 1 ] && ok "the workload row set apart as text, figures right ($n short cells of it)" ||
	fail "apps alignment: $(head -3 <<<"$a"); short prose cells $n"
[ "$(cell tiny 'transactions/s,total' "$tcsv")" = failed ] && ok "tpcc: tiny failed" || fail "tpcc: tiny '$(cell tiny 'transactions/s,total' "$tcsv")'"
grep -q '^lp,total,' "$out/apps-tpcc.csv" && ! grep -q '^tiny,' "$out/apps-tpcc.csv" && [ -s "$out/apps-tpcc.png" ] &&
	ok "tpcc: its chart, lp drawn, tiny not" || fail "tpcc: chart data: $(cut -d, -f1 "$out/apps-tpcc.csv" | sort -u | tr '\n' ' ')"

# the summary: total TPS and p99 per drive, linked to the section
row=$(grep '^MySQL OLTP total transactions/s,' "$out/summary.csv")
same "summary: lp total TPS" "$(cut -d, -f2 <<<"$row")" "$(jq .total.tps "$j")"
[ "$(cut -d, -f3 <<<"$row")" = failed ] && ok "summary: tiny failed" || fail "summary: tiny '$(cut -d, -f3 <<<"$row")'"
same "summary: published total TPS" "$(cut -d, -f4 <<<"$row")" "6777.71"
row=$(grep '^MySQL OLTP total p99 latency (ms),' "$out/summary.csv")
same "summary: lp total p99 (ms)" "$(cut -d, -f2 <<<"$row")" "$(jq .total.latency_ms.p99 "$j")"
grep -q '<a href="#family-apps">MySQL OLTP total transactions/s' "$out/index.html" &&
	ok "summary: the row links to the section" || fail "summary: no link to #family-apps"
row=$(grep '^TPC-C-like total transactions/s,' "$out/summary.csv")
same "summary: lp TPC-C-like total TPS" "$(cut -d, -f2 <<<"$row")" "$(jq .total.tps "$tj")"
row=$(grep '^TPC-C-like total average latency (ms),' "$out/summary.csv")
same "summary: lp TPC-C-like total average latency" "$(cut -d, -f2 <<<"$row")" "$(jq .total.latency_ms.avg "$tj")"
grep -q 'apps-oltp on tiny did not complete: failed: the drive is too small' "$out/index.html" &&
	ok "header: tiny's test named as not completed" || fail "header: no note for tiny"

# fio results alone: no apps section
"$rep" -q -o "$tmp/fio" --no-charts tests/unit/reporter/fixtures/golden/results 2>/dev/null
grep -q 'id="family-apps"' "$tmp/fio/index.html" && fail "an apps section without apps results" ||
	ok "no apps section without apps results"
lab_done
