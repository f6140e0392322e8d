#!/usr/bin/env bash
# sanitize: yes
# A results directory written by the driver before the record's v2 documents
# (tests/host/fixtures/results-v1: its run.json and drive.json without "schema", stopped during
# its third test) still reports and still resumes:
#  - ssdreport -o R OUT/ (the README's usage, OUT's status.json beside the drive folder) and
#    ssdreport compare of two results directories: exit 0, the figures the fio JSON holds;
#  - two runs sharing a drive label given together are refused, not merged into one column;
#  - a copy whose manifest says this host and build (taken from a run of this driver with the
#    same options) resumes: the done tests kept, the rest run, run.json written as v2 with the
#    older session first, every document matching docs/schemas.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="results written before v2"
. tests/host/lib/report-env.sh
FIX=tests/host/fixtures/results-v1

# ---- report it as it is ------------------------------------------------------------------------
"$rep" -q -o "$tmp/r1" --no-charts "$FIX" 2>"$tmp/r1.err"
rc=$?
[ $rc = 0 ] && [ -f "$tmp/r1/index.html" ] && ok "ssdreport -o R OUT/ on a results directory: exit 0" ||
	fail "ssdreport -o R OUT/: exit $rc: $(head -3 "$tmp/r1.err")"
want=$(jq '.jobs[0].read.iops' "$FIX/v1/fc-4k-randread.json")
got=$(grep '^read IOPS,' "$tmp/r1/tests/fc-4k-randread.csv" 2>/dev/null | cut -d, -f2)
awk -v a="$got" -v b="$want" 'BEGIN { d = (a - b) / b; exit !(a != "" && d * d < 1e-16) }' &&
	ok "fc-4k-randread: read IOPS $got as the fio JSON says" || fail "fc-4k-randread: report '$got', fio JSON $want"
grep -q 'fc-4k-randwrite on v1 did not complete: interrupted' "$tmp/r1/index.html" &&
	ok "the interrupted test is named at the top" || fail "no note of the interrupted test"
grep -q 'status.json' "$tmp/r1.err" && fail "status.json read as a result: $(cat "$tmp/r1.err")" ||
	ok "status.json is not taken for a fio result"

# ---- the same drive label from two runs --------------------------------------------------------
mkdir -p "$tmp/other"
cp -r "$FIX/." "$tmp/other/"
jq '.started = "2026-12-03T00:00:00Z"' "$FIX/v1/run.json" >"$tmp/other/v1/run.json"
out=$("$rep" -q -o "$tmp/r2" "$FIX" "$tmp/other" 2>&1)
rc=$?
[ $rc = 2 ] && grep -q "two drive folders labelled 'v1'" <<<"$out" && [ ! -e "$tmp/r2" ] &&
	ok "two runs with drive v1 given together: refused, nothing written" ||
	fail "two runs with one label: exit $rc: $out"
out=$("$rep" -q -o "$tmp/r2" "$FIX/v1" "$tmp/other/v1" 2>&1)
rc=$?
[ $rc = 2 ] && grep -q "two drive folders labelled 'v1'" <<<"$out" && [ ! -e "$tmp/r2" ] &&
	ok "... and as drive folders: refused" || fail "two drive folders labelled v1: exit $rc: $out"
"$rep" compare -q -o "$tmp/c" --no-charts "$FIX" "$tmp/other" 2>"$tmp/c.err"
rc=$?
head -1 "$tmp/c/summary.csv" 2>/dev/null | grep -q "^figure,$FIX/v1,$tmp/other/v1," &&
	[ $rc = 0 ] && ok "compare of two results directories: exit 0, each run's v1 its own column" ||
	fail "compare: exit $rc: $(head -1 "$tmp/c/summary.csv" 2>/dev/null) $(head -3 "$tmp/c.err")"

# ---- resume a copy -------------------------------------------------------------------------------
if [ ! -f engine/libssdeng.so ] || [ ! -x driver/ssd-review ]; then
	ok "# SKIP resume: engine/libssdeng.so or driver/ssd-review not built (make)"
	lab_done
