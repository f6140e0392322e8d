#!/usr/bin/env bash
# lab-args: --scsi size=1G,hba=megasas,serial=SCSIM01
# lab-timeout: 900
# scsi-sg through QEMU's MegaRAID SAS HBA (use_jbod=on) and the guest's megaraid_sas driver.
. tests/lab/scsi_lib.inc

scsi_disk SCSIM01
data_matrix "$SG" 4k 128k
data_case "$SG" 8k 64
cross_check "$SG" "$SD"
named_check "fsync" fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4
lab_done
