#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=NVSAFE --scsi size=256M,serial=SCSAFE
# lab-timeout: 420
# The engine's safety rails, and what `ssdctl probe` says about the same drives:
#  - a write or trim through any node of a drive (ng, the namespace block device, sg) is refused
#    while the drive or one of its partitions is mounted, unless allow_mounted_write=1; reads
#    pass (fio's own check looks only at the named block device itself);
#  - a random write or trim never touches a byte outside the job's offset/size range: guard
#    patterns written before and after it are intact, on every transport;
#  - EACCES (a non-root user) and EPERM from io_uring_setup (a seccomp filter: Linux 6.1 has no
#    kernel.io_uring_disabled) end in messages that say what to do.
. tests/lab/lib.sh
. tests/lab/nvme.inc
REPO=$PWD
cd /tmp || exit 1
ng=$(nvme_ng NVSAFE) || { fail "no NVMe controller with serial NVSAFE"; lab_done; }
nvblk=/dev/nvme${ng#/dev/ng}
sg=$(lab_sg_by_serial SCSAFE) || { fail "no SCSI disk with serial SCSAFE"; lab_done; }
sd=$(lab_block_of_sg "$sg") || { fail "no block device for $sg"; lab_done; }
echo "# drives: $ng ($nvblk), $sg ($sd)"
lab_modprobe ext4 2>/dev/null # built in or a module

# ---- mounted filesystems ----------------------------------------------------------------------
# an MBR with one Linux partition: 512-byte LBA 2048, 32768 sectors (1 MiB .. 17 MiB)
{ head -c 446 /dev/zero
  printf '\x00\x00\x00\x00\x83\x00\x00\x00\x00\x08\x00\x00\x00\x80\x00\x00'
  head -c 48 /dev/zero; printf '\x55\xaa'; } >/tmp/mbr
dd if=/tmp/mbr of="$nvblk" bs=512 count=1 oflag=direct status=none
blockdev --rereadpt "$nvblk" || fail "blockdev --rereadpt $nvblk"
for _ in 1 2 3 4 5 6 7 8 9 10; do [ -b "${nvblk}p1" ] && break; sleep 0.5; done
mkdir -p /tmp/mnt /tmp/mnt2
if mkfs.ext4 -q -F "${nvblk}p1" && mount -t ext4 "${nvblk}p1" /tmp/mnt; then
	ok "ext4 on ${nvblk##*/}p1 mounted on /tmp/mnt"
else
	fail "cannot make and mount ext4 on ${nvblk}p1"; lab_done
fi
# ssdctl probe: the classifier's answer (host/dev_class.h) for each node of both drives and the
# mounted partition, with every use listed (engine/ctl/README.md, ssdctl.probe.v1)
probe_is() { # NAME PATH JQ-FILTER: the filter must hold on `ssdctl probe PATH --json`
	local out
	if out=$("$REPO/engine/ssdctl" probe "$2" --json 2>&1) && printf '%s' "$out" | jq -e "$3" >/dev/null; then
		ok "probe $1"
	else
		fail "probe $1"; printf '%s\n' "$out" | head -20 | sed 's/^/# /'
	fi
}
mounted="[{\"device\": \"${nvblk}p1\", \"reason\": \"mounted\", \"mount_point\": \"/tmp/mnt\", \"filesystem\": \"ext4\", \"holder\": null}]"
probe_is "$ng: nvme-ng, its namespace and controller, 256 MiB, in use by ${nvblk##*/}p1" "$ng" \
	".kind == \"nvme-ng\" and .block_device == \"$nvblk\" and .generic_device == \"$ng\" and (.nvme_controller | test(\"^/dev/nvme[0-9]+$\")) and .capacity_bytes == 268435456 and .transport_auto == \"nvme\" and .in_use == $mounted"
probe_is "$nvblk: nvme-blk with its ng node, the same use" "$nvblk" \
	".kind == \"nvme-blk\" and .partition == false and .generic_device == \"$ng\" and .in_use == $mounted"
probe_is "${nvblk}p1: a 16 MiB partition of ${nvblk##*/}, block transport, mounted" "${nvblk}p1" \
	".kind == \"blk\" and .partition and .disk == \"$nvblk\" and .generic_device == null and .capacity_bytes == 16777216 and .transport_auto == \"block\" and .in_use == $mounted"
probe_is "$sg: scsi-sg with its disk ${sd##*/}, 256 MiB, unused" "$sg" \
	".kind == \"scsi-sg\" and .block_device == \"$sd\" and .generic_device == \"$sg\" and .capacity_bytes == 268435456 and .transport_auto == \"scsi\" and .in_use == []"
probe_is "$sd: scsi-blk with its sg node" "$sd" \
	".kind == \"scsi-blk\" and .generic_device == \"$sg\" and .nvme_controller == null"
want="${nvblk##*/}p1 is mounted on /tmp/mnt (ext4): unmount it before writing to it (or set allow_mounted_write=1)"
w="--name=w --ioengine=$SSDENG --bs=4k --offset=64M --size=1M"
fio_fails "randwrite through $ng refused while ${nvblk##*/}p1 is mounted" "$want" \
	$w --filename="$ng" --rw=randwrite
fio_fails "randwrite through $nvblk (nvme transport) refused" "$want" $w --filename="$nvblk" --rw=randwrite
fio_fails "randwrite through $nvblk (block transport) refused" "$want" $w --filename="$nvblk" \
	--transport=block --direct=1 --rw=randwrite
fio_fails "trim through $ng refused" "$want" $w --filename="$ng" --rw=randtrim
fio_run "reads through $ng pass while mounted" $w --filename="$ng" --rw=randread
fio_run "allow_mounted_write=1 lets the write through" $w --filename="$ng" --rw=randwrite \
	--allow_mounted_write=1
umount /tmp/mnt
fio_run "after umount the write passes" $w --filename="$ng" --rw=randwrite
if mkfs.ext4 -q -F "$sd" && mount -t ext4 "$sd" /tmp/mnt2; then
	fio_fails "write through $sg refused while ${sd##*/} is mounted" \
		"${sd##*/} is mounted on /tmp/mnt2 (ext4): unmount it before writing to it" \
		$w --filename="$sg" --rw=randwrite
	probe_is "$sg while ${sd##*/} is mounted: that use" "$sg" \
		".in_use == [{\"device\": \"$sd\", \"reason\": \"mounted\", \"mount_point\": \"/tmp/mnt2\", \"filesystem\": \"ext4\", \"holder\": null}]"
	umount /tmp/mnt2
else
	fail "cannot make and mount ext4 on $sd"
fi

# ---- guard patterns around the job's range ----------------------------------------------------
# guard_case NAME BLOCKDEV FIO-ARGS...: 4 MiB of 0xa5 at 60 MiB and at 96 MiB, a random job on
# [64 MiB, 96 MiB) with mixed block sizes at QD16, then both guards must read back unchanged and
# the first and last 4 KiB of the range must have been written (no longer 0xa5).
head -c 4M /dev/zero | tr '\0' '\245' >/tmp/guard
guard_case() {
	local name=$1 blk=$2 bad=""
	shift 2
	for mb in 60 64 92 96; do
		dd if=/tmp/guard of="$blk" bs=1M seek=$mb oflag=direct status=none
	done
	fio_run "$name: random job on [64M, 96M)" --name=g --ioengine="$SSDENG" --offset=64M \
		--size=32M --bsrange=4k-64k --iodepth=16 --randrepeat=0 "$@"
	for mb in 60 96; do
		dd if="$blk" bs=1M skip=$mb count=4 iflag=direct status=none | cmp -s - /tmp/guard ||
			bad="$bad guard@${mb}M"
	done
	dd if="$blk" bs=4k skip=$((64 * 256)) count=1 iflag=direct status=none |
		cmp -s -n 4096 - /tmp/guard && bad="$bad first-block-untouched"
	dd if="$blk" bs=4k skip=$((96 * 256 - 1)) count=1 iflag=direct status=none |
		cmp -s -n 4096 - /tmp/guard && bad="$bad last-block-untouched"
	[ -z "$bad" ] && ok "$name: guards at 60M and 96M intact, range written to both ends" ||
		fail "$name:$bad"
}
guard_case "nvme-uring randwrite" "$nvblk" --filename="$ng" --rw=randwrite
guard_case "nvme-ioctl randwrite" "$nvblk" --filename="$ng" --rw=randwrite --nvme_mode=ioctl
guard_case "block-aio randwrite" "$nvblk" --filename="$nvblk" --transport=block --direct=1 \
	--rw=randwrite
guard_case "scsi-sg randwrite" "$sd" --filename="$sg" --rw=randwrite
guard_case "nvme-uring randtrim (DSM deallocate reads back zeroes)" "$nvblk" --filename="$ng" --rw=randtrim

# ---- EACCES and EPERM -------------------------------------------------------------------------
asnobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
hint="Permission denied; run fio as root, or give its user read-write access to the node"
FIO_OUT=$(asnobody timeout 60 fio --name=p --ioengine="$SSDENG" --filename="$ng" --rw=read \
	--size=1M 2>&1); rc=$?
[ $rc != 0 ] && printf '%s\n' "$FIO_OUT" | grep -qF "$hint" && ok "non-root on $ng: EACCES explained" ||
	{ fail "non-root on $ng (rc=$rc)"; printf '%s\n' "$FIO_OUT" | tail -5 | sed 's/^/# /'; }
printf '%s\n' "$FIO_OUT" | grep -F "$hint" | head -1 | cut -c1-200 | sed 's/^/# /'
FIO_OUT=$(asnobody timeout 60 fio --name=p --ioengine="$SSDENG" --filename="$sg" --rw=read \
	--size=1M 2>&1); rc=$?
[ $rc != 0 ] && printf '%s\n' "$FIO_OUT" | grep -qF "$hint" && ok "non-root on $sg: EACCES explained" ||
	{ fail "non-root on $sg (rc=$rc)"; printf '%s\n' "$FIO_OUT" | tail -5 | sed 's/^/# /'; }

if gcc -O2 -o /tmp/deny_io_uring "$REPO/tests/lab/fixtures/deny_io_uring.c"; then
	FIO_OUT=$(timeout 120 /tmp/deny_io_uring fio --minimal $FIO_COMMON --name=s \
		--ioengine="$SSDENG" --filename="$ng" --rw=randread --size=4M --bs=4k 2>&1); rc=$?
	want="refused by a seccomp filter or an LSM; this kernel has no kernel.io_uring_disabled"
	if [ $rc = 0 ] && printf '%s\n' "$FIO_OUT" | grep -qF "$want" &&
		printf '%s\n' "$FIO_OUT" | grep -q "using nvme-ioctl"; then
		ok "io_uring refused by seccomp: explained, nvme_mode=auto falls back to ioctl"
	else
		fail "io_uring refused by seccomp, auto mode (rc=$rc)"
		printf '%s\n' "$FIO_OUT" | tail -8 | sed 's/^/# /'
	fi
	FIO_OUT=$(timeout 120 /tmp/deny_io_uring fio $FIO_COMMON --name=s --ioengine="$SSDENG" \
		--filename="$ng" --rw=randread --size=4M --bs=4k --nvme_mode=uring 2>&1); rc=$?
	if [ $rc != 0 ] && printf '%s\n' "$FIO_OUT" | grep -qF "$want"; then
		ok "io_uring refused by seccomp, nvme_mode=uring: fails with the reason"
	else
		fail "io_uring refused by seccomp, nvme_mode=uring (rc=$rc)"
		printf '%s\n' "$FIO_OUT" | tail -8 | sed 's/^/# /'
	fi
	printf '%s\n' "$FIO_OUT" | grep -F "$want" | head -2 | sed 's/^/# /'
else
	fail "cannot build tests/lab/fixtures/deny_io_uring.c"
fi
lab_done
