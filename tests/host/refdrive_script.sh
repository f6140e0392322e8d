#!/usr/bin/env bash
# beside-lab: paced by the reference drive's limits, not by the CPU
# Host test of scripts/refdrive and tests/host/lib/refdrive.sh: the usage errors; a drive started,
# its loop device over the FUSE export with direct I/O, refdrive.json, status; fio's 4 KiB random
# writes at the IOPS limit and 128 KiB reads at the bandwidth limit (answers computed from the
# limits); a limit changed through QMP (refdrive set) takes effect; stop leaves nothing. Then a
# test holding a drive is killed with INT, TERM and KILL while fio runs on it: each time, within a
# few seconds, no daemon, no FUSE mount and no loop device over its export are left.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
. tests/host/lib/refdrive.sh
refdrive_need
R=scripts/refdrive

# usage: exit 2 and a message naming the problem
usage_err() { # description pattern args...
	local d=$1 pat=$2 out rc
	shift 2
	out=$("$R" "$@" 2>&1)
	rc=$?
	if [ $rc = 2 ] && grep -q -- "$pat" <<<"$out"; then rv_ok "refdrive refuses $d"; else rv_fail "refdrive refuses $d (rc=$rc: $out)"; fi
}
rv_check "refdrive --help exits 0 and names every command" bash -c "$R --help | grep -q 'refdrive set' && $R --help | grep -q 'x-iops-size'"
usage_err "no command" "give a command" 
usage_err "a total and a read IOPS limit together" "cannot be combined" start --dir "$RD_BASE/x" --iops 10 --iops-read 5
usage_err "a burst without its limit" "needs --bps" start --dir "$RD_BASE/x" --bps-max 10M
usage_err "a burst below its limit" "is below" start --dir "$RD_BASE/x" --iops 100 --iops-max 50
usage_err "a bad size" "--size: expected a whole number" start --dir "$RD_BASE/x" --size 1.5G
usage_err "an unknown option" "unknown option --speed" start --dir "$RD_BASE/x" --speed 5
usage_err "a bad bandwidth, before any daemon starts" "--bps: expected a whole number" start --dir "$RD_BASE/x" --size 16M --bps 16Q
usage_err "a name that is a path" "--name: expected letters" start --name ../x --size 16M
rv_check "nothing was left by the refusals" test ! -e "$RD_BASE/x"

# limits well under what the host's FUSE path does even when loaded (a 2-core host at load 22
# read 961 IOPS on a 1000-IOPS drive and 118 on 128 at 128 KiB)
iops=500 bps=$((8 * 1048576))
if ! refdrive_start a --size 64M --iops $iops --bps 8M; then
	rv_fail "refdrive start (see stderr)"
	exit 1
