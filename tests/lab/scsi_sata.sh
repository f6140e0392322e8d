#!/usr/bin/env bash
# lab-args: --sata size=1G,serial=SATA0001
# lab-timeout: 900
# scsi-sg on a SATA disk (QEMU AHCI + ide-hd) through libata's SCSI-ATA translation.
. tests/lab/scsi_lib.inc

SG=$(lab_sg_by_serial SATA0001) || { fail "no disk with serial SATA0001"; lab_done; }
SD=$(lab_block_of_sg "$SG")
echo "# disk: $SG $SD"
for bs in 4k 8k 128k; do
	for qd in 1 32; do
		data_case "$SG" "$bs" "$qd"
	done
done
data_case "$SG" 4k 64
cross_check "$SG" "$SD"
named_check "fsync" fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4
lab_done
