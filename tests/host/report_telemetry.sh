#!/usr/bin/env bash
# sanitize: yes
# The drive's own account in the report (docs/telemetry.md): a results directory of the lab's
# NVMe drive (the golden fixture) given telemetry/<test>.jsonl files as ssd-review writes them
# (ssdeng.telemetry.v1, checked against docs/schemas). Every figure is computed here from the
# samples: host and media writes between the test's first and last sample within its own
# started..ended of run.json (a sample of an earlier attempt before it is left out), their
# ratio with the source named, the temperature range, the flags of a critical warning and of
# thermal throttling (TMT transitions grew), and "media writes: not reported by this drive"
# with no ratio when the drive gives no media-side count.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report telemetry"
. tests/host/lib/report-env.sh
cp -r tests/unit/reporter/fixtures/golden/results/nvme-lab "$tmp/nvme-lab"
D=$tmp/nvme-lab
mkdir -p "$D/telemetry"

epoch() { jq -r --arg id "$1" --arg k "$2" '.tests[] | select(.id == $id) | .[$k] | fromdateiso8601' "$D/run.json"; }

# sample T TEST TEMP CW TMT1 TMT1_S SMART_WRITTEN MEDIA_JSON
sample() {
	printf '{"schema":"ssdeng.telemetry.v1","kind":"sample","t":%s,"test":"%s","member":null,"part":null,"transport":"nvme","error":null,"cost_s":0.0003,"temperature_c":%s,"sensors_c":null,"critical_warning":%s,"thermal":{"tmt1_transitions":%s,"tmt2_transitions":0,"tmt1_seconds":%s,"tmt2_seconds":0,"warning_temp_minutes":0,"critical_temp_minutes":0},"data_read_bytes":0,"data_written_bytes":%s,"media_errors":0,"error_log_entries":0,"media_writes":%s}\n' "$@"
}

# precond-4k-randwrite: an Endurance Group log; throttling in the middle; one sample of an
# earlier attempt (before started) at 99 °C that must not count
s=$(epoch precond-4k-randwrite started)
f=$D/telemetry/precond-4k-randwrite.jsonl
{
	sample $((s - 100)) precond-4k-randwrite 99 0 0 0 0 '{"source":"nvme-09h","bytes":1000000000,"host_bytes":1000000000}'
	sample $((s + 1)) precond-4k-randwrite 41 0 0 0 5120000000 '{"source":"nvme-09h","bytes":25000000000,"host_bytes":10000000000}'
	sample $((s + 4)) precond-4k-randwrite 56 0 2 12 6144000000 '{"source":"nvme-09h","bytes":28000000000,"host_bytes":11000000000}'
	sample $((s + 8)) precond-4k-randwrite 48 0 2 12 7168000000 '{"source":"nvme-09h","bytes":30000000000,"host_bytes":12000000000}'
} >"$f"
# 4k-randwrite: SMART only (the lab drive), a critical warning raised in the middle
s=$(epoch 4k-randwrite started)
f=$D/telemetry/4k-randwrite.jsonl
{
	sample $((s + 1)) 4k-randwrite 38 0 0 0 7168000000 null
	sample $((s + 3)) 4k-randwrite 39 2 0 0 7680000000 null
	sample $((s + 6)) 4k-randwrite 40 0 0 0 8192000000 null
	printf '{"schema":"ssdeng.telemetry.v1","kind":"latency_monitor","t":%s,"test":"4k-randwrite","member":null,"status":"not supported","message":"Get Log Page Latency Monitor (C3h): Invalid Field in Command","buckets":null}\n' $((s + 6))
} >"$f"

# latmon T TEST STATUS MESSAGE_JSON BUCKETS_JSON
latmon() {
	printf '{"schema":"ssdeng.telemetry.v1","kind":"latency_monitor","t":%s,"test":"%s","member":null,"status":"%s","message":%s,"buckets":%s}\n' "$@"
}
# The OCP latency monitor (thresholds 5, 10, 20, 50 ms). 8k-7030 (json+ bins): reads 540 + 560 +
# 615 + 818 = 2533, writes 246 + 252 + 264 + 351 = 1113; scale-8k-7030-t4q4 (percentiles only);
# 4k-randread not supported in the same words as 4k-randwrite (said once); fc-4k-randread failed.
for t in 8k-7030 scale-8k-7030-t4q4 4k-randread fc-4k-randread; do
	s=$(epoch $t started)
	sample $((s + 1)) $t 40 0 0 0 9000000000 null >"$D/telemetry/$t.jsonl"
