#!/usr/bin/env bash
# lab-args: --mem 2048 --nvme size=2G,serial=APPSNV01 --nvme size=256M,serial=APPSTINY --scsi size=2G,serial=APPSSAS1
# lab-timeout: 1800
# driver/ssd-review --suite apps --only apps-oltp --profile quick on three drives in one run
# (apps-tpcc, the suite's other test, runs in apps_quick.sh, in this same guest, and make demo: the
# CI's time): an emulated NVMe
# drive (its /dev/ngXnY), a 256 MiB NVMe drive too small for the tables, and a SCSI disk behind
# virtio-scsi (its /dev/sgN), two MariaDB instances each. The NVMe and SAS tests are done with
# TPS > 0 and latencies present per instance and in total (the total's p99 from the merged
# histograms), the servers' settings and each step's time read back, their apps.json beside
# sysbench's outputs, the filesystem unmounted and its mount point removed; the small drive's test fails with the space message as its reason in run.json and the
# run goes on to the SAS disk (exit 1: a test failed); no mariadbd is left running and nothing
# is mounted afterwards; the report opens with the Application workloads section, its values
# those of apps.json, the failed drive marked. Then --resume keeps the done tests.
# The SCSI disk sits behind virtio-scsi: QEMU's MegaRAID HBA fails the cache flush that mkfs.xfs
# and InnoDB need (apps/README.md). Prints the run's wall time.
. tests/lab/lib.sh

for p in mariadbd mariadb-install-db sysbench mkfs.xfs; do
	command -v "$p" >/dev/null || { fail "$p is not installed on the host (scripts/install-deps)"; lab_done; }
done
[ -x apps/ssd-apps ] && [ -x reporter/ssdreport ] || { fail "not built (make)"; lab_done; }
# the guest's kernel modules live outside the host's /lib/modules; mount(8) cannot load xfs
lab_modprobe xfs || fail "modprobe xfs"

