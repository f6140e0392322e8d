#!/usr/bin/env bash
# sanitize: yes
# What the report infers and draws from anyone's fio output (issue 38), on fresh fio 3.33 output
# (tests/unit/reporter/fixtures/reader, its README gives each command): a fill is no point of a
# steady-state sweep, two runs of one job are a repeat and not PTS rounds, rwmixread=0 reads
# "100 % write", a p99 of several jobs without bins says why it is "–" (and is merged from json+
# bins), an interrupted run's page says so, averaged logs draw only what they hold (no maximum
# from means, no standard deviation of 0, the last partial second marked), percentile tables
# take a unit per row, options never break at their hyphens, steady-state cells are never blank.
# Figures are recomputed here from the fio files with jq and awk. About 10 s.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report reader"
. tests/host/lib/report-env.sh
F=tests/unit/reporter/fixtures/reader

run() { # out input...
	local out=$1
	shift
	"$rep" -q -o "$tmp/$out" "$@" 2>"$tmp/$out.err" ||
		fail "$out: ssdreport exit $?: $(head -3 "$tmp/$out.err")"
}

# 1. a fill, then each workload run to fio's steady state at 4 KiB and 1 MiB
run sweep "$F/steady-sweep.json"
s=$tmp/sweep/summary.csv
fill_in=$(grep -c '^Other tests,1,.*steady-sweep/fill' "$s")
sweep_n=$(awk -F, '/^"Sweep:/ { print $(NF-5) }' "$s")
! grep -q '^Rounds' "$s" && [ "$fill_in" = 1 ] && [ "$sweep_n" = 8 ] &&
	ok "steady-sweep: the fill is in no sweep and no series of rounds; the sweep holds the 8 steady-state jobs" ||
	fail "steady-sweep: summary: $(tr '\n' '|' <"$s")"

# 2. one job run twice in one file (another name, startdelay=1): a repeat, no SNIA verdict
run repeat "$F/repeat.json"
grep -q 'id="repeats"' "$tmp/repeat/index.html" && ! grep -q 'id="rounds"' "$tmp/repeat/index.html" &&
	! grep -qi 'SNIA rule needs' "$tmp/repeat/index.html" &&
	ok "repeat: two groups of one job are a repeat, not SNIA PTS rounds" ||
	fail "repeat: $(grep -o 'id="[a-z-]*"' "$tmp/repeat/index.html" | tr '\n' ' ')"
want=$(jq -r '[.jobs[] | .read.iops] | "\(.[0]) \(.[1])"' "$F/repeat.json")
got=$(awk -F, 'NR > 1 { printf "%s ", $6 }' "$tmp/repeat/repeats.csv")
awk -v w="$want" -v g="$got" 'BEGIN { split(w, a, " "); split(g, b, " ");
	exit !(b[1] - a[1] < 1e-6 && a[1] - b[1] < 1e-6 && b[2] - a[2] < 1e-6 && a[2] - b[2] < 1e-6) }' &&
	ok "repeat: each run's IOPS as fio printed it ($want)" || fail "repeat: IOPS $got, fio $want"

# 3. randrw with rwmixread=0 and 100
run mix "$F/mix.json"
grep -q 'randrw 100 % write 4 KiB 2T/1Q' "$tmp/mix/index.html" &&
	grep -q '^series,figure,100 % write,100 % read$' "$tmp/mix/sweep-0.csv" &&
	ok "mix: rwmixread=0 reads \"100 % write\", 100 \"100 % read\"" ||
	fail "mix: $(head -1 "$tmp/mix/sweep-0.csv"); $(grep -o 'randrw[^<]*2T/1Q[^<]*' "$tmp/mix/index.html" | head -2)"

