#!/usr/bin/env bash
# lab-args: --scsi size=1G,lba=4096,serial=SCSI4K01
# lab-timeout: 900
# scsi-sg on a scsi-hd with 4096-byte logical blocks: LBAs count 4 KiB blocks, 512-byte
# multiples that are not 4 KiB multiples are refused at setup.
. tests/lab/scsi_lib.inc

scsi_disk SCSI4K01
data_matrix "$SG"
cross_check "$SG" "$SD"
expect_fail "bs=2k on a 4096-byte-block disk" "bs=2048 .*not a multiple of the logical block size 4096" \
	--filename="$SG" --rw=read --bs=2k --size=1M
lab_done
