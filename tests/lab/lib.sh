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

# expect_exit WANT NAME CMD... - run CMD, its output in $tmp/out; ok when it exits WANT, else fail
# showing its last lines. Names are prefixed with "$T: " when the test sets T.
expect_exit() {
	local want=$1 name=${T:+$T: }$2 rc=0
	shift 2
	"$@" >"$tmp/out" 2>&1 || rc=$?
	if [ "$rc" = "$want" ]; then ok "$name: exit $rc"; else
		fail "$name: exit $rc, expected $want"
		tail -n 15 "$tmp/out" | sed 's/^/# /'
	fi
}

# has NAME PATTERN - ok when $tmp/out (expect_exit's) matches the grep PATTERN
has() {
	grep -q -- "$2" "$tmp/out" && ok "${T:+$T: }$1" ||
		fail "${T:+$T: }$1: no '$2' in: $(head -c 600 "$tmp/out")"
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

# record_schemas PATH... - every document of the record under PATH (status.json, run.json,
# drive.json, drive-<M>.json, apps.json) matches docs/schemas (tests/host/lib/record_schema.py
# prints the TAP lines); the test fails otherwise
record_schemas() { tests/host/lib/record_schema.py "$@" || LAB_FAILED=1; }

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

# server_running NAME [DIR] - true while a process named NAME (mariadbd, postgres) runs, one whose
# command line names DIR/ when given: on the host other jobs may run their own servers, so a
# test names its mount point
server_running() {
	local p
	for p in /proc/[0-9]*; do
		[ "$(cat "$p/comm" 2>/dev/null)" = "$1" ] || continue
		[ -z "${2:-}" ] && return 0
		tr '\0' ' ' <"$p/cmdline" 2>/dev/null | grep -q -- "$2/" && return 0
	done
	return 1
}
mariadbd_running() { server_running mariadbd "$@"; }
postgres_running() { server_running postgres "$@"; }

# apps_cleaned NAME RESULT SERVER - after an ssd-apps run whose result is RESULT (apps.json,
# tpcc.json): no SERVER (mariadbd, postgres) left running on its mount point, the filesystem
# unmounted and the mount point removed
apps_cleaned() {
	local mnt name=${T:+$T: }$1
	mnt=$(jq -r '.filesystem.mount_point // empty' "$2" 2>/dev/null)
	[ -n "$mnt" ] && ! server_running "$3" "$mnt" && ok "$name: no $3 left running on $mnt" ||
		fail "$name: a $3 is still running on '$mnt'"
	if [ -n "$mnt" ]; then
		! grep -q " $mnt " /proc/mounts && [ ! -e "$mnt" ] && ok "$name: $mnt unmounted and removed" ||
			fail "$name: $mnt still mounted or present"
	fi
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
