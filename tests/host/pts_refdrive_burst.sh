#!/usr/bin/env bash
# beside-lab: paced by the reference drive's limits, not by the CPU (189 s at load 9-11)
# SNIA PTS WSAT and HIR on a bursting reference drive (scripts/refdrive, docs/pts.md): the quick
# `ssd-review --suite pts --only pts-wsat,pts-hir` on a drive whose average IOPS limit is A, with
# a burst of M IOPS for L seconds (QEMU's iops-total, iops-total-max, iops-total-max-length), and
# every figure checked against the answer computed here from A, M, L and the times fio measured.
#
# QEMU's throttle (util/throttle.c, QEMU 7.2: throttle_leak_bucket(), throttle_compute_wait(),
# throttle_account()): a bucket whose level rises by one with each I/O and leaks at A a second,
# idle or not, never below 0. An I/O may start while the level is at most C = M x L; a second
# bucket, leaking at M, holds the I/Os at M a second once M / 10 have passed at once. So:
#  - from a level l, the room is R = C - l. A drive kept busy passes M / 10 at once, then M a
#    second while the level rises at M - A: the budget runs out after tb = (R - M / 10) / (M - A)
#    seconds and nb = M / 10 + M tb I/Os; then A a second (the cliff);
#  - an idle wait of w seconds after the level l refills min(A w, l): at most C, and C only
#    after a wait of C / A seconds or more;
#  - a run of rt seconds (fio's runtime, its queue's drain included) therefore moves
#    min(R + A rt, M / 10 + M rt) I/Os: its IOPS is A + R / rt once the burst ends inside it;
#  - a run of n I/Os (quick WSAT's rounds end by bytes written) lasts (n - M / 10) / M when
#    n <= nb, else tb + (n - nb) / A.
# The level is followed through every fio run in order (WSAT's rounds, HIR's rounds and
# segments): each run adds its I/Os and leaks A x its runtime; the wait before each (from the
# end of the one before to its start, fio's timestamp_ms less its runtime) leaks A x the wait.
# The fresh drive starts at level 0. Checks, each answer beside the figure:
#  - WSAT: every round at its answer; the rounds before the cliff at the burst level
#    (fresh out of box), the cliff in the round the model says the budget runs out in, the rest
#    at the level A / (1 - F / n), F the refill of the wait before each round;
#  - pts.html and the summary name the WSAT's fresh-out-of-box level (round 1) and its steady
#    level (the mean of the last 5 rounds), each the answer's;
#  - HIR: each return to baseline after a wait state's idle at A + R / rt, R what the bucket
#    refilled over the wait, capped by C: longer waits refill more, the two longest (10 and 20 s
#    of idle, A x wait over C) the same; the write segments at their answers too; the report's
#    HIR table gives each return to baseline (its wait state's write segment follows the wait
#    state before's baseline in the quick profile's one repeat, not an idle: no recovery there).
# The drive: A = 200, M = 800, L = 2 (C = 1,600 I/Os): a quick WSAT round on the 16-MiB span is
# 960 I/Os (25 % of the span, each thread's share in whole 64 KiB), so two rounds fit in the
# budget and the third holds the cliff; a wait between rounds (fio's start: 0.4-1.4 s on a loaded
# 2-core host) refills 80-280 I/Os, 8-29 % of a round; HIR's quick idles (2, 4, 6, 10, 20 s)
# refill 2 x A ... C, the cap reached from 8 s on. Its queue (4 x QD32) drains in 0.64 s at A.
# The band is 0.90-1.10 of the answer (two runs: every round and segment within 3.5 % of it).
# Every way out stops ssd-review and the drive (tests/host/lib/refdrive.sh's trap).
# Runs once (not under SANITIZE). PTS_BURST_OUT=DIR checks an earlier run's results in DIR (an
# ssd-review --out) instead of running; PTS_BURST_KEEP=1 keeps the run's directory.
set -u
cd "$(dirname "$0")/../.." || exit 1
. tests/lab/lib.sh
. tests/host/lib/refdrive.sh
refdrive_need
for p in driver/ssd-review reporter/ssdreport engine/libssdeng.so; do
	[ -e "$p" ] || { fail "pts burst: needs $p (make)"; lab_done; }
