#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,serial=NV4K
# Bad jobs fail at setup with a message naming the file, the value and the drive's LBA format:
# bs not a multiple of the LBA size, bs above MDTS, an offset beyond the capacity, a missing
# device, a partition given to the NVMe transport.
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