done
latmon $(($(epoch 8k-7030 started) + 2)) 8k-7030 read null '{"reads":[540,560,615,818],"writes":[246,252,264,351],"deallocates":[0,0,0,0],"thresholds_ms":[5,10,20,50]}' >>"$D/telemetry/8k-7030.jsonl"
latmon $(($(epoch scale-8k-7030-t4q4 started) + 2)) scale-8k-7030-t4q4 read null '{"reads":[100,60,20,0],"writes":[0,0,0,0],"deallocates":[0,0,0,0],"thresholds_ms":[5,10,20,50]}' >>"$D/telemetry/scale-8k-7030-t4q4.jsonl"
latmon $(($(epoch 4k-randread started) + 2)) 4k-randread "not supported" '"Get Log Page Latency Monitor (C3h): Invalid Field in Command"' null >>"$D/telemetry/4k-randread.jsonl"
latmon $(($(epoch fc-4k-randread started) + 2)) fc-4k-randread failed '"restore: Set Features Latency Monitor (C5h): timed out"' null >>"$D/telemetry/fc-4k-randread.jsonl"

# (the fixture's own run.json and drive.json are of an older driver: the telemetry folder alone)
python3 tests/host/lib/record_schema.py "$D/telemetry" | grep -v '^ok' | head -5
python3 tests/host/lib/record_schema.py "$D/telemetry" >/dev/null &&
	ok "the telemetry lines match docs/schemas/telemetry.schema.json" ||
	fail "telemetry lines do not match their schema"

"$rep" -o "$tmp/r" --no-charts "$D" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && ok "ssdreport exit 0" || fail "ssdreport exit $rc: $(head -3 "$tmp/err")"
csv=$tmp/r/telemetry.csv
[ -f "$csv" ] && ok "a table of the drive's own account (telemetry.csv)" || { fail "no telemetry.csv: $(ls "$tmp/r" | tr '\n' ' ')"; lab_done; }
sed 's/^/# /' "$csv"
row() { grep "^$1," "$csv" | head -1; }
p=$(row precond-4k-randwrite)
# WAF: media 30e9 - 25e9 over the same log's host 12e9 - 10e9 = 2.50
echo "$p" | grep -q ',2\.50,' && ok "precond-4k-randwrite: WAF 2.50 = (30 - 25) GB / (12 - 10) GB, the Endurance Group log's own counts" ||
	fail "precond-4k-randwrite WAF: $p"
echo "$p" | grep -q 'NVMe Endurance Group log (09h)' && ok "precond-4k-randwrite: the media source is named" ||
	fail "no source named: $p"
echo "$p" | grep -q '41 – 56' && ok "precond-4k-randwrite: temperature 41 – 56 °C (the 99 °C of an earlier attempt left out)" ||
	fail "precond-4k-randwrite temperature: $p"
echo "$p" | grep -q 'thermal throttling (12 s)' && ok "precond-4k-randwrite: flagged: thermal throttling (12 s)" ||
	fail "precond-4k-randwrite flag: $p"
w=$(row 4k-randwrite)
echo "$w" | grep -q 'media writes: not reported by this drive' && ! echo "$w" | grep -qE ',1\.00,' &&
	ok "4k-randwrite: media writes not reported by this drive, no ratio" || fail "4k-randwrite: $w"
# host writes: SMART 8192000000 - 7168000000 = 1024000000 bytes = 1.02 GB
echo "$w" | grep -q '1\.02 GB' && echo "$w" | grep -q 'SMART data units written' &&
	ok "4k-randwrite: host writes 1.02 GB from SMART data units written" || fail "4k-randwrite host writes: $w"
echo "$w" | grep -q 'critical warning 0x02 (temperature outside threshold)' &&
	ok "4k-randwrite: flagged: critical warning 0x02 (temperature outside threshold)" || fail "4k-randwrite flag: $w"
n=$(grep -o 'OCP latency monitor (log C3h, feature C5h): not supported by this drive: Get Log Page Latency Monitor (C3h): Invalid Field in Command' "$tmp/r/index.html" | wc -l)
[ "$n" = 1 ] && ok "a drive without the latency monitor says so once (two tests answered 'not supported')" ||
	fail "the latency monitor's 'not supported' said $n times"
grep -q 'OCP latency monitor (log C3h, feature C5h): failed: restore: Set Features Latency Monitor (C5h): timed out, in fc-4k-randread' "$tmp/r/index.html" &&
	ok "a failure of the monitor names its test" || fail "no failure note for fc-4k-randread"
# fio's side of 8k-7030 from its json+ bins, computed here: fio's bucket of key v (its middle)
# spans v -/+ 2^(msb(v) - 6) / 2 (exact below 128 ns); one inside a range counts to both
# bounds, one across an edge to the upper one only
lm=$tmp/r/latmon-8k-7030.csv
if [ -f "$lm" ]; then
	ok "8k-7030: a table of the monitor's buckets beside fio (latmon-8k-7030.csv)"
	sed 's/^/# /' "$lm"
	python3 - "$D/8k-7030.json" "$lm" <<'PY' | while read -r line; do echo "$line"; done
