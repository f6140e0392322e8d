#!/bin/sh
# lab-args: --nvme size=1G,ns=2,ns2_size=256M,ns2_lbs=4096,serial=NVLAB001 --scsi size=512M,serial=SCSI0001,wwn=0x5000c50015ea71ac --sata size=768M,serial=SATA123,model=LabSATA
# ssdctl info / health / purge on QEMU's emulated drives, checked against the values on the
# QEMU command line above (LAB-NOTES §2, §3.2, §9), and LOG SENSE on the kernel's scsi_debug.
# Needs in the guest: ssdctl, jq, mkfs.ext4, busybox (dd, cmp, mount), modules sg, sd_mod,
# ahci, virtio_scsi, scsi_debug, ext4.
# QEMU: nvme serial=NVLAB001 with nvme-ns nsid 1 (1 GiB, 512 B) and nsid 2 (256 MiB, 4096 B);
#       virtio-scsi scsi-hd serial=SCSI0001 wwn=0x5000c50015ea71ac (512 MiB);
#       ahci ide-hd serial=SATA123 model=LabSATA (768 MiB).
set -u
SSDCTL=${SSDCTL:-ssdctl}
T=${TMPDIR:-/tmp}/ssdctl-lab
mkdir -p "$T"
n=0
fails=0
tap() { # tap RESULT NAME [DETAIL]
	n=$((n + 1))
	if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2${3:+ # $3}"; fails=$((fails + 1)); fi
}
# jqt NAME FILE FILTER: the jq filter must print true
jqt() {
	v=$(jq -e "$3" "$2" 2>&1)
	[ "$v" = true ]
	tap $? "$1" "jq '$3' gave: $(echo "$v" | head -c 200)"
}

# --- NVMe: two namespaces ------------------------------------------------------------------
"$SSDCTL" info /dev/nvme0 --json > "$T/nv.json" 2> "$T/err"
tap $? "info /dev/nvme0 --json exits 0" "$(cat "$T/err")"
jqt "nvme info: transport, serial, model" "$T/nv.json" \
	'.transport == "nvme" and .serial == "NVLAB001" and .model == "QEMU NVMe Ctrl"'
jqt "nvme info: PCI vendor 1b36 (Red Hat / QEMU)" "$T/nv.json" '.nvme.pci_vendor_id == "0x1b36"'
jqt "nvme info: two namespaces, 1 GiB x 512 B and 256 MiB x 4096 B" "$T/nv.json" \
	'[.nvme.namespaces[] | [.nsid, .size_bytes, .logical_block_bytes]] == [[1, 1073741824, 512], [2, 268435456, 4096]]'
jqt "nvme info: LBA format in use flagged, 8 formats" "$T/nv.json" \
	'(.nvme.namespaces[1].lba_formats | length) == 8 and ([.nvme.namespaces[1].lba_formats[] | select(.in_use)][0].data_bytes == 4096)'
jqt "nvme info: Format NVM yes, Sanitize no (QEMU SANICAP 0)" "$T/nv.json" \
	'.nvme.optional_commands.format_nvm == true and .nvme.optional_commands.sanitize_block_erase == false'
jqt "nvme info on controller: no single namespace, capacity is the sum" "$T/nv.json" \
	'.nvme.nsid == null and .logical_block_bytes == null and .capacity_bytes == 1342177280'
"$SSDCTL" info /dev/ng0n2 --json > "$T/ng2.json" 2> "$T/err"
tap $? "info /dev/ng0n2 --json exits 0" "$(cat "$T/err")"
jqt "info ng0n2: nsid 2, 256 MiB, 4096-byte LBAs" "$T/ng2.json" \
	'.nvme.nsid == 2 and .capacity_bytes == 268435456 and .logical_block_bytes == 4096'
"$SSDCTL" info /dev/nvme0n1 --json > "$T/n1.json" 2> "$T/err"
jqt "info nvme0n1: nsid 1, 1 GiB, block device named" "$T/n1.json" \
	'.nvme.nsid == 1 and .capacity_bytes == 1073741824 and .nvme.namespaces[0].block_device == "/dev/nvme0n1"'
"$SSDCTL" health /dev/nvme0 --json > "$T/nvh.json" 2> "$T/err"
tap $? "health /dev/nvme0 --json exits 0" "$(cat "$T/err")"
jqt "nvme health: temperature, hours, counters are numbers; no critical warning" "$T/nvh.json" \
	'(.temperature_c | type) == "number" and (.power_on_hours | type) == "number" and (.data_written_bytes | type) == "number" and .critical_warning == 0 and .nvme.temperature_sensors_c[0] == null'
"$SSDCTL" info /dev/nvme0 > "$T/nv.txt" 2>&1
grep -q "^serial: NVLAB001$" "$T/nv.txt"
tap $? "info text output names the serial"

# --- SCSI and SATA: find each by serial ----------------------------------------------------
SCSI= SATA=
for sg in /dev/sg*; do
	"$SSDCTL" info "$sg" --json > "$T/sg.json" 2>/dev/null || continue
	case $(jq -r .serial "$T/sg.json") in
	SCSI0001) SCSI=$sg; cp "$T/sg.json" "$T/scsi.json" ;;
	SATA123) SATA=$sg; cp "$T/sg.json" "$T/sata.json" ;;
	esac
