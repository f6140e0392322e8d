#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,ns=2,serial=NVLAB001 --scsi size=512M,serial=SCSI0001 --sata size=768M,serial=SATA123,model=LabSATA
# lab-timeout: 400
# ssdctl info / health / purge on QEMU's emulated drives, checked against the values on the
# QEMU command line above (LAB-NOTES §2, §3.2, §9), and LOG SENSE on the kernel's scsi_debug.
# NVMe: one controller, two 1 GiB namespaces of 4096-byte LBAs (an nvme-subsys: native
# multipath, so the namespaces' disks hang off the subsystem). SCSI: scsi-hd 512 MiB.
# SATA: ide-hd on AHCI, 768 MiB.
. tests/lab/lib.sh
SSDCTL=${SSDCTL:-$PWD/engine/ssdctl}
T=/tmp/ssdctl-lab
mkdir -p "$T"
NV=$(lab_nvme_by_serial NVLAB001) || fail "no NVMe controller with serial NVLAB001"
K=${NV#/dev/nvme}

# --- NVMe: two namespaces ------------------------------------------------------------------
"$SSDCTL" info "$NV" --json > "$T/nv.json" 2> "$T/err"
tap $? "info "$NV" --json exits 0" "$(cat "$T/err")"
jqt "nvme info: transport, serial, model" "$T/nv.json" \
	'.transport == "nvme" and .serial == "NVLAB001" and .model == "QEMU NVMe Ctrl"'
jqt "nvme info: PCI vendor 1b36 (Red Hat / QEMU)" "$T/nv.json" '.nvme.pci_vendor_id == "0x1b36"'
jqt "nvme info: two namespaces, 1 GiB x 4096 B each" "$T/nv.json" \
	'[.nvme.namespaces[] | [.nsid, .size_bytes, .logical_block_bytes]] == [[1, 1073741824, 4096], [2, 1073741824, 4096]]'
jqt "nvme info: LBA format in use flagged, 8 formats" "$T/nv.json" \
	'(.nvme.namespaces[1].lba_formats | length) == 8 and ([.nvme.namespaces[1].lba_formats[] | select(.in_use)][0].data_bytes == 4096)'
jqt "nvme info: each namespace's NGUID and EUI64 (hex, or null when the drive reports zero)" "$T/nv.json" \
	'all(.nvme.namespaces[]; has("nguid") and has("eui64") and (.nguid == null or (.nguid | test("^[0-9a-f]{32}$"))) and (.eui64 == null or (.eui64 | test("^[0-9a-f]{16}$"))))'
jqt "nvme info: Format NVM yes, Sanitize no (QEMU SANICAP 0)" "$T/nv.json" \
	'.nvme.optional_commands.format_nvm == true and .nvme.optional_commands.sanitize_block_erase == false'
jqt "nvme info on controller: no single namespace, capacity is the sum" "$T/nv.json" \
	'.nvme.nsid == null and .logical_block_bytes == null and .capacity_bytes == 2147483648'
"$SSDCTL" info /dev/ng${K}n2 --json > "$T/ng2.json" 2> "$T/err"
tap $? "info ng${K}n2 --json exits 0" "$(cat "$T/err")"
jqt "info ng${K}n2: nsid 2, 1 GiB, 4096-byte LBAs" "$T/ng2.json" \
	'.nvme.nsid == 2 and .capacity_bytes == 1073741824 and .logical_block_bytes == 4096'
"$SSDCTL" info /dev/nvme${K}n1 --json > "$T/n1.json" 2> "$T/err"
jqt "info nvme0n1: nsid 1, 1 GiB, block device named" "$T/n1.json" \
	".nvme.nsid == 1 and .capacity_bytes == 1073741824 and .nvme.namespaces[0].block_device == \"/dev/nvme${K}n1\""
"$SSDCTL" probe /dev/ng${K}n2 --json > "$T/p.json" 2> "$T/err"
jqt "probe ng${K}n2: nvme-ng of nvme${K}n2 on controller $NV (native multipath)" "$T/p.json" \
	".kind == \"nvme-ng\" and .block_device == \"/dev/nvme${K}n2\" and .nvme_controller == \"$NV\" and .capacity_bytes == 1073741824"
"$SSDCTL" probe "$NV" --json > "$T/p.json" 2> "$T/err"
jqt "probe $NV: nvme-ctrl, no block device, no transport" "$T/p.json" \
	".kind == \"nvme-ctrl\" and .nvme_controller == \"$NV\" and .block_device == null and .transport_auto == null"
"$SSDCTL" health "$NV" --json > "$T/nvh.json" 2> "$T/err"
tap $? "health "$NV" --json exits 0" "$(cat "$T/err")"
jqt "nvme health: temperature, hours, counters are numbers; no critical warning" "$T/nvh.json" \
	'(.temperature_c | type) == "number" and (.power_on_hours | type) == "number" and (.data_written_bytes | type) == "number" and .critical_warning == 0 and .nvme.temperature_sensors_c[0] == null'
"$SSDCTL" info "$NV" > "$T/nv.txt" 2>&1
grep -q "^serial: NVLAB001$" "$T/nv.txt"
tap $? "info text output names the serial"

# --- SCSI and SATA: find each by serial ----------------------------------------------------
SCSI=$(lab_sg_by_serial SCSI0001)
SATA=$(lab_sg_by_serial SATA123)
"$SSDCTL" info "$SCSI" --json > "$T/scsi.json" 2> "$T/err"
tap $? "info $SCSI --json exits 0" "$(cat "$T/err")"
"$SSDCTL" info "$SATA" --json > "$T/sata.json" 2> "$T/err"
tap $? "info $SATA --json exits 0" "$(cat "$T/err")"
[ -n "$SCSI" ]; tap $? "scsi-hd found by its serial SCSI0001 ($SCSI)"
[ -n "$SATA" ]; tap $? "SATA disk found by its serial SATA123 ($SATA)"
jqt "scsi info: transport scsi, QEMU HARDDISK, 512 MiB x 512 B" "$T/scsi.json" \
	'.transport == "scsi" and .model == "QEMU QEMU HARDDISK" and .capacity_bytes == 536870912 and .logical_block_bytes == 512'
jqt "scsi info: no NAA/EUI-64 designator without wwn=: wwn null, serial designator listed" "$T/scsi.json" \
	'.scsi.wwn == null and .scsi.designators[0].value == "SCSI0001" and .scsi.unit_serial == "SCSI0001"'
jqt "scsi info: Block Limits, provisioning thin, rotation rate not reported" "$T/scsi.json" \
	'.scsi.block_limits.max_unmap_descriptors == 255 and .scsi.provisioning.provisioning_type == "thin" and .scsi.characteristics.rotation_rate_rpm == null'
jqt "sata info: transport sata, model/serial from ATA IDENTIFY, 768 MiB" "$T/sata.json" \
	'.transport == "sata" and .model == "LabSATA" and .serial == "SATA123" and .capacity_bytes == 805306368 and .ata.capacity_sectors == 1572864'
jqt "sata info: SAT layer is libata (VPD 89h)" "$T/sata.json" '.scsi.sat.product == "libata"'
"$SSDCTL" probe "$SATA" --json > "$T/p.json" 2> "$T/err"
jqt "probe $SATA: scsi-sg of a 768 MiB disk" "$T/p.json" \
	".kind == \"scsi-sg\" and .generic_device == \"$SATA\" and .capacity_bytes == 805306368 and .transport_auto == \"scsi\""
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
lab_modprobe scsi_debug dev_size_mb=16 2>"$T/err"
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
"$SSDCTL" purge /dev/nvme${K}n1 --method sanitize-block --confirm NVLAB001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "supported methods: format$" "$T/err"
tap $? "purge sanitize-block on QEMU NVMe refused, lists 'format'" "rc=$rc $(cat "$T/err")"
"$SSDCTL" purge "$SCSI" --method sanitize-crypto --confirm SCSI0001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "supported methods: format-unit$" "$T/err"
tap $? "purge sanitize-crypto on scsi-hd refused, lists 'format-unit'" "rc=$rc $(cat "$T/err")"

dd if=/dev/urandom of="$T/pat" bs=64k count=16 2>/dev/null
dd if="$T/pat" of=/dev/nvme${K}n1 bs=64k count=16 oflag=direct 2>/dev/null
dd if="$T/pat" of=/dev/nvme${K}n1 bs=64k count=16 seek=8000 oflag=direct 2>/dev/null
"$SSDCTL" purge /dev/nvme${K}n1 --method format --confirm NVLAB002 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 3 ] && grep -q "does not match the drive's serial number 'NVLAB001'" "$T/err"
tap $? "purge with a wrong serial refused" "rc=$rc $(cat "$T/err")"
"$SSDCTL" purge /dev/nvme${K}n1 --method format > "$T/out" 2> "$T/err"
[ $? = 3 ] && grep -q "confirm SERIAL is required" "$T/err"
tap $? "purge without --confirm refused"
"$SSDCTL" purge /dev/nvme${K}n1 --method format --confirm NVLAB001 --dry-run > "$T/out" 2> "$T/err"
[ $? = 0 ] && grep -q "nothing was erased" "$T/out"
tap $? "purge --dry-run passes the checks and erases nothing" "$(cat "$T/err")"
dd if=/dev/nvme${K}n1 of="$T/back" bs=64k count=16 iflag=direct 2>/dev/null
cmp -s "$T/pat" "$T/back"
tap $? "data intact after the refusals and the dry run"

