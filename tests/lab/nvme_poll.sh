#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=NVPOLL --nvme-poll-queues 1
# lab-timeout: 400
# Polled completions (hipri: io_uring IOPOLL on the nvme driver's poll queue): randwrite+verify
# at QD1 and QD32 with hipri=1 completes without the fallback warning and without the I/O
# queues' interrupts (the poll queue has none); data written polled verifies through fio's own
# io_uring_cmd engine, interrupt-driven.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NVPOLL) || { fail "no NVMe controller with serial NVPOLL"; lab_done; }
ctrl=$(lab_nvme_by_serial NVPOLL) && ctrl=${ctrl#/dev/}

pq=$(cat /sys/module/nvme/parameters/poll_queues 2>/dev/null)
[ "${pq:-0}" -ge 1 ] && ok "the nvme driver has $pq poll queue(s) (nvme.poll_queues)" ||
	fail "nvme poll_queues is '${pq}', expected >= 1 from scripts/lab --nvme-poll-queues"

# io_irqs - interrupts so far on the controller's I/O queues (nvmeKq1..; q0 is the admin queue)
io_irqs() {
	awk -v c="$ctrl" '$NF ~ "^" c "q[1-9]" { for (i = 2; i < NF - 2; i++) if ($i ~ /^[0-9]+$/) n += $i }
		END { print n + 0 }' /proc/interrupts
}

for qd in 1 32; do
	before=$(io_irqs)
	fio_run "hipri randwrite+verify crc32c QD$qd" --name=p --ioengine=$SSDENG --filename=$ng \
		--hipri=1 --rw=randwrite --bs=4k --iodepth=$qd --size=8M --offset=$((qd == 1 ? 0 : 16))M \
		--verify=crc32c --do_verify=1 --verify_fatal=1
	irqs=$(($(io_irqs) - before))
	printf '%s\n' "$FIO_OUT" | grep -q "hipri ignored" &&
		fail "QD$qd: hipri fell back although poll queues exist: $(printf '%s' "$FIO_OUT" | grep hipri)" ||
		ok "QD$qd: no hipri fallback warning"
	# 2048 writes and 2048 verify reads; interrupt-driven they raise an interrupt each or close
	[ "$irqs" -lt 200 ] && ok "QD$qd: polled: $irqs I/O-queue interrupts for 4096 I/Os" ||
		fail "QD$qd: $irqs I/O-queue interrupts for 4096 I/Os: not polled"
done

# control for the interrupt count: the same job without hipri raises interrupts
before=$(io_irqs)
fio_run "interrupt-driven randwrite (control)" --name=i --ioengine=$SSDENG --filename=$ng \
	--rw=randwrite --bs=4k --iodepth=1 --size=4M --offset=64M
irqs=$(($(io_irqs) - before))
[ "$irqs" -ge 500 ] && ok "control: $irqs interrupts for 1024 interrupt-driven writes" ||
	fail "control: only $irqs interrupts for 1024 interrupt-driven writes: the count proves nothing"

xjob="--name=x --filename=$ng --rw=randwrite --bs=4k --iodepth=32 --verify=crc32c --size=8M --offset=96M"
fio_run "ssdeng writes polled (hipri)" $xjob --ioengine=$SSDENG --hipri=1 --do_verify=0
fio_run "io_uring_cmd verifies the polled writes" $xjob --ioengine=io_uring_cmd --cmd_type=nvme \
	--verify_only=1
lab_done