done
[ -n "$SCSI" ]; tap $? "scsi-hd found by its serial SCSI0001 ($SCSI)"
[ -n "$SATA" ]; tap $? "SATA disk found by its serial SATA123 ($SATA)"
jqt "scsi info: transport scsi, QEMU HARDDISK, 512 MiB x 512 B" "$T/scsi.json" \
	'.transport == "scsi" and .model == "QEMU QEMU HARDDISK" and .capacity_bytes == 536870912 and .logical_block_bytes == 512'
jqt "scsi info: WWN from VPD 83h NAA" "$T/scsi.json" '.scsi.wwn == "0x5000c50015ea71ac"'
jqt "scsi info: Block Limits, provisioning thin, rotation rate not reported" "$T/scsi.json" \
	'.scsi.block_limits.max_unmap_descriptors == 255 and .scsi.provisioning.provisioning_type == "thin" and .scsi.characteristics.rotation_rate_rpm == null'
jqt "sata info: transport sata, model/serial from ATA IDENTIFY, 768 MiB" "$T/sata.json" \
	'.transport == "sata" and .model == "LabSATA" and .serial == "SATA123" and .capacity_bytes == 805306368 and .ata.capacity_sectors == 1572864'
jqt "sata info: SAT layer is libata (VPD 89h)" "$T/sata.json" '.scsi.sat.product == "libata"'
"$SSDCTL" health "$SCSI" --json > "$T/scsih.json" 2> "$T/err"
tap $? "health on scsi-hd exits 0" "$(cat "$T/err")"
jqt "scsi-hd rejects LOG SENSE: pages and temperature are null, not 0" "$T/scsih.json" \
	'.scsi.log_pages == null and .temperature_c == null and .percentage_used == null'
"$SSDCTL" health "$SATA" --json > "$T/satah.json" 2> "$T/err"
tap $? "health on SATA exits 0" "$(cat "$T/err")"
jqt "sata health: SMART attributes read through ATA PASS-THROUGH" "$T/satah.json" \
	'(.ata.smart_attributes | length) > 0 and (.power_on_hours | type) == "number"'
jqt "sata health: temperature from attribute 190 (QEMU has no 194), unreported fields null" "$T/satah.json" \
	'.temperature_c == ((.ata.smart_attributes[] | select(.id == 190) | .raw) % 256) and .unsafe_shutdowns == null'

# --- scsi_debug: LOG SENSE -------------------------------------------------------------------
modprobe scsi_debug dev_size_mb=16 2>"$T/err"
tap $? "modprobe scsi_debug" "$(cat "$T/err")"
sleep 2
DBG=
for sg in /dev/sg*; do
	"$SSDCTL" info "$sg" --json > "$T/d.json" 2>/dev/null || continue
	[ "$(jq -r .scsi.product "$T/d.json")" = scsi_debug ] && DBG=$sg
done
[ -n "$DBG" ]; tap $? "scsi_debug disk found ($DBG)"
"$SSDCTL" health "$DBG" --json > "$T/dbg.json" 2> "$T/err"
tap $? "health on scsi_debug exits 0" "$(cat "$T/err")"
jqt "scsi_debug LOG SENSE: temperature page listed, 38 C, reference 65 C" "$T/dbg.json" \
	'(.scsi.log_pages | index("0x0d")) != null and .temperature_c == 38 and .scsi.reference_temperature_c == 65'
jqt "scsi_debug LOG SENSE: informational exceptions page decoded" "$T/dbg.json" \
	'.scsi.informational_exception.asc_ascq == "0x0000"'

# --- purge ---------------------------------------------------------------------------------
"$SSDCTL" purge /dev/nvme0n1 --method sanitize-block --confirm NVLAB001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "supported methods: format$" "$T/err"
tap $? "purge sanitize-block on QEMU NVMe refused, lists 'format'" "rc=$rc $(cat "$T/err")"
"$SSDCTL" purge "$SCSI" --method sanitize-crypto --confirm SCSI0001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "supported methods: format-unit$" "$T/err"
tap $? "purge sanitize-crypto on scsi-hd refused, lists 'format-unit'" "rc=$rc $(cat "$T/err")"

