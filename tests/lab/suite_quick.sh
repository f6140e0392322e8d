#!/usr/bin/env bash
# lab-args: --mem 2048 --nvme size=1G,serial=REVIEW01
# lab-timeout: 2400
# The review driver's quick profile, every suite, on one emulated NVMe drive through ssdeng:
# the application workload first (ssd-apps: MariaDB + sysbench on XFS over the whole drive),
# then every expected fio result file exists with the right jobs (T/Q points, curve points),
# run.json and drive.json are complete, and the report (when ssdreport is built) names the drive.
. tests/lab/lib.sh
. tests/host/lib/review-checks.sh
# the guest's kernel modules live outside the host's /lib/modules; mount(8) cannot load xfs
lab_modprobe xfs || fail "modprobe xfs"
ctrl=$(lab_nvme_by_serial REVIEW01) || { fail "no NVMe controller REVIEW01"; lab_done; }
# the block device works with every transport on main; use /dev/ngXnY once the nvme transport is in
dev=/dev/${ctrl#/dev/}n1
out=/tmp/review
# the plan's length comes from the catalogue through the driver's own --dry-run, not a count here
planned=$(driver/ssd-review --drive lab-nvme="$dev" --engine-opt transport=block --profile quick \
	--suite all --dry-run 2>/dev/null | grep -c '^lab-nvme ')
[ "${planned:-0}" -gt 0 ] && ok "the plan lists $planned tests" || fail "ssd-review --dry-run listed no test"
t0=$(date +%s)
# transport=block keeps this test about the driver and its result files; NVMe passthrough under
# load is covered by tests/lab/nvme_*.sh and by make demo (which reviews through nvme-uring)
driver/ssd-review --drive lab-nvme="$dev" --engine-opt transport=block --profile quick --suite all \
	--yes --out "$out" 2>/tmp/review.err
rc=$?
echo "# quick --suite all took $(($(date +%s) - t0)) s in the guest"
[ "$rc" = 0 ] && ok "ssd-review --profile quick --suite all on $dev exits 0" ||
	{ fail "ssd-review exited $rc"; tail -n 20 /tmp/review.err | sed 's/^/# /'; }
d=$out/lab-nvme
expect_prep "$d"
expect_enterprise "$d" "2:2 4:4 8:8 16:16"
expect_four_corners "$d"
expect_spec "$d"
expect_curves "$d" 50
expect_run_json "$d" "$planned"
rv_check "apps-oltp ran first and is done" jq -e '.tests[0].id == "apps-oltp" and .tests[0].status == "done"' "$d/run.json"
rv_check "apps-oltp: TPS > 0 in total" jq -e '.status == "done" and .total.tps > 0' "$d/apps-oltp/apps.json"
rv_check "drive.json names $dev" jq -e --arg d "$dev" '.device == $d and .kind == "nvme-blk"' "$d/drive.json"
if [ -x reporter/ssdreport ]; then
	rv_check "the report's index.html names the drive" grep -q lab-nvme "$out/report/index.html"
fi
[ "$RV_FAILED" = 0 ] || LAB_FAILED=1
lab_done
