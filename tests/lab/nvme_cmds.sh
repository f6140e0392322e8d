#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,serial=NV4K
# lab-timeout: 400
# Every NVMe command ssdeng sends, checked by its effect: DSM deallocate (fio trim) reads back as
# Identify Namespace DLFEAT says, Flush (fio fsync), Write Zeroes (nvme_write_mode=zeroes, with
# and without deac), Compare (match and miscompare with its decoded status), Verify.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NV4K) || { fail "no NVMe controller with serial NV4K"; lab_done; }
blk=/dev/nvme${ng#/dev/ng}

# DLFEAT bits 2:0 = 001b: deallocated blocks read as zeroes (NVM Command Set 1.0 §4.1.5.1)
dlfeat=$(nvme id-ns "$ng" -o json | jq .dlfeat)
[ $((dlfeat & 7)) = 1 ] && ok "DLFEAT $dlfeat: deallocated blocks read zeroes" ||
	fail "DLFEAT $dlfeat: QEMU should report read-zeroes (bits 2:0 = 1)"

fio_run "pattern write 8 MiB at 64 MiB" --name=p --ioengine=$SSDENG --filename=$ng --rw=write \
	--bs=128k --offset=64M --size=8M --buffer_pattern=0x5a
zeroes $blk 64 8 && fail "range is not zero before trim" || ok "range holds data before trim"
fio_run "randtrim 64k over the range (DSM deallocate)" --name=t --ioengine=$SSDENG --filename=$ng \
	--rw=randtrim --bs=64k --iodepth=8 --offset=64M --size=8M
zeroes $blk 64 8 && ok "trimmed range reads zeroes" || fail "trimmed range does not read zeroes"

fio_run "trimwrite 256k" --name=tw --ioengine=$SSDENG --filename=$ng --rw=trimwrite --bs=256k \
	--offset=80M --size=8M

# 512 writes with fsync=4: fio syncs before the write that follows every 4th one, so the last
# group gets none: (512 - 1) / 4 = 127 Flush commands (a host file shows the same: 16 -> 3)
res=$(timeout 120 fio $FIO_COMMON --name=f --ioengine=$SSDENG --filename=$ng --rw=randwrite \
	--bs=4k --size=2M --offset=96M --fsync=4 --output-format=json 2>/dev/null |
	jq -c '.jobs[0] | [.error, .sync.total_ios]')
[ "$res" = "[0,127]" ] && ok "randwrite fsync=4: 127 Flush commands, error 0" ||
	fail "randwrite fsync=4: [error, syncs] = $res, want [0,127]"

for deac in 0 1; do
	off=$((128 + deac * 8))
	fio_run "pattern write at ${off} MiB" --name=p --ioengine=$SSDENG --filename=$ng --rw=write \
		--bs=128k --offset=${off}M --size=4M --buffer_pattern=0xa5
	fio_run "nvme_write_mode=zeroes deac=$deac" --name=z --ioengine=$SSDENG --filename=$ng \
		--rw=write --bs=128k --iodepth=4 --offset=${off}M --size=4M --nvme_write_mode=zeroes \
		--deac=$deac
	zeroes $blk $off 4 && ok "Write Zeroes (deac=$deac) reads back zeroes" ||
		fail "Write Zeroes (deac=$deac) range is not zero"
done

fio_run "pattern 0x5a for compare" --name=c --ioengine=$SSDENG --filename=$ng --rw=write --bs=4k \
	--offset=160M --size=1M --buffer_pattern=0x5a
fio_run "nvme_write_mode=compare, same data" --name=c --ioengine=$SSDENG --filename=$ng --rw=write \
	--bs=4k --iodepth=8 --offset=160M --size=1M --buffer_pattern=0x5a --nvme_write_mode=compare
fio_fails "nvme_write_mode=compare, other data: decoded Compare Failure" \
	"nvme: compare nsid 1 slba 40960 nlb 1: SCT 0x2 SC 0x85 Compare Failure (DNR=0 More=0)" \
	--name=c --ioengine=$SSDENG --filename=$ng --rw=write --bs=4k --offset=160M --size=1M \
	--buffer_pattern=0xa5 --nvme_write_mode=compare
printf '%s\n' "$FIO_OUT" | grep -q "err=84" && ok "miscompare is EILSEQ (84) for fio" ||
	fail "miscompare errno: $(printf '%s' "$FIO_OUT" | grep -o 'err=[0-9]*' | head -1)"
fio_run "nvme_write_mode=verify" --name=v --ioengine=$SSDENG --filename=$ng --rw=write --bs=16k \
	--iodepth=4 --offset=160M --size=1M --nvme_write_mode=verify
fio_run "readfua randread" --name=r --ioengine=$SSDENG --filename=$ng --rw=randread --bs=4k \
	--iodepth=4 --offset=160M --size=1M --readfua=1
lab_done
