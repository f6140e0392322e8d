#!/usr/bin/env bash
# lab-args: --scsi size=256M,serial=PTSSAS1,throttle=steady
# lab-timeout: 4200
# lab-long: the whole quick PTS suite takes 20-70 min on an emulated drive, depending on how soon each test is steady
# SNIA PTS (--suite pts --profile quick) end to end on an emulated SCSI disk (QEMU scsi-hd behind
# virtio-scsi) through SCSI generic, purged by FORMAT UNIT: the four PTS tests done, every
# steady-state phase 5 to 25 rounds, WSAT until 4 x the span, and pts.html with each test's
# header block and charts. The disk is throttled (scripts/lab throttle=steady) as in pts_quick.sh.
# (FORMAT UNIT behind QEMU's MegaRAID: tests/lab/pts_purge.sh.)
. tests/lab/lib.sh
. tests/host/lib/review-checks.sh
rv_need_built
sg=$(lab_sg_by_serial PTSSAS1) || { fail "no SCSI disk PTSSAS1"; lab_done; }
out=/tmp/pts-sas
rm -rf "$out"
t0=$(date +%s)
driver/ssd-review --drive sas="$sg" --suite pts --profile quick --purge format-unit \
	--confirm PTSSAS1 --yes --out "$out" 2>/tmp/pts-sas.err
rc=$?
echo "# SCSI: --suite pts --profile quick took $(($(date +%s) - t0)) s in the guest"
grep -E 'round [0-9]+:.*(steady|written)|done in|FAILED' /tmp/pts-sas.err | sed 's/^/# /'
[ "$rc" = 0 ] && ok "ssd-review --suite pts --profile quick on $sg exits 0" ||
	{ fail "ssd-review exited $rc"; tail -n 20 /tmp/pts-sas.err | sed 's/^/# /'; }
d=$out/sas
rv_check "run.json: 4 PTS tests, every one done" \
	jq -e '[.tests[] | select(.family == "pts" and .status == "done")] | length == 4' "$d/run.json"
rv_check "every purge was FORMAT UNIT" \
	jq -e '[.tests[].pts.phases[] | select(.purge != null) | .purge.method] | unique == ["format-unit"]' "$d/run.json"
rv_check "every steady-state phase ran 5 to 25 rounds and ended steady or not achieved" \
	jq -e '[.tests[] | select(.id != "pts-wsat") | .pts.phases[]] | length == 6 and all((.rounds | length) >= 5 and (.rounds | length) <= 25 and (.status == "steady" or .status == "steady state not achieved"))' "$d/run.json"
rv_check "pts-wsat wrote 4 x the span (or stopped at its round limit)" \
	jq -e '.tests[] | select(.id == "pts-wsat") | .pts.phases[0] | .status == "written" and .bytes_written >= .stop_written_bytes or .status == "round limit"' "$d/run.json"
rv_check "a pts-iops round holds the 56 cells" \
	jq -e '[.jobs[].jobname] | length == 56' "$d/pts-iops/iops-round-01.json"
if [ -x reporter/ssdreport ]; then
	rv_check "the report (ssd-review's) has pts.html, linked from index.html" \
		grep -q 'href="pts.html' "$out/report/index.html"
	for t in pts-iops pts-throughput pts-latency pts-wsat; do
		rv_check "pts.html: $t has its header block" grep -q "id=\"pts-sas-$t\"" "$out/report/pts.html"
	done
	rv_check "convergence and window charts for the 6 steady-state phases, the IOPS, latency and WSAT charts" \
		test "$(ls "$out"/report/pts-sas-*-convergence.png "$out"/report/pts-sas-*-window.png | wc -l)" = 12 -a \
		-s "$out/report/pts-sas-pts-iops-iops-iops-vs-bs.png" -a -s "$out/report/pts-sas-pts-latency-latency-latency-bars.png" -a \
		-s "$out/report/pts-sas-pts-wsat-wsat-wsat.png"
fi
[ "$RV_FAILED" = 0 ] || LAB_FAILED=1
lab_done
