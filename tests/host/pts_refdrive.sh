#!/usr/bin/env bash
# host-long: the whole quick SNIA PTS suite on the reference drive (16 min 32 s at load 11-18 on 2 cores; CI has 8 min left of its 60): LAB=0 HOST_ONLY=pts_refdrive tests/run
# SNIA PTS on the reference drive (scripts/refdrive, docs/pts.md): `ssd-review --suite pts
# --profile quick` runs all seven tests with their preconditioning on a drive whose answers are
# known, and every figure is checked against the answer computed here from the drive's limits
# (IOPS limit A, bandwidth limit B; no burst configured):
#  - every test done, steady (WSAT: 4 x the span written) in its phases, the console's last line
#    of each test saying its verdict, pts.html saying each test's verdict;
#  - IOPS: every cell of the 7 x 8 matrix, averaged over the window, within its band of
#    min(A, B / block size), the window closing by round 5;
#  - throughput: each phase's MB/s at B;
#  - latency: each cell's mean response time at QD1 the throttle's pacing: a cell of T seconds
#    completes x T + x / 10 I/Os (x = min(A, B / bs), the bucket's x / 10 at its start), so
#    T / (x T + x / 10);
#  - WSAT: each round at A plus the bucket's A / 10 over its runtime (this drive has no burst: no
#    fresh-out-of-box level, no cliff);
#  - HIR: each write segment at A plus what QEMU's bucket lets through after an idle (A / 10
#    operations, the same after every wait state: the bucket holds no more);
#  - XSR: group 1 and 3 at B, group 2 at 8 KiB x min(A, B / 8 KiB), group 3 back at B at once;
#  - DIRTH: the Max IOPS point at A with its response time, outstanding I/Os / A, within the
#    5 ms ceiling; Min IOPS at TC 1 / QD 1.
# The band: a 500-ms cell (fio's runtime, its queue's drain included) reads up to A / 10 (or
# B / 10 bytes) above the limit after the gap between cells (the leaky bucket's own burst,
# docs/pts.md), and the host's load takes some below: 0.85 .. 1.30 x the answer.
# The suite runs from a copy of the catalogue whose throughput and latency cells last 2 s
# (CELL_S) instead of the quick profile's 500 ms, in two ssd-review runs on the same drive: the
# six other tests at A, then (`refdrive set`) the latency test at A_LAT = A / 4. At QD1 the
# throttle paces each I/O only while the host's own latency through FUSE stays under 1 / A, and
# on a loaded 2-core host it does not: at A = 1000 (1 ms) its cells read 950-1,660 µs, a stall of
# a third of a second costs a 500-ms cell half its I/Os, and rounds came 40-200 % apart (the
# steady-state window allows 20 %). At 4 ms the bucket's catch-up after a stall (A / 10 at
# once) has room, and 2-s cells dilute what it cannot catch up. The span is ssd-review's least
# (16 MiB): WSAT's 4 x the span and each WIPC's 2 x the span are the shorter for it.
# Runs once (not under SANITIZE); its time and each test's verdict are printed as TAP comments.
# PTS_REF_OUT=DIR checks an earlier run's results in DIR (DIR/suite and DIR/latency, each an
# ssd-review --out) instead of running the suite;
# PTS_REF_KEEP=1 keeps the run's directory (its path is printed).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
. tests/host/lib/refdrive.sh
refdrive_need
for p in driver/ssd-review reporter/ssdreport engine/libssdeng.so; do
	[ -e "$p" ] || { fail "pts refdrive: needs $p (make)"; lab_done; }
done

A=1000                  # IOPS limit
B=$((64 * 1048576))     # bandwidth limit, bytes/s
A_LAT=250               # the IOPS limit while the latency test runs (see the top)
SPAN=$((16 * 1048576))  # --span (ssd-review's least): WSAT writes 4 x it, each WIPC fills 2 x it
CELL_S=2                # throughput's and latency's cells here (the catalogue's quick: 500 ms)
LO=0.85 HI=1.30         # the band, as a fraction of the answer
SIX=pts-iops,pts-throughput,pts-wsat,pts-hir,pts-dirth,pts-xsr
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pts-ref.XXXXXX")
if [ -n "${PTS_REF_KEEP:-}" ]; then echo "# kept: $tmp"; else rd_at_exit "rm -rf '$tmp'"; fi
out=${PTS_REF_OUT:-$tmp/out}
d=$out/suite/ref        # the six tests' results
dl=$out/latency/ref     # the latency test's
# rdir TEST: the directory of TEST's results
rdir() { if [ "$1" = pts-latency ]; then echo "$dl"; else echo "$d"; fi; }
# tcons TEST: the console of TEST's run (/dev/null when checking an earlier run)
tcons() {
	if [ "$console" = /dev/null ]; then echo /dev/null
	elif [ "$1" = pts-latency ]; then echo "$tmp/latency.console"
	else echo "$console"; fi
}

