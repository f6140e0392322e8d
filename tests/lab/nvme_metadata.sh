#!/usr/bin/env bash
# lab-args: --nvme size=256M,lba=512,ms=8,pi=1,serial=NVPI --nvme size=256M,lba=4096,ms=16,serial=NVMD
# Formats with metadata: 512+8 with PI type 1 (separate metadata) and 4096+16 without PI. fio 3.33
# has no metadata buffers, so ssdeng supplies them (or sets PRACT with pi_act=1); data must verify,
# and a guard check over ssdeng's zero-filled metadata must fail with the decoded 0x282 status,
# which shows the metadata buffer reaches the drive.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
pi=$(nvme_ng NVPI) && md=$(nvme_ng NVMD) || { fail "controllers NVPI/NVMD not found"; lab_done; }
job="--name=m --ioengine=$SSDENG --rw=randwrite --bs=8k --iodepth=8 --size=8M --verify=crc32c --do_verify=1 --verify_fatal=1"

fio_run "PI type 1, pi_act=1 (controller inserts/strips PI)" $job --filename=$pi --pi_act=1
printf '%s\n' "$FIO_OUT" | grep -q "LBA format 1 (512+8 separate, PI type 1)" &&
	ok "$pi: LBA format 1 (512+8 separate, PI type 1)" || fail "$pi geometry: $(printf '%s' "$FIO_OUT" | grep ssdeng)"
fio_run "PI type 1, pi_act=1 pi_chk=7 (all checks)" $job --filename=$pi --pi_act=1 --pi_chk=7 --offset=16M
fio_run "PI type 1, pi_act=0 with ssdeng's metadata buffers" $job --filename=$pi --offset=32M
fio_fails "PI type 1, pi_act=0 pi_chk=4: guard check fails on zero metadata" \
	"SCT 0x2 SC 0x82 End-to-end Guard Check Error" $job --filename=$pi --offset=48M --pi_chk=4
fio_run "4096+16 separate metadata, no PI" $job --filename=$md
printf '%s\n' "$FIO_OUT" | grep -q "LBA format 6 (4096+16 separate)" &&
	ok "$md: LBA format 6 (4096+16 separate)" || fail "$md geometry: $(printf '%s' "$FIO_OUT" | grep ssdeng)"
lab_done
