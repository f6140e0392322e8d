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

# first LABEL DEV READER FILTER: show exits 0, its JSON passes FILTER, READER DEV reads WCE 1
first() {
	cache "$1-show" "$2"
	tap "$rc" "$1: cache show exits 0" "$(cat "$T/$1-show.err")"
	jqt "$1 show: $5" "$T/$1-show.json" "$4"
	[ "$($3 "$2")" = 1 ]
	tap $? "$1: $3 agrees: WCE 1" "$($3 "$2" 2>&1)"
}

# refused LABEL DEV PATTERN FILTER: `off --save` exits 1 naming the drive's status or sense
# (PATTERN, on stderr) and the JSON's refusal passes FILTER, the cache still on
refused() {
	cache "$1-save" "$2" off --save
	[ "$rc" = 1 ] && grep -q "$3" "$T/$1-save.err"
	tap $? "$1: off --save refused (exit 1) with the drive's own words" "rc=$rc $(cat "$T/$1-save.err")"
	jqt "$1: the refusal in the JSON, the cache still on" "$T/$1-save.json" "$4 and .enabled == true"
}

# --- NVMe -------------------------------------------------------------------------------------
NV=$(lab_nvme_by_serial NVLAB001) || fail "no NVMe controller with serial NVLAB001"
K=${NV#/dev/nvme}
first nvme "$NV" nvme_wce \
	'.schema == "ssdctl.cache.v1" and .transport == "nvme" and .present == true and .enabled == true and .changeable == true and .saveable == false and .change == null' \
	"VWC present, enabled (QEMU's default), changeable, not saveable (QEMU)"
cycle nvme "/dev/ng${K}n1" nvme_wce
cache nv-on2 "/dev/nvme${K}n2" on
jqt "nvme on through the other namespace when already on: nothing sent" "$T/nv-on2.json" '.change.sent == false and .change.after == true'
# QEMU saves no feature: Feature Identifier Not Saveable, SCT 1 SC 0Dh with DNR = 0x410d
refused nvme "$NV" "refused: Set Features Volatile Write Cache (WCE 0, SV 1): Feature Identifier Not Saveable" \
	'.change.refusal.nvme_status == "0x410d" and .change.refusal.sense_key == null and .change.after == true'

# --- SCSI (virtio-scsi scsi-hd) -----------------------------------------------------------------
SCSI=$(lab_sg_by_serial SCSI0001) || fail "no SCSI disk SCSI0001"
first scsi "$SCSI" scsi_wce \
	'.transport == "scsi" and (.source | test("Caching mode page")) and .enabled == true and .changeable == true and .present == null' \
	"from MODE SENSE(10) page 08h, enabled, WCE changeable, present not reported"
cycle scsi "$SCSI" scsi_wce
# scsi-hd takes MODE SELECT with SP 0 only: CHECK CONDITION, ILLEGAL REQUEST, 24h/00h
refused scsi "$SCSI" "refused: MODE SELECT(10).*ILLEGAL REQUEST.*24/00" \
	'.change.refusal.scsi_status == "0x02" and .change.refusal.sense_key == "ILLEGAL REQUEST" and .change.refusal.asc_ascq == "0x2400" and .change.refusal.nvme_status == null'

# --- SATA through the kernel's SAT layer --------------------------------------------------------
SATA=$(lab_sg_by_serial SATA123) || fail "no SATA disk SATA123"
first sata "$SATA" ata_wce '.transport == "sata" and .enabled == true' \
	"transport sata, the Caching page through SAT, enabled"
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
