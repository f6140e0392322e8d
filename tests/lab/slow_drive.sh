#!/usr/bin/env bash
# lab-args: --nvme size=64M,serial=NVSLOW,iops=1 --scsi size=64M,serial=SCSLOW,iops=1
# lab-timeout: 400
# Issue 9 item 3: a drive slower than the command timeout (QEMU throttles both to 1 IOPS, so
# the second of several queued commands waits about a second). The engine's timeouts
# (nvme_timeout, scsi_timeout, ms) expire; the job must end with the timeout reported as a
# timeout, never as a media error, and the drive must work again afterwards.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NVSLOW) || { fail "no NVMe controller with serial NVSLOW"; lab_done; }
sg=$(lab_sg_by_serial SCSLOW) || { fail "no SCSI disk with serial SCSLOW"; lab_done; }
echo "# drives: $ng, $sg"

# slow CASE-NAME WANT-TEXT FIO-ARGS...: fio must fail within 100 s, print WANT-TEXT, and print
# no media-error decoding; the time taken and fio's error lines go to the log
slow() {
	local name=$1 want=$2 t0 rc=0 secs
	shift 2
	t0=$(date +%s%N)
	FIO_OUT=$(timeout 100 fio $FIO_COMMON --name=s --ioengine="$SSDENG" --bs=4k --size=64k \
		--rw=randread "$@" 2>&1) || rc=$?
	secs=$(( ($(date +%s%N) - t0) / 1000000 ))
	printf '%s\n' "$FIO_OUT" | grep -E "ssdeng|nvme:|scsi:|err=" | grep -v "ssdeng: /dev/.*, " |
		head -4 | cut -c1-300 | sed "s/^/# $name: /"
	echo "# $name: fio exit $rc after $secs ms"
	if [ "$rc" != 0 ] && [ "$rc" != 124 ] && printf '%s\n' "$FIO_OUT" | grep -qF -- "$want"; then
		ok "$name: reported as a timeout ($secs ms)"
	else
		fail "$name: fio exit $rc; want a failure saying '$want'"
		printf '%s\n' "$FIO_OUT" | tail -n 12 | sed 's/^/# /'
	fi
	printf '%s\n' "$FIO_OUT" | grep -qiE "Unrecovered|MEDIUM ERROR|Write Fault|SCT 0x2" &&
		fail "$name: a media error was reported" || ok "$name: no media error reported"
}
slow "nvme-uring QD8, nvme_timeout=1000" "command timed out after" --filename="$ng" --iodepth=8 \
	--nvme_timeout=1000
printf '%s\n' "$FIO_OUT" | grep -q "err=110" && ok "nvme-uring: fio error is ETIMEDOUT (110)" ||
	fail "nvme-uring: fio error $(printf '%s' "$FIO_OUT" | grep -o 'err=[-0-9]*' | head -1)"
slow "nvme-ioctl QD1, nvme_timeout=300" "command timed out after" --filename="$ng" --iodepth=1 \
	--nvme_mode=ioctl --nvme_timeout=300
dmesg | grep -E "nvme.*(timeout|abort|reset)" | tail -n 4 | sed 's/^/# dmesg: /'
fio_run "NVMe works after the resets (default timeout)" --name=a --ioengine="$SSDENG" \
	--filename="$ng" --rw=read --bs=4k --size=8k

slow "scsi-sg QD8, scsi_timeout=1000" "host status DID_TIME_OUT" --filename="$sg" --iodepth=8 \
	--scsi_timeout=1000
printf '%s\n' "$FIO_OUT" | grep -q "err=110" && ok "scsi-sg: fio error is ETIMEDOUT (110)" ||
	fail "scsi-sg: fio error $(printf '%s' "$FIO_OUT" | grep -o 'err=[-0-9]*' | head -1)"
dmesg | grep -iE "sd |scsi|abort|timing out" | tail -n 4 | sed 's/^/# dmesg: /'
fio_run "SCSI works after the aborts (default timeout)" --name=a --ioengine="$SSDENG" \
	--filename="$sg" --rw=read --bs=4k --size=8k
lab_done
