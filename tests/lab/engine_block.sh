#!/usr/bin/env bash
# lab-args: --nvme size=1G,serial=ENGBLK01 --scsi size=1G,serial=ENGBLK02
# libssdeng.so loads in the guest's fio and verifies data through the block transport (libaio,
# O_DIRECT) on an NVMe namespace block device and on a SCSI disk's block device.
. tests/lab/lib.sh
eng=external:$PWD/engine/libssdeng.so
nvme_ctrl=$(lab_nvme_by_serial ENGBLK01) || fail "no NVMe controller ENGBLK01"
nvme_blk=/dev/${nvme_ctrl#/dev/}n1
sg=$(lab_sg_by_serial ENGBLK02) || fail "no SCSI disk ENGBLK02"
sd=$(lab_block_of_sg "$sg")

for dev in "$nvme_blk" "$sd"; do
	out=$(fio --name=verify --ioengine="$eng" --transport=block --filename="$dev" --size=64M \
		--rw=randwrite --bs=4k --iodepth=16 --direct=1 --verify=crc32c --do_verify=1 \
		--output-format=json 2>"$PWD/build/engine_block.err")
	rc=$?
	note=$(grep -o "ssdeng: $dev: [a-z-]*" "$PWD/build/engine_block.err" | head -1)
	werr=$(printf '%s' "$out" | jq '.jobs[0].error')
	vios=$(printf '%s' "$out" | jq '.jobs[0].read.total_ios')
	if [ "$rc" = 0 ] && [ "$werr" = 0 ] && [ "$vios" = 16384 ]; then
		ok "$dev: 64 MiB randwrite + crc32c verify through ssdeng ($note)"
	else
		fail "$dev: rc=$rc error=$werr verify reads=$vios"
		sed 's/^/# /' "$PWD/build/engine_block.err" | tail -5
	fi
	[ "$note" = "ssdeng: $dev: block-aio" ] && ok "$dev: the job says block-aio" || fail "$dev: note '$note'"
done
rm -f "$PWD/build/engine_block.err" "$PWD"/*.state
lab_done
