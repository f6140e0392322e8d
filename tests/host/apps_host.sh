#!/usr/bin/env bash
# sanitize: yes
# ssd-apps on the host: usage and refusals (exit 2), then, as root with loop devices, on
# file-backed loop devices: a mounted device refused; a device too small for the tables fails
# (exit 1) before any filesystem is made; a server that will not start fails with the server's
# own error-log line; a short quick run (2 instances) gives apps.json with TPS and latencies; a
# SIGTERM in the middle and a disk filled during prepare both end with exit 1, the servers
# stopped, the filesystem unmounted and its mount point removed.
# Needs mariadb-server, sysbench and xfsprogs (scripts/install-deps). Under SANITIZE=1 the
# sanitizer build ($BUILD/apps/ssd-apps) runs.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
apps=apps/ssd-apps
[ "${SANITIZE:-}" = 1 ] && apps=${BUILD:-build/san}/apps/ssd-apps
[ -x "$apps" ] || { fail "apps: $apps is not built (make)"; lab_done; }
tmp=$(mktemp -d /tmp/apps-host.XXXXXX)
cleanup() { release_image_loops "$tmp"; }
trap cleanup EXIT

T=apps
clean_after() { apps_cleaned "$1" "$2/apps.json" mariadbd; } # NAME OUT

# ---- usage and refusals: need nothing ----------------------------------------------------------
expect_exit 0 "--help" "$apps" --help
has "--help names every option" '--table-size N'
has "--help states the exit statuses" 'Exit status: 0 done; 1 the workload failed'
expect_exit 2 "no command" "$apps"
expect_exit 2 "unknown command" "$apps" go
expect_exit 2 "run without --yes" "$apps" run --dev /dev/null --out "$tmp/r"
has "without --yes the message asks for it" 'add --yes'
expect_exit 2 "bad --instances" "$apps" run --dev /dev/null --out "$tmp/r" --yes --instances 99
has "bad --instances names the range" '--instances 99: must be a whole number from 1 to 16'
: >"$tmp/file"
expect_exit 2 "a regular file" "$apps" run --dev "$tmp/file" --out "$tmp/r" --yes
has "a regular file is refused as not a drive" 'is a regular file, not a drive'
expect_exit 2 "/dev/null" "$apps" run --dev /dev/null --out "$tmp/r" --yes
has "/dev/null is refused naming what it is" 'character device 1:3'
expect_exit 2 "a missing device" "$apps" run --dev /dev/nonexistent-apps --out "$tmp/r" --yes
has "a missing device is named" 'no such device'
jq -e '.status == "refused" and .failed_step == "device"' "$tmp/r/apps.json" >/dev/null &&
	ok "apps: a refusal is recorded in apps.json" || fail "apps: apps.json after a refusal: $(cat "$tmp/r/apps.json")"

# ---- on loop devices ---------------------------------------------------------------------------
if [ "$(id -u)" != 0 ] || ! losetup -f >/dev/null 2>&1; then
	ok "apps: loop-device checks # SKIP needs root and a free loop device"
	lab_done
fi
for p in mariadbd mariadb-install-db sysbench mkfs.xfs jq; do
	command -v "$p" >/dev/null || { fail "apps: $p is not installed (scripts/install-deps)"; lab_done; }
done
loopdev() { # SIZE -> a new loop device on a sparse file
	local f l
	f=$(mktemp "$tmp/img.XXXXXX") && truncate -s "$1" "$f" && l=$(losetup -f --show "$f") || return 1
	echo "$l"
}
small=$(loopdev 256M) && big=$(loopdev 2G) || { fail "apps: losetup failed"; lab_done; }

# a mounted device is refused (exit 2) and stays mounted
mkfs.ext4 -q -F "$small" && mkdir -p "$tmp/m" && mount "$small" "$tmp/m"
expect_exit 2 "a mounted device" "$apps" run --dev "$small" --out "$tmp/mounted" --yes
has "a mounted device is refused naming the mount" "is mounted on $tmp/m"
grep -q "^$small " /proc/mounts && ok "apps: the mounted filesystem is left alone" || fail "apps: $small was unmounted"
umount "$tmp/m"

# too small: exit 1 before mkfs; the ext4 made above is still there
expect_exit 1 "a 256 MiB drive" "$apps" run --dev "$small" --out "$tmp/small" --yes
has "too small: the message names tables, estimate and size" \
	'too small for the tables: 2 instances × 4 tables × 10000 rows need about 657.1 MiB .*has 256.0 MiB'
[ "$(blkid -o value -s TYPE "$small")" = ext4 ] && ok "apps: too small: no filesystem made" ||
	fail "apps: too small: the drive was formatted"

# a server that does not start: the server's own error line, cleaned up
expect_exit 1 "a server that will not start" "$apps" run --dev "$big" --out "$tmp/nostart" --yes \
	--instances 1 --server-opt=--no-such-option=1
has "the failure quotes mariadbd's error log" "\[ERROR\].*unknown variable 'no-such-option=1'"
clean_after "a server that will not start" "$tmp/nostart"

# a short run: results per instance and in total
t0=$(date +%s)
expect_exit 0 "quick run on $big" "$apps" run --dev "$big" --out "$tmp/ok" --yes --warmup 3 --time 10
echo "# quick run with --warmup 3 --time 10 took $(($(date +%s) - t0)) s"
sed 's/^/# /' "$tmp/out"
j=$tmp/ok/apps.json
jq -e '.schema == "ssdeng.apps.v1" and .status == "done" and .filesystem.type == "xfs"' "$j" >/dev/null &&
	ok "apps: apps.json: schema, status, xfs" || fail "apps: apps.json header: $(head -c 400 "$j")"
