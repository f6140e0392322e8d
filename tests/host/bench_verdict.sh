#!/usr/bin/env bash
# scripts/bench-reporter judges its own figures: `bench-reporter tree` on a bench-fio tree of 20
# real-shaped fio outputs (scripts/gen-bench-fio-tree) with this build's ssdreport meets its
# targets and says "met", exit 0; the same with an ssdreport slowed past the 10-s wall-time target
# (a wrapper that sleeps 11 s first) prints its line ending in "MISSED: wall_s=... (target <= 10)"
# and exits 3, not 0. scripts/bench-live-rebuild's replay of the driver's live rebuild policy
# (--self-test) gives the rebuild counts and costs worked out by hand from driver/run/live.h's
# rule (under a second). About 15 s.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="bench verdict"
. tests/host/lib/report-env.sh
t0=$(date +%s)
cp "$cases/c10-brahiam-fio336-randrw-job-start/result_100M_run1.json" "$tmp/template.json"
python3 scripts/gen-bench-fio-tree --out "$tmp/bench/bench-fio-20" --files 20 --template "$tmp/template.json" >/dev/null
export BENCH_DIR=$tmp/bench BENCH_FILES=20
line=$(SSDREPORT=$rep scripts/bench-reporter tree 2>"$tmp/err")
rc=$?
[ $rc = 0 ] && grep -q '^bench-reporter tree: files=20 .* met$' <<<"$line" &&
	ok "bench verdict: targets met: the line ends in 'met', exit 0 ($line)" ||
	fail "bench verdict: exit $rc: $line $(tail -2 "$tmp/err")"
slow=$tmp/slow-ssdreport
printf '#!/bin/sh\nsleep 11\nexec %s "$@"\n' "$PWD/$rep" >"$slow"
chmod +x "$slow"
line=$(SSDREPORT=$slow scripts/bench-reporter tree 2>"$tmp/err")
rc=$?
[ $rc = 3 ] && grep -q '^bench-reporter tree: files=20 .* MISSED: wall_s=1[0-9.]* (target <= 10)$' <<<"$line" &&
	ok "bench verdict: wall_s missed: the line says MISSED and which, exit 3 ($line)" ||
	fail "bench verdict: slow ssdreport: exit $rc: $line $(tail -2 "$tmp/err")"
n=0
while read -r word rest; do
	case $word in
	ok) ok "bench verdict: live rebuild replay: ${rest#- }"; n=$((n + 1)) ;;
	*) fail "bench verdict: live rebuild replay: $word $rest" ;;
	esac
done < <(scripts/bench-live-rebuild --self-test 2>&1 || echo "not-ok exit $?")
[ $n = 4 ] || fail "bench verdict: live rebuild replay: $n of 4 cases ok"
echo "# bench verdict took $(($(date +%s) - t0)) s"
lab_done
