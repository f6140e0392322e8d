#!/usr/bin/env bash
# lab-args: --mem 2048 --nvme size=2G,serial=APPSNV01 --nvme size=256M,serial=APPSTINY --scsi size=2G,serial=APPSSAS1
# lab-timeout: 1500
# ssd-apps --workload tpcc --profile quick (PostgreSQL + sysbench tpcc.lua, two instances) on an
# emulated NVMe drive given as its /dev/ngXnY: done, TPS and New-Orders per minute per instance,
# the per-type counts adding up to sysbench's, TPC-C's consistency conditions held on both
# instances, the durable settings read back, no postgres left running, unmounted (make demo runs
# it on both of its drives). Then a 256 MiB drive too small for the tables fails with a message
# naming the sizes, before any filesystem is made. Prints the run's wall time.
# The MySQL OLTP workload (MariaDB + sysbench oltp_read_write) is checked through ssd-review in
# review_apps.sh, in this same guest (the same drives: one boot, each workload run once): the
# NVMe drive through its ng node and a SCSI disk behind virtio-scsi through its sg node. Not
# QEMU's MegaRAID HBA: with megasas (use_jbod=on) the cache flush fails, and mkfs.xfs stops with
# "Flushing the data device failed, err=121" (EREMOTEIO; measured in this lab), as would every
# fsync of the database.
. tests/lab/lib.sh

apps=apps/ssd-apps
[ -x "$apps" ] || { fail "$apps is not built (make)"; lab_done; }
for p in sysbench mkfs.xfs psql; do
	command -v "$p" >/dev/null || { fail "$p is not installed on the host (scripts/install-deps)"; lab_done; }
done
# the guest's kernel modules live outside the host's /lib/modules; mount(8) cannot load xfs
lab_modprobe xfs || fail "modprobe xfs"

ctrl=$(lab_nvme_by_serial APPSNV01) || { fail "no NVMe controller APPSNV01"; lab_done; }

# the TPC-C-like workload
dev=/dev/ng${ctrl#/dev/nvme}n1 out=/tmp/tpcc-nvme
t0=$(date +%s)
"$apps" run --workload tpcc --dev "$dev" --out $out --yes --profile quick >$out.log 2>&1
rc=$?
echo "# nvme: ssd-apps --workload tpcc --profile quick on $dev took $(($(date +%s) - t0)) s in the guest"
sed 's/^/# /' $out.log
[ "$rc" = 0 ] && ok "nvme: ssd-apps --workload tpcc exits 0" ||
	{ fail "nvme: tpcc: exit $rc"; tail -n 20 $out/db*/postgres.log 2>/dev/null | sed 's/^/# /'; }
j=$out/tpcc.json
check jq -e '.schema == "ssdeng.apps-tpcc.v1" and .status == "done" and .consistency_holds == true' "$j"
check jq -e '(.instances | length) == 2 and ([.instances[] | .tps > 0 and .new_orders_per_min > 0 and .latency_ms.p99 > 0] | all)' "$j"
check jq -e '[.instances[] | ([.types[] | .done + .rolled_back] | add) == .transactions] | all' "$j"
check jq -e '[.instances[].consistency[] | .holds] | length == 8 and all' "$j"
check jq -e '[.instances[].settings | .fsync == "on" and .synchronous_commit == "on" and .full_page_writes == "on"] | all' "$j"
echo "# nvme tpcc timings (s): $(jq -c '.timings_s | map_values(. * 10 | round / 10)' "$j")"
echo "# nvme tpcc total: $(jq -c '.total | {tps, new_orders_per_min, latency_ms: (.latency_ms | {avg, p99})}' "$j")"
mnt=$(jq -r .filesystem.mount_point "$j")
! postgres_running && ok "nvme: tpcc: no postgres left running" || fail "nvme: tpcc: a postgres is still running"
[ -n "$mnt" ] && [ ! -e "$mnt" ] && ! grep -q " $mnt " /proc/mounts && ok "nvme: tpcc: unmounted, $mnt removed" ||
	fail "nvme: tpcc: $mnt left"

# a drive too small for the tables: refused before mkfs, with both sizes in the message
tiny=$(lab_nvme_by_serial APPSTINY) || { fail "no NVMe controller APPSTINY"; lab_done; }
tdev=/dev/${tiny#/dev/}n1
"$apps" run --dev "$tdev" --out /tmp/apps-tiny --yes --profile quick >/tmp/apps-tiny.log 2>&1
rc=$?
sed 's/^/# /' /tmp/apps-tiny.log
[ "$rc" = 1 ] && ok "tiny: exit 1 on a 256 MiB drive" || fail "tiny: exit $rc, expected 1"
grep -q 'too small for the tables: 2 instances × 4 tables × 10000 rows need about 657.1 MiB .*has 256.0 MiB' \
	/tmp/apps-tiny.log && ok "tiny: the message names the tables, the estimate and the drive's size" ||
	fail "tiny: message: $(cat /tmp/apps-tiny.log)"
check jq -e '.status == "failed" and .failed_step == "space" and .filesystem.type == null' /tmp/apps-tiny/apps.json
blkid "$tdev" >/dev/null 2>&1 && fail "tiny: a filesystem was made on $tdev" || ok "tiny: no filesystem made"
lab_done
