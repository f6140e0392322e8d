# refdrive.sh - reference drives (scripts/refdrive) for host tests. Source it from the project's
# root; it defines functions and sets one trap.
#
#   refdrive_need              skips the whole test (one TAP skip line saying why, exit 0) on a
#                              machine without /dev/fuse, qemu-storage-daemon, losetup, python3 or
#                              root
#   refdrive_start NAME ARGS.. starts a drive with scripts/refdrive's start options ARGS; sets
#                              RD_DEV (its /dev/loopN) and RD_DIR (its state directory); returns
#                              1 with the reason on stderr when it could not start
#   refdrive_set NAME ARGS..   changes a running drive's limits (scripts/refdrive set)
#   refdrive_stop NAME         stops one of them
#   refdrive_stop_all          stops every drive this shell started
#   rd_at_exit 'COMMAND'       one more command for the exit trap (after the drives are stopped)
#
# Every drive is stopped on every way out: the trap on EXIT, INT and TERM stops them, and each is
# started with --owner $$ so that refdrive's watcher stops it within about a second when this
# shell is killed with a signal no trap sees (SIGKILL). State directories are under $RD_BASE (a
# fresh directory under $TMPDIR).

RD_SCRIPT=${RD_SCRIPT:-$PWD/scripts/refdrive}
RD_BASE=${RD_BASE:-$(mktemp -d "${TMPDIR:-/tmp}/refdrive.XXXXXX")}
RD_DIRS=()
RD_EXIT_CMDS=()
RD_DEV="" RD_DIR=""

refdrive_need() {
	local why=""
	if [ "$(id -u)" != 0 ]; then
		why="needs root (losetup, FUSE mounts)"
	elif [ ! -c /dev/fuse ]; then
		why="no /dev/fuse (the reference drive is a FUSE export)"
	elif ! command -v qemu-storage-daemon >/dev/null; then
		why="no qemu-storage-daemon (QEMU's storage daemon, Debian qemu-system-x86 or qemu-utils)"
	elif ! command -v losetup >/dev/null || [ ! -e /dev/loop-control ]; then
		why="no loop devices (losetup, /dev/loop-control)"
	elif ! command -v python3 >/dev/null; then
		why="no python3 (refdrive's QMP client)"
	fi
	if [ -n "$why" ]; then
		echo "ok - # SKIP reference drive: $why"
		rmdir "$RD_BASE" 2>/dev/null
		exit 0
	fi
}

refdrive_stop_all() {
	local d
	for d in "${RD_DIRS[@]}"; do
		[ -d "$d" ] && "$RD_SCRIPT" stop --dir "$d" >/dev/null 2>&1
	done
	RD_DIRS=()
	rm -rf "$RD_BASE"
}

rd_at_exit() { RD_EXIT_CMDS+=("$1"); }

rd_exit_trap() {
	local rc=$? c
	trap - EXIT INT TERM
	refdrive_stop_all
	for c in "${RD_EXIT_CMDS[@]}"; do eval "$c"; done
	exit "${1:-$rc}"
}
trap 'rd_exit_trap' EXIT
trap 'rd_exit_trap 130' INT
trap 'rd_exit_trap 143' TERM

refdrive_start() {
	local name=$1 out
	shift
	RD_DIR=$RD_BASE/$name
	RD_DIRS+=("$RD_DIR")
	out=$("$RD_SCRIPT" start --dir "$RD_DIR" --owner $$ "$@" 2>&1) || {
		echo "refdrive start $name: $out" >&2
		RD_DEV=""
		return 1
	}
	RD_DEV=$out
}

refdrive_set() {
	local name=$1
	shift
	"$RD_SCRIPT" set --dir "$RD_BASE/$name" "$@"
}

# refdrive_stop NAME: stops one drive this shell started
refdrive_stop() { "$RD_SCRIPT" stop --dir "$RD_BASE/$1" >/dev/null 2>&1; }
