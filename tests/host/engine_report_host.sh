#!/usr/bin/env bash
# The engine's report of its transports (SSDENG_REPORT, engine/core/transport_report.h) as fio
# and ssd-review meet it on the host, about 15 s:
#  - fio with the engine on regular files (block-aio): one line per job and file (a job's clones
#    of a shared file say nothing), each valid against docs/schemas/engine-report.schema.json,
#    naming the engine's version of this build; a report that cannot be written is a note and
#    the job runs;
#  - ssd-review on a file: logs/<test>.engine.jsonl with the test's one line, no fallback on the
#    console; a fallback (no NVMe device on the host, so a fio that appends one to the engine's
#    report after running: the driver's and the reporter's side of it) named on the test's
#    console line and in the report's header.
# sanitize: no
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
repo=$PWD
rv=${SSD_REVIEW:-$repo/driver/ssd-review}
T="engine report"
[ -x "$rv" ] && [ -x reporter/ssdreport ] && [ -f engine/libssdeng.so ] ||
	{ fail "$T: not built (make)"; lab_done; }
tmp=$(mktemp -d /tmp/engine-report.XXXXXX)
export SSD_REVIEW_LOCK_DIR=$tmp/locks
mkdir -p "$SSD_REVIEW_LOCK_DIR"
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s)
version=$(sed -n 's/^#define SSDENG_VERSION "\(.*\)"$/\1/p' build/driver/version.h)

# --- fio and the engine: three jobs, one with three clones (numjobs, one shared file)
truncate -s 16M "$tmp/f1" "$tmp/f2"
cat >"$tmp/j.fio" <<JOB
[global]
ioengine=external:$repo/engine/libssdeng.so
size=8M
rw=randread
bs=4k
direct=1
time_based
runtime=1
thread
[a]
filename=$tmp/f1
numjobs=3
[b]
filename=$tmp/f2
[c]
filename=$tmp/f1
JOB
SSDENG_REPORT=$tmp/r.engine.jsonl fio "$tmp/j.fio" --output-format=terse >/dev/null 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && ok "$T: fio with SSDENG_REPORT set: exit 0" || fail "$T: fio exit $rc: $(tail -2 "$tmp/err")"
got=$(jq -r '"\(.path) \(.transport) \(.fallback_from) \(.why) \(.engine)"' "$tmp/r.engine.jsonl" | sort | uniq -c |
	sed 's/^ *//')
want="2 $tmp/f1 block-aio null null $version
1 $tmp/f2 block-aio null null $version"
[ "$got" = "$want" ] && ok "$T: one line per job and file (3 jobs, 5 threads): f1 twice, f2 once, block-aio, engine $version" ||
	fail "$T: lines: $(tr '\n' '|' <<<"$got") (want $(tr '\n' '|' <<<"$want"))"
python3 tests/host/lib/record_schema.py "$tmp/r.engine.jsonl" | sed "s|$tmp|TMP|g" | head -3
python3 tests/host/lib/record_schema.py "$tmp/r.engine.jsonl" >/dev/null ||
	fail "$T: the engine's lines do not match docs/schemas/engine-report.schema.json"

# a report that cannot be written: said once per job on stderr, the jobs run
SSDENG_REPORT=$tmp/no-such-dir/r.jsonl fio "$tmp/j.fio" --output-format=terse >/dev/null 2>"$tmp/err"
rc=$?
n=$(grep -c "^ssdeng: $tmp/no-such-dir/r.jsonl: note: cannot write the engine's report: No such file or directory$" "$tmp/err")
[ $rc = 0 ] && [ "$n" = 3 ] && ok "$T: an unwritable report: exit 0, a note per job (3)" ||
	fail "$T: unwritable report: exit $rc, $n notes: $(head -3 "$tmp/err")"

# --- ssd-review on a file: the test's report, no fallback
truncate -s 256M "$tmp/drive.img"
"$rv" --drive file="$tmp/drive.img" --profile quick --only fc-4k-randread --yes --out "$tmp/out" \
	>"$tmp/log" 2>&1
rc=$?
rep=$tmp/out/file/logs/fc-4k-randread.engine.jsonl
[ $rc = 0 ] && ok "$T: ssd-review fc-4k-randread on a file: exit 0" || fail "$T: ssd-review exit $rc: $(tail -3 "$tmp/log")"
[ "$(jq -sc 'map([.path, .transport, .fallback_from])' "$rep" 2>&1)" = "[[\"$tmp/drive.img\",\"block-aio\",null]]" ] &&
	ok "$T: logs/fc-4k-randread.engine.jsonl: one line (8 threads on one file), block-aio, no fallback" ||
	fail "$T: the test's report: $(cat "$rep" 2>&1)"
grep -q 'fc-4k-randread · done in' "$tmp/log" && ! grep -q 'refused' "$tmp/log" &&
	ok "$T: the console line names no transport without a fallback" ||
	fail "$T: console: $(grep 'fc-4k-randread' "$tmp/log")"
python3 tests/host/lib/record_schema.py "$tmp/out" | sed "s|$tmp|TMP|g"

# --- a fallback as the driver and the reporter see it: a fio that appends one to the report
mkdir -p "$tmp/bin"
cat >"$tmp/bin/fio" <<'FIO'
#!/bin/sh
# the real fio, then a fallback line in the engine's report as the engine writes one
PATH="$REAL_PATH" fio "$@"
rc=$?
[ -n "${SSDENG_REPORT:-}" ] && printf '%s\n' "{\"schema\":\"ssdeng.engine-report.v1\",\"path\":\"$FB_PATH\",\"transport\":\"nvme-ioctl\",\"fallback_from\":\"nvme-uring\",\"why\":\"cannot set up io_uring: Operation not permitted\",\"engine\":\"test\"}" >>"$SSDENG_REPORT"
exit $rc
FIO
chmod +x "$tmp/bin/fio"
REAL_PATH=$PATH FB_PATH=$tmp/drive.img PATH=$tmp/bin:$PATH "$rv" --drive file="$tmp/drive.img" \
	--profile quick --only fc-4k-randread --yes --overwrite --out "$tmp/out" >"$tmp/log" 2>&1
rc=$?
line=$(grep 'fc-4k-randread · nvme-ioctl' "$tmp/log")
[ $rc = 0 ] && [[ $line == *"fc-4k-randread · nvme-ioctl (nvme-uring refused: cannot set up io_uring: Operation not permitted) · done in "* ]] &&
	ok "$T: a fallback on the console: ${line##*] }" ||
	fail "$T: exit $rc, console: $(grep 'fc-4k-randread' "$tmp/log" | tail -2)"
md=$tmp/out/report/report.md
note="fc-4k-randread on file ran on the engine's fallback transport: nvme-ioctl (nvme-uring refused: cannot set up io_uring: Operation not permitted)."
grep -qF "$note" "$md" && ok "$T: the report's header notes it" ||
	fail "$T: report: $(grep -n 'fallback' "$md" | head -3)"
echo "# $T took $(($(date +%s) - t0)) s"
lab_done
