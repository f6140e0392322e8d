#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=TELEM01,id=telnv
# lab-timeout: 900
# The drive's own account through a review (docs/telemetry.md): four-corners quick on an
# emulated NVMe drive, sampled every second through its admin path. While the second test runs
# the drive's SMART critical warning is raised from QEMU's monitor (qom-set
# smart_critical_warning, LAB-NOTES §4.2) and cleared two seconds after a sample first shows
# it. Every test has its samples (run.json's tests, one file each, schema-checked); the test
# running when it was raised is flagged, the first test is not, and the report flags exactly the
# tests whose samples carry the warning (a sample a few seconds late lands in the next test); QEMU 7.2 reports no
# media-side log (09h, 22h, C0h), so the page says "media writes: not reported by this drive"
# and gives no ratio; the OCP latency monitor is not supported and said so. What one sample
# cost is printed from the samples' own cost_s.
. tests/lab/lib.sh
. tests/lab/nvme.inc
REPO=$PWD
ng=$(nvme_ng TELEM01) || { fail "no NVMe controller with serial TELEM01"; lab_done; }
out=/tmp/review
"$REPO/driver/ssd-review" --drive tel="$ng" --suite four-corners --profile quick --yes \
	--out "$out" >/tmp/review.log 2>&1 &
rpid=$!
for _ in $(seq 1 600); do
	st=$(jq -r '.tests[1].status // empty' "$out/tel/run.json" 2>/dev/null)
	case $st in running | done | failed) break ;; esac
	kill -0 $rpid 2>/dev/null || break
	sleep 0.5
done
echo "# second test: $(jq -r '.tests[1].id' "$out/tel/run.json") (${st:-not started})"
sleep 3
lab_monitor "qom-set /machine/peripheral/telnv smart_critical_warning 2" | sed 's/^/# monitor: /'
# the test whose samples first carry it: the one running when the drive raised it (the monitor
# and the guest's admin queue take a moment under TCG, so it is read, not assumed)
second=""
for _ in $(seq 1 120); do
	second=$(grep -l '"critical_warning":2' "$out"/tel/telemetry/*.jsonl 2>/dev/null | head -n 1)
	[ -n "$second" ] && break
	sleep 0.5
done
second=$(basename "${second:-none}" .jsonl)
echo "# the warning first sampled in: $second"
sleep 2
lab_monitor "qom-set /machine/peripheral/telnv smart_critical_warning 0" | sed 's/^/# monitor: /'
timeout 600 tail --pid=$rpid -f /dev/null
wait $rpid
rc=$?
tail -n 4 /tmp/review.log | cut -c1-200 | sed 's/^/# review: /'
[ "$rc" = 0 ] && ok "ssd-review exit 0" || fail "ssd-review exit $rc"
[ "$(jq -r --arg id "$second" '.tests[] | select(.id == $id) | .status' "$out/tel/run.json")" = done ] &&
	ok "$second done (the warning does not stop a test)" || fail "$second: not done"

ids=$(jq -r '.tests[].id' "$out/tel/run.json")
missing=""
for id in $ids; do
	n=$(grep -c '"kind":"sample"' "$out/tel/telemetry/$id.jsonl" 2>/dev/null)
	echo "# $id: ${n:-0} samples"
	[ "${n:-0}" -ge 2 ] || missing="$missing $id"
done
[ -z "$missing" ] && ok "every test has its samples (first, every second, last)" ||
	fail "tests without samples:$missing"
record_schemas "$out/tel/telemetry"
w=$(jq -s '[.[] | select(.kind == "sample" and .critical_warning == 2)] | length' \
	"$out/tel/telemetry/$second.jsonl")
[ "${w:-0}" -ge 1 ] && ok "$second: $w samples carry critical warning 0x02" ||
	fail "$second: no sample with the warning"
# the tests whose samples carry a warning, from the raw files: the report must flag exactly these
warned=$(for id in $ids; do
	jq -e -s '[.[] | select(.kind == "sample" and (.critical_warning // 0) != 0)] | length > 0' \
		"$out/tel/telemetry/$id.jsonl" >/dev/null && echo "$id"; done | tr '\n' ' ')
first=$(echo "$ids" | head -n 1)
echo "# tests with warning samples: $warned"
case " $warned " in *" $first "*) fail "$first (before the warning) has warning samples" ;;
*) ok "$first, before the warning was raised, has none" ;; esac
jq -e -s '[.[] | select(.kind == "sample")] | all(.media_writes == null and .temperature_c != null and .data_written_bytes != null)' \
	"$out/tel/telemetry/$second.jsonl" >/dev/null &&
	ok "QEMU's drive: SMART temperature and data units, no media-side log" ||
	fail "unexpected sample fields: $(tail -n 1 "$out/tel/telemetry/$second.jsonl" | cut -c1-300)"
jq -e -s '[.[] | select(.kind == "latency_monitor")][0].status == "not supported"' \
	"$out/tel/telemetry/$second.jsonl" >/dev/null &&
	ok "the OCP latency monitor: not supported, recorded" || fail "no latency monitor line"

csv=$out/report/telemetry.csv
if [ -f "$csv" ]; then
	sed 's/^/# report: /' "$csv" | cut -c1-250
	grep "^$second," "$csv" | grep -q 'critical warning 0x02 (temperature outside threshold)' &&
		ok "the report flags $second: critical warning 0x02" || fail "the report does not flag $second"
	flagged=$(grep 'critical warning' "$csv" | cut -d, -f1 | tr '\n' ' ')
	[ "$flagged" = "$warned" ] && ok "the report flags exactly the tests whose samples carry it ($flagged)" ||
		fail "flagged: '$flagged', samples with a warning: '$warned'"
	grep -q 'media writes: not reported by this drive' "$csv" && ! cut -d, -f6 "$csv" | grep -q '^1\.00$' &&
		ok "the report: media writes not reported by this drive, no ratio" || fail "media writes column"
else
	fail "no telemetry table in the report ($(ls "$out/report" | tr '\n' ' '))"
fi
# what one sample cost (wall time, measured by the driver around each sample)
jq -rs '[.[] | select(.kind == "sample") | .cost_s] | "# sample cost: \(length) samples, mean \((add / length * 1e6 | floor)) us, max \((max * 1e6 | floor)) us"' \
	"$out"/tel/telemetry/*.jsonl
lab_done
