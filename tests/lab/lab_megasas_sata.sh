#!/usr/bin/env bash
# lab-args: --scsi size=1G,hba=megasas,serial=MEGA001 --sata size=1G,serial=SATA123,model=LabSATA
# A disk behind QEMU's LSI MegaRAID SAS HBA (megaraid_sas driver) and one on AHCI (libata): both
# appear with sg and block nodes, and INQUIRY's unit serial number VPD page names each serial.
. tests/lab/lib.sh

for sn in MEGA001 SATA123; do
	if sg=$(lab_sg_by_serial "$sn"); then
		ok "$sn has an sg node ($sg)"
		b=$(lab_block_of_sg "$sg") && ok "$sn has a block device ($b)" || fail "$sn has no block device"
		inq=$(sg_inq -p 0x80 "$sg" 2>&1)
		case $inq in *"$sn"*) ok "sg_inq -p 0x80 $sg shows $sn" ;; *) fail "sg_inq -p 0x80 $sg: '$inq'" ;; esac
	else
		fail "no sg node with serial $sn"
	fi
done
# ATA IDENTIFY DEVICE data (ACS-3 §7.12.7): serial in words 10-19, model in words 27-46, ASCII
# with the two bytes of each word swapped.
ata_string() { # sgdev first-word words
	sg_sat_identify -r "$1" 2>/dev/null | dd bs=2 skip="$2" count="$3" status=none | dd conv=swab status=none | tr -d ' \0'
}
sg=$(lab_sg_by_serial SATA123) && {
	v=$(ata_string "$sg" 10 10)
	[ "$v" = SATA123 ] && ok "ATA IDENTIFY through SAT: serial SATA123" || fail "ATA IDENTIFY serial: '$v', want SATA123"
	v=$(ata_string "$sg" 27 20)
	[ "$v" = LabSATA ] && ok "ATA IDENTIFY through SAT: model LabSATA" || fail "ATA IDENTIFY model: '$v', want LabSATA"
}
sg=$(lab_sg_by_serial MEGA001) && check sg_dd if="$sg" of=/dev/null bs=512 count=64
lab_done
