#!/usr/bin/env bash
# lab-args: --sata size=1G,serial=SATA0001
# scsi-sg on a SATA disk (QEMU AHCI + ide-hd) through libata's SCSI-ATA translation.
set -u
. "$(dirname "$0")/scsi_lib.inc"

SG=$(sg_by_serial SATA0001) || { tap_fail "find the disk with serial SATA0001"; tap_done; exit 1; }
SD=$(sd_of_sg "$SG")
echo "# disk: $SG $SD"
for bs in 4k 8k 128k; do
	for qd in 1 32; do
		data_case "$SG" "$bs" "$qd"
	done
done
data_case "$SG" 4k 64
cross_check "$SG" "$SD"
tap_check "fsync" fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4
tap_done
