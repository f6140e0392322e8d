# tests/lab/lib.sh - sourced by the lab tests (tests/lab/*.sh) inside the guest.
# A test prints TAP lines through ok/fail/check; tests/lab/run prefixes them with the test's name.

LAB_FAILED=0

# ok TEXT... - report a passed check
ok() { echo "ok - $*"; }

# fail TEXT... - report a failed check; the test's exit status becomes 1 (lab_done)
fail() { echo "not ok - $*"; LAB_FAILED=1; }

# check CMD... - run CMD; ok if it exits 0, else fail and show its output as TAP comments
check() {
	local out rc=0
	out=$("$@" 2>&1) || rc=$?
	if [ "$rc" = 0 ]; then
		ok "$*"
	else
		fail "$* (exit $rc)"
		printf '%s\n' "$out" | tail -n 20 | sed 's/^/# /'
	fi
	return "$rc"
}

# tap STATUS TEXT [DETAIL] - ok when STATUS is 0, else fail with DETAIL as a comment
tap() {
	if [ "$1" = 0 ]; then ok "$2"; else fail "$2${3:+ # $3}"; fi
}

# jqt TEXT FILE FILTER - ok when the jq FILTER prints true for FILE, else fail showing what it gave
jqt() {
	local v
	v=$(jq -e "$3" "$2" 2>&1)
	[ "$v" = true ]
	tap $? "$1" "jq '$3' gave: $(echo "$v" | head -c 300)"
}

# lab_done - end a test: exit 1 if any check failed
lab_done() { exit "$LAB_FAILED"; }

# lab_nvme_by_serial SERIAL - print the controller's char device (/dev/nvmeK) whose Identify
# Controller serial number (SN, space-padded) is SERIAL; status 1 if none
lab_nvme_by_serial() {
	local c
	for c in /sys/class/nvme/nvme*; do
		[ -e "$c/serial" ] || continue
		[ "$(tr -d ' ' <"$c/serial")" = "$1" ] && { echo "/dev/${c##*/}"; return 0; }
	done
	return 1
}

# lab_sg_by_serial SERIAL - print the /dev/sgN of the SCSI or SATA disk whose unit serial number
# (VPD page 0x80, SPC-5 §7.7.18; for SATA the ATA serial through the kernel's SAT layer) is SERIAL
lab_sg_by_serial() {
	local g sn
	for g in /sys/class/scsi_generic/sg*; do
		sn=$(tail -c +5 "$g/device/vpd_pg80" 2>/dev/null | tr -d '\0 ')
		[ -n "$sn" ] || sn=$(sg_vpd -p sn -r "/dev/${g##*/}" 2>/dev/null | tail -c +5 | tr -d '\0 ')
		[ "$sn" = "$1" ] && { echo "/dev/${g##*/}"; return 0; }
	done
	return 1
}

# lab_block_of_sg /dev/sgN - print the block device (/dev/sdX) of the same SCSI device
lab_block_of_sg() {
	local b
	for b in /sys/class/scsi_generic/"${1##*/}"/device/block/*; do
		[ -e "$b" ] && { echo "/dev/${b##*/}"; return 0; }
	done
	return 1
}

# lab_monitor HMP-COMMAND - run a QEMU monitor command (device_del NAME, drive_del drv-NAME,
# qom-set ...) from inside the guest and print the monitor's answer. Device names: scripts/lab --help.
lab_monitor() {
	local line
	[ -n "${LAB_MONITOR:-}" ] || { echo "lab_monitor: no monitor port in this guest" >&2; return 1; }
	exec 7<>"$LAB_MONITOR"
	printf '%s\n' "$*" >&7
	while IFS= read -r line <&7; do
		[ "$line" = LAB-MON-END ] && break
		printf '%s\n' "$line"
	done
	exec 7>&-
}

# lab_modprobe MODULE [PARAM=VALUE...] - load a module of the guest's kernel (e.g. scsi_debug)
lab_modprobe() { modprobe -d "$LAB_MODROOT" "$@"; }

# mariadbd_running [DIR] - true while a mariadbd runs (one whose command line names DIR/, when
# given: on the host other jobs may run their own servers, so a test names its mount point)
mariadbd_running() {
	local p
	for p in /proc/[0-9]*; do
		[ "$(cat "$p/comm" 2>/dev/null)" = mariadbd ] || continue
		[ -z "${1:-}" ] && return 0
		tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q -- "$1/" && return 0
	done
	return 1
}

# release_image_loops DIR - unmount and detach the loop devices over DIR/img.* (made in subshells,
# so found by their backing file), then remove DIR: a test's EXIT trap
release_image_loops() {
	local f l
	for f in "$1"/img.*; do
		[ -e "$f" ] || continue
		for l in $(losetup -j "$f" | cut -d: -f1); do
			grep -q "^$l " /proc/mounts && umount "$l"
			losetup -d "$l"
		done
	done
	rm -rf "$1"
}
