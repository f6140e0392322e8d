#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,ns=2,serial=NVLAB001 --scsi size=512M,serial=SCSI0001 --sata size=768M,serial=SATA123,model=LabSATA
# lab-timeout: 200
# ssdctl cache on QEMU's emulated drives (the same guest as ssdctl.sh): show, off, show says
# off, on, show says on, each read back by another tool (nvme-cli's get-feature, sg3-utils'
# sg_modes, the kernel's sd cache_type after ssdctl's rescan), and a refusal named with the
# drive's own status: QEMU's NVMe does not save features (Set Features with SV 1: Feature
# Identifier Not Saveable) and its scsi-hd takes MODE SELECT only with SP 0 (SP 1: ILLEGAL
# REQUEST, invalid field in CDB). A SATA disk goes through the kernel's SAT layer the same way.
. tests/lab/lib.sh
SSDCTL=${SSDCTL:-$PWD/engine/ssdctl}
T=/tmp/ssdctl-cache
mkdir -p "$T"
tap() { # tap STATUS NAME [DETAIL]
	if [ "$1" = 0 ]; then ok "$2"; else fail "$2${3:+ # $3}"; fi
}
jqt() { # jqt NAME FILE FILTER: the jq filter must print true
	local v
	v=$(jq -e "$3" "$2" 2>&1)
	[ "$v" = true ]
	tap $? "$1" "jq '$3' gave: $(echo "$v" | head -c 300)"
}
cache() { # cache NAME DEV ARGS...: run ssdctl cache DEV ARGS --json into $T/NAME.json, status in $rc
	local name=$1 dev=$2
	shift 2
	"$SSDCTL" cache "$dev" "$@" --json >"$T/$name.json" 2>"$T/$name.err"
	rc=$?
}
# WCE as nvme-cli reads it: Get Features FID 06h, "Current value:00000001", bit 0
nvme_wce() {
	local v
	v=$(nvme get-feature "$1" -f 6 2>&1 | sed -n 's/.*Current value: *\(0x\)\{0,1\}\([0-9a-fA-F]*\).*/\2/p')
	[ -n "$v" ] && echo $((16#$v & 1))
}
# WCE as sg_modes reads it: its raw MODE SENSE(10) data, the Caching page after the 8-byte
# header and BLOCK DESCRIPTOR LENGTH (bytes 6-7) bytes of descriptors; WCE is byte 2 bit 2
sg_wce() {
	local -a b
	local off
	b=($(sg_modes -p 8 -r "$1" 2>/dev/null | od -An -v -tu1))
	[ ${#b[@]} -ge 8 ] || return 1
	off=$((8 + b[6] * 256 + b[7]))
	[ "${b[off]:-}" = 8 ] && echo $(((b[off + 2] >> 2) & 1))
}
kernel_cache_type() { cat /sys/class/scsi_generic/"${1##*/}"/device/scsi_disk/*/cache_type 2>/dev/null; }

# --- NVMe -------------------------------------------------------------------------------------
NV=$(lab_nvme_by_serial NVLAB001) || fail "no NVMe controller with serial NVLAB001"
K=${NV#/dev/nvme}
cache nv-show "$NV"
tap "$rc" "nvme: cache show exits 0" "$(cat "$T/nv-show.err")"
jqt "nvme show: VWC present, enabled (QEMU's default), changeable, not saveable (QEMU)" "$T/nv-show.json" \
	'.schema == "ssdctl.cache.v1" and .transport == "nvme" and .present == true and .enabled == true and .changeable == true and .saveable == false and .change == null'
[ "$(nvme_wce "$NV")" = 1 ]
tap $? "nvme: nvme-cli get-feature -f 6 agrees: WCE 1" "$(nvme get-feature "$NV" -f 6 2>&1)"
cache nv-off /dev/ng${K}n1 off
tap "$rc" "nvme: cache ng${K}n1 off exits 0" "$(cat "$T/nv-off.err")"
jqt "nvme off: before on, after off, a command sent" "$T/nv-off.json" \
	'.change.before == true and .change.after == false and .change.sent == true and .change.refusal == null and .enabled == false'
cache nv-show2 "$NV" show
jqt "nvme show after off: disabled" "$T/nv-show2.json" '.enabled == false'
[ "$(nvme_wce "$NV")" = 0 ]
tap $? "nvme: nvme-cli get-feature agrees: WCE 0" "$(nvme get-feature "$NV" -f 6 2>&1)"
cache nv-on /dev/nvme${K}n2 on
tap "$rc" "nvme: cache nvme${K}n2 on exits 0" "$(cat "$T/nv-on.err")"
jqt "nvme on: before off, after on" "$T/nv-on.json" '.change.before == false and .change.after == true and .change.sent == true'
cache nv-show3 "$NV"
jqt "nvme show after on: enabled" "$T/nv-show3.json" '.enabled == true'
[ "$(nvme_wce "$NV")" = 1 ]
tap $? "nvme: nvme-cli get-feature agrees: WCE 1 again"
cache nv-on2 "$NV" on
jqt "nvme on when already on: nothing sent" "$T/nv-on2.json" '.change.sent == false and .change.after == true'
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
[ "$(sg_wce "$SCSI")" = 1 ]
tap $? "scsi: sg_modes -p 8 agrees: WCE 1" "$(sg_modes -p 8 -H "$SCSI" 2>&1 | tail -4)"
cache sc-off "$SCSI" off
tap "$rc" "scsi: cache off exits 0" "$(cat "$T/sc-off.err")"
jqt "scsi off: before on, after off" "$T/sc-off.json" '.change.before == true and .change.after == false and .change.sent == true'
[ "$(sg_wce "$SCSI")" = 0 ]
tap $? "scsi: sg_modes agrees: WCE 0" "$(sg_modes -p 8 -H "$SCSI" 2>&1 | tail -4)"
case $(kernel_cache_type "$SCSI") in "write through"*) tap 0 "scsi: the kernel rescanned the disk: cache_type write through" ;;
*) tap 1 "scsi: the kernel rescanned the disk: cache_type write through" "cache_type: $(kernel_cache_type "$SCSI")" ;; esac
cache sc-show2 "$SCSI"
jqt "scsi show after off: disabled" "$T/sc-show2.json" '.enabled == false'
cache sc-on "$SCSI" on
jqt "scsi on: before off, after on" "$T/sc-on.json" '.change.before == false and .change.after == true'
cache sc-show3 "$SCSI"
jqt "scsi show after on: enabled" "$T/sc-show3.json" '.enabled == true'
[ "$(sg_wce "$SCSI")" = 1 ] && case $(kernel_cache_type "$SCSI") in "write back"*) true ;; *) false ;; esac
tap $? "scsi: sg_modes says WCE 1 and the kernel write back" "cache_type: $(kernel_cache_type "$SCSI")"
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
cache sa-off "$SATA" off
tap "$rc" "sata: cache off exits 0 (SAT: ATA SET FEATURES)" "$(cat "$T/sa-off.err")"
cache sa-show2 "$SATA"
jqt "sata show after off: disabled" "$T/sa-show2.json" '.enabled == false'
cache sa-on "$SATA" on
cache sa-show3 "$SATA"
jqt "sata on, then show: enabled" "$T/sa-show3.json" '.enabled == true and .change == null'

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
