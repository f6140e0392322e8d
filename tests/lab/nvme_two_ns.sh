#!/usr/bin/env bash
# lab-args: --nvme size=256M,lba=512,serial=NVA512 --nvme size=256M,lba=4096,serial=NVB4K
# Two namespaces with different LBA sizes in one job: each gets its own geometry, data verifies
# on both, and a bs that fits only one of them fails naming the other.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
a=$(nvme_ng NVA512) && b=$(nvme_ng NVB4K) || { fail "controllers NVA512/NVB4K not found"; lab_done; }

fio_run "randwrite+verify over $a:$b" --name=two --ioengine=$SSDENG --filename=$a:$b \
	--rw=randwrite --bs=4k --iodepth=16 --size=32M --verify=crc32c --do_verify=1 --verify_fatal=1
printf '%s\n' "$FIO_OUT" | grep -q "$a: nvme-uring, NVMe nsid 1, LBA format 0 (512+0)" &&
	ok "$a: 512-byte LBA format" || fail "$a geometry: $(printf '%s' "$FIO_OUT" | grep ssdeng)"
printf '%s\n' "$FIO_OUT" | grep -q "$b: nvme-uring, NVMe nsid 1, LBA format 4 (4096+0)" &&
	ok "$b: 4096-byte LBA format" || fail "$b geometry: $(printf '%s' "$FIO_OUT" | grep ssdeng)"
fio_run "two jobs, one per namespace, QD32" --name=a --ioengine=$SSDENG --filename=$a \
	--rw=randrw --bs=8k --iodepth=32 --size=16M --verify=crc32c --do_verify=1 \
	--name=b --ioengine=$SSDENG --filename=$b --rw=randrw --bs=8k --iodepth=32 --size=16M \
	--verify=crc32c --do_verify=1
fio_fails "bs=1k fits $a but not $b" "$b: bs=1024" --name=two --ioengine=$SSDENG \
	--filename=$a:$b --rw=read --bs=1k --size=1M
lab_done
