#!/usr/bin/env bash
# sanitize: no
# What a new user of the SNIA PTS suite sees (docs/pts.md):
#  - --help gives each profile's PTS durations as the catalogue says them: a catalogue whose
#    quick cell is 700 ms, whose WSAT round ends at 20 % of the span and whose XSR groups are
#    7, 8, 9 s reads so in --help (nothing written into the help by hand);
#  - --dry-run gives under each PTS test its cells a round, their runtime, its rounds and segments
#    and its least time, and the plan's total: the figures worked out here from the catalogue;
#  - on a loop device over a file (root only): drive.json and the PTS header say what it is ("a
#    loop device over FILE"), not "model not recorded"; the console's last line of the test says
#    its verdict (WSAT: the span multiple written and its rounds).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
[ -x driver/ssd-review ] && [ -x reporter/ssdreport ] || { fail "pts cli: needs make"; lab_done; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pts-cli.XXXXXX")
loopdev=""
trap '[ -n "$loopdev" ] && losetup -d "$loopdev"; [ -n "${PTS_CLI_KEEP:-}" ] || rm -rf "$tmp"' EXIT

# --- --help from an edited catalogue --------------------------------------------------------------
cp jobfiles/*.fio "$tmp/" && jq '.timings["pts-round"].quick = {runtime_ms: 700, ramp_s: 0}
	| .timings["pts-wsat"].quick.round_io_pct = 20
	| (.tests[] | select(.id == "pts-xsr") | .pts.segments.profiles.quick) = {group_s: [7, 8, 9]}' \
	jobfiles/catalogue.json >"$tmp/catalogue.json"
driver/ssd-review --catalogue "$tmp/catalogue.json" --help >"$tmp/help" 2>&1
q=$(sed -n '/^SNIA PTS durations/,$p' "$tmp/help" | sed -n '/^  quick:/,/^  [a-z]*:$/p')
grep -q "(from $tmp/catalogue.json)" "$tmp/help" && grep -q 'pts-iops, .*: cells of 700 ms' <<<"$q" &&
	grep -q 'pts-wsat: rounds that end once 20 % of the span is written (10 s at most)' <<<"$q" &&
	grep -q 'pts-xsr: access groups of 7, 8, 9 s' <<<"$q" &&
	ok "--help: the quick PTS durations read from the catalogue given (700 ms cells, WSAT 20 %, XSR 7, 8, 9 s)" ||
	fail "--help durations: $q"
! grep -q '1 s in\|one sample (60 s / 1 s)' "$tmp/help" &&
	ok "--help no longer says 1-s quick cells or one 60 s / 1 s WSAT sample" || fail "--help still has the old durations"

# --- --dry-run: cells, rounds, segments, the least time -------------------------------------------
truncate -s 64M "$tmp/f.img"
driver/ssd-review --drive f="$tmp/f.img" --suite pts --profile quick --pts-no-purge --dry-run \
	--out "$tmp/dry" >"$tmp/dry.txt" 2>&1
rc=$?
cell=$(jq -r '.timings["pts-round"].quick.runtime_ms' jobfiles/catalogue.json)
pct=$(jq -r '.timings["pts-wsat"].quick.round_io_pct' jobfiles/catalogue.json)
read -r w r n b <<<"$(jq -r '.tests[] | select(.id == "pts-hir") | .pts.segments.profiles.quick |
	"\(.write_s) \(.repeats) \(.idle_s | length) \(.baseline_s)"' jobfiles/catalogue.json)"
# the least time of pts-iops: the plan's one cell (its runtime rounded up to a second), then 5
# rounds of 56 cells
iops_s=$(awk -v c="$cell" 'function up(x) { return x == int(x) ? x : int(x) + 1 }
	BEGIN { printf "%d", up(c / 1000) + up(5 * 56 * c / 1000) }')
iops_hms=$(printf '%d:%02d' $((iops_s / 60)) $((iops_s % 60)))
[ $rc = 0 ] && grep -q "^  iops: 56 cells a round (7 mixes x 8 block sizes) of $cell ms, 5-25 rounds (steady state); at least $iops_hms\$" "$tmp/dry.txt" &&
	grep -q "until 4 x the span: $(((400 + pct - 1) / pct)) rounds" "$tmp/dry.txt" &&
	grep -q "segments: $((n * (2 * r + 1))) (hir: $n wait states of $r x ($w s of writes, then idle), each followed by $b s" "$tmp/dry.txt" &&
	grep -q '^  precondition: 1 cell a round .* at TC 32 / QD 32; dirth: 50 cells a round (a pre-write, then 49 TC x QD points)' "$tmp/dry.txt" &&
	grep -q '^plan: 7 tests on 1 target, at least [0-9:]* per target' "$tmp/dry.txt" &&
	ok "--dry-run: each PTS test's cells, rounds, segments and least time (pts-iops $iops_hms), the plan's total" ||
	fail "--dry-run: exit $rc; $(grep -v '^f ' "$tmp/dry.txt" | head -12)"

# --- a loop device: what it is, in drive.json and the PTS header; the verdict on the console ------
if [ "$(id -u)" = 0 ] && [ -e /dev/loop-control ]; then
	truncate -s 16M "$tmp/l.img"
	loopdev=$(losetup -f --show --direct-io=on "$tmp/l.img")
	driver/ssd-review --drive l="$loopdev" --suite pts --only pts-wsat --profile quick --span 16M \
		--pts-no-purge --yes --out "$tmp/loop" >"$tmp/loop.txt" 2>&1
	rc=$?
	note=$(jq -r .note "$tmp/loop/l/drive.json")
	[ $rc = 0 ] && [ "$note" = "a loop device over $tmp/l.img: no model, serial, firmware or interface to record" ] &&
		ok "drive.json of a loop device: '$note'" || fail "loop device: exit $rc, note '$note'"
	dev=$(grep -o '>Device</td><td[^>]*>[^<]*' "$tmp/loop/report/pts.html" | sed 's/.*>//')
	[[ $dev == "a loop device over $tmp/l.img"* ]] && [[ $dev != *"not recorded"* ]] &&
		ok "the PTS header's Device row: $dev" || fail "the PTS header's Device row: '$dev'"
	rounds=$(jq '.tests[0].pts.phases[0].rounds | length' "$tmp/loop/l/run.json")
	x=$(jq -r '.tests[0].pts.phases[0].bytes_written / .tests[0].pts.span_bytes | . * 100 | round / 100' "$tmp/loop/l/run.json")
	grep -q "pts-wsat · done in [0-9:]* · wsat: $(printf %.2f "$x") x the span written in $rounds rounds$" "$tmp/loop.txt" &&
		ok "the console's last line of pts-wsat says its verdict ($x x the span in $rounds rounds)" ||
		fail "console verdict: $(grep 'done in' "$tmp/loop.txt")"
else
	ok "# SKIP loop device: needs root and /dev/loop-control"
fi
lab_done