# 4. numjobs 1, 2, 4 without group_reporting: p99 of several jobs
run nj "$F/numjobs.json"
p99=$(grep '^,p99' "$tmp/nj/sweep-0.csv")
[ "$(cut -d, -f4,5 <<<"$p99")" = "," ] &&
	grep -q 'Percentile – of several jobs: fio ran them without group_reporting' "$tmp/nj/index.html" &&
	ok "numjobs (json): the p99 of 2 and 4 jobs is \"–\" and the table says why" ||
	fail "numjobs: $p99; note: $(grep -c 'of several jobs' "$tmp/nj/index.html")"
run njp "$F/numjobs-plus.json"
p99=$(grep '^,p99' "$tmp/njp/sweep-0.csv")
bad=
for k in 2 4; do # a merged percentile lies between the jobs' own
	v=$(awk -F, -v c=$((k == 2 ? 4 : 5)) '{ print $c }' <<<"$p99")
	read -r lo hi < <(jq -r --arg n "nj$k" '[.jobs[] | select(.jobname == $n) | .read.clat_ns.percentile["99.000000"]] | "\(min / 1e6) \(max / 1e6)"' "$F/numjobs-plus.json")
	awk -v v="$v" -v lo="$lo" -v hi="$hi" 'BEGIN { exit !(v != "" && v >= lo * 0.999 && v <= hi * 1.001) }' ||
		bad+=" numjobs $k: $v ms not in [$lo, $hi]"
done
[ -z "$bad" ] && ok "numjobs (json+): p99 of 2 and 4 jobs merged from the bins, within the jobs' own" ||
	fail "numjobs json+:$bad"

# 5. a run stopped by SIGINT: its page says so, and its QoS chart
run cut "$F/interrupted.json"
pg=$tmp/cut/tests/interrupted.html
grep -q '<p class=warn>Interrupted: job cut on .* was cut short (fio was terminating on signal 2)' "$pg" &&
	grep -q '<figcaption>INTERRUPTED run' "$pg" &&
	ok "interrupted: the test page's banner and its QoS caption say so" ||
	fail "interrupted: banner $(grep -c 'Interrupted:' "$pg"), caption $(grep -c 'INTERRUPTED' "$pg")"
# percentiles: a unit per row, each value fio's in it
csv=$tmp/cut/tests/interrupted-percentiles.csv
unit=$(awk -F, 'NR == 2 { print $4 }' "$csv")
col=$(head -1 "$csv" | tr ',' '\n' | grep -nx 'p99' | cut -d: -f1)
got=$(awk -F, -v c="$col" 'NR == 2 { print $c }' "$csv")
# fio printed its signal line before the JSON
want=$(sed -n '/^{/,$p' "$F/interrupted.json" | jq -r '.jobs[0].read.clat_ns.percentile["99.000000"] / 1e3')
[ "$unit" = µs ] && awk -v a="$got" -v b="$want" 'BEGIN { exit !(a - b < 1e-6 && b - a < 1e-6) }' &&
	grep -q 'in the unit each row names' "$pg" &&
	ok "percentiles: a unit per row (µs: its slowest is under 100 ms), p99 $want µs as fio printed it" ||
	fail "percentiles: unit $unit, p99 $got (fio: $want µs)"

# 6. averaged logs (log_avg_msec=1000), no histogram: 3.5 s
run logs "$F/logs"
csv=$tmp/logs-series.csv # the report writes it gzip-compressed
zcat "$tmp/logs/tests/logs-series.csv.gz" >"$csv"
rows=$(awk -F, 'NR > 1 && $11 == "" && $12 == "" { n++ } END { print n + 0 }' "$csv")
last=$(tail -1 "$csv" | cut -d, -f3,7)
[ "$rows" = "$(($(wc -l <"$csv") - 1))" ] && [ "$last" = "4,1" ] &&
	grep -q "Not in these logs, no panel: maximum latency" "$tmp/logs/index.html" && grep -q "The last second is partial" "$tmp/logs/index.html" &&
	ok "averaged logs: no maximum from means, standard deviation unknown (never 0), the 4th second partial" ||
	fail "averaged logs: $(tr '\n' '|' <"$csv")"
