#!/usr/bin/env bash
# lab-args: --sata size=1G,serial=SATA0001
# lab-timeout: 900
# scsi-sg on a SATA disk (QEMU AHCI + ide-hd) through libata's SCSI-ATA translation.
. tests/lab/scsi_lib.inc

scsi_disk SATA0001
data_matrix "$SG"
data_case "$SG" 4k 64
cross_check "$SG" "$SD"
named_check "fsync" fio_ssd --filename="$SG" --rw=write --bs=64k --size=8M --fsync=4
lab_done