jq -e '[.instances[] | .tps > 0 and .qps > 0 and .latency_ms.avg > 0 and .latency_ms.p95 > 0 and
	.latency_ms.p99 > 0 and .errors >= 0 and .reconnects >= 0] | length == 2 and all' "$j" >/dev/null &&
	ok "apps: both instances have TPS, QPS, avg/p95/p99, errors, reconnects" || fail "apps: instance figures"
# the histogram prints 3 decimals, sysbench's percentile line 2
jq -e '[.instances[] | (.latency_ms.p99 - .sysbench_percentile_ms | fabs) < 0.006] | all' "$j" >/dev/null &&
	ok "apps: each instance's p99 from its histogram equals sysbench's own" || fail "apps: p99 differs from sysbench's"
jq -e '.total.tps > 0 and .total.p99_method == "merged-histogram" and
	(.total.tps - ([.instances[].tps] | add) | fabs) < 0.01' "$j" >/dev/null &&
	ok "apps: total TPS is the sum; total p99 from the merged histograms" || fail "apps: total"
jq -e '[.instances[].settings | .innodb_flush_method == "O_DIRECT" and .innodb_doublewrite == "ON" and
	.innodb_flush_log_at_trx_commit == 1 and .innodb_buffer_pool_size == 16777216] | all' "$j" >/dev/null &&
	ok "apps: settings read back from each server" || fail "apps: settings: $(jq -c '.instances[0].settings' "$j")"
jq -e '.filesystem.mount_options | test("noatime")' "$j" >/dev/null &&
	ok "apps: mount options read back" || fail "apps: mount options"
for f in db1/run.txt db1/prepare.txt db1/warmup.txt db2/run.txt db2/mariadbd.err; do
	[ -s "$tmp/ok/$f" ] || { fail "apps: $f not kept"; continue; }
done
[ -e "$tmp/ok/mkfs.log" ] || fail "apps: mkfs.log not kept" # mkfs.xfs -q prints nothing
ok "apps: sysbench's outputs and the server logs kept beside apps.json"
clean_after "quick run" "$tmp/ok"

# SIGTERM during the measured run: exit 1, "interrupted", everything stopped
"$apps" run --dev "$big" --out "$tmp/sig" --yes --warmup 0 --time 60 >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 600); do [ -s "$tmp/sig/db1/run.txt" ] && break; sleep 0.1; done
sleep 1
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 1 ] && ok "apps: SIGTERM mid-run: exit 1" || fail "apps: SIGTERM mid-run: exit $rc"
jq -e '.status == "interrupted" and .failed_step == "run"' "$tmp/sig/apps.json" >/dev/null &&
	ok "apps: SIGTERM mid-run: apps.json says interrupted during run" ||
	fail "apps: SIGTERM: $(jq -c '{status, failed_step, error}' "$tmp/sig/apps.json")"
clean_after "SIGTERM mid-run" "$tmp/sig"

# the disk fills during prepare: once prepare starts, files take all but 16 MiB of the free space,
# and the tables (4 × 300000 rows, about 330 MiB) do not fit in the rest. The space is topped up
# every 0.2 s while sysbench's prepare runs (XFS gives back the speculative preallocation beyond
# the end of InnoDB's growing files when a write meets ENOSPC, and a first fill that lands late
# must not leave room for the tables); never after it, when ssd-apps unmounts the filesystem.
"$apps" run --dev "$big" --out "$tmp/full" --yes --instances 1 --tables 4 --table-size 300000 \
	--warmup 0 --time 5 >"$tmp/out" 2>&1 &
pid=$!
# (the wait is long: under the sanitizer build on a loaded machine the server's install is slow)
for _ in $(seq 3000); do [ -e "$tmp/full/db1/prepare.txt" ] && break; sleep 0.1; done
[ -e "$tmp/full/db1/prepare.txt" ] || fail "apps: disk full: prepare did not start within 300 s"
mnt=$(awk -v d="$big" '$1 == d {print $2}' /proc/mounts)
fill() { # FILE: a file taking all but 16 MiB of the XFS filesystem's free space
	local avail
	[ "$(stat -f -c %T "$mnt" 2>/dev/null)" = xfs ] || return 1
	avail=$(stat -f -c '%a*%S' "$mnt") || return 1
	[ $((avail - (16 << 20))) -gt $((1 << 20)) ] || return 0
	fallocate -l $((avail - (16 << 20))) "$1"
}
[ -n "$mnt" ] && fill "$mnt/filler" || fail "apps: disk full: could not fill $mnt"
n=0 seen=0
while kill -0 "$pid" 2>/dev/null; do
	if pgrep -P "$pid" -x sysbench >/dev/null; then
		seen=1
		fill "$mnt/filler.$((n += 1))" 2>/dev/null
	elif [ "$seen" = 1 ]; then
		break
	fi
	sleep 0.2
done
rc=0
wait "$pid" || rc=$?
[ "$rc" = 1 ] && ok "apps: disk full during prepare: exit 1" || fail "apps: disk full: exit $rc"
has "disk full: the message says the filesystem is full" 'is full'
jq -e '.status == "failed" and .failed_step == "prepare"' "$tmp/full/apps.json" >/dev/null &&
	ok "apps: disk full: apps.json says failed during prepare (sysbench exits 0 after its FATAL lines)" ||
	fail "apps: disk full: $(jq -c '{status, failed_step}' "$tmp/full/apps.json")"
{ head -c 1500 "$tmp/out"; echo; } | sed 's/^/# /'
has "disk full: the message quotes sysbench or the server" 'FATAL\|ERROR'
clean_after "disk full" "$tmp/full"
record_schemas "$tmp/small/apps.json" "$tmp/nostart/apps.json" "$tmp/ok/apps.json" "$tmp/sig/apps.json" \
	"$tmp/full/apps.json"
lab_done
