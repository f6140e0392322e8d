#!/usr/bin/env bash
# sanitize: yes
# What a user trial of the reporter found (fixr), on a results root given with a trailing slash:
# one drive (../shared/cases c04 and c02 files named as test ids) and one drive directory with no
# test, with --reference spec-qos-example (latency only) and sata-nas-3.84tb (curve IOPS only):
#  - the published latency (lat_mean_ms, lat_pct_ms) reaches the test's page and the QoS chart's
#    CSV; a published curve peak without a latency is still the peak;
#  - a published or test-less drive gets no column in a table where it has no value;
#  - with -q nothing reaches stderr (gnuplot's warnings included), but a failing gnuplot is
#    still reported with its own words;
#  - a 70/30 scaling table gives read and write p99 (from the fio JSON), in the row's unit;
#  - compare's usage in --help has --title and -q; logstat on a missing log prints nothing on
#    stdout; paths from "DIR/" read "DIR/name".
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report trial"
. tests/host/lib/report-env.sh
c04=$(echo "$cases"/c04-*) c02=$(echo "$cases"/c02-*)
drv=$tmp/res/drv out=$tmp/report
mkdir -p "$drv" "$tmp/res/empty"
cp "$c04/randread-1-1.json" "$drv/spec-4k-randread-qd1.json"
cp "$c04/randread-16-16.json" "$drv/fc-4k-randread.json"
cp "$c04/randread-1-1.json" "$drv/curve-4k-randread-max.json" # one point: gnuplot warns
cp "$c02/randrw-32-8.json" "$drv/scale-8k-7030-t8q32.json"
echo '{"model":"none yet"}' >"$tmp/res/empty/drive.json"
ref=reporter/reference/spec-qos-example.json
export SSDREPORT_REFERENCE_DIR=$PWD/reporter/reference # the sanitizer build lives elsewhere

"$rep" -q -o "$out" --reference spec-qos-example --reference sata-nas-3.84tb "$tmp/res/" 2>"$tmp/err1"
rc=$?
[ $rc = 0 ] && [ ! -s "$tmp/err1" ] && ok "-q with references and a one-point curve: exit 0, stderr empty" ||
	fail "-q: exit $rc, stderr: $(head -3 "$tmp/err1")"

# published figures, from the reference file (ms), in the detail page's CSV (the row's unit)
csv=$out/tests/spec-4k-randread-qd1.csv
# row METRIC: "<value> <unit>" of the last column (the published figures), the unit from the label
row() { grep "^$1 (" "$csv" | sed 's/^[^(]*(\([^)]*\)),.*,\([^,]*\)$/\2 \1/'; }
head -1 "$csv" | grep -q ',spec-qos-example (published)$' &&
	ok "spec-4k-randread-qd1 has the published column" || fail "no published column: $(head -1 "$csv")"
for m in "read avg latency:.read.lat_mean_ms" "read p99:.read.lat_pct_ms.\"99\"" \
	"read p99.9:.read.lat_pct_ms.\"99.9\"" "read p99.999:.read.lat_pct_ms.\"99.999\""; do
	want=$(jq -r ".tests[0]${m#*:}" "$ref") got=$(row "${m%%:*}")
	awk -v g="$got" -v b="$want" 'BEGIN { split(g, a, " "); s = a[2] == "ms" ? 1 : a[2] == "s" ? 1000 : 0.001;
		v = a[1] * s; exit !(a[1] != "" && v - b < 1e-9 && b - v < 1e-9) }' &&
		ok "published ${m%%:*}: $got" || fail "published ${m%%:*}: got '$got', expected $want ms"
done
# QoS chart data: the published series holds 0.46 ms at 0.001 % exceedance (99.999th percentile)
awk -F, '$1 == "spec-qos-example (published) reads" && $2 == 0.46 && $3 + 0 > 0.00099 && $3 + 0 < 0.00101 { found = 1 }
     END { exit !found }' "$out/qos-spec-4k-randread-qd1.csv" && ok "QoS chart CSV: the published 99.999th percentile" ||
	fail "QoS chart CSV: no published 0.46 ms point"
