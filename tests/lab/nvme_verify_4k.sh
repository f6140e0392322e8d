#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,serial=NV4K
# lab-timeout: 600
# Data integrity through ssdeng's NVMe transports on a 4096-byte LBA namespace: randwrite then
# verify (crc32c) at bs 4k/8k/128k and a bssplit mix, QD1 and QD32, over io_uring passthrough and
# the ioctl path; data written by ssdeng verified by fio's io_uring_cmd engine and the reverse.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
ng=$(nvme_ng NV4K) || { fail "no NVMe controller with serial NV4K"; lab_done; }
blk=/dev/nvme${ng#/dev/ng}

fio_run "ssdeng names the 4096-byte LBA format" --name=id --ioengine=$SSDENG --filename=$ng \
	--rw=read --bs=4k --size=64k
printf '%s\n' "$FIO_OUT" | grep -q "nvme-uring, NVMe nsid 1, LBA format 4 (4096+0)" &&
	ok "geometry line: nvme-uring, LBA format 4 (4096+0)" ||
	fail "geometry line missing: $(printf '%s' "$FIO_OUT" | grep ssdeng)"

for qd in 1 32; do
	for bs in 4k 8k 128k; do
		fio_run "randwrite+verify crc32c bs=$bs QD$qd" --name=v --ioengine=$SSDENG --filename=$ng \
			--rw=randwrite --bs=$bs --iodepth=$qd --size=16M --offset=$((qd * 16))M \
			--verify=crc32c --do_verify=1 --verify_fatal=1
	done
	fio_run "randwrite+verify crc32c bssplit QD$qd" --name=v --ioengine=$SSDENG --filename=$ng \
		--rw=randwrite --bssplit=4k/50:8k/30:128k/20 --iodepth=$qd --size=16M --offset=600M \
		--verify=crc32c --do_verify=1 --verify_fatal=1
done

fio_run "block device name maps to the generic node" --name=b --ioengine=$SSDENG --filename=$blk \
	--rw=randwrite --bs=4k --iodepth=8 --size=4M --offset=700M --verify=crc32c --do_verify=1
printf '%s\n' "$FIO_OUT" | grep -q "$blk: nvme-uring" && ok "$blk opened through nvme-uring" ||
	fail "$blk not driven by nvme-uring: $(printf '%s' "$FIO_OUT" | grep ssdeng)"

fio_run "nvme_mode=ioctl randwrite+verify bs=8k" --name=v --ioengine=$SSDENG --nvme_mode=ioctl \
	--filename=$ng --rw=randwrite --bs=8k --iodepth=4 --size=8M --offset=720M \
	--verify=crc32c --do_verify=1 --verify_fatal=1
printf '%s\n' "$FIO_OUT" | grep -q "nvme-ioctl" && ok "ioctl transport used" || fail "ioctl transport not used"

fio_run "writefua + registerfiles + fixedbufs randwrite+verify" --name=v --ioengine=$SSDENG \
	--filename=$ng --rw=randwrite --bs=8k --iodepth=16 --size=8M --offset=740M --writefua=1 \
	--registerfiles=1 --fixedbufs=1 --verify=crc32c --do_verify=1 --verify_fatal=1

# cross-engine: the same seeded job writes with one engine and verify_only reads with the other
xjob="--name=x --filename=$ng --rw=randwrite --bssplit=4k/60:8k/20:128k/20 --iodepth=16 --verify=crc32c"
fio_run "ssdeng writes (cross-engine)" $xjob --ioengine=$SSDENG --size=16M --offset=800M --do_verify=0
fio_run "io_uring_cmd verifies ssdeng's data" $xjob --ioengine=io_uring_cmd --cmd_type=nvme \
	--size=16M --offset=800M --verify_only=1
fio_run "io_uring_cmd writes (cross-engine)" $xjob --ioengine=io_uring_cmd --cmd_type=nvme \
	--size=16M --offset=832M --do_verify=0
fio_run "ssdeng verifies io_uring_cmd's data" $xjob --ioengine=$SSDENG --size=16M --offset=832M \
	--verify_only=1
# control: the same verify over a range the job never wrote must fail, or the checks above prove nothing
fio_fails "verify_only over unwritten data fails (control)" "verify" $xjob --ioengine=$SSDENG \
	--size=4M --offset=900M --verify_only=1 --verify_fatal=1
lab_done