# inband VALUE WANT: VALUE within LO..HI x WANT
inband() { awk -v v="$1" -v w="$2" -v lo="$LO" -v hi="$HI" 'BEGIN { exit !(v >= lo * w && v <= hi * w) }'; }
# expect_band WHAT VALUE WANT: one TAP line, the answer beside the figure
expect_band() {
	if inband "$2" "$3"; then ok "$1: $2 (answer $3)"; else fail "$1: $2, answer $3 (band $LO-$HI)"; fi
}

# review NAME ONLY: ssd-review's quick PTS run of the tests ONLY into $out/NAME, its console
# $tmp/NAME.console; one TAP line for its exit status
review() {
	local rc
	driver/ssd-review --catalogue "$tmp/jobs/catalogue.json" --drive ref="$RD_DEV" --suite pts \
		--only "$2" --profile quick --span $SPAN --pts-no-purge --yes --out "$out/$1" \
		>"$tmp/$1.console" 2>&1
	rc=$?
	[ $rc = 0 ] && ok "the quick PTS $2 on the reference drive exits 0" ||
		{ fail "the quick PTS $2 exits $rc"; tail -n 20 "$tmp/$1.console" | sed 's/^/# /'; }
}

if [ -z "${PTS_REF_OUT:-}" ]; then
	if ! refdrive_start pts --size 64M --iops $A --bps $B; then
		fail "pts refdrive: the reference drive did not start"
		lab_done
	fi
	echo "# reference drive $RD_DEV: $A IOPS ($A_LAT for the latency test), $B bytes/s, no burst; span $SPAN"
	# the catalogue with 2-s cells for the throughput and latency tests (see the top)
	mkdir "$tmp/jobs" && cp jobfiles/*.fio "$tmp/jobs/" &&
		jq --argjson c $CELL_S '.timings["pts-round-ref"] = {full: .timings["pts-round"].full,
			quick: {runtime_s: $c, ramp_s: 0}}
		| (.tests[] | select(.id == "pts-throughput" or .id == "pts-latency") | .timing) = "pts-round-ref"' \
			jobfiles/catalogue.json >"$tmp/jobs/catalogue.json" || { fail "pts refdrive: the catalogue"; lab_done; }
	echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
	t0=$SECONDS
	review suite $SIX
	t1=$SECONDS
	refdrive_set pts --iops $A_LAT >/dev/null || fail "pts refdrive: refdrive set --iops $A_LAT"
	review latency pts-latency
	secs=$((SECONDS - t0))
	echo "# the six tests in $((t1 - t0)) s, the latency test in $((SECONDS - t1)) s: $((secs / 60)) min $((secs % 60)) s; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
	if [ $secs -le 720 ]; then ok "the suite took ${secs} s, within 12 minutes"; else
		fail "the suite took ${secs} s, over 12 minutes"; fi
	console=$tmp/suite.console
else
	console=/dev/null
	echo "# checking the results in $out"
fi

# --- every test: done, its phases' verdicts, the console's verdict ---------------------------
for t in pts-iops pts-throughput pts-latency pts-wsat pts-hir pts-dirth pts-xsr; do
	st=$(jq -r --arg t $t '.tests[] | select(.id == $t) | .status' "$(rdir $t)/run.json")
	v=$(jq -r --arg t $t '.tests[] | select(.id == $t) | [.pts.phases[]? | .id + " " + .status +
		(if .window then " (rounds \(.window.first_round)-\(.window.last_round))" else "" end)] | join("; ")' "$(rdir $t)/run.json")
	s=$(jq -r --arg t $t '.tests[] | select(.id == $t) | .seconds' "$(rdir $t)/run.json")
	echo "# $t: $st in $s s; $v"
	bad=$(jq -r --arg t $t '.tests[] | select(.id == $t) | [.pts.phases[]? | select(.status != "steady" and .status != "written")] | length' "$(rdir $t)/run.json")
	[ "$st" = done ] && [ "$bad" = 0 ] && ok "$t done, every phase steady (WSAT: written)" ||
		fail "$t: $st; $v"
	if [ "$(tcons $t)" != /dev/null ]; then
		line=$(grep " · $t · done in " "$(tcons $t)" | tail -1)
		case $t in
		pts-wsat) want="wsat: 4.[0-9][0-9] x the span written in [0-9]* rounds" ;;
		pts-xsr) want="segments: 3 of 3 done" ;;
		*) want="steady state reached" ;; esac
		[[ $line == *$want* ]] && ok "$t: the console's last line says the verdict" ||
			fail "$t: the console's last line '$line' lacks '$want'"
	fi
done

# --- IOPS: every cell in its band of min(A, B / bs), the window by round 5 ----------------------
bsb() { case $1 in *k) echo $((${1%k} * 1024)) ;; *) echo "$1" ;; esac; }
read -r f l <<<"$(jq -r '.tests[] | select(.id == "pts-iops") | .pts.phases[0].window | "\(.first_round) \(.last_round)"' "$d/run.json")"
[ "$l" = 5 ] && ok "IOPS: steady by round 5 (window $f-$l)" || fail "IOPS: window $f-$l, not closed by round 5"
nbad=0 ncell=0
for mix in 100 95 65 50 35 5 0; do
	for bs in 1024k 128k 64k 32k 16k 8k 4k 512; do
		got=$(for k in $(seq "$f" "$l"); do
			jq --arg j "iops.r$mix.$bs" '.jobs[] | select(.jobname == $j) | .read.iops + .write.iops' \
				"$d/pts-iops/iops-round-$(printf %02d "$k").json"; done | awk '{ s += $1 } END { printf "%.0f", s / NR }')
		want=$(awk -v a=$A -v b=$B -v s="$(bsb $bs)" 'BEGIN { x = b / s; printf "%.0f", (x < a ? x : a) }')
		ncell=$((ncell + 1))
		hi=$HI
		# a cell the bandwidth limits (128 KiB, 1 MiB): QEMU's throttle passes 1-MiB requests
		# queued 128 deep at up to 1.36 x B (measured: 66-103 IOPS on 64 at B = 64 MiB/s)
		awk -v a=$A -v b=$B -v s="$(bsb $bs)" 'BEGIN { exit !(b / s < a) }' && hi=1.40
		HI=$hi inband "$got" "$want" || { nbad=$((nbad + 1)); echo "# iops.r$mix.$bs: $got, answer $want"; }
		printf '%s/%s=%s(%s) ' $mix $bs "$got" "$want" >>"$tmp/iops.txt"
	done
done
echo "# IOPS cells mix/bs=figure(answer): $(cat "$tmp/iops.txt")"
[ $nbad = 0 ] && ok "IOPS: all $ncell cells within $LO-$HI (bandwidth-bound: 1.40) x min($A, $B / bs)" ||
	fail "IOPS: $nbad of $ncell cells outside $LO-$HI (bandwidth-bound: 1.40) x min($A, $B / bs)"

# --- throughput: each phase at B (MB/s, 10^6 bytes) ---------------------------------------------
for ph in 128k-write 128k-read 1024k-write 1024k-read; do
	got=$(jq -r --arg p $ph '.tests[] | select(.id == "pts-throughput") | .pts.phases[] | select(.id == $p) | .window.mean' "$d/run.json")
	expect_band "throughput $ph MB/s (window mean)" "$(printf %.1f "$got")" "$(awk -v b=$B 'BEGIN { printf "%.1f", b / 1e6 }')"
done

# --- latency: QD1 mean response time = the throttle's pacing ------------------------------------
read -r f l <<<"$(jq -r '.tests[] | select(.id == "pts-latency") | .pts.phases[0].window | "\(.first_round) \(.last_round)"' "$dl/run.json")"
for mix in 100 65 0; do
	for bs in 8k 4k 512; do
		# each window round's mean response time (µs) and the cell's runtime (ms)
		read -r got rt <<<"$(for k in $(seq "${f:-1}" "${l:-1}"); do
			jq -r --arg j "latency.r$mix.$bs" '.jobs[] | select(.jobname == $j) |
				"\((.read.total_ios * .read.lat_ns.mean + .write.total_ios * .write.lat_ns.mean) /
				(.read.total_ios + .write.total_ios) / 1000) \([.read.runtime, .write.runtime] | max)"' \
				"$dl/pts-latency/latency-round-$(printf %02d "$k").json"; done |
			awk '{ s += $1; t += $2 } END { printf "%.0f %.0f", s / NR, t / NR }')"
		# x = min(A, B / bs) I/Os a second plus the bucket's x / 10 at the cell's start: a cell of
		# rt seconds completes x * rt + x / 10 of them one after the other
		want=$(awk -v a=$A_LAT -v b=$B -v s="$(bsb $bs)" -v rt="${rt:-0}" 'BEGIN { x = b / s; if (x > a) x = a;
			t = rt / 1000; printf "%.0f", (t > 0 ? 1e6 * t / (x * t + x / 10) : 1e6 / x) }')
		expect_band "latency r$mix $bs: mean response time at QD1, µs" "$got" "$want"
	done
done

# --- WSAT: each round at A plus the bucket's A / 10 over its runtime (no burst) ----------------
# A quick round ends once it wrote 12 % of the span (480 I/Os of 4 KiB on 16 MiB, about 0.35 s
# at A): the A / 10 the bucket lets through at its start is +29 % of such a round, so each
# round's answer is A x (1 + 0.1 / its runtime), as for HIR's write segments.
wb=$(jq -r '.tests[] | select(.id == "pts-wsat") | .pts.phases[0].bytes_written' "$d/run.json")
awk -v w="$wb" -v s=$SPAN 'BEGIN { exit !(w >= 4 * s) }' && ok "WSAT: $wb bytes written, 4 x the span $SPAN" ||
	fail "WSAT: $wb bytes written, less than 4 x $SPAN"
nb=0 n=0
for f in "$d"/pts-wsat/wsat-round-[0-9]*.json; do
	[ -f "$f" ] || continue
	read -r iops rt <<<"$(jq -r '.jobs[0] | "\(.write.iops) \(.write.runtime)"' "$f")"
	want=$(awk -v a=$A -v rt="$rt" 'BEGIN { printf "%.0f", a * (1 + 0.1 / (rt / 1000)) }')
	n=$((n + 1))
	inband "$iops" "$want" || nb=$((nb + 1))
	printf '%.0f(%s) ' "$iops" "$want" >>"$tmp/wsat.txt"
done
echo "# WSAT rounds' IOPS(answer): $(cat "$tmp/wsat.txt" 2>/dev/null)"
[ $n -gt 0 ] && [ $nb = 0 ] && ok "WSAT: all $n rounds at A + A/10 over their runtime: no burst, no cliff" ||
	fail "WSAT: $nb of $n rounds outside $LO-$HI x A (1 + 0.1 / runtime)"

# --- HIR: each write segment at A + A / 10 over its runtime, whatever the wait state --------------
nb=0 n=0
while read -r ws file; do
	read -r iops rt <<<"$(jq -r '.jobs[0] | "\(.write.iops) \(.write.runtime)"' "$d/$file")"
	want=$(awk -v a=$A -v rt="$rt" 'BEGIN { printf "%.0f", a * (1 + 0.1 / (rt / 1000)) }')
	n=$((n + 1))
	inband "$iops" "$want" || nb=$((nb + 1))
	printf 'ws%s=%.0f(%s) ' "$ws" "$iops" "$want" >>"$tmp/hir.txt"
done < <(jq -r '.tests[] | select(.id == "pts-hir") | .pts.segments[] | select(.kind == "write") | "\(.wait_state) \(.file)"' "$d/run.json")
echo "# HIR write segments wait state=IOPS(answer): $(cat "$tmp/hir.txt" 2>/dev/null)"
[ $n -gt 0 ] && [ $nb = 0 ] && ok "HIR: all $n write segments at A + A/10 over their runtime (the bucket's refill after any idle)" ||
	fail "HIR: $nb of $n write segments outside the band"

# --- XSR: groups at B, 8 KiB x A, B ------------------------------------------------------------------
while read -r name file; do
	mbps=$(jq -r '.jobs[0].write.bw_bytes / 1e6' "$d/$file")
	case $name in
	g2) want=$(awk -v a=$A -v b=$B 'BEGIN { x = b / 8192; if (x > a) x = a; printf "%.1f", x * 8192 / 1e6 }') ;;
	*) want=$(awk -v b=$B 'BEGIN { printf "%.1f", b / 1e6 }') ;;
	esac
	expect_band "XSR $name MB/s" "$(printf %.1f "$mbps")" "$want"
done < <(jq -r '.tests[] | select(.id == "pts-xsr") | .pts.segments[] | "\(.name) \(.file)"' "$d/run.json")

# the report's figures beside the answers: HIR's wait states, XSR's recovery
r=$out/suite/report
hw=$(jq -r '.tests[] | select(.id == "pts-hir") | .pts.segments[] | select(.kind == "write") | .file' "$d/run.json" | head -1)
want=$(awk -v a=$A -v rt="$(jq -r '.jobs[0].write.runtime' "$d/$hw" 2>/dev/null)" 'BEGIN { printf "%.0f", a * (1 + 0.1 / (rt / 1000)) }')
for ws in 1 2 3 5 10; do
	got=$(awk -F, -v w="wait state $ws" '$1 == w { printf "%.0f", $2 }' "$r"/pts-ref-pts-hir-wait-state-iops.csv 2>/dev/null)
	expect_band "HIR wait state $ws: the report's mean IOPS of its write segments" "${got:-0}" "$want"
done
rt=$(awk -F, '/recovery time/ { print $NF }' "$r"/pts-ref-pts-xsr-xsr-recovery.csv 2>/dev/null)
[ "$rt" = 0 ] && ok "XSR: the report's recovery time of group 3 is 0 s (answer: the throttle is back at B at once)" ||
	fail "XSR: the report's recovery time '$rt', answer 0 s"

# --- DIRTH: Max IOPS at A within the ceiling, Min at TC 1 / QD 1 -------------------------------------
read -r chosen mxtc mxqd mxiops mxart mntc mnqd <<<"$(jq -r '.tests[] | select(.id == "pts-dirth") | .pts.dirth |
	"\(.chosen) \(.max.tc) \(.max.qd) \(.max.iops) \(.max.art_ns) \(.min.tc) \(.min.qd)"' "$d/run.json")"
echo "# DIRTH: Max IOPS at TC $mxtc / QD $mxqd: $mxiops IOPS, ART $mxart ns; Min at TC $mntc / QD $mnqd"
[ "$chosen" = true ] && ok "DIRTH: the Max, Mid and Min points chosen" || fail "DIRTH: no points chosen"
expect_band "DIRTH Max IOPS" "$(printf %.0f "$mxiops")" $A
awk -v t="$mxtc" -v q="$mxqd" -v a=$A -v art="$mxart" 'BEGIN { exit !(art <= 5e6 && t * q <= 5e-3 * a * 1.3 + 1) }' &&
	ok "DIRTH Max point within the 5 ms ceiling: ART $mxart ns, $((mxtc * mxqd)) outstanding I/Os (Little: at most 5 ms x $A)" ||
	fail "DIRTH Max point: ART $mxart ns at $((mxtc * mxqd)) outstanding I/Os"
[ "$mntc/$mnqd" = 1/1 ] && ok "DIRTH Min IOPS point at TC 1 / QD 1" || fail "DIRTH Min point at TC $mntc / QD $mnqd"

# --- the page says each test's verdict ------------------------------------------------------------
p=$out/suite/report/pts.html
if [ -f "$p" ]; then
	n=$(grep -c 'steady state reached' "$p")
	grep -q 'the span written the times asked' "$p" && [ "$n" -ge 1 ] &&
		ok "pts.html says the verdicts (steady state reached, WSAT's span written)" ||
		fail "pts.html lacks the verdicts"
	grep -q 'reference drive' "$out/suite/report/index.html" && ok "the report names the reference drive" ||
		fail "the report does not name the reference drive"
else
	fail "no pts.html"
fi
lab_done
