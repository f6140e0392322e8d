#!/usr/bin/env bash
# lab-args: --nvme size=64M,serial=NVSLOW,iops=1 --scsi size=64M,hba=lsi,serial=SCLSI,iops=1 --scsi size=64M,hba=pvscsi,serial=SCPVS,iops=1
# lab-timeout: 600
# A drive slower than the command timeout (QEMU throttles both to 1 IOPS, so
# the second of several queued commands waits about a second). The engine's timeouts
# (nvme_timeout, scsi_timeout, ms) expire; the job must end with the timeout reported as a
# timeout, never as a media error, and the drive must work again afterwards.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NVSLOW) || { fail "no NVMe controller with serial NVSLOW"; lab_done; }
echo "# NVMe: $ng"

# slow CASE-NAME WANT-TEXT FIO-ARGS...: fio must fail within 100 s, print WANT-TEXT, and print
# no media-error decoding (200 s at most: 8 synchronous jobs timing out one after the other took
# 98 s); the time taken and fio's error lines go to the log
slow() {
	local name=$1 want=$2 t0 rc=0 secs
	shift 2
	t0=$(date +%s%N)
	FIO_OUT=$(timeout 200 fio $FIO_COMMON --name=s --ioengine="$SSDENG" --bs=4k --size=64k \
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
# ioctl is synchronous: 8 jobs keep 8 commands outstanding (at QD1 each waits only ~1 s, less
# than the kernel's timeout check, which runs on a timer rounded up to whole seconds)
slow "nvme-ioctl 8 jobs x QD1, nvme_timeout=1000" "command timed out after" --filename="$ng" \
	--iodepth=1 --numjobs=8 --nvme_mode=ioctl --nvme_timeout=1000
dmesg | grep -E "nvme.*(timeout|abort|reset)" | tail -n 4 | sed 's/^/# dmesg: /'
fio_run "NVMe works after the resets (default timeout)" --name=a --ioengine="$SSDENG" \
	--filename="$ng" --rw=read --bs=4k --size=8k

# virtio-scsi is not used here: Linux's virtio_scsi re-arms every command's timer
# (eh_timed_out returns SCSI_EH_RESET_TIMER), so no SCSI command through it ever times out
for hba in lsi pvscsi; do
	serial=SCLSI; [ $hba = pvscsi ] && serial=SCPVS
	sg=$(lab_sg_by_serial $serial) || { fail "no SCSI disk with serial $serial"; continue; }
	echo "# $hba: $sg"
	slow "scsi-sg on $hba QD8, scsi_timeout=1000" "host status DID_TIME_OUT" --filename="$sg" \
		--iodepth=8 --scsi_timeout=1000
	# fio keeps the first error it reaps: the timed-out command (ETIMEDOUT), or one the HBA's
	# error handling aborted or reset before it (DID_ABORT/DID_RESET: ECANCELED), which on lsi
	# can come first; either way no medium error (checked above)
	printf '%s\n' "$FIO_OUT" | grep -qE "err=(110|125)/" &&
		ok "scsi-sg on $hba: fio error is ETIMEDOUT (110) or ECANCELED (125)" ||
		fail "scsi-sg on $hba: fio error $(printf '%s' "$FIO_OUT" | grep -o 'err=[-0-9]*' | head -1)"
	dmesg | grep -iE "abort|timing out|timed out|reset" | grep -v nvme | tail -n 4 | sed "s/^/# dmesg: /"
	fio_run "SCSI on $hba works after the aborts (default timeout)" --name=a --ioengine="$SSDENG" \
		--filename="$sg" --rw=read --bs=4k --size=8k
done
lab_done