# a mounted filesystem on the other namespace of the same controller refuses the purge
mkfs.ext4 -q -F /dev/nvme${K}n2 >"$T/err" 2>&1
tap $? "mkfs.ext4 on nvme0n2" "$(cat "$T/err")"
lab_modprobe ext4 2>/dev/null # a module in the Debian kernel
mkdir -p /tmp/mnt
if mount -t ext4 /dev/nvme${K}n2 /tmp/mnt; then
	ok "mount nvme${K}n2"
	cp "$T/pat" /tmp/mnt/pat && sync
	"$SSDCTL" purge /dev/nvme${K}n1 --method format --confirm NVLAB001 > "$T/out" 2> "$T/err"
	rc=$?
	[ $rc = 3 ] && grep -q "nvme${K}n2 is mounted on /tmp/mnt (ext4)" "$T/err"
	tap $? "purge of nvme${K}n1 refused while nvme${K}n2 (same controller) is mounted" "rc=$rc $(cat "$T/err")"
	cmp -s "$T/pat" /tmp/mnt/pat
	tap $? "the mounted file survives"
	dd if=/dev/nvme${K}n1 of="$T/back" bs=64k count=16 iflag=direct 2>/dev/null
	cmp -s "$T/pat" "$T/back"
	tap $? "nvme${K}n1 data survives the refused purge"
	umount /tmp/mnt
