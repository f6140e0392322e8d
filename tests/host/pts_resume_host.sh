#!/usr/bin/env bash
# --resume of SNIA PTS tests on a file (no drive needed), with a copy of the catalogue whose
# IOPS test has one cell, each fio job capped at 400 IOPS as the lab caps its drives:
#  - pts-iops done, then pts-throughput stopped by SIGINT during its third phase (1024k-write,
#    after the 128 KiB phases ended): --status counts 1 of 2 done and 1 left; --resume
#    --dry-run lists pts-iops kept, and under pts-throughput the phases kept and the one that
#    runs again whole;
#  - --resume keeps 128k-write and 128k-read as they were (files and record), and runs
#    1024k-write again whole: its rounds from 1, all in the second session, the first session's
#    round files of it gone (the drive idled between the sessions: a steady-state window across
#    the gap would not be one measurement); the console says so;
#  - a third --resume keeps both tests: --status then says 2 of 2 done (2 kept), 0 left, the
#    run's elapsed the three sessions' (run.json) and this session's apart; --resume --dry-run
#    lists both as kept and nothing to run.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pts_resume.XXXXXX")
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
if [ ! -f engine/libssdeng.so ] || [ ! -x driver/ssd-review ]; then
	echo "ok - # SKIP engine/libssdeng.so or driver/ssd-review not built (make)"
	exit 0
