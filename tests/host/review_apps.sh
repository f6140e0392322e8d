#!/usr/bin/env bash
# driver/ssd-review --suite apps on the host: --client and --group refused before anything is
# written (exit 2, no results directory), --apps-* out of range refused, the plan (apps-oltp,
# then apps-tpcc) and a file's skip in --dry-run; then, as root with loop devices: a 1 GiB and a
# 256 MiB loop device in one run of both tests (the small one's fail with ssd-apps's space
# messages as their run.json reasons, the run goes on: exit 1), run.json's params and the
# manifest's request carry the sizes and durations, the report's figures are the results'
# (apps.json, tpcc.json); --resume keeps the done tests; SIGTERM during apps-tpcc's measured run
# marks the test interrupted, exits 130 and leaves no server running and nothing mounted.
# Needs mariadb-server, postgresql, sysbench and xfsprogs (scripts/install-deps).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
rv=driver/ssd-review
[ -x $rv ] && [ -x apps/ssd-apps ] || { fail "review apps: not built (make)"; lab_done; }
tmp=$(mktemp -d /tmp/review-apps.XXXXXX)
export SSD_REVIEW_LOCK_DIR=$tmp/locks
mkdir -p "$SSD_REVIEW_LOCK_DIR"
cleanup() { release_image_loops "$tmp"; }
trap cleanup EXIT
T="review apps"

# ---- refusals and the plan: need nothing -------------------------------------------------------
expect_exit 2 "--client" $rv --client h1=a:/dev/ng0n1 --suite apps --profile quick --yes --out "$tmp/c"
has "--client: the apps suite is local-only, and why" 'the apps suite (in --suite apps) is local-only: ssd-apps makes a filesystem on the drive and starts MariaDB or PostgreSQL servers'
[ ! -e "$tmp/c" ] && ok "review apps: --client: nothing written" || fail "review apps: --client wrote $tmp/c"
expect_exit 2 "--client with --suite all" $rv --client h1=a:/dev/ng0n1 --suite all --profile quick --yes --out "$tmp/c"
: >"$tmp/g1" && : >"$tmp/g2"
expect_exit 2 "--group" $rv --group g="$tmp/g1,$tmp/g2" --suite apps --profile quick --yes --out "$tmp/g"
has "--group: one drive at a time, and what to run instead" 'runs on one drive at a time.*--drive LABEL=DEV for each'
[ ! -e "$tmp/g" ] && ok "review apps: --group: nothing written" || fail "review apps: --group wrote $tmp/g"
expect_exit 2 "--apps-instances 17" $rv --drive a="$tmp/f.img" --suite apps --apps-instances 17
has "--apps-instances names the range" "--apps-instances '17': expected a whole number from 1 to 16"
expect_exit 0 "--dry-run" $rv --drive a="$tmp/f.img" --suite all --profile quick --dry-run --out "$tmp/d"
has "--dry-run: apps-oltp first, skipped on a file" '^a apps-oltp skipped: ssd-apps makes a filesystem on a block device'
has "--dry-run: apps-tpcc second, skipped on a file" '^a apps-tpcc skipped: ssd-apps makes a filesystem on a block device'
[ "$(sed -n 3p "$tmp/out" | cut -d' ' -f2)" = prep-128k-seqfill ] && ok "review apps: --dry-run: the synthetic suites after them" ||
	fail "review apps: --dry-run line 3: $(sed -n 3p "$tmp/out")"

# ---- on loop devices ---------------------------------------------------------------------------
if [ "$(id -u)" != 0 ] || ! losetup -f >/dev/null 2>&1; then
	ok "review apps: loop-device checks # SKIP needs root and a free loop device"
	lab_done
fi
for p in mariadbd mariadb-install-db sysbench mkfs.xfs jq psql; do
	command -v "$p" >/dev/null || { fail "review apps: $p is not installed (scripts/install-deps)"; lab_done; }
done
loopdev() { local f; f=$(mktemp "$tmp/img.XXXXXX") && truncate -s "$1" "$f" && losetup -f --show "$f"; }
big=$(loopdev 1G) && small=$(loopdev 256M) || { fail "review apps: losetup failed"; lab_done; }
expect_exit 0 "--dry-run on a loop device" $rv --drive a="$big" --suite apps --profile quick --apps-threads 2 \
	--apps-tables 3 --apps-warehouses 2 --dry-run --out "$tmp/dry"