fi
export SSD_REVIEW_LOCK_DIR=$tmp/locks
mkdir -p "$SSD_REVIEW_LOCK_DIR"
args=(--drive "v1=$tmp/d.img" --profile quick --suite four-corners
	--only prep-128k-seqfill,fc-4k-randread,fc-4k-randwrite --span 16M --no-report)
# this host's and this build's manifest for the same options: a run stopped once it wrote it
set -m
driver/ssd-review "${args[@]}" --out "$tmp/probe" 2>"$tmp/probe.err" &
pid=$!
set +m
for _ in $(seq 1 300); do jq -e .manifest.id "$tmp/probe/v1/run.json" >/dev/null 2>&1 && break; sleep 0.1; done
kill -INT "$pid" 2>/dev/null
wait "$pid"
mkdir -p "$tmp/out"
cp -r "$FIX/." "$tmp/out/"
jq --slurpfile p "$tmp/probe/v1/run.json" '.manifest.id as $old | ($p[0].manifest + {created: .manifest.created}) as $m
	| .manifest = $m | .tests |= map(if .manifest_id == $old then .manifest_id = $m.id else . end)' \
	"$FIX/v1/run.json" >"$tmp/out/v1/run.json" || fail "resume: no manifest from the probe run"
stamp() { stat -c '%i %Y' "$1"; }
s1=$(stamp "$tmp/out/v1/fc-4k-randread.json")
driver/ssd-review --resume --out "$tmp/out" --no-report 2>"$tmp/resume.err"
rc=$?
d=$tmp/out/v1
[ $rc = 0 ] && ok "the older results resume: exit 0" || fail "resume: exit $rc: $(tail -3 "$tmp/resume.err")"
[ "$(stamp "$d/fc-4k-randread.json")" = "$s1" ] && grep -q 'fc-4k-randread · kept (--resume)' "$tmp/resume.err" &&
	ok "fc-4k-randread kept (same inode and mtime)" || fail "fc-4k-randread not kept: $(cat "$tmp/resume.err")"
jq -e '.schema == "ssdeng.run.v2" and .status == "complete" and
	([.tests[] | .status] == ["done", "done", "done"]) and
	([.tests[] | select(.resumed) | .id] == ["prep-128k-seqfill", "fc-4k-randread"])' "$d/run.json" >/dev/null &&
	ok "run.json: v2, every test done, the earlier two kept" || fail "run.json: $(jq -c '[.schema, .status, [.tests[] | .status]]' "$d/run.json")"
jq -e --slurpfile f "$FIX/v1/run.json" '(.sessions | length) == 2 and .sessions[0].status == "interrupted"
	and .sessions[0].started == $f[0].started and .sessions[1].resume and .sessions[1].status == "complete"
	and .previous_runs[0].status == "interrupted" and (.previous_runs[0] | has("schema") | not)' "$d/run.json" >/dev/null &&
	ok "run.json: the older session first, with its own start; the older record kept as it was" ||
	fail "sessions: $(jq -c '[.sessions, (.previous_runs | length)]' "$d/run.json")"
jq -e --slurpfile f "$FIX/v1/drive.json" '.schema == "ssdeng.drive.v2" and .health_before_at == $f[0].health_before_at' \
	"$d/drive.json" >/dev/null && ok "drive.json: v2, the health before still the first session's" ||
	fail "drive.json after resume: $(jq -c '[.schema, .health_before_at]' "$d/drive.json")"
record_schemas "$tmp/out"
"$rep" -q -o "$tmp/r3" --no-charts "$tmp/out" 2>"$tmp/r3.err" && [ -f "$tmp/r3/tests/fc-4k-randwrite.csv" ] &&
	ok "the resumed results report" || fail "report of the resumed results: $(head -3 "$tmp/r3.err")"
grep -q -- '- \*\*Date\*\*: 2026-12-02 06:10 UTC' "$tmp/r3/report.md" &&
	grep -q -- '- \*\*Wall time\*\*: .* in 2 sessions (the run was resumed)' "$tmp/r3/report.md" &&
	ok "the report's date is the first session's; its wall time the sessions' own, said to be two" ||
	fail "header: $(grep -e Date -e 'Wall time' "$tmp/r3/report.md")"
lab_done