else
	fail "mount nvme${K}n2: the mounted-drive checks could not run"
fi

"$SSDCTL" purge /dev/nvme${K}n1 --method format --confirm NVLAB001 > "$T/out" 2> "$T/err"
rc=$?
[ $rc = 0 ] && grep -q "purge: done" "$T/out"
tap $? "purge --method format on nvme0n1 completes" "rc=$rc $(cat "$T/err")"
dd if=/dev/zero of="$T/zero" bs=64k count=16 2>/dev/null
dd if=/dev/nvme${K}n1 of="$T/back" bs=64k count=16 iflag=direct 2>/dev/null
cmp -s "$T/zero" "$T/back"
tap $? "nvme0n1 reads back zeroes at LBA 0 after the format"
dd if=/dev/nvme${K}n1 of="$T/back" bs=64k count=16 skip=8000 iflag=direct 2>/dev/null
cmp -s "$T/zero" "$T/back"
tap $? "nvme0n1 reads back zeroes at 500 MiB after the format"
dd if=/dev/nvme${K}n1 of="$T/back" bs=64k count=16 2>/dev/null
cmp -s "$T/zero" "$T/back"
tap $? "buffered reads see zeroes too (page cache dropped)"
if jq -e '.nvme.format_applies_to_all_namespaces == false' "$T/nv.json" >/dev/null; then
	mount -t ext4 /dev/nvme${K}n2 /tmp/mnt && cmp -s "$T/pat" /tmp/mnt/pat
	tap $? "nsid 2 untouched by the format of nsid 1 (FNA bit 0 clear)"
fi
umount /tmp/mnt 2>/dev/null

# --- help texts ----------------------------------------------------------------------------
for o in --method --confirm --ses --dry-run sanitize-block sanitize-crypto sanitize-overwrite format-unit; do
	"$SSDCTL" purge --help | grep -q -- "$o" || { echo "# purge --help lacks $o"; false; }
done
tap $? "purge --help describes every option"
"$SSDCTL" info --help | grep -q -- --json && "$SSDCTL" health --help | grep -q -- --json && "$SSDCTL" --help | grep -q purge
tap $? "info/health/main --help describe their options"
lab_done
