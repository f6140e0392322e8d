#!/usr/bin/env bash
# Host test of driver/ssd-review's process control, on a regular file (and a loop device over
# it where losetup works) standing in for a drive, with a test of hours (the full profile's
# preconditioning) that only a signal ends:
#  - one run per drive: a second run on the same file, on a loop device over it, or into the
#    same --out is refused naming the holder (pid, command, start time), writing nothing;
#  - --status DIR names the running test, its elapsed time and ETA, and fio's pid;
#  - no fio outlives a driver killed with SIGKILL; --status then says the run was killed;
#  - a fio left running by a killed run (its pid and start time in status.json) stops
#    --resume before the drive is touched, naming it; the next run records the killed one;
#  - SIGHUP (an ssh drop) and SIGTERM stop fio cleanly: the test is "interrupted" with the
#    signal's name, no .partial is left, and the exact command that resumes is printed.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_control.XXXXXX")
loop= pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
	[ -z "$loop" ] || losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
rv_need_built
rv_private_locks "$tmp"
long=(--profile full --span 32M --suite enterprise --only precond-4k-randwrite --no-report)

# start_long OUT: a run whose one test takes hours, in its own process group; waits for its fio
start_long() {
	rv_background "$1.err" driver/ssd-review --drive "k=$tmp/k.img" "${long[@]}" --yes --out "$1"
	pid=$RV_PID
	pids+=("$pid")
	rv_wait_fio "$1" "$pid"
	fio=$(jq -r '.fio.pid // empty' "$1/status.json" 2>/dev/null)
}
fio_of() { pgrep -f -- "[-]-output=$1/" ; }

start_long "$tmp/o1"
rv_check "the long run's fio runs (pid ${fio:-none})" test -n "$fio"
sleep 1
err=$(driver/ssd-review --drive "x=$tmp/k.img" --profile quick --yes --out "$tmp/o2" 2>&1)
rc=$?
if [ "$rc" = 2 ] && grep -q "is in use by another run: ssd-review pid $pid (started .*): .*--out $tmp/o1" <<<"$err" &&
	[ ! -e "$tmp/o2" ]; then
	rv_ok "a second run on the same file is refused naming the holder's pid, start and command"
else
	rv_fail "second run on the same file: rc=$rc $err"
fi
if loop=$(losetup -f --show "$tmp/k.img" 2>/dev/null); then
	rv_refused "a second run on $loop (over the same file) is refused" "in use by another run: ssd-review pid $pid" \
		driver/ssd-review --drive "x=$loop" --profile quick --yes --out "$tmp/o2"
	losetup -d "$loop"
	loop=
fi
rv_refused "a second run into the same --out is refused" "--out $tmp/o1 is in use by another run: ssd-review pid $pid" \
	driver/ssd-review --drive "y=$tmp/y.img" --profile quick --out "$tmp/o1"
rv_check "... and wrote nothing there" test ! -e "$tmp/o1/y"
sleep 5
st=$(driver/ssd-review --status "$tmp/o1")
rc=$?
if [ "$rc" = 0 ] && grep -q "ssd-review pid $pid is running" <<<"$st" &&
	grep -q "test 1/1: k · precond-4k-randwrite .* · elapsed 0:[0-5][0-9] · eta 5:[0-5][0-9]:[0-9][0-9]" <<<"$st" &&
	grep -q "fio pid $fio" <<<"$st"; then
	rv_ok "--status names the test, its elapsed time and ETA, and fio's pid (exit 0)"
else
	rv_fail "--status while running: rc=$rc $st"
fi

# SIGKILL: fio gets SIGTERM through its parent-death signal
kill -KILL "$pid"
wait "$pid" 2>/dev/null
for _ in $(seq 1 100); do fio_of "$tmp/o1" >/dev/null || break; sleep 0.1; done
rv_check "no fio outlives a driver killed with SIGKILL" bash -c "! pgrep -f -- '[-]-output=$tmp/o1/'"
st=$(driver/ssd-review --status "$tmp/o1")
rc=$?
[ "$rc" = 1 ] && grep -q "is gone without finishing: killed" <<<"$st" && grep -q "resume with: .*--resume --out $tmp/o1" <<<"$st" &&
	rv_ok "--status after SIGKILL: the run was killed, how to resume (exit 1)" ||
	rv_fail "--status after SIGKILL: rc=$rc $st"