done

A=200                  # average IOPS limit
M=800                  # burst rate, IOPS
L=2                    # burst length, s: the bucket holds C = M x L
SPAN=$((16 * 1048576)) # --span (ssd-review's least): a quick WSAT round writes 25 % of it
LO=0.90 HI=1.10        # the band, as a fraction of the answer
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pts-burst.XXXXXX")
rpid=
rd_at_exit '[ -n "$rpid" ] && kill -TERM "$rpid" 2>/dev/null; [ -n "$rpid" ] && wait "$rpid" 2>/dev/null'
if [ -n "${PTS_BURST_KEEP:-}" ]; then echo "# kept: $tmp"; else rd_at_exit "rm -rf '$tmp'"; fi
out=${PTS_BURST_OUT:-$tmp/out}
d=$out/ref

# inband VALUE WANT: VALUE within LO..HI x WANT
inband() { awk -v v="$1" -v w="$2" -v lo="$LO" -v hi="$HI" 'BEGIN { exit !(v >= lo * w && v <= hi * w) }'; }

if [ -z "${PTS_BURST_OUT:-}" ]; then
	if ! refdrive_start burst --size 64M --iops $A --iops-max $M --iops-max-length $L; then
		fail "pts burst: the reference drive did not start"
		lab_done
	fi
	echo "# reference drive $RD_DEV: $A IOPS, a burst of $M IOPS for $L s (C = $((M * L)) I/Os); span $SPAN"
	echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
	t0=$SECONDS
	# in the background, so that a signal to this shell is handled at once
	driver/ssd-review --drive ref="$RD_DEV" --suite pts --only pts-wsat,pts-hir --profile quick \
		--span $SPAN --pts-no-purge --yes --out "$out" >"$tmp/console" 2>&1 &
	rpid=$!
	wait $rpid
	rc=$?
	rpid=
	secs=$((SECONDS - t0))
	echo "# WSAT and HIR in $secs s; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
	[ $rc = 0 ] && ok "the quick PTS WSAT and HIR on the bursting reference drive exit 0 ($secs s)" ||
		{ fail "ssd-review exits $rc"; tail -n 20 "$tmp/console" | sed 's/^/# /'; }
else
	echo "# checking the results in $out"
fi
for t in pts-wsat pts-hir; do
	st=$(jq -r --arg t $t '.tests[] | select(.id == $t) | .status' "$d/run.json" 2>/dev/null)
	[ "$st" = "done" ] && ok "$t done" || fail "$t: ${st:-no run.json}"
done

# --- every fio run in order: kind (r: ends by I/O count, t: by time), name, I/Os, runtime (ms),
# its end (fio's timestamp_ms) -----------------------------------------------------------------
run_line() { # KIND NAME FILE
	jq -r --arg k "$1" --arg n "$2" '"\($k) \($n) \([.jobs[] | .read.total_ios + .write.total_ios] | add)
		\([.jobs[] | .read.runtime, .write.runtime] | max) \(.timestamp_ms)"' "$d/$3" | tr -s ' \n' '  '
	echo
}
{
	jq -r '.tests[] | select(.id == "pts-wsat") | .pts.phases[0].rounds[] | "r wsat\(.round) \(.file)"' "$d/run.json"
	jq -r '.tests[] | select(.id == "pts-hir") | .pts.phases[0].rounds[] | "t hir\(.round) \(.file)"' "$d/run.json"
	jq -r '.tests[] | select(.id == "pts-hir") | .pts.segments | sort_by(.seq)[] | select(.file != null) |
		"t \(.name) \(.file)"' "$d/run.json"
} | while read -r k n f; do run_line "$k" "$n" "$f"; done >"$tmp/runs.txt"