# the directory the run would write: under --out, made absolute (not "/a/apps-oltp")
has "--dry-run: the ssd-apps command, its --out under the run's" "^a apps-oltp .*ssd-apps run --workload oltp --dev $big --out $tmp/dry/a/apps-oltp --profile quick --yes --tables 3 --threads 2 --warmup 5 --time 20$"
has "--dry-run: tpcc's, with its own options only" "^a apps-tpcc .*ssd-apps run --workload tpcc --dev $big --out $tmp/dry/a/apps-tpcc --profile quick --yes --warehouses 2 --threads 2 --warmup 5 --time 20$"
(r=$PWD/$rv && cd "$tmp" && "$r" --drive a="$big" --suite apps --profile quick --dry-run --out rel) >"$tmp/out" 2>&1
has "--dry-run: a relative --out made absolute" "^a apps-oltp .* --out $tmp/rel/a/apps-oltp --profile quick"
[ ! -e "$tmp/dry" ] && [ ! -e "$tmp/rel" ] && ok "review apps: --dry-run wrote nothing" ||
	fail "review apps: --dry-run made its --out"

out=$tmp/r
t0=$(date +%s)
expect_exit 1 "big and small in one run" $rv --drive big="$big" --drive small="$small" --suite apps \
	--profile quick --yes --apps-warmup 2 --apps-time 5 --out "$out"
echo "# --suite apps on two loop devices took $(($(date +%s) - t0)) s"
sed 's/^/# /' "$tmp/out"
has "the destroy warning names the whole drive" 'all its data will be destroyed (the apps suite makes a filesystem over the whole drive)'
has "big: done, with its TPS and p99" 'big · apps-oltp · done in .* · 2 instances · [0-9.]* TPS · p99 [0-9.]* ms'
has "small: FAILED with ssd-apps's reason" 'small · apps-oltp · FAILED (ssd-apps exit 1): the drive is too small for the tables'
has "big: apps-tpcc done, with its TPS and p99" 'big · apps-tpcc · done in .* · 2 instances · [0-9.]* TPS · p99 [0-9.]* ms'
has "small: apps-tpcc FAILED with ssd-apps's reason" 'small · apps-tpcc · FAILED (ssd-apps exit 1): the drive is too small for the database'
jq -e '.tests[0] | .id == "apps-oltp" and .tool == "ssd-apps" and .jobfile == null and .status == "done" and .fio_rc == 0 and
	.params == {"instances": 2, "tables": 4, "table_size": 10000, "threads": 4, "warmup_s": 2, "time_s": 5}' "$out/big/run.json" >/dev/null &&
	ok "review apps: big: run.json's record with the sizes used" || fail "review apps: big record: $(jq -c '.tests[0]' "$out/big/run.json")"
jq -e '.tests[1] | .id == "apps-tpcc" and .tool == "ssd-apps" and .status == "done" and
	.params == {"instances": 2, "warehouses": 1, "threads": 4, "warmup_s": 2, "time_s": 5}' "$out/big/run.json" >/dev/null &&
	ok "review apps: big: apps-tpcc's record with its sizes" || fail "review apps: big tpcc record: $(jq -c '.tests[1]' "$out/big/run.json")"
jq -e '.manifest.request.apps == {"instances": null, "tables": null, "table_size": null, "warehouses": null, "threads": null, "warmup_s": 2, "time_s": 5}' \
	"$out/big/run.json" >/dev/null && ok "review apps: the manifest's request holds the apps options" ||
	fail "review apps: manifest request: $(jq -c '.manifest.request' "$out/big/run.json")"
lbs=$(cat "/sys/class/block/${big#/dev/}/queue/logical_block_size")
jq -e --argjson b "$lbs" '.logical_block_bytes == $b and .size_bytes == 1073741824' "$out/big/drive.json" >/dev/null &&
	grep -q "| Logical block | $lbs B |" "$out/report/report.md" &&
	ok "review apps: the loop device's logical block size ($lbs) in drive.json and the report" ||
	fail "review apps: logical block: $(jq -c '[.logical_block_bytes, .size_bytes]' "$out/big/drive.json") $(grep 'Logical block' "$out/report/report.md")"
jq -e '.status == "done" and .total.tps > 0 and .total.latency_ms.p99 > 0' "$out/big/apps-oltp/apps.json" >/dev/null &&
	ok "review apps: big: apps.json done, TPS and p99" || fail "review apps: big apps.json"
jq -e '.status == "done" and .consistency_holds and .total.tps > 0' "$out/big/apps-tpcc/tpcc.json" >/dev/null &&
	ok "review apps: big: tpcc.json done, consistent, TPS" || fail "review apps: big tpcc.json"
