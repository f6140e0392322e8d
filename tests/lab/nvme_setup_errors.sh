#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,serial=NV4K
# Bad jobs fail at setup with a message naming the file, the value and the drive's LBA format:
# bs not a multiple of the LBA size, bs above MDTS, an offset beyond the capacity, a missing
# device, a partition given to the NVMe transport; also when each job sizes its files in its own
# thread (create_serialize=0), where the job's open adopts the probe's device.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NV4K) || { fail "no NVMe controller with serial NV4K"; lab_done; }
blk=/dev/nvme${ng#/dev/ng}
job="--name=e --ioengine=$SSDENG --filename=$ng --size=1M"

fio_fails "bs=2k on 4096-byte LBAs" \
	"is not a multiple of the logical block size 4096 (NVMe nsid 1, LBA format 4 (4096+0))" \
	$job --rw=write --bs=2k
printf '%s\n' "$FIO_OUT" | grep -q "^nvme:" && fail "bs=2k reached the drive" || ok "bs=2k never reached the drive"
mdts_kb=$(cat /sys/block/${blk#/dev/}/queue/max_hw_sectors_kb)
fio_fails "bs=1M above the largest transfer (${mdts_kb} KiB)" "above the drive's largest transfer" \
	$job --rw=write --bs=1M --size=4M
fio_fails "offset beyond the 1 GiB capacity" "beyond the capacity" $job --rw=read --bs=4k --offset=2G
fio_fails "missing device" "/dev/ng9n9: no such device" --name=e --ioengine=$SSDENG \
	--filename=/dev/ng9n9 --rw=read --bs=4k --size=1M
# sized in each job's own thread (create_serialize=0): the job's open adopts the device its probe
# opened; two jobs of one process write and verify through it, a bad bs is refused as above, and
# the transport line is said once for the process and device
# (away from LBA 0, where the partition check below writes its MBR around what is there)
out=$(timeout 120 fio $FIO_COMMON --thread --create_serialize=0 $job --offset=64M --rw=randwrite \
	--bs=4k --iodepth=8 --verify=crc32c --verify_fatal=1 --name=e2 --ioengine=$SSDENG \
	--filename=$ng --size=1M --offset=72M --rw=randwrite --bs=8k --iodepth=1 --verify=crc32c \
	--verify_fatal=1 2>&1)
rc=$?
lines=$(printf '%s\n' "$out" | grep -c "^ssdeng: $ng: nvme-uring, NVMe nsid 1, LBA format 4")
if [ $rc = 0 ] && [ "$lines" = 1 ]; then
	ok "create_serialize=0: two jobs write and verify on the adopted device, one transport line"
else
	fail "create_serialize=0: fio exit $rc, $lines transport lines (want 0 and 1)"
	printf '%s\n' "$out" | tail -n 15 | sed 's/^/# /'
fi
fio_fails "bs=2k on 4096-byte LBAs, sized in the job's thread" \
	"is not a multiple of the logical block size 4096 (NVMe nsid 1, LBA format 4 (4096+0))" \
	--thread --create_serialize=0 $job --rw=write --bs=2k
# an MBR with one Linux partition (type 83h) at LBA 256, 16384 LBAs long, written by hand
mbr_entry='\x00\x00\x00\x00\x83\x00\x00\x00\x00\x01\x00\x00\x00\x40\x00\x00'
if printf "$mbr_entry" | dd of="$blk" bs=1 seek=446 conv=notrunc status=none &&
	printf '\x55\xaa' | dd of="$blk" bs=1 seek=510 conv=notrunc status=none &&
	blockdev --flushbufs --rereadpt "$blk" && sleep 1 && [ -b "${blk}p1" ]; then
	fio_fails "partition refused by transport=nvme" "partition" --name=e --ioengine=$SSDENG \
		--transport=nvme --filename="${blk}p1" --rw=read --bs=4k --size=1M
	dd if=/dev/zero of="$blk" bs=4096 count=1 conv=notrunc status=none
	blockdev --flushbufs --rereadpt "$blk"
else
	fail "could not make a partition on $blk for the partition check"
fi
lab_done