# --- the bucket followed through them: each run's figure and answer ----------------------------
# out: name figure answer refill room wait_s phase (burst: within the budget, cliff: the budget
# runs out inside it, after: it starts with the refill of the wait only)
awk -v A=$A -v M=$M -v C=$((M * L)) '
function min(a, b) { return a < b ? a : b }
{
	kind = $1; name = $2; n = $3; rt = $4 / 1000; end = $5
	start = end - $4
	refill = 0; wait = -1
	if (NR > 1) { wait = (start - prev) / 1000; if (wait < 0) wait = 0; refill = min(A * wait, lev); lev -= refill }
	R = C - lev; h = M / 10
	if (kind == "t") {
		want = min(R + A * rt, h + M * rt) / rt
		phase = (R + A * rt <= h + M * rt) ? "cliff" : "burst"
	} else {
		if (R <= h) { tb = 0; nb = R } else { tb = (R - h) / (M - A); nb = h + M * tb }
		if (n <= nb) { t = (n - h) / M; phase = "burst" } else { t = tb + (n - nb) / A; phase = "cliff" }
		want = n / t
		if (phase == "cliff" && seen_cliff) phase = "after"
		if (phase == "cliff") { seen_cliff = 1; budget = done + nb }
	}
	lev += n - A * rt; if (lev < 0) lev = 0; if (lev > C) lev = C
	done += n; prev = end
	printf "%s %.0f %.0f %.0f %.0f %.2f %s\n", name, n / rt, want, refill, R, wait, phase
}
END { printf "budget %.0f\n", budget > "/dev/stderr" }' "$tmp/runs.txt" >"$tmp/model.txt" 2>"$tmp/budget.txt"

# --- WSAT ----------------------------------------------------------------------------------------
h=$((M / 10))
n1=$(awk '$2 == "wsat1" { print $3 }' "$tmp/runs.txt")
fob=$(awk -v n="${n1:-0}" -v m=$M -v h=$h 'BEGIN { printf "%.0f", (n > h ? n * m / (n - h) : 0) }')
# from fresh, I/Os back to back: the budget runs out after M / 10 + M (C - M / 10) / (M - A)
nfresh=$(awk -v a=$A -v m=$M -v c=$((M * L)) 'BEGIN { h = m / 10; printf "%.0f", h + m * (c - h) / (m - a) }')
echo "# WSAT rounds name=figure(answer) refill: $(awk '/^wsat/ {
	printf "%s=%s(%s) %s; ", $1, $2, $3, $4 }' "$tmp/model.txt")"
nb=0 nw=0
while read -r name got want _; do
	nw=$((nw + 1))
	inband "$got" "$want" || { nb=$((nb + 1)); echo "# $name: $got, answer $want"; }
done < <(grep '^wsat' "$tmp/model.txt")
[ $nw -gt 0 ] && [ $nb = 0 ] && ok "WSAT: all $nw rounds within $LO-$HI x their answer" ||
	fail "WSAT: $nb of $nw rounds outside $LO-$HI x their answer"
# the cliff: the round the model says the budget runs out in, and the first round measured under
# 0.9 x the fresh-out-of-box answer
mcliff=$(awk '/^wsat/ && $7 == "cliff" { sub("wsat", "", $1); print $1; exit }' "$tmp/model.txt")
gcliff=$(awk -v f="$fob" '/^wsat/ && $2 < 0.9 * f { sub("wsat", "", $1); print $1; exit }' "$tmp/model.txt")
echo "# WSAT: the budget runs out after $(cut -d' ' -f2 "$tmp/budget.txt") I/Os with the waits'" \
	"refills ($nfresh back to back from fresh): in round ${mcliff:-none}"
[ -n "$mcliff" ] && [ "$mcliff" = "$gcliff" ] && [ "$mcliff" -ge 2 ] &&
	ok "WSAT: rounds 1-$((mcliff - 1)) at the burst level (answer $fob = n M / (n - M / 10));" \
		"the first round under 0.9 x it is round $gcliff, where the budget runs out (answer: round $mcliff)" ||
	fail "WSAT: the cliff measured in round ${gcliff:-none}, answer round ${mcliff:-none}"
read -r sfig sans <<<"$(awk '/^wsat/ { g[++k] = $2; w[k] = $3 } END { for (i = k - 4; i <= k; i++) { s += g[i]; t += w[i] }
	printf "%.0f %.0f", s / 5, t / 5 }' "$tmp/model.txt")"
echo "# WSAT: steady level (last 5 rounds) $sfig, answer $sans (A = $A raised by the waits' refills)"

