#!/usr/bin/env bash
# sanitize: yes
# ssd-apps --workload tpcc (PostgreSQL + sysbench tpcc.lua) on the host: an oltp option refused
# (exit 2); then, as root with loop devices, refused before any filesystem is made (exit 1): a
# 256 MiB drive too small for the database, too little memory, PostgreSQL, sysbench or the
# servers' user missing; a server that will not start fails with PostgreSQL's own FATAL line; a
# short run with the first port taken by another listener: tpcc.json with TPS, New-Orders per
# minute and latencies per instance and in total, the per-type counts adding up to sysbench's,
# the durable settings read back, the servers run as postgres on the next free port, the
# consistency conditions held; a SIGTERM mid-run; a workload that does not keep W_YTD = sum(D_YTD)
# fails the check with the numbers. Each ends with no server running on its mount point, the
# filesystem unmounted and its mount point removed; every tpcc.json matches
# docs/schemas/tpcc.schema.json. Needs postgresql, sysbench and xfsprogs
# (scripts/install-deps). Under SANITIZE=1 the sanitizer build ($BUILD/apps/ssd-apps) runs.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
apps=apps/ssd-apps
[ "${SANITIZE:-}" = 1 ] && apps=${BUILD:-build/san}/apps/ssd-apps
[ -x "$apps" ] || { fail "tpcc: $apps is not built (make)"; lab_done; }
tmp=$(mktemp -d /tmp/apps-tpcc-host.XXXXXX)
chmod 755 "$tmp" # the servers' user reads nothing here, but mkfs'd mounts live under /tmp
listener=
cleanup() {
	[ -n "$listener" ] && kill "$listener" 2>/dev/null
	release_image_loops "$tmp"
}
trap cleanup EXIT

T=tpcc
clean_after() { apps_cleaned "$1" "$2/tpcc.json" postgres; } # NAME OUT
# no_fs NAME DEV: refused before a filesystem was made on DEV
no_fs() {
	blkid "$2" >/dev/null 2>&1 && fail "tpcc: $1: a filesystem was made on $2" || ok "tpcc: $1: no filesystem made"
}

expect_exit 2 "an oltp option" "$apps" run --workload tpcc --dev /dev/null --out "$tmp/r" --yes --tables 4
has "an oltp option is refused naming it" '--tables belongs to the oltp workload; --workload is tpcc'

if [ "$(id -u)" != 0 ] || ! losetup -f >/dev/null 2>&1; then
	ok "tpcc: loop-device checks # SKIP needs root and a free loop device"
	lab_done
fi
for p in sysbench mkfs.xfs jq python3; do
	command -v "$p" >/dev/null || { fail "tpcc: $p is not installed (scripts/install-deps)"; lab_done; }
done
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || { fail "tpcc: postgresql is not installed (scripts/install-deps)"; lab_done; }
loopdev() { # SIZE -> a new loop device on a sparse file
	local f
	f=$(mktemp "$tmp/img.XXXXXX") && truncate -s "$1" "$f" && losetup -f --show "$f"
}
small=$(loopdev 256M) && big=$(loopdev 1G) || { fail "tpcc: losetup failed"; lab_done; }
tpcc() { "$apps" run --workload tpcc --yes "$@"; }

# ---- refused before anything is written ---------------------------------------------------------
expect_exit 1 "a 256 MiB drive" tpcc --dev "$small" --out "$tmp/small"
has "too small: the message names the database, the estimate and the size" \
	'too small for the database: 2 instances × 1 warehouse (10000 items, 300 customers per district) need about 593.8 MiB (.*); the drive /dev/loop[0-9]* has 256.0 MiB available'
no_fs "too small" "$small"
expect_exit 1 "too little memory" tpcc --dev "$big" --out "$tmp/mem" --buffer-pool 4000G
has "too little memory: the need and what is available" 'too little memory for 2 instances × 1 warehouse (.*): the servers need about 7.8 TiB (3.9 TiB of buffer, .*); .* is available'
jq -e '.failed_step == "memory" and .memory.need_bytes > .memory.available_bytes' "$tmp/mem/tpcc.json" >/dev/null &&
	ok "tpcc: too little memory: recorded" || fail "tpcc: memory: $(jq -c '{failed_step, memory}' "$tmp/mem/tpcc.json")"
expect_exit 1 "PostgreSQL missing" tpcc --dev "$big" --out "$tmp/nopg" --pg-bindir /nonexistent/bin
has "PostgreSQL missing: the Debian package named" '/nonexistent/bin/initdb not found (Debian package postgresql'
expect_exit 1 "sysbench missing" tpcc --dev "$big" --out "$tmp/nosb" --sysbench /nonexistent/sysbench
has "sysbench missing: the Debian package named" 'not found (Debian package sysbench'
expect_exit 1 "no such user" tpcc --dev "$big" --out "$tmp/nouser" --pg-user no-such-user-ssdeng
has "the servers' user missing: named, and why one is needed" "user 'no-such-user-ssdeng' does not exist: PostgreSQL runs as an unprivileged user"
expect_exit 1 "root as the servers' user" tpcc --dev "$big" --out "$tmp/root" --pg-user root
has "root refused as the servers' user" 'PostgreSQL refuses to run as root'
jq -e '.failed_step == "programs" and .filesystem.type == null' "$tmp/root/tpcc.json" >/dev/null &&
	ok "tpcc: refusals recorded at the programs step" || fail "tpcc: $(jq -c '{failed_step, filesystem}' "$tmp/root/tpcc.json")"
