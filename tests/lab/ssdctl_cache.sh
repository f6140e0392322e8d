#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,ns=2,serial=NVLAB001 --scsi size=512M,serial=SCSI0001 --sata size=768M,serial=SATA123,model=LabSATA
# lab-timeout: 200
# ssdctl cache on QEMU's emulated drives (the same guest as ssdctl.sh): show, off, show says
# off, on, show says on, each change read back by another tool (nvme-cli's get-feature,
# sg3-utils' sg_modes and the kernel's sd cache_type after ssdctl's rescan, ATA IDENTIFY through
# ATA PASS-THROUGH for SATA), and a refusal named with the drive's own status: QEMU's NVMe does
# not save features (Set Features with SV 1: Feature Identifier Not Saveable) and its scsi-hd
# takes MODE SELECT only with SP 0 (SP 1: ILLEGAL REQUEST, invalid field in CDB). The SATA disk
# goes through the kernel's SAT layer.
. tests/lab/lib.sh
SSDCTL=${SSDCTL:-$PWD/engine/ssdctl}
T=/tmp/ssdctl-cache
mkdir -p "$T"
cache() { # cache NAME DEV ARGS...: run ssdctl cache DEV ARGS --json into $T/NAME.json, status in $rc
	local name=$1 dev=$2
	shift 2
	"$SSDCTL" cache "$dev" "$@" --json >"$T/$name.json" 2>"$T/$name.err"
	rc=$?
}

