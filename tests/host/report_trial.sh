#!/usr/bin/env bash
# sanitize: yes
# What a user trial of the reporter found (fixr), on a results root given with a trailing slash:
# one drive (../shared/cases c04 and c02 files named as test ids) and one drive directory with no
# test, with --reference spec-qos-example (latency only) and sata-nas-3.84tb (curve IOPS only):
#  - the published latency (lat_mean_ms, lat_pct_ms) reaches the test table and the QoS .dat;
#  - a published or test-less drive gets no column in a table where it has no value;
#  - with -q nothing reaches stderr (gnuplot's warnings included), but a failing gnuplot is
#    still reported with its own words;
#  - a 70/30 scaling table gives read and write p99 (from the fio JSON);
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

# published figures, ms, from the reference file; the table prints at most 3 decimals
row() { grep "^$1," "$out/test-spec-4k-randread-qd1.csv" | awk -F, '{ print $NF }'; }
head -1 "$out/test-spec-4k-randread-qd1.csv" | grep -q ',spec-qos-example (published)$' &&
	ok "spec-4k-randread-qd1 has the published column" || fail "no published column: $(head -1 "$out/test-spec-4k-randread-qd1.csv")"
for m in "read avg latency:.read.lat_mean_ms" "read p99:.read.lat_pct_ms.\"99\"" \
	"read p99.9:.read.lat_pct_ms.\"99.9\"" "read p99.999:.read.lat_pct_ms.\"99.999\""; do
	want=$(jq -r ".tests[0]${m#*:}" "$ref") got=$(row "${m%%:*}")
	awk -v a="$got" -v b="$want" 'BEGIN { exit !(a != "" && a - b < 1e-9 && b - a < 1e-9) }' &&
		ok "published ${m%%:*}: $got ms" || fail "published ${m%%:*}: got '$got', expected $want"
done
# QoS .dat: the published block holds 0.46 ms at 0.001 % exceedance (99.999th percentile)
awk '/^# drive spec-qos-example read/ { on = 1; next } /^# drive/ { on = 0 }
     on && $1 == 0.46 && $2 + 0 > 0.00099 && $2 + 0 < 0.00101 { found = 1 } END { exit !found }' \
	"$out/qos-spec-4k-randread-qd1.dat" && ok "QoS .dat: the published 99.999th percentile" ||
	fail "QoS .dat: no published 0.46 ms point"
[ "$(head -1 "$out/test-fc-4k-randread.csv")" = "metric,drv" ] &&
	ok "fc-4k-randread: no column for published figures or the drive without tests" ||
	fail "fc-4k-randread columns: $(head -1 "$out/test-fc-4k-randread.csv")"
head -1 "$out/curve-4k-randread.csv" | grep -q 'sata-nas-3.84tb IOPS' &&
	! head -1 "$out/curve-4k-randread.csv" | grep -q 'spec-qos-example\|empty' &&
	ok "curve table: the reference with a curve figure, not the others" ||
	fail "curve table columns: $(head -1 "$out/curve-4k-randread.csv")"

# 70/30 scaling: read and write p99 columns, values from the fio JSON (ns -> ms)
s=$out/scaling-8k-7030.csv
rp=$(jq '.jobs[0].read.clat_ns.percentile["99.000000"] / 1e6' "$c02/randrw-32-8.json")
wp=$(jq '.jobs[0].write.clat_ns.percentile["99.000000"] / 1e6' "$c02/randrw-32-8.json")
head -1 "$s" | grep -q 'drv read p99,drv write p99' &&
	awk -F, -v r="$rp" -v w="$wp" 'NR == 2 { exit !(($(NF-1) - r) ^ 2 < 1e-6 && ($NF - w) ^ 2 < 1e-6) }' "$s" &&
	ok "8k-7030 scaling: read p99 $rp ms, write p99 $wp ms" || fail "8k-7030 scaling: $(cat "$s")"

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