# a fio left running by a killed run: status.json names it (pid, start time)
fio --name=left --filename="$tmp/left.img" --size=1M --rw=read --time_based --runtime=120 \
	--rate_iops=10 >/dev/null 2>&1 &
lf=$!
pids+=("$lf")
sleep 1
lst=$(awk '{print $22}' "/proc/$lf/stat")
jq --argjson p "$lf" --argjson s "$lst" '.fio = {pid: $p, starttime: $s}' "$tmp/o1/status.json" >"$tmp/st.json" &&
	cp "$tmp/st.json" "$tmp/o1/status.json"
before=$(find "$tmp/o1" -type f -printf '%P %T@\n' | sort | sha256sum)
err=$(driver/ssd-review --resume --out "$tmp/o1" 2>&1)
rc=$?
[ "$rc" = 2 ] && grep -q "a fio of an earlier run is still running: pid $lf, started by ssd-review pid $pid" <<<"$err" &&
	grep -q "kill $lf" <<<"$err" && rv_ok "--resume refuses while the killed run's fio runs, naming it" ||
	rv_fail "--resume with a leftover fio: rc=$rc $err"
rv_check "... and touched nothing" test "$(find "$tmp/o1" -type f -printf '%P %T@\n' | sort | sha256sum)" = "$before"
kill "$lf"
wait "$lf" 2>/dev/null

# stopped SIGNAL ERRFILE COMMAND...: start COMMAND, send SIGNAL once its test runs; rc is its exit
stopped() {
	local sig=$1 err=$2
	shift 2
	rv_background "$err" "$@"
	pids+=("$RV_PID")
	rv_wait_fio "$tmp/o1" "$RV_PID"
	sleep 2
	kill -"$sig" "$RV_PID"
	wait "$RV_PID"
	rc=$?
}

# SIGHUP: the resumed run (from the manifest) stopped as an ssh drop would
stopped HUP "$tmp/hup.err" driver/ssd-review --resume --out "$tmp/o1"
rv_check "SIGHUP: exit 130" test "$rc" = 130
rv_check "SIGHUP: run.json interrupted, the test interrupted by SIGHUP, result discarded" jq -e \
	'.status == "interrupted" and .tests[0].status == "interrupted" and (.tests[0].reason | startswith("SIGHUP: fio stopped"))' "$tmp/o1/k/run.json"
rv_check "SIGHUP: the killed run is in previous_runs as killed" jq -e '.previous_runs[0].status == "killed"' "$tmp/o1/k/run.json"
rv_check "SIGHUP: no .partial left" bash -c "! ls '$tmp/o1/k/'*.partial"
rv_check "SIGHUP: no fio left" bash -c "! pgrep -f -- '[-]-output=$tmp/o1/'"
cmd=$(grep -A1 "resume with:" "$tmp/hup.err" | tail -n1 | sed 's/^ *//')
rv_check "SIGHUP: the command that resumes is printed ($cmd)" test "$cmd" = "$PWD/driver/ssd-review --resume --out $tmp/o1"
st=$(driver/ssd-review --status "$tmp/o1")
grep -q "ended .*: interrupted, stopped by SIGHUP (exit status 130)" <<<"$st" &&
	rv_ok "--status after SIGHUP says how the run ended" || rv_fail "--status after SIGHUP: $st"

# SIGTERM, with the printed command
# shellcheck disable=SC2086
stopped TERM "$tmp/term.err" $cmd
rv_check "the printed command resumes; SIGTERM: exit 130" test "$rc" = 130
rv_check "SIGTERM: the test interrupted by SIGTERM" jq -e '.tests[0].reason | startswith("SIGTERM: fio stopped")' "$tmp/o1/k/run.json"
rv_check "SIGTERM: no fio left" bash -c "! pgrep -f -- '[-]-output=$tmp/o1/'"
rv_check_schemas "$tmp/o1"
exit $RV_FAILED
