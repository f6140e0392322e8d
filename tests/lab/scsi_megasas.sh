#!/usr/bin/env bash
# lab-args: --scsi size=1G,hba=megasas,serial=SCSIM01
# scsi-sg through QEMU's MegaRAID SAS HBA (use_jbod=on) and the guest's megaraid_sas driver.
set -u
. "$(dirname "$0")/scsi_lib.inc"

SG=$(sg_by_serial SCSIM01) || { tap_fail "find the disk with serial SCSIM01"; tap_done; exit 1; }
SD=$(sd_of_sg "$SG")
echo "# disk: $SG $SD"
for bs in 4k 128k; do
	for qd in 1 32; do
		data_case "$SG" "$bs" "$qd"
	done
done
data_case "$SG" 8k 64
cross_check "$SG" "$SD"
tap_check "fsync" fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4
tap_done