ctrl=$(lab_nvme_by_serial APPSNV01) || { fail "no NVMe controller APPSNV01"; lab_done; }
nvme=/dev/ng${ctrl#/dev/nvme}n1
tiny=$(lab_nvme_by_serial APPSTINY) || { fail "no NVMe controller APPSTINY"; lab_done; }
tiny=/dev/ng${tiny#/dev/nvme}n1
sas=$(lab_sg_by_serial APPSSAS1) || { fail "no SCSI disk APPSSAS1"; lab_done; }
out=/tmp/review-apps

t0=$(date +%s)
driver/ssd-review --suite apps --only apps-oltp --profile quick --yes --out $out \
	--drive nvme="$nvme" --drive tiny="$tiny" --drive sas="$sas" >/tmp/review-apps.log 2>&1
rc=$?
echo "# ssd-review --suite apps --only apps-oltp --profile quick on 3 drives took $(($(date +%s) - t0)) s in the guest"
sed 's/^/# /' /tmp/review-apps.log
[ "$rc" = 1 ] && ok "exit 1: one test failed, the run went on" || fail "exit $rc, expected 1"

for d in nvme sas; do
	j=$out/$d/apps-oltp/apps.json
	check jq -e '.tests[0] | .id == "apps-oltp" and .status == "done" and .reason == null and .fio_rc == 0' $out/$d/run.json
	check jq -e '.tests[0].params | .instances == 2 and .tables == 4 and .table_size == 10000 and .threads == 4 and .warmup_s == 5 and .time_s == 20' $out/$d/run.json
	check jq -e '.manifest.request.apps | .warmup_s == 5 and .time_s == 20 and .instances == null' $out/$d/run.json
	check jq -e '.status == "done" and (.instances | length) == 2 and ([.instances[].tps > 0] | all) and .total.tps > 0' "$j"
	check jq -e '([.instances[].latency_ms | .avg > 0 and .p99 > 0] | all) and .total.latency_ms.avg > 0 and .total.latency_ms.p99 > 0' "$j"
	check jq -e '([.instances[].latency_ms.p95 > 0] | all) and .total.p99_method == "merged-histogram"' "$j"
	check jq -e '([.instances[].settings.innodb_flush_method == "O_DIRECT"] | all) and (.timings_s | .install > 0 and .prepare > 0 and .run > 0)' "$j"
	for f in run prepare warmup; do
		[ -s $out/$d/apps-oltp/db1/$f.txt ] && ok "$d: sysbench's $f output kept beside apps.json" || fail "$d: no db1/$f.txt"
	done
	mnt=$(jq -r .filesystem.mount_point "$j")
	[ -n "$mnt" ] && [ "$mnt" != null ] && [ ! -e "$mnt" ] && ok "$d: mount point $mnt removed" || fail "$d: mount point '$mnt' left"
	echo "# $d total: $(jq -c '.total | {tps, latency_ms}' "$j"); timings (s): $(jq -c '.timings_s | map_values(round)' "$j")"
done
check jq -e '.tests[0] | .status == "failed" and (.reason | test("too small for the tables"))' $out/tiny/run.json
echo "# tiny's reason: $(jq -r '.tests[0].reason' $out/tiny/run.json)"
grep -q 'tiny · apps-oltp · FAILED (ssd-apps exit 1): .*too small' /tmp/review-apps.log &&
	ok "the progress line names the failure" || fail "no FAILED line for tiny"
! mariadbd_running && ok "no mariadbd left running" || fail "a mariadbd is still running"
if grep -q ' /tmp/ssd-apps\.' /proc/mounts; then fail "a filesystem is still mounted: $(grep ssd-apps /proc/mounts)"
else ok "no ssd-apps filesystem left mounted"; fi
for b in "${ctrl#/dev/}n1" "$(basename "$(ls -d /sys/class/scsi_generic/"${sas#/dev/}"/device/block/* 2>/dev/null)")"; do
	grep -q "^/dev/$b " /proc/mounts && fail "/dev/$b is mounted" || ok "/dev/$b is not mounted"
done

# the report: the section first, the values apps.json's, the failed drive marked
html=$out/report/index.html
[ -s "$html" ] && ok "the report was written" || fail "no $html"
first=$(grep -o '<h2 id="family-[a-z-]*"' "$html" | head -1)
[ "$first" = '<h2 id="family-apps"' ] && ok "the first family section is apps" || fail "first family section: '$first'"
csv=$out/report/apps-oltp-figures.csv
# the column of drive $1 in the section's table, row "$2,$3"
cell() { awk -F, -v d="$1" -v r="$2,$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == d) c = i }
	index($0, r ",") == 1 { print $c }' "$csv"; }
for d in nvme sas; do
	j=$out/$d/apps-oltp/apps.json
	for k in 'transactions/s,total:.total.tps' 'transactions/s,db2:.instances[1].tps' \
		'average latency (ms),total:.total.latency_ms.avg' 'p99 latency (ms),db1:.instances[0].latency_ms.p99'; do
		want=$(jq "${k#*:}" "$j")
		got=$(cell $d "${k%%,*}" "$(cut -d, -f2 <<<"${k%%:*}")")
		awk -v a="$got" -v b="$want" 'BEGIN { d = (a - b) / b; exit !(a != "" && d * d < 1e-14) }' &&
			ok "report: $d ${k%%:*} = apps.json ${k#*:} ($want)" || fail "report: $d ${k%%:*} '$got', apps.json $want"
	done
done
[ "$(cell tiny 'transactions/s' total)" = failed ] && ok "report: tiny's column says failed, no figure" ||
	fail "report: tiny's cell: $(cell tiny 'transactions/s' total)"
grep -q 'tiny: failed at space: the drive is too small' "$html" && ok "report: tiny's reason under the table" ||
	fail "report: no reason for tiny"
grep -q 'MySQL OLTP total transactions/s' "$out/report/summary.csv" && ok "report: the summary has the total TPS row" ||
	fail "report: no TPS row in the summary"
# kept for inspection and fixtures (build/ is not tracked)
mkdir -p build/lab && rm -rf build/lab/review_apps && cp -r $out build/lab/review_apps 2>/dev/null

# --resume keeps the done tests and reruns the failed one (it fails again, quickly)
driver/ssd-review --resume --out $out --no-report >/tmp/review-apps-resume.log 2>&1
sed 's/^/# /' /tmp/review-apps-resume.log
grep -q 'nvme · apps-oltp · kept' /tmp/review-apps-resume.log && ok "--resume keeps the done apps test" ||
	fail "--resume did not keep nvme's apps test"
check jq -e '.tests[0].params.instances == 2 and .tests[0].resumed == true' $out/nvme/run.json
lab_done