run logsmax "$F/logsmax"
csv=$tmp/logsmax-series.csv
zcat "$tmp/logsmax/tests/logsmax-series.csv.gz" >"$csv"
want=$(awk -F, '$1 < 3200 { w = int(($1 + 2) / 1000); if ($2 > m[w]) m[w] = $2 }
	END { for (w = 1; w <= 3; w++) printf "%.5g ", m[w] / 1e6 }' "$F"/logsmax/latmax_clat.1.log)
got=$(awk -F, 'NR > 1 && $7 == 0 { printf "%.5g ", $11 }' "$csv")
[ "$got" = "$want" ] && awk -F, 'NR > 1 && $10 != "" { exit 1 }' "$csv" &&
	ok "log_max_value=1: each second's maximum from fio's rows ($want ms), no average from maxima" ||
	fail "log_max_value=1: maxima $got, want $want"

# 7. options never break at their hyphens
grep -q '<span class=nw>--output-format=json+</span>' "$tmp/nj/index.html" &&
	ok "an option in the page's text is kept on one line" || fail "no nowrap span around --output-format"

# 8. steady-state table: no blank cell
t=$(sed -n '/Steady state <a/,/<\/table>/p' "$tmp/sweep/tests/steady-sweep_read-4k.html")
[ -n "$t" ] && ! grep -q '<td class="[a-z ]*"></td>' <<<"$t" &&
	ok "steady-state table: every cell holds a value or \"–\"" || fail "steady-state table has blank cells"

# 10. published figures beside fio's runs: never rows of "Every run fio reported" (no group, no
# error, no latency of them is known), named apart on the test's page
G=tests/unit/reporter/fixtures/golden/results
"$rep" -q --no-charts -o "$tmp/pub" --reference reporter/reference/e1s-gen4-x8.json "$G" 2>"$tmp/pub.err" ||
	fail "pub: ssdreport exit $?: $(head -3 "$tmp/pub.err")"
pubok=0 pubn=0
for t in fc-4k-randread fc-4k-randwrite fc-64k-read fc-64k-write; do
	pubn=$((pubn + 1))
	csv=$tmp/pub/tests/$t-runs.csv page=$tmp/pub/tests/$t.html
	[ -s "$csv" ] && ! cut -d, -f1 "$csv" | grep -q 'e1s-gen4-x8' &&
		grep -q 'Published figures, not a fio run: e1s-gen4-x8' "$page" && pubok=$((pubok + 1))
done
[ "$pubok" = "$pubn" ] && ok "published figures: named apart on $pubn four-corners pages, in none of their runs tables" ||
	fail "published figures: $pubok of $pubn four-corners pages keep them out of 'Every run fio reported'"

# 11. a series of one log second (the demo's nvme-lab fill ran about a second): drawn as a dot,
# the caption says why there is no line; its IOPS is the log's row
"$rep" -q -o "$tmp/fill" "$G" 2>"$tmp/fill.err" || fail "fill: ssdreport exit $?: $(head -3 "$tmp/fill.err")"
L=$G/nvme-lab/logs/prep-128k-seqfill_iops.1.log
want=$(awk -F, 'NR == 1 { printf "%d %d", $1 / 1000 + 0.5, $2 }' "$L") # fio stamps the second it ends
d=$tmp/fill/series-prep-128k-seqfill
got=$(sed -n '/^# series 1: nvme-lab/,/^$/p' "$d.dat" | awk 'NR == 2 { print $1, $2 }')
[ "$(wc -l <"$L")" = 1 ] && [ "$got" = "$want" ] && grep -q 'index 1 using 1:2 with linespoints pt 7' "$d.gp" &&
	grep -q 'nvme-lab: its logs hold 1 second, the job ran about that long: drawn as dots' "$tmp/fill/index.html" &&
	ok "one log second: nvme-lab's fill drawn as a dot at $got (t s, IOPS as its log), the caption says why" ||
	fail "one log second: nvme-lab's fill point '$got' (log: '$want'), or no dot or caption"

lab_done