# Readers of the setting that are not ssdctl: each prints WCE, 0 or 1.
# nvme-cli: Get Features FID 06h, "Current value:00000001", bit 0
nvme_wce() {
	local v
	v=$(nvme get-feature "$1" -f 6 2>&1 | sed -n 's/.*Current value: *\(0x\)\{0,1\}\([0-9a-fA-F]*\).*/\2/p')
	[ -n "$v" ] && echo $((16#$v & 1))
}
# sg_modes' raw MODE SENSE(10) data: the Caching page after the 8-byte header and BLOCK
# DESCRIPTOR LENGTH (bytes 6-7) bytes of descriptors; WCE is byte 2 bit 2. And the kernel's view:
# sd's cache_type, "write back" when WCE is 1, after ssdctl's rescan.
scsi_wce() {
	local -a b
	local off wce
	b=($(sg_modes -p 8 -r "$1" 2>/dev/null | od -An -v -tu1))
	[ ${#b[@]} -ge 8 ] || return 1
	off=$((8 + b[6] * 256 + b[7]))
	[ "${b[off]:-}" = 8 ] || return 1
	wce=$(((b[off + 2] >> 2) & 1))
	case $(cat /sys/class/scsi_generic/"${1##*/}"/device/scsi_disk/*/cache_type 2>/dev/null) in
	"write back"*) [ "$wce" = 1 ] || return 1 ;;
	"write through"*) [ "$wce" = 0 ] || return 1 ;;
	*) return 1 ;;
	esac
	echo "$wce"
}
# ATA IDENTIFY DEVICE (ACS-3) through ATA PASS-THROUGH, not the SAT layer's mode page: word 85
# bit 5, volatile write cache enabled
ata_wce() {
	local -a w
	w=($(sg_sat_identify -r "$1" 2>/dev/null | od -An -v -tu2 -j 170 -N 2))
	[ -n "${w[0]:-}" ] && echo $(((w[0] >> 5) & 1))
}

# cycle LABEL DEV READER: off, show, on, show through ssdctl, READER DEV agreeing after each change
cycle() {
	local l=$1 dev=$2 reader=$3
	cache "$l-off" "$dev" off
	tap "$rc" "$l: cache off exits 0" "$(cat "$T/$l-off.err")"
	jqt "$l off: before on, after off, a command sent" "$T/$l-off.json" \
		'.change.before == true and .change.after == false and .change.sent == true and .change.refusal == null and .enabled == false'
	[ "$($reader "$dev")" = 0 ]
	tap $? "$l: $reader reads WCE 0 after off" "$($reader "$dev" 2>&1)"
	cache "$l-show-off" "$dev" show
	jqt "$l: show after off says disabled" "$T/$l-show-off.json" '.enabled == false and .change == null'
	cache "$l-on" "$dev" on
	tap "$rc" "$l: cache on exits 0" "$(cat "$T/$l-on.err")"
	jqt "$l on: before off, after on, a command sent" "$T/$l-on.json" \
		'.change.before == false and .change.after == true and .change.sent == true'
	[ "$($reader "$dev")" = 1 ]
	tap $? "$l: $reader reads WCE 1 after on" "$($reader "$dev" 2>&1)"
	cache "$l-show-on" "$dev"
	jqt "$l: show after on says enabled" "$T/$l-show-on.json" '.enabled == true'
}

# --- NVMe -------------------------------------------------------------------------------------
NV=$(lab_nvme_by_serial NVLAB001) || fail "no NVMe controller with serial NVLAB001"
K=${NV#/dev/nvme}
cache nv-show "$NV"
tap "$rc" "nvme: cache show exits 0" "$(cat "$T/nv-show.err")"
jqt "nvme show: VWC present, enabled (QEMU's default), changeable, not saveable (QEMU)" "$T/nv-show.json" \
	'.schema == "ssdctl.cache.v1" and .transport == "nvme" and .present == true and .enabled == true and .changeable == true and .saveable == false and .change == null'
[ "$(nvme_wce "$NV")" = 1 ]
tap $? "nvme: nvme-cli get-feature -f 6 agrees: WCE 1" "$(nvme get-feature "$NV" -f 6 2>&1)"
cycle nvme "/dev/ng${K}n1" nvme_wce
cache nv-on2 "/dev/nvme${K}n2" on
jqt "nvme on through the other namespace when already on: nothing sent" "$T/nv-on2.json" '.change.sent == false and .change.after == true'
cache nv-save "$NV" off --save
[ "$rc" = 1 ] && grep -q "refused: Set Features Volatile Write Cache (WCE 0, SV 1): Feature Identifier Not Saveable" "$T/nv-save.err"
tap $? "nvme: off --save refused (exit 1) with the drive's status: Feature Identifier Not Saveable" "rc=$rc $(cat "$T/nv-save.err")"
jqt "nvme refusal in the JSON: status 0x410d (SCT 1, SC 0Dh, DNR), the cache still on" "$T/nv-save.json" \
	'.change.refusal.nvme_status == "0x410d" and .change.refusal.sense_key == null and .enabled == true and .change.after == true'

# --- SCSI (virtio-scsi scsi-hd) -----------------------------------------------------------------
SCSI=$(lab_sg_by_serial SCSI0001) || fail "no SCSI disk SCSI0001"
cache sc-show "$SCSI"
tap "$rc" "scsi: cache show exits 0" "$(cat "$T/sc-show.err")"
jqt "scsi show: from MODE SENSE(10) page 08h, enabled, WCE changeable, present not reported" "$T/sc-show.json" \
	'.transport == "scsi" and (.source | test("Caching mode page")) and .enabled == true and .changeable == true and .present == null'
[ "$(scsi_wce "$SCSI")" = 1 ]
tap $? "scsi: sg_modes -p 8 and the kernel agree: WCE 1" "$(sg_modes -p 8 -H "$SCSI" 2>&1 | tail -4)"
cycle scsi "$SCSI" scsi_wce
cache sc-save "$SCSI" off --save
[ "$rc" = 1 ] && grep -q "refused: MODE SELECT(10).*ILLEGAL REQUEST.*24/00" "$T/sc-save.err"
tap $? "scsi: off --save (SP 1) refused with the sense: ILLEGAL REQUEST 24/00" "rc=$rc $(cat "$T/sc-save.err")"
jqt "scsi refusal in the JSON: CHECK CONDITION, ILLEGAL REQUEST, 0x2400; the cache still on" "$T/sc-save.json" \
	'.change.refusal.scsi_status == "0x02" and .change.refusal.sense_key == "ILLEGAL REQUEST" and .change.refusal.asc_ascq == "0x2400" and .change.refusal.nvme_status == null and .enabled == true'

# --- SATA through the kernel's SAT layer --------------------------------------------------------
SATA=$(lab_sg_by_serial SATA123) || fail "no SATA disk SATA123"
cache sa-show "$SATA"
jqt "sata show: transport sata, the Caching page through SAT, enabled" "$T/sa-show.json" \
	'.transport == "sata" and .enabled == true'
[ "$(ata_wce "$SATA")" = 1 ]
tap $? "sata: ATA IDENTIFY word 85 agrees: write cache enabled" "$(ata_wce "$SATA" 2>&1)"
cycle sata "$SATA" ata_wce

# --- command line -----------------------------------------------------------------------------
"$SSDCTL" cache "$NV" sideways >/dev/null 2>"$T/err"
[ $? = 2 ] && grep -q "expected show, on or off" "$T/err"
tap $? "cache with an unknown action: usage error naming the choices" "$(cat "$T/err")"
"$SSDCTL" cache "$NV" show --save >/dev/null 2>"$T/err"
[ $? = 2 ]
tap $? "cache show --save is a usage error"
"$SSDCTL" cache "$NV" >"$T/text" 2>&1 && grep -q "^enabled: yes$" "$T/text"
tap $? "cache text output: 'enabled: yes'" "$(cat "$T/text")"
for o in show on off --save --json "Identifier 06h" "08h"; do
	"$SSDCTL" cache --help | grep -q -- "$o" || { echo "# cache --help lacks $o"; false; }
done
tap $? "cache --help describes every option and where the setting lives"
"$SSDCTL" --help | grep -q "cache DEV"
tap $? "ssdctl --help lists cache"
lab_done