# the report: pts.html and index.html name the two levels
p=$out/report/pts.html
fobtxt=$(grep -o 'fresh out of box[^<;]*' "$p" 2>/dev/null | head -1)
sttxt=$(grep -o 'steady level[^<;]*' "$p" 2>/dev/null | head -1)
echo "# pts.html: '$fobtxt'; '$sttxt'"
num() { grep -o '[0-9][0-9,]*' <<<"$1" | head -1 | tr -d ,; }
f1=$(num "$fobtxt") s1=$(num "${sttxt#*level}")
[ -n "$f1" ] && inband "$f1" "$fob" && [ -n "$s1" ] && inband "$s1" "$sans" &&
	ok "pts.html names WSAT's fresh-out-of-box level $f1 (answer $fob) and steady level $s1 (answer $sans)" ||
	fail "pts.html: fresh out of box '${f1:-none}' (answer $fob), steady level '${s1:-none}' (answer $sans)"
grep -q 'fresh out of box' "$out/report/index.html" 2>/dev/null &&
	ok "the report's summary names WSAT's fresh-out-of-box level" ||
	fail "the report's summary does not name WSAT's fresh-out-of-box level"

# --- HIR -----------------------------------------------------------------------------------------
echo "# HIR runs name=figure(answer) refill wait: $(awk '/^hir[0-9]|^ws[0-9]/ {
	printf "%s=%s(%s) %s %ss; ", $1, $2, $3, $4, $6 }' "$tmp/model.txt")"
nb=0 nh=0
while read -r name got want _; do
	nh=$((nh + 1))
	inband "$got" "$want" || { nb=$((nb + 1)); echo "# $name: $got, answer $want"; }
done < <(grep -E '^(hir[0-9]|ws[0-9])' "$tmp/model.txt")
[ $nh -gt 0 ] && [ $nb = 0 ] && ok "HIR: all $nh rounds and segments within $LO-$HI x their answer" ||
	fail "HIR: $nb of $nh rounds and segments outside $LO-$HI x their answer"
# each return to baseline after its wait state's idle: the refill, and the cap
nbase=0 prevr=0 prevg=0 mono=1 capped="" nrep=0
while read -r name got want refill _ wait _; do
	nbase=$((nbase + 1))
	ws=${name%%.*}
	aw=$(awk -v a=$A -v w="$wait" 'BEGIN { printf "%.0f", a * w }')
	echo "# HIR $ws: idle $wait s refilled $refill I/Os (A x wait $aw, cap $((M * L))):" \
		"baseline $got IOPS, answer $want"
	if awk -v a=$A -v w="$wait" -v c=$((M * L)) 'BEGIN { exit !(a * w >= c) }'; then
		capped="$capped $ws=$got"
		[ -n "${capg:-}" ] && { inband "$got" "$capg" || mono=0; }
		capg=${capg:-$got}
	elif [ "$refill" -le "$prevr" ] || [ "$got" -le "$prevg" ]; then mono=0; fi
	prevr=$refill prevg=$got
	# the report's table: the return to baseline beside its answer
	rep=$(awk -F, -v w="wait state ${ws#ws}: return to baseline" '$1 == w { printf "%.0f", $2 }' \
		"$out/report/pts-ref-pts-hir-wait-state-iops.csv" 2>/dev/null)
	inband "${rep:-0}" "$want" && nrep=$((nrep + 1)) || echo "# the report's $ws return to baseline: ${rep:-none}, answer $want"
done < <(grep -E '^ws[0-9]+\.baseline' "$tmp/model.txt")
[ $nbase = 5 ] && [ $mono = 1 ] && [ -n "$capped" ] &&
	ok "HIR: the returns to baseline rise with the idle until the refill reaches the budget $((M * L)); capped:$capped" ||
	fail "HIR: the returns to baseline do not rise with the refill up to the cap ($nbase of them; capped:$capped)"
[ $nrep = 5 ] && ok "the report's HIR table gives each wait state's return to baseline at its answer (5 of 5)" ||
	fail "the report's HIR table: $nrep of 5 returns to baseline at their answer"
lab_done