fi
mkdir "$tmp/jobs"
cp jobfiles/*.fio "$tmp/jobs/"
sed -i 's/^\[global\]$/[global]\nrate_iops=400/' "$tmp/jobs/pts-round.fio"
jq '(.tests[] | select(.id == "pts-iops") | .pts.phases[0]) += {mixes: [0], block_sizes: ["4k"]}' \
	jobfiles/catalogue.json >"$tmp/jobs/catalogue.json"
truncate -s 32M "$tmp/d.img"
out=$tmp/out d=$tmp/out/d
args=(--catalogue "$tmp/jobs/catalogue.json" --drive "d=$tmp/d.img" --suite pts --only pts-iops,pts-throughput
	--profile quick --span 16M --pts-no-purge --yes --no-report --out "$out")
tp='.tests[] | select(.id == "pts-throughput") | .pts'

set -m
driver/ssd-review "${args[@]}" 2>"$tmp/run1.err" &
pid=$!
set +m
for _ in $(seq 1 900); do
	n=$(jq "[$tp | .phases[2].rounds // [] | length] | .[0] // 0" "$d/run.json" 2>/dev/null || echo 0)
	[ "${n:-0}" -ge 1 ] && break
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.2
done
kill -INT "$pid"
wait "$pid"
rc=$?
k=$(jq "$tp | .phases[2].rounds | length" "$d/run.json")
rv_check "pts-throughput stopped by SIGINT in 1024k-write after $k round(s), the 128 KiB phases ended (exit $rc)" \
	jq -e "$tp | .phases[0].status == \"steady\" and .phases[1].status == \"steady\" and .phases[2].status == \"interrupted\"" "$d/run.json"
st=$(driver/ssd-review --status "$out")
rv_check "--status after the stop: 1 of 2 done, 1 left, nothing running" \
	grep -q '^run: 1 of 2 tests done (0 kept from earlier), 0 failed · 1 left · elapsed ' <<<"$st"
driver/ssd-review --resume --dry-run --out "$out" >"$tmp/dry1.txt" 2>&1
rv_check "--resume --dry-run: pts-iops kept; pts-throughput keeps its 128 KiB phases and runs 1024k-write again whole; 1 kept, 1 to run" bash -c "
	grep -q '^d pts-iops kept (--resume' $tmp/dry1.txt && grep -q '^d pts-throughput jobfiles/' $tmp/dry1.txt &&
	grep -q '^  --resume: phases 128k-write, 128k-read kept (ended in the run resumed); phase 1024k-write was cut short after $k rounds\? and the drive has idled since: run again whole from phase 1024k-write (its purge, preconditioning, rounds from 1)$' $tmp/dry1.txt &&
	grep -q '^plan: 2 tests on 1 target: 1 kept (--resume), 1 to run, ' $tmp/dry1.txt" || sed 's/^/# /' "$tmp/dry1.txt"

stamp() { stat -c '%i %Y' "$@"; }
kept_files=$(jq -r "$tp | .phases[0:2][].rounds[].file" "$d/run.json" | sed "s|^|$d/|")
# shellcheck disable=SC2086
s1=$(stamp $kept_files)
kept_rec=$(jq -c "$tp | .phases[0:2]" "$d/run.json")
driver/ssd-review --resume --out "$out" 2>"$tmp/run2.err"
rv_check "--resume exits 0" test $? = 0 || tail -n 5 "$tmp/run2.err" | sed 's/^/# /'
grep -E -e '--resume|done in' "$tmp/run2.err" | sed 's/^/# /'
s2=$(jq -r '.sessions[1].started' "$d/run.json")
rv_check "--resume said which phases it keeps and which runs again" \
	grep -q "pts-throughput · --resume: phases 128k-write, 128k-read kept (ended in the run resumed); phase 1024k-write was cut short" "$tmp/run2.err"
# shellcheck disable=SC2086
rv_check "128k-write and 128k-read kept: their round files untouched (inode, mtime), their record as it was" \
	bash -c "test \"\$(stat -c '%i %Y' $(tr '\n' ' ' <<<"$kept_files"))\" = '$s1' && test \"\$(jq -c '$tp | .phases[0:2]' $d/run.json)\" = '$kept_rec'"
rv_check "1024k-write ran again whole in the second session ($s2): rounds from 1, steady, nothing said resumed; 1024k-read after it" \
	jq -e --arg s2 "$s2" "$tp | (.phases | length) == 4 and (.phases[2] | .status == \"steady\" and .resumed_after_round == null
		and ([.rounds[].round] == [range(1; (.rounds | length) + 1)]) and all(.rounds[]; .ended >= \$s2))
		and (.phases[3] | .status == \"steady\" and all(.rounds[]; .ended >= \$s2))" "$d/run.json"
rv_check "the folder holds 1024k-write's round files the record names, no more" \
	test "$(ls "$d"/pts-throughput/1024k-write-round-*.json | wc -l)" = "$(jq "$tp | .phases[2].rounds | length" "$d/run.json")"
rv_check "both tests done, pts-iops kept" jq -e '[.tests[] | "\(.id) \(.status) \(.resumed)"] == ["pts-iops done true", "pts-throughput done null"]' "$d/run.json"

driver/ssd-review --resume --out "$out" 2>"$tmp/run3.err"
rv_check "a third --resume exits 0 and keeps both tests" bash -c "test $? = 0 && test \$(grep -c 'kept (--resume)' $tmp/run3.err) = 2"
st=$(driver/ssd-review --status "$out")
wall=$(jq '[.sessions[] | ((.ended | fromdateiso8601) - (.started | fromdateiso8601))] | add' "$d/run.json")
last=$(jq '.sessions[-1] | (.ended | fromdateiso8601) - (.started | fromdateiso8601)' "$d/run.json")
hms() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
echo "# $(grep '^run:' <<<"$st"); run.json's sessions: $wall s, the last $last s"
# status.json's elapsed is written a moment after run.json's end: a second either way
ok_el=
for w in $((wall - 1)) $wall $((wall + 1)); do
	for l in $((last - 1)) $last $((last + 1)); do
		[ $l -ge 0 ] && grep -q "^run: 2 of 2 tests done (2 kept from earlier), 0 failed · 0 left · elapsed $(hms $w) (this session $(hms $l))$" <<<"$st" && ok_el=1
	done
done
rv_check "--status after the third session: 2 of 2 done (2 kept), 0 left, elapsed the sessions' $wall s (this session $last s)" test -n "$ok_el"
driver/ssd-review --resume --dry-run --out "$out" >"$tmp/dry2.txt" 2>&1
rv_check "--resume --dry-run of the complete run: both kept, nothing to run" bash -c "
	grep -q '^d pts-throughput kept (--resume' $tmp/dry2.txt && grep -q '^d pts-iops kept (--resume' $tmp/dry2.txt &&
	grep -q '^plan: 2 tests on 1 target: 2 kept (--resume), 0 to run, at least 0:00 ' $tmp/dry2.txt" || sed 's/^/# /' "$tmp/dry2.txt"
rv_check_schemas "$out"
exit $RV_FAILED
