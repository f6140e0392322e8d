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

epoch() { jq -r --arg id "$1" --arg k "$2" '.tests[] | select(.id == $id) | .[$k]' "$D/run.json" |
	python3 -c 'import sys,calendar,time; print(calendar.timegm(time.strptime(sys.stdin.read().strip(), "%Y-%m-%dT%H:%M:%SZ")))'; }

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
grep -q 'OCP latency monitor (log C3h, feature C5h): not supported' "$tmp/r/index.html" &&
	ok "the latency monitor's not-supported path is said once" || fail "no latency monitor note"
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
