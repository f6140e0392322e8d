#!/usr/bin/env bash
# Host test of driver/ssd-review --resume: SIGINT the driver during the third test of
# the quick four-corners suite; it must stop fio, mark that test interrupted and leave no result
# for it. Rerun with --resume: the completed tests are kept (same inode and mtime), the
# interrupted one and the rest run, run.json ends complete and remembers the interrupted run.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_resume.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ ! -f engine/libssdeng.so ]; then
	echo "ok - # SKIP engine/libssdeng.so not built (make)"
	exit 0
fi
d=$tmp/out/r
args=(--drive "r=$tmp/drive.img" --profile quick --suite four-corners --span 32M --out "$tmp/out" --no-report)

set -m # own process group, so the background driver does not start with SIGINT ignored
driver/ssd-review "${args[@]}" 2>"$tmp/run1.err" &
pid=$!
set +m
# wait until the third test (fc-4k-randwrite) has fio running, then interrupt
for _ in $(seq 1 600); do
	[ "$(jq -r '.tests[] | select(.id == "fc-4k-randwrite") | .status' "$d/run.json" 2>/dev/null)" = running ] && break
	sleep 0.1
done
sleep 1
kill -INT "$pid"
wait "$pid"
rc=$?
rv_check "interrupted driver exits 130" test "$rc" = 130
rv_check "run.json: status interrupted" jq -e '.status == "interrupted"' "$d/run.json"
rv_check "run.json: fc-4k-randwrite interrupted" jq -e '.tests[] | select(.id == "fc-4k-randwrite") | .status == "interrupted"' "$d/run.json"
rv_check "run.json: the tests after it skipped, with the reason" \
	jq -e '[.tests[] | select(.id == "fc-64k-read" or .id == "fc-64k-write") | .status == "skipped" and (.reason | test("interrupted"))] == [true, true]' "$d/run.json"
rv_check "no result file for the interrupted test" test ! -e "$d/fc-4k-randwrite.json"
# the interrupted test and the two after it are left to run, none of them skipped
driver/ssd-review --status "$tmp/out" >"$tmp/status1.txt" 2>&1
rv_check "--status: 2 of 5 done, 3 left, nothing skipped" \
	bash -c "grep -q 'run: 2 of 5 tests done (0 kept from earlier), 0 failed · 3 left' '$tmp/status1.txt' && ! grep -q skipped '$tmp/status1.txt'"
rv_check "no .partial left" bash -c "! ls '$d'/*.partial"
rv_check "no fio left running" bash -c "! pgrep -f -- '[-]-output=$d/'"
stamp() { stat -c '%i %Y.%y' "$1"; }
s1=$(stamp "$d/prep-128k-seqfill.json") s2=$(stamp "$d/fc-4k-randread.json")

h1=$(jq -r .health_before_at "$d/drive.json")
# the first run made the file: a new file needs no --yes, the resumed run's file holds data
driver/ssd-review "${args[@]}" --resume --yes 2>"$tmp/run2.err"
rv_check "resumed run exits 0" test $? = 0
rv_check "prep-128k-seqfill kept (same inode and mtime)" test "$(stamp "$d/prep-128k-seqfill.json")" = "$s1"
rv_check "fc-4k-randread kept (same inode and mtime)" test "$(stamp "$d/fc-4k-randread.json")" = "$s2"
rv_check "the resumed run said so for both" test "$(grep -c 'kept (--resume)' "$tmp/run2.err")" = 2
rv_check "fc-4k-randwrite ran again" grep -q 'fc-4k-randwrite · done in' "$tmp/run2.err"
expect_prep "$d"
expect_four_corners "$d"
expect_run_json "$d" 5
rv_check "run.json: kept tests marked resumed" jq -e '[.tests[] | select(.resumed == true) | .id] == ["prep-128k-seqfill", "fc-4k-randread"]' "$d/run.json"
rv_check "run.json: the interrupted run is in previous_runs" jq -e '.previous_runs[0].status == "interrupted"' "$d/run.json"
rv_check "run.json: two sessions, the interrupted one first, each with its start and end" \
	jq -e '[.sessions[] | .status] == ["interrupted", "complete"] and all(.sessions[]; .started and .ended) and .sessions[1].resume' "$d/run.json"
rv_check "drive.json: the health before is the first session's ($h1)" \
	jq -e --arg h "$h1" '.health_before_at == $h and .health_after_at > $h' "$d/drive.json"
rv_check_schemas "$tmp/out"
exit $RV_FAILED
