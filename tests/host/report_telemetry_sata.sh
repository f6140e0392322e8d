#!/usr/bin/env bash
# sanitize: yes
# A SATA drive's media writes in the report (docs/telemetry.md, "SATA vendor attributes"): the
# golden fixture given telemetry/<test>.jsonl files of sata-attribute samples as ssd-review
# writes them (checked against docs/schemas). Every figure is computed here from the samples:
# an Intel family's NAND writes against its own host writes attribute (bytes), a Micron
# family's program pages ((247 + 248) / 247, a ratio with no bytes), the source named with its
# attribute and family, and a drive of no family ("QEMU HARDDISK") said to report none, with no
# ratio.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report telemetry sata"
REPORT_CASES=no
. tests/host/lib/report-env.sh
cp -r tests/unit/reporter/fixtures/golden/results/nvme-lab "$tmp/sata"
D=$tmp/sata
rm -rf "$D/telemetry"
mkdir -p "$D/telemetry"

epoch() { jq -r --arg id "$1" --arg k "$2" '.tests[] | select(.id == $id) | .[$k] | fromdateiso8601' "$D/run.json"; }

# sample T TEST TEMP SECTORS_WRITTEN_BYTES MEDIA_JSON
sample() {
	printf '{"schema":"ssdeng.telemetry.v1","kind":"sample","t":%s,"test":"%s","member":null,"part":null,"transport":"sata","error":null,"cost_s":0.002,"temperature_c":%s,"sensors_c":null,"critical_warning":null,"thermal":{"tmt1_transitions":null,"tmt2_transitions":null,"tmt1_seconds":null,"tmt2_seconds":null,"warning_temp_minutes":null,"critical_temp_minutes":null},"data_read_bytes":0,"data_written_bytes":%s,"media_errors":null,"error_log_entries":null,"media_writes":%s}\n' "$@"
}
M32=$((32 << 20))
INTEL='SMART attribute 243 NAND_Writes_32MiB, Intel DC S3510/S3610'
MICRON='SMART attributes (247 Host_Program_Page_Count + 248 Bckgnd_Program_Page_Cnt) / 247, Micron 5100/5200/5300: NAND pages, a ratio'
intel() { printf '{"source":"sata-attribute","bytes":%s,"host_bytes":%s,"attribute":"%s"}' $(($1 * M32)) $(($2 * M32)) "$INTEL"; }
micron() { printf '{"source":"sata-attribute","bytes":null,"host_bytes":null,"pages":%s,"host_pages":%s,"attribute":"%s"}' $(($1 + $2)) "$1" "$MICRON"; }

# precond-4k-randwrite: an Intel DC S3610's 243 (NAND) and 241 (host) in 32 MiB counts
s=$(epoch precond-4k-randwrite started)
{
	sample $((s + 1)) precond-4k-randwrite 35 1000000000 "$(intel 120000 100000)"
	sample $((s + 5)) precond-4k-randwrite 38 2000000000 "$(intel 120750 100300)"
	sample $((s + 9)) precond-4k-randwrite 37 3000000000 "$(intel 121110 100540)"
} >"$D/telemetry/precond-4k-randwrite.jsonl"
# 4k-randwrite: a Micron 5200's host (247) and background (248) program pages
s=$(epoch 4k-randwrite started)
{
	sample $((s + 1)) 4k-randwrite 36 3000000000 "$(micron 500000 90000)"
	sample $((s + 6)) 4k-randwrite 40 4000000000 "$(micron 512000 97400)"
} >"$D/telemetry/4k-randwrite.jsonl"
# 4k-randread: the lab's "QEMU HARDDISK", in no family: no media writes
s=$(epoch 4k-randread started)
{
	sample $((s + 1)) 4k-randread 30 4000000000 null
	sample $((s + 4)) 4k-randread 31 4000000000 null
} >"$D/telemetry/4k-randread.jsonl"

python3 tests/host/lib/record_schema.py "$D/telemetry" | grep -v '^ok' | head -5
python3 tests/host/lib/record_schema.py "$D/telemetry" >/dev/null &&
	ok "the sata-attribute lines match docs/schemas/telemetry.schema.json" ||
	fail "sata-attribute lines do not match their schema"

"$rep" -o "$tmp/r" --no-charts "$D" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && ok "ssdreport exit 0" || fail "ssdreport exit $rc: $(head -3 "$tmp/err")"
csv=$tmp/r/telemetry.csv
[ -f "$csv" ] || { fail "no telemetry.csv: $(ls "$tmp/r" | tr '\n' ' ')"; lab_done; }
sed 's/^/# /' "$csv"
row() { grep "^$1," "$csv" | head -1; }

# the ratios computed from the samples' first and last counts
waf() { python3 -c "import sys; a=[float(x) for x in sys.argv[1:]]; print('%.2f' % ((a[1]-a[0])/(a[3]-a[2])))" "$@"; }
want=$(waf 120000 121110 100000 100540)
p=$(row precond-4k-randwrite)
echo "$p" | grep -q ",$want," && ok "precond-4k-randwrite: WAF $want = (121110 - 120000) / (100540 - 100000) counts of 32 MiB" ||
	fail "precond-4k-randwrite WAF (want $want): $p"
echo "$p" | grep -qF "SATA SMART vendor attribute: $INTEL" && ok "precond-4k-randwrite: the source names attribute 243 and the family" ||
	fail "precond-4k-randwrite source: $p"
echo "$p" | grep -q "host writes from the same source" && ok "precond-4k-randwrite: host writes from the family's own attribute (241)" ||
	fail "precond-4k-randwrite host source: $p"

want=$(waf $((500000 + 90000)) $((512000 + 97400)) 500000 512000)
w=$(row 4k-randwrite)
echo "$w" | grep -q ",$want," && ok "4k-randwrite: WAF $want = ((247 + 248) deltas) / 247 delta, in pages" ||
	fail "4k-randwrite WAF (want $want): $w"
echo "$w" | grep -q "$((512000 + 97400 - 500000 - 90000)) NAND pages, the host's $((512000 - 500000))" &&
	ok "4k-randwrite: media writes given as NAND pages, never bytes" || fail "4k-randwrite media cell: $w"
echo "$w" | grep -qF "$MICRON" && ok "4k-randwrite: the source names 247 and 248 and says a ratio" ||
	fail "4k-randwrite source: $w"

r=$(row 4k-randread)
echo "$r" | grep -q 'media writes: not reported by this drive' && ! echo "$r" | grep -qE ',1\.00,' &&
	ok "4k-randread (QEMU HARDDISK): media writes not reported by this drive, no ratio" || fail "4k-randread: $r"

# the summary: bytes and pages are not summed together; this drive has both kinds here (as a
# fixture only), so the byte tests' ratio is the one given
sum=$tmp/r/summary.csv
want=$(waf 120000 121110 100000 100540)
grep -F 'Write amplification' "$sum" | grep -q ",$want" &&
	ok "summary: write amplification $want over the tests counted in bytes" ||
	fail "summary WAF (want $want): $(grep -F 'Write amplification' "$sum")"
lab_done