no_fs "the refusals" "$big"

# ---- a server that will not start: PostgreSQL's own line ---------------------------------------
expect_exit 1 "a server that will not start" tpcc --dev "$big" --out "$tmp/nostart" --instances 1 \
	--server-opt=--no_such_setting=1
has "the failure quotes postgres's log" 'postgres exited (status 1) before accepting connections: .*FATAL:  unrecognized configuration parameter "no_such_setting"'
clean_after "a server that will not start" "$tmp/nostart"

# ---- a short run, its first port taken ---------------------------------------------------------
port=$((56000 + RANDOM % 4000))
python3 -c 'import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(1); time.sleep(600)' "$port" &
listener=$!
sleep 0.5
t0=$(date +%s)
expect_exit 0 "a short run on $big" tpcc --dev "$big" --out "$tmp/ok" --warmup 1 --time 5 --port-base "$port"
echo "# tpcc quick run with --warmup 1 --time 5 took $(($(date +%s) - t0)) s"
sed 's/^/# /' "$tmp/out"
kill "$listener" 2>/dev/null
listener=
j=$tmp/ok/tpcc.json
check jq -e '.schema == "ssdeng.apps-tpcc.v1" and .status == "done" and .consistency_holds == true' "$j"
check jq -e --argjson p "$port" '.instances[0] | .port_asked == $p and .port == $p + 1' "$j"
check jq -e --argjson p "$port" '.instances[1] | .port_asked == $p + 1 and .port == $p + 2' "$j"
check jq -e '[.instances[] | .tps > 0 and .new_orders_per_min > 0 and .latency_ms.avg > 0 and .latency_ms.p99 > 0] | all' "$j"
# the per-type counts are sysbench's transactions; the retries its ignored errors
check jq -e '[.instances[] | ([.types[] | .done + .rolled_back] | add) == .transactions and
	([.types[].retries] | add) == .errors] | all' "$j"
check jq -e '.total.tps > 0 and (.total.tps - ([.instances[].tps] | add) | fabs) < 0.01 and
	.total.types.new_order.done > 0 and .total.p99_method == "merged-histogram"' "$j"
check jq -e '[.instances[].settings | .fsync == "on" and .synchronous_commit == "on" and
	.full_page_writes == "on" and .shared_buffers == "16MB" and .max_wal_size == "128MB"] | all' "$j"
check jq -e '[.instances[].consistency[] | .holds] | length == 8 and all' "$j"
grep -q 'owned by user "postgres"' "$tmp/ok/db1/initdb.log" && ok "tpcc: the cluster belongs to postgres" ||
	fail "tpcc: initdb.log: $(head -3 "$tmp/ok/db1/initdb.log")"
for f in db1/initdb.log db1/postgres.log db1/prepare.txt db1/run.txt db1/check.txt db2/run.txt db2/check.txt; do
	[ -s "$tmp/ok/$f" ] || fail "tpcc: $f not kept"
done
ok "tpcc: initdb's, the servers' and sysbench's outputs kept beside tpcc.json"
clean_after "short run" "$tmp/ok"

# ---- SIGTERM during the measured run -------------------------------------------------------------
"$apps" run --workload tpcc --yes --dev "$big" --out "$tmp/sig" --warmup 0 --time 60 >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 1200); do [ -s "$tmp/sig/db1/run.txt" ] && break; sleep 0.1; done
sleep 1
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 1 ] && ok "tpcc: SIGTERM mid-run: exit 1" || fail "tpcc: SIGTERM mid-run: exit $rc"
check jq -e '.status == "interrupted" and .failed_step == "run"' "$tmp/sig/tpcc.json"
check jq -e '[.instances[].stop | test("^SIGINT")] | all' "$tmp/sig/tpcc.json"
clean_after "SIGTERM mid-run" "$tmp/sig"

# ---- a workload that breaks consistency condition 1: Payment leaves D_YTD alone ---------------
sed 's/"UPDATE district SET d_ytd = d_ytd + %.2f "/"UPDATE district SET d_ytd = d_ytd + 0 * %.2f "/' \
	apps/tpcc.lua >"$tmp/broken.lua"
cmp -s apps/tpcc.lua "$tmp/broken.lua" && fail "tpcc: the broken workload is not broken"
expect_exit 1 "a workload that breaks W_YTD = sum(D_YTD)" tpcc --dev "$big" --out "$tmp/bad" --instances 1 \
	--warmup 0 --time 3 --tpcc-lua "$tmp/broken.lua"
has "the check fails naming the condition and its numbers" \
	'check: db1: TPC-C consistency condition 1 (W_YTD = sum(D_YTD)) fails on 1 of 1 rows: w_id=1 w_ytd=[0-9.]* sum_d_ytd=300000.00'
check jq -e '.status == "failed" and .failed_step == "check" and .consistency_holds == false and
	.instances[0].consistency[0].violations == 1 and .instances[0].consistency[1].holds' "$tmp/bad/tpcc.json"
clean_after "a failed check" "$tmp/bad"
record_schemas "$tmp/mem/tpcc.json" "$tmp/root/tpcc.json" "$tmp/ok/tpcc.json" "$tmp/sig/tpcc.json" \
	"$tmp/bad/tpcc.json"
lab_done