dd if=/dev/urandom of="$T/pat" bs=64k count=16 2>/dev/null
dd if="$T/pat" of=/dev/nvme0n1 bs=64k count=16 oflag=direct 2>/dev/null
dd if="$T/pat" of=/dev/nvme0n1 bs=64k count=16 seek=8000 oflag=direct 2>/dev/null
"$SSDCTL" purge /dev/nvme0n1 --method format --confirm NVLAB002 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "does not match the drive's serial number 'NVLAB001'" "$T/err"
tap $? "purge with a wrong serial refused" "rc=$rc $(cat "$T/err")"
"$SSDCTL" purge /dev/nvme0n1 --method format > "$T/out" 2> "$T/err"
[ $? = 3 ] && grep -q "confirm SERIAL is required" "$T/err"
tap $? "purge without --confirm refused"
"$SSDCTL" purge /dev/nvme0n1 --method format --confirm NVLAB001 --dry-run > "$T/out" 2> "$T/err"
[ $? = 0 ] && grep -q "nothing was erased" "$T/out"
tap $? "purge --dry-run passes the checks and erases nothing" "$(cat "$T/err")"
dd if=/dev/nvme0n1 of="$T/back" bs=64k count=16 iflag=direct 2>/dev/null
cmp -s "$T/pat" "$T/back"
tap $? "data intact after the refusals and the dry run"

# a mounted filesystem on the other namespace of the same controller refuses the purge
mkfs.ext4 -q -F /dev/nvme0n2 >"$T/err" 2>&1
tap $? "mkfs.ext4 on nvme0n2" "$(cat "$T/err")"
mkdir -p /mnt/lab && mount -t ext4 /dev/nvme0n2 /mnt/lab
tap $? "mount nvme0n2"
cp "$T/pat" /mnt/lab/pat && sync
"$SSDCTL" purge /dev/nvme0n1 --method format --confirm NVLAB001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "nvme0n2 is mounted on /mnt/lab (ext4)" "$T/err"
tap $? "purge refused while nvme0n2 is mounted" "rc=$rc $(cat "$T/err")"
cmp -s "$T/pat" /mnt/lab/pat
tap $? "the mounted file survives"
dd if=/dev/nvme0n1 of="$T/back" bs=64k count=16 iflag=direct 2>/dev/null
cmp -s "$T/pat" "$T/back"
tap $? "nvme0n1 data survives the refused purge"
umount /mnt/lab

"$SSDCTL" purge /dev/nvme0n1 --method format --confirm NVLAB001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 0 ] && grep -q "purge: done" "$T/out"
tap $? "purge --method format on nvme0n1 completes" "rc=$rc $(cat "$T/err")"
dd if=/dev/zero of="$T/zero" bs=64k count=16 2>/dev/null
dd if=/dev/nvme0n1 of="$T/back" bs=64k count=16 iflag=direct 2>/dev/null
cmp -s "$T/zero" "$T/back"
tap $? "nvme0n1 reads back zeroes at LBA 0 after the format"
dd if=/dev/nvme0n1 of="$T/back" bs=64k count=16 skip=8000 iflag=direct 2>/dev/null
cmp -s "$T/zero" "$T/back"
tap $? "nvme0n1 reads back zeroes at 500 MiB after the format"
dd if=/dev/nvme0n1 of="$T/back" bs=64k count=16 2>/dev/null
cmp -s "$T/zero" "$T/back"
tap $? "buffered reads see zeroes too (page cache dropped)"
mount -t ext4 /dev/nvme0n2 /mnt/lab && cmp -s "$T/pat" /mnt/lab/pat
tap $? "nsid 2 untouched by the format of nsid 1"
umount /mnt/lab 2>/dev/null

# --- help texts ----------------------------------------------------------------------------
for o in --method --confirm --ses --dry-run sanitize-block sanitize-crypto sanitize-overwrite format-unit; do
	"$SSDCTL" purge --help | grep -q -- "$o" || { echo "# purge --help lacks $o"; false; }
done
tap $? "purge --help describes every option"
"$SSDCTL" info --help | grep -q -- --json && "$SSDCTL" health --help | grep -q -- --json && "$SSDCTL" --help | grep -q purge
tap $? "info/health/main --help describe their options"
echo "1..$n"
[ $fails = 0 ]