[ "$(head -1 "$out/tests/fc-4k-randread.csv")" = "metric,drv" ] &&
	ok "fc-4k-randread: no column for published figures or the drive without tests" ||
	fail "fc-4k-randread columns: $(head -1 "$out/tests/fc-4k-randread.csv")"
# the curve table: a row per profile and drive
cut -d, -f2 "$out/family-curve.csv" | grep -qx 'sata-nas-3.84tb (published)' &&
	! cut -d, -f2 "$out/family-curve.csv" | grep -q 'spec-qos-example\|empty' &&
	ok "curve table: the reference with a curve figure, not the others" ||
	fail "curve table drives: $(cut -d, -f2 "$out/family-curve.csv" | tr '\n' ' ')"
grep -q '^4K random read,sata-nas-3.84tb (published),68411,,,?$' "$out/family-curve.csv" &&
	ok "curve table: a published peak without its latency is the peak, its latency unknown" ||
	fail "curve table: $(grep '^4K random read' "$out/family-curve.csv")"

# 70/30 scaling: read and write p99 rows, values from the fio JSON (ns), in the row's unit (the
# CSV keeps 9 significant digits)
s=$out/family-scaling.csv
rp=$(jq '.jobs[0].read.clat_ns.percentile["99.000000"]' "$c02/randrw-32-8.json")
wp=$(jq '.jobs[0].write.clat_ns.percentile["99.000000"]' "$c02/randrw-32-8.json")
p99() { grep "^drv,$1 p99 (" "$s" | sed 's/^[^(]*(\([^)]*\)),\(.*\)$/\2 \1/'; } # one workload: no column
for d in "read:$rp" "write:$wp"; do
	got=$(p99 "${d%%:*}")
	awk -v g="$got" -v ns="${d#*:}" 'BEGIN { split(g, a, " "); s = a[2] == "ms" ? 1e6 : a[2] == "s" ? 1e9 : 1e3;
		d = (a[1] * s - ns) / ns; exit !(a[1] != "" && d * d < 1e-16) }' &&
		ok "8k-7030 scaling: ${d%%:*} p99 $got (fio: ${d#*:} ns)" || fail "8k-7030 scaling ${d%%:*} p99: '$got', fio ${d#*:} ns: $(cat "$s")"
done

# paths from a trailing-slash argument
"$rep" -o "$tmp/report2" --no-charts "$tmp/res/" 2>"$tmp/err2"
grep -q "$tmp/res/empty: no fio JSON result" "$tmp/err2" && ! grep -q '//' "$tmp/err2" &&
	ok "\"DIR/\" prints as DIR/name" || fail "paths: $(cat "$tmp/err2")"

# gnuplot failing under -q: still reported, with gnuplot's words
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "gnuplot: simulated failure" >&2\nexit 1\n' >"$tmp/bin/gnuplot"
chmod +x "$tmp/bin/gnuplot"
PATH=$tmp/bin:$PATH "$rep" -q -o "$tmp/report3" "$drv" 2>"$tmp/err3"
rc=$?
[ $rc = 1 ] && grep -q 'gnuplot failed on .*: gnuplot: simulated failure' "$tmp/err3" &&
	ok "-q and gnuplot failing: exit 1, gnuplot's message in the error" ||
	fail "-q and gnuplot failing: exit $rc: $(cat "$tmp/err3")"

# --help and logstat
"$rep" --help | grep -A1 'ssdreport compare -o DIR' | tr '\n' ' ' | grep -q -- '--title TEXT.*-q' &&
	ok "--help: compare's usage has --title and -q" || fail "--help: $("$rep" --help | grep -A1 'compare -o')"
"$rep" logstat "$tmp/no-such.log" >"$tmp/out4" 2>"$tmp/err4"
rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/out4" ] && grep -q 'no-such.log' "$tmp/err4" &&
	ok "logstat on a missing log: exit 2, nothing on stdout" || fail "logstat: exit $rc, stdout: $(cat "$tmp/out4")"
lab_done
