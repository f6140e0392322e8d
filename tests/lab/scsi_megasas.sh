#!/usr/bin/env bash
# lab-args: --scsi size=1G,hba=megasas,serial=SCSIM01
# lab-timeout: 900
# scsi-sg through QEMU's MegaRAID SAS HBA (use_jbod=on) and the guest's megaraid_sas driver.
. tests/lab/scsi_lib.inc

SG=$(lab_sg_by_serial SCSIM01) || { fail "no disk with serial SCSIM01"; lab_done; }
SD=$(lab_block_of_sg "$SG")
echo "# disk: $SG $SD"
for bs in 4k 128k; do
	for qd in 1 32; do
		data_case "$SG" "$bs" "$qd"
	done
done
data_case "$SG" 8k 64
cross_check "$SG" "$SD"
named_check "fsync" fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4
lab_done
