#!/usr/bin/env bash
# lab-args: --nvme size=1G,serial=LABNV01 --scsi size=1G,serial=LABSD01
# The lab's own devices and tools: the nodes the drive options ask for exist, the host's fio runs
# in the guest, and the NVMe controller answers Identify with the serial given on the command line.
. tests/lab/lib.sh

for d in /dev/ng0n1 /dev/nvme0n1 /dev/nvme0 /dev/sg0 /dev/sda; do
	if [ -e "$d" ]; then ok "$d exists"; else fail "$d exists"; fi
done
v=$(fio --version 2>&1)
case $v in fio-3.*) ok "fio runs in the guest ($v)" ;; *) fail "fio runs in the guest: '$v'" ;; esac
sn=$(nvme id-ctrl /dev/nvme0 -o json | sed -n 's/.*"sn" *: *"\([^"]*\)".*/\1/p' | tr -d ' ')
[ "$sn" = LABNV01 ] && ok "nvme id-ctrl serial is LABNV01" || fail "nvme id-ctrl serial: got '$sn', want LABNV01"
[ "$(lab_nvme_by_serial LABNV01)" = /dev/nvme0 ] && ok "lab_nvme_by_serial finds /dev/nvme0" ||
	fail "lab_nvme_by_serial LABNV01: '$(lab_nvme_by_serial LABNV01)'"
sg=$(lab_sg_by_serial LABSD01) && ok "SCSI disk LABSD01 is $sg" || fail "no sg node with serial LABSD01"
blocks=$(cat /sys/block/sda/size)
[ "$blocks" = 2097152 ] && ok "sda has 2097152 512-byte sectors (1 GiB)" || fail "sda size: $blocks sectors, want 2097152"
mkdir -p "$LAB_REPO/build"
check touch "$LAB_REPO/build/lab-guest-write.$$"
[ -f "$LAB_REPO/build/lab-guest-write.$$" ] && rm -f "$LAB_REPO/build/lab-guest-write.$$"
lab_done