# the report's figures are the results' (the CSV holds 9 significant digits: equal to 1e-8)
for t in apps-oltp:apps.json apps-tpcc:tpcc.json; do
	v=$(awk -F, '$1 == "transactions/s" && $2 == "total" { print $3 }' "$out/report/${t%%:*}-figures.csv")
	awk -v a="$v" -v b="$(jq .total.tps "$out/big/${t%%:*}/${t#*:}")" 'BEGIN { d = (a - b) / (b ? b : 1); exit !(a != "" && d * d < 1e-16) }' &&
		ok "review apps: the report's ${t%%:*} total TPS is the result's ($v)" ||
		fail "review apps: ${t%%:*} total TPS in the report '$v', in ${t#*:} $(jq .total.tps "$out/big/${t%%:*}/${t#*:}")"
done
jq -e '(.tests[0] | .status == "failed" and (.reason | startswith("the drive is too small for the tables: 2 instances"))) and
	(.tests[1] | .status == "failed" and (.reason | startswith("the drive is too small for the database: 2 instances")))' \
	"$out/small/run.json" >/dev/null && ok "review apps: small: failed, the reasons ssd-apps's messages" ||
	fail "review apps: small record: $(jq -c '.tests' "$out/small/run.json")"
jq -e '.status == "failed"' "$out/big/run.json" >/dev/null && ok "review apps: the run's status is failed" ||
	fail "review apps: run status $(jq .status "$out/big/run.json")"
mnt=$(jq -r '.filesystem.mount_point // empty' "$out/big/apps-oltp/apps.json")
[ -n "$mnt" ] && ! mariadbd_running "$mnt" && ok "review apps: no mariadbd left running on $mnt" ||
	fail "review apps: a mariadbd is still running on '$mnt'"
mnt=$(jq -r '.filesystem.mount_point // empty' "$out/big/apps-tpcc/tpcc.json")
[ -n "$mnt" ] && ! postgres_running "$mnt" && ok "review apps: no postgres left running on $mnt" ||
	fail "review apps: a postgres is still running on '$mnt'"
grep -q "^$big \|^$small " /proc/mounts && fail "review apps: a loop device is still mounted" || ok "review apps: nothing left mounted"
grep -q 'id="family-apps"' "$out/report/index.html" && ok "review apps: the report has the apps section" ||
	fail "review apps: no apps section in $out/report/index.html"

# --resume: the done tests kept, the failed ones run again
expect_exit 1 "--resume" $rv --resume --out "$out" --no-report
has "--resume keeps big's apps-oltp" 'big · apps-oltp · kept (--resume)'
has "--resume keeps big's apps-tpcc" 'big · apps-tpcc · kept (--resume)'
has "--resume reruns small's" 'small · apps-tpcc · FAILED'
jq -e '(.tests[0] | .resumed == true and .params.instances == 2) and (.tests[1] | .resumed == true and .params.warehouses == 1)' \
	"$out/big/run.json" >/dev/null && ok "review apps: the kept tests keep their params" ||
	fail "review apps: kept records: $(jq -c '.tests' "$out/big/run.json")"

# SIGTERM during apps-tpcc's measured run: interrupted, the servers stopped, unmounted
$rv --drive big="$big" --suite apps --only apps-tpcc --profile quick --yes --apps-warmup 0 --apps-time 60 \
	--out "$tmp/sig" >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 1200); do [ -s "$tmp/sig/big/apps-tpcc/db1/run.txt" ] && break; sleep 0.1; done
mnt=$(awk -v d="$big" '$1 == d { print $2 }' /proc/mounts)
sleep 1
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" = 130 ] && ok "review apps: SIGTERM: exit 130" || { fail "review apps: SIGTERM: exit $rc"; sed 's/^/# /' "$tmp/out"; }
jq -e '.tests[0].status == "interrupted" and .status == "interrupted"' "$tmp/sig/big/run.json" >/dev/null &&
	ok "review apps: SIGTERM: the test and the run interrupted" || fail "review apps: SIGTERM record: $(jq -c '.tests[0]' "$tmp/sig/big/run.json")"
jq -e '.tests[0].reason == "SIGTERM: ssd-apps stopped, result discarded"' "$tmp/sig/big/run.json" >/dev/null &&
	[ ! -e "$tmp/sig/big/apps-tpcc" ] && ok "review apps: SIGTERM: ssd-apps stopped, its partial result discarded" ||
	fail "review apps: SIGTERM: reason $(jq .tests[0].reason "$tmp/sig/big/run.json"), $(ls "$tmp/sig/big")"
[ -n "$mnt" ] && ! postgres_running "$mnt" && ok "review apps: SIGTERM: no postgres left running on $mnt" ||
	fail "review apps: SIGTERM: a postgres is still running on '$mnt'"
grep -q "^$big " /proc/mounts && fail "review apps: SIGTERM: $big still mounted" || ok "review apps: SIGTERM: unmounted"
record_schemas "$out" "$tmp/sig"
lab_done
