#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,serial=NV4K
# lab-timeout: 300
# hipri where the nvme driver has no poll queues (the lab's default): the job runs on interrupts
# and says so once, in one warning, not an error per I/O; its data verifies.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NV4K) || { fail "no NVMe controller with serial NV4K"; lab_done; }

pq=$(cat /sys/module/nvme/parameters/poll_queues 2>/dev/null)
[ "${pq:-0}" = 0 ] && ok "no poll queues in this guest" || fail "poll_queues is $pq: this test needs none"
for qd in 1 32; do
	fio_run "hipri without poll queues: randwrite+verify QD$qd" --name=h --ioengine=$SSDENG \
		--filename=$ng --hipri=1 --rw=randwrite --bs=4k --iodepth=$qd --size=4M \
		--offset=$((960 + qd))M --verify=crc32c --do_verify=1 --verify_fatal=1
	n=$(printf '%s\n' "$FIO_OUT" | grep -c "hipri ignored: the nvme driver has no poll queues")
	[ "$n" = 1 ] && ok "QD$qd: one fallback warning" || fail "QD$qd: $n fallback warnings, expected 1"
	others=$(printf '%s\n' "$FIO_OUT" | grep -i "ssdeng\|nvme" | grep -v "hipri ignored\|nvme-uring, NVMe nsid" | grep -ci "error\|fail\|warn")
	[ "$others" = 0 ] && ok "QD$qd: no other warning or error" ||
		fail "QD$qd: other messages: $(printf '%s\n' "$FIO_OUT" | grep -i "error\|fail\|warn")"
done
lab_done
