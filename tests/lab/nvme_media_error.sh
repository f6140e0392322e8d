#!/usr/bin/env bash
# lab-args: --nvme size=64M,lba=4096,serial=NVBAD,blkdebug=tests/lab/nvme_media_error.blkdebug
# lab-timeout: 200
# QEMU blkdebug fails reads of 512-byte sector 2048 (LBA 256) and writes of sector 4096 (LBA
# 512): the NVMe controller answers 0x281 Unrecovered Read Error and 0x280 Write Fault
# (LAB-NOTES §4.1). ssdeng must log the decoded status once, give fio EIO, and not hang. A
# rule that fires once fails only the first read; verify catches data changed under the job.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NVBAD) || { fail "no NVMe controller with serial NVBAD"; lab_done; }
job="--name=m --ioengine=$SSDENG --filename=$ng --bs=4k"

for mode in uring ioctl; do
	fio_fails "$mode: read of LBA 256 gives the decoded 0x281 line" \
		"nvme: read nsid 1 slba 256 nlb 1: SCT 0x2 SC 0x81 Unrecovered Read Error (DNR=0 More=0)" \
		$job --nvme_mode=$mode --rw=read --offset=1M --size=4k
	printf '%s\n' "$FIO_OUT" | grep -q "err=5" && ok "$mode: fio gets EIO (5)" ||
		fail "$mode: fio error: $(printf '%s' "$FIO_OUT" | grep -o 'err=[-0-9]*' | head -1)"
	fio_fails "$mode: write of LBA 512 gives the decoded 0x280 line" \
		"nvme: write nsid 1 slba 512 nlb 1: SCT 0x2 SC 0x80 Write Fault (DNR=0 More=0)" \
		$job --nvme_mode=$mode --rw=write --offset=2M --size=4k
done
# continue_on_error: the job runs on past the bad block and fio counts the error
res=$(timeout 120 fio $FIO_COMMON $job --rw=read --offset=1020k --size=12k --continue_on_error=all \
	--output-format=json 2>/dev/null | jq -c '.jobs[0] | [.total_err, .first_error, .read.total_ios]')
[ "$res" = "[1,5,3]" ] && ok "continue_on_error: 3 reads, 1 failed with EIO" ||
	fail "continue_on_error: [total_err, first_error, reads] = $res, want [1,5,3]"
# the same failing read for 3 s: many errors, one status line
FIO_OUT=$(timeout 120 fio $FIO_COMMON $job --rw=read --offset=1M --size=4k --time_based \
	--runtime=3 --continue_on_error=all --output-format=json 2>&1)
n=$(printf '%s\n' "$FIO_OUT" | grep -c "SC 0x81 Unrecovered Read Error")
errs=$(printf '%s\n' "$FIO_OUT" | sed -n '/^{/,$p' | jq '.jobs[0].total_err')
[ "$n" = 1 ] && [ "${errs:-0}" -gt 1 ] && ok "$errs failed reads, one status line" ||
	fail "status lines: $n for $errs errors, want 1 line for more than 1 error"
fio_run "reads around the bad block succeed" $job --rw=read --offset=1028k --size=64k

# a rule that fires once (sector 6144 = LBA 768): the first read fails, the retry passes
fio_fails "once: the first read of LBA 768 fails with 0x281" \
	"nvme: read nsid 1 slba 768 nlb 1: SCT 0x2 SC 0x81 Unrecovered Read Error" \
	$job --rw=read --offset=3M --size=4k
fio_run "once: the second read of LBA 768 passes" $job --rw=read --offset=3M --size=4k

# verify catches data changed under the job: write 1 MiB at 8 MiB with crc32c headers, change
# 512 bytes in the middle of its 38th block through the block device, then read-verify must fail
# naming that block's offset (8 MiB + 37 x 4 KiB = 8540160); bytes 2048-2559 of it change
nvblk=/dev/nvme${ng#/dev/ng}
vjob="$job --rw=write --offset=8M --size=1M --verify=crc32c --verify_fatal=1"
fio_run "verify: write 1 MiB with crc32c" $vjob --do_verify=0
fio_run "verify: it reads back clean" $vjob --verify_only
blk=$((8540160 / 4096)) # the namespace has 4 KiB LBAs: rewrite the whole block
dd if="$nvblk" of=/tmp/blk bs=4096 skip=$blk count=1 iflag=direct status=none
dd if=/dev/urandom of=/tmp/blk bs=512 seek=4 count=1 conv=notrunc status=none
dd if=/tmp/blk of="$nvblk" bs=4096 seek=$blk count=1 oflag=direct status=none
fio_fails "verify: the changed block is caught at its offset" \
	"verify failed at file $ng offset 8540160" $vjob --verify_only
lab_done