import csv, json, sys
doc = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2])))[1:]
E = [5e6, 10e6, 20e6, 50e6]
R = [(0, E[0]), (E[0], E[1]), (E[1], E[2]), (E[2], E[3]), (E[3], float("inf")), (E[0], float("inf"))]
drive = {"read": [540, 560, 615, 818], "write": [246, 252, 264, 351]}
def edges(v):
    if v < 128:
        return v, v + 1
    w = 1 << (v.bit_length() - 1 - 6)
    return v - w // 2, v + w // 2
for k, d in enumerate(("read", "write")):
    bins = {int(a): c for a, c in doc["jobs"][0][d]["clat_ns"]["bins"].items()}
    for r, (a, b) in enumerate(R):
        lo = sum(c for v, c in bins.items() if edges(v)[0] >= a and edges(v)[1] <= b)
        hi = sum(c for v, c in bins.items() if edges(v)[0] < b and edges(v)[1] > a)
        want = str(lo) if lo == hi else "%d – %d" % (lo, hi)
        got = rows[r][3 + 2 * k]
        dv = "not counted" if r == 0 else str(sum(drive[d]) if r == 5 else drive[d][r - 1])
        ok = got == want and rows[r][2 + 2 * k] == dv
        print("%s - 8k-7030 %s, %s (%s ms): drive %s, fio %s%s" % (
            "ok" if ok else "not ok", d, rows[r][0], rows[r][1], rows[r][2 + 2 * k], got,
            "" if ok else " (expected drive %s, fio %s)" % (dv, want)))
PY
else
	fail "no latmon-8k-7030.csv: $(ls "$tmp/r" | tr '\n' ' ')"
fi
# what the two accounts say: reads 2533 below fio's 2557 - 2558 at or above 5 ms; writes 1113
grep -q 'Reads: fio completed more at or above 5 ms (2557 – 2558) than the drive counted (2533)' "$tmp/r/index.html" &&
	ok "8k-7030 reads: fio completed more slow reads than the drive counted, said" || fail "8k-7030 reads: no verdict"
grep -q "Writes: the drive&#39;s 1113 at or above 5 ms match fio&#39;s 1113: the accounts agree\|Writes: the drive's 1113 at or above 5 ms match fio's 1113: the accounts agree" "$tmp/r/index.html" &&
	ok "8k-7030 writes: the accounts agree (1113 each)" || fail "8k-7030 writes: no verdict"
grep -q 'counted from its completion-latency histogram (json+ bins)' "$tmp/r/index.html" &&
	ok "8k-7030: fio's side named as counted from json+ bins" || fail "8k-7030: fio's source not named"
# scale-8k-7030-t4q4 has percentiles only: bounds, said so; its maximum (38.6 ms) is below
# 50 ms, so bucket 3 is 0 exactly
ls=$tmp/r/latmon-scale-8k-7030-t4q4.csv
max=$(jq '.jobs[0].read.clat_ns.max' "$D/scale-8k-7030-t4q4.json")
b3=$(grep '^bucket 3,' "$ls" | cut -d, -f4)
[ "$(echo "$max < 50000000" | bc)" = 1 ] && [ "$b3" = 0 ] &&
	ok "scale-8k-7030-t4q4: no read at or above 50 ms (maximum $max ns)" || fail "scale-8k-7030-t4q4 bucket 3: $b3 (max $max)"
grep -q 'derived from its completion-latency percentiles, minimum and maximum (the test&#39;s output has no json+ bins): bounds, not counts\|derived from its completion-latency percentiles, minimum and maximum (the test.s output has no json+ bins): bounds, not counts' "$tmp/r/index.html" &&
	ok "scale-8k-7030-t4q4: fio's side said to be bounds from percentiles" || fail "scale-8k-7030-t4q4: no percentile note"
grep -q 'reported critical warning 0x02 (temperature outside threshold) during this test' "$tmp/r/tests/4k-randwrite.html" &&
	ok "4k-randwrite's own page carries the flag above its figures" || fail "no flag on tests/4k-randwrite.html"
! grep -q 'during this test' "$tmp/r/tests/4k-randread.html" && ok "4k-randread's page has no flag" ||
	fail "4k-randread flagged"
sum=$tmp/r/summary.csv
grep -F 'Write amplification' "$sum" | grep -q ',2\.50' &&
	ok "summary: write amplification 2.50 over the tests with a media count" ||
	fail "summary WAF: $(grep -F 'Write amplification' "$sum")"
grep -F 'Hottest temperature' "$sum" | grep -q ',56' && ok "summary: hottest temperature 56 °C" ||
	fail "summary hottest: $(grep -F 'Hottest' "$sum")"
lab_done
