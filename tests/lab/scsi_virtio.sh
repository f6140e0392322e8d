#!/usr/bin/env bash
# lab-args: --scsi size=1G,serial=SCSIV01
# lab-timeout: 900
# scsi-sg transport on a QEMU scsi-hd behind virtio-scsi: data integrity at several block sizes
# and depths (QD64 goes past the sg driver's 16 commands per fd), cross-checks with fio's sg
# engine and libaio, sync, trim, SG_IO mode, and the setup errors.
. tests/lab/scsi_lib.inc

scsi_disk SCSIV01
data_matrix "$SG"
data_case "$SG" 4k 64
data_case "$SD" 8k 32 # the block device name, mapped to its sg node
named_check "scsi_mode=sgio randwrite+verify" fio_ssd --filename="$SG" --scsi_mode=sgio \
	--rw=randwrite --bs=4k --size=16M --iodepth=4 --verify=crc32c --verify_fatal=1
cross_check "$SG" "$SD"

# sync: SYNCHRONIZE CACHE(16) is refused by scsi-hd, the engine says so once and uses (10)
fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4 >"$WORK/sync" 2>&1
rc=$?
n=$(grep -c "SYNCHRONIZE CACHE(16) is an invalid opcode here" "$WORK/sync")
if [ $rc -eq 0 ] && [ "$n" -eq 1 ]; then ok "fsync through SYNCHRONIZE CACHE, (16)->(10) said once"
else fail "fsync (rc=$rc, fallback lines=$n)"; note "$WORK/sync"; fi

# trim: 1 MiB of pattern, trimmed by 32 trims of 32 KiB at QD32 (batched into UNMAPs), then
# read back. QEMU's scsi-hd reports LBPRZ=0 but punches a hole in the image (discard=unmap
# in the lab), so the blocks read back as zeroes; with LBPRZ=0 a real drive may differ.
off=$((512 * 1024 * 1024))
dd if=/dev/urandom of="$WORK/pat" bs=1M count=1 status=none
dd if="$WORK/pat" of="$SD" bs=1M seek=$((off / 1048576)) oflag=direct status=none
named_check "trim 32x32k at QD32" fio_ssd --filename="$SG" --rw=trim --bs=32k --size=1M \
	--offset=$off --iodepth=32 --iodepth_batch_submit=32
dd if="$SD" of="$WORK/back" bs=1M skip=$((off / 1048576)) count=1 iflag=direct status=none
head -c 1048576 /dev/zero >"$WORK/zero"
if cmp -s "$WORK/back" "$WORK/zero"; then ok "trimmed range reads zeroes"
else fail "trimmed range reads zeroes"; od -An -tx1 "$WORK/back" | head -n 3 | sed 's/^/# /'; fi

# setup errors: the job must fail before any I/O with a message naming the problem
expect_fail "bs not a multiple of the block size" "bs=1000 .*not a multiple of the logical block size 512" \
	--filename="$SG" --rw=read --bs=1000 --size=1M
expect_fail "bs above the largest transfer" "above the drive's largest transfer" \
	--filename="$SG" --rw=randrw --bs=512M --size=1G --iodepth=1
: >"$WORK/plain"
expect_fail "transport=scsi on a regular file" "not a SCSI device|cannot drive it" \
	--filename="$WORK/plain" --transport=scsi --rw=read --bs=4k --size=1M
lab_done