fi
dev=$RD_DEV
rv_ok "refdrive start prints a loop device ($dev)"
sysd=/sys/block/${dev#/dev/}
rv_check "$dev is a block device of 64 MiB" test "$(blockdev --getsize64 "$dev")" = $((64 * 1048576))
rv_check "$dev's backing file is the drive's FUSE export" test "$(cat "$sysd/loop/backing_file")" = "$RD_DIR/export.img"
rv_check "$dev uses direct I/O" test "$(cat "$sysd/loop/dio")" = 1
rv_check "the export is a FUSE mount" awk -v p="$RD_DIR/export.img" '$5 == p && / - fuse/ { f = 1 } END { exit !f }' /proc/self/mountinfo
rv_check "refdrive.json: model, size, limits and device" jq -e --arg d "$dev" --argjson b $bps \
	'.model == "reference drive" and .size_bytes == 67108864 and .limits == {"iops-total": 500, "bps-total": $b} and .loop == $d' "$RD_DIR/refdrive.json"
out=$("$R" status --dir "$RD_DIR")
rc=$?
[ $rc = 0 ] && grep -q "device: *$dev" <<<"$out" && grep -q 'iops-total=500' <<<"$out" && grep -q 'running, pid' <<<"$out" &&
	rv_ok "status: exit 0, the device, the limits, the daemon running" || rv_fail "status: rc=$rc $out"

# fio_rate RW BS SECONDS: IOPS of a 4-job QD16 run (libaio, direct) on the drive
fio_rate() {
	fio --name=r --filename="$dev" --direct=1 --ioengine=libaio --rw="$1" --bs="$2" --numjobs=4 \
		--iodepth=16 --group_reporting --time_based --runtime="$3" --output-format=json 2>/dev/null |
		jq '.jobs[0].read.iops + .jobs[0].write.iops'
}
# within LO HI X: LO <= X <= HI
within() { awk -v lo="$1" -v hi="$2" -v x="$3" 'BEGIN { exit !(x != "" && x >= lo && x <= hi) }'; }
# A run of T seconds at a limit of R ops/s moves R*T plus the bucket's avg/10 let through at once
# (QEMU's leaky bucket without a burst): the band is [0.97 R, R (1 + 0.1/T) + 3 %].
band() { awk -v r="$1" -v t="$2" 'BEGIN { printf "%.0f %.0f", 0.97 * r, r * (1 + 0.1 / t) * 1.03 }'; }
got=$(fio_rate randwrite 4k 4)
read -r lo hi <<<"$(band $iops 4)"
within "$lo" "$hi" "$got" && rv_ok "4 KiB random writes: $got IOPS, the limit $iops (band $lo-$hi)" ||
	rv_fail "4 KiB random writes: $got IOPS, expected $lo-$hi (limit $iops)"
# 128 KiB reads: the bandwidth limit, 8 MiB/s / 128 KiB = 64 IOPS (under the IOPS limit)
got=$(fio_rate read 128k 4)
read -r lo hi <<<"$(band $((bps / 131072)) 4)"
within "$lo" "$hi" "$got" && rv_ok "128 KiB reads: $got IOPS, the bandwidth limit's $((bps / 131072)) (band $lo-$hi)" ||
	rv_fail "128 KiB reads: $got IOPS, expected $lo-$hi (8 MiB/s / 128 KiB)"

# a limit changed while the drive runs
if "$R" set --dir "$RD_DIR" --iops 250 2>"$RD_BASE/set.err"; then
	rv_ok "set --iops 250: exit 0"
else
	rv_fail "set --iops 250: $(cat "$RD_BASE/set.err")"
fi
rv_check "refdrive.json: the new limit and the change recorded" jq -e --argjson b $bps \
	'.limits == {"iops-total": 250, "bps-total": $b} and (.changes | length == 1) and .changes[0].limits == {"iops-total": 250}' "$RD_DIR/refdrive.json"
got=$(fio_rate randread 4k 4)
read -r lo hi <<<"$(band 250 4)"
within "$lo" "$hi" "$got" && rv_ok "4 KiB random reads after set: $got IOPS, the new limit 250 (band $lo-$hi)" ||
	rv_fail "4 KiB random reads after set: $got IOPS, expected $lo-$hi"
usage_err "set without a limit" "give at least one limit" set --dir "$RD_DIR"
usage_err "set with a bad bandwidth" "--bps: expected a whole number" set --dir "$RD_DIR" --bps 5Q
out=$("$R" set --dir "$RD_DIR" --iops-read 100 2>&1)
rc=$?
[ $rc = 1 ] && grep -q "give the one in force as 0" <<<"$out" && rv_ok "set --iops-read over an --iops limit: exit 1 and how to remove the total" ||
	rv_fail "set --iops-read over an --iops limit: rc=$rc $out"

# one run per drive: a run on the loop device holds the drive's data file (disk.raw) too, so a
# second run given the file is refused before it writes
mkdir -p "$RD_BASE/locks"
SSD_REVIEW_LOCK_DIR=$RD_BASE/locks driver/ssd-review --drive a="$dev" --profile quick \
	--suite four-corners --only fc-4k-randread --span 16M --yes --no-report --out "$RD_BASE/lock1" \
	>"$RD_BASE/lock1.log" 2>&1 &
lpid=$!
for _ in $(seq 100); do [ -e "$RD_BASE/lock1/a/run.json" ] && break; sleep 0.1; done
out=$(SSD_REVIEW_LOCK_DIR=$RD_BASE/locks driver/ssd-review --drive b="$RD_DIR/disk.raw" --profile quick \
	--suite four-corners --only fc-4k-randread --span 16M --yes --no-report --out "$RD_BASE/lock2" 2>&1)
rc=$?
wait $lpid
[ $rc = 2 ] && grep -q "$RD_DIR/disk.raw is in use by another run" <<<"$out" &&
	rv_ok "a run on the drive's disk.raw while a run holds $dev: refused (exit 2, in use)" ||
	rv_fail "a run on disk.raw beside a run on $dev: rc=$rc $(tail -2 <<<"$out")"

# stop: nothing left
pid=$(cat "$RD_DIR/qsd.pid")
"$R" stop --dir "$RD_DIR"
rv_check "stop: exit 0" test $? = 0
gone() { # PID DIR DEV: no daemon, no mount, no loop device over DIR's export
	! [ -d "/proc/$1" ] && ! awk -v p="$2/export.img" '$5 == p { f = 1 } END { exit !f }' /proc/self/mountinfo &&
		! grep -qxF "$2/export.img" "/sys/block/${3#/dev/}/loop/backing_file" 2>/dev/null
}
rv_check "stop: daemon ended, FUSE mount and loop device gone" gone "$pid" "$RD_DIR" "$dev"
rv_check "stop: the state directory removed" test ! -e "$RD_DIR"
"$R" stop --dir "$RD_DIR" 2>/dev/null
rv_check "stop of a drive already stopped: exit 0 (nothing to stop)" test $? = 0
out=$("$R" status --dir "$RD_DIR" 2>&1)
rv_check "status of a stopped drive exits 3" test $? = 3

# a test killed while fio runs on its drive leaves nothing behind
for sig in INT TERM KILL; do
	rm -f "$RD_BASE/child.$sig"
	set -m # the child in its own process group, with SIGINT not ignored (a background job's is)
	RD_BASE=$RD_BASE/k$sig bash -c '. tests/host/lib/refdrive.sh
		refdrive_start k --size 32M --iops 500 || exit 1
		fio --name=k --filename="$RD_DEV" --direct=1 --ioengine=libaio --rw=randwrite --bs=4k \
			--iodepth=8 --time_based --runtime=60 >/dev/null 2>&1 &
		echo "$(cat "$RD_DIR/qsd.pid") $RD_DIR $RD_DEV $!" >"$1.tmp"; mv "$1.tmp" "$1"
		wait
		' killtest "$RD_BASE/child.$sig" &
	child=$!
	set +m
	for i in $(seq 100); do [ -s "$RD_BASE/child.$sig" ] && break; sleep 0.1; done
	read -r kpid kdir kdev fpid <"$RD_BASE/child.$sig" 2>/dev/null
	sleep 1 # fio running on the drive
	kill -"$sig" "$child"
	for i in $(seq 150); do gone "$kpid" "$kdir" "$kdev" && break; sleep 0.1; done
	if [ -n "${kpid:-}" ] && gone "$kpid" "$kdir" "$kdev"; then
		rv_ok "a test killed with SIG$sig while fio runs: no daemon, FUSE mount or loop device left (${i}00 ms)"
	else
		rv_fail "a test killed with SIG$sig: left daemon ${kpid:-?} / mount / $kdev ($(cat "/sys/block/${kdev#/dev/}/loop/backing_file" 2>/dev/null))"
	fi
	{ wait "$child"; } 2>/dev/null
	# fio ends with an I/O error once its drive has gone
	for i in $(seq 50); do [ -d "/proc/${fpid:-0}" ] || break; sleep 0.1; done
	rv_check "fio on the killed test's drive has ended" test ! -d "/proc/${fpid:-0}"
	[ -d "/proc/${fpid:-0}" ] && kill -KILL "$fpid"
done 2>/dev/null # the shell's word on the killed job
exit $RV_FAILED
