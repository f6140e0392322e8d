#!/usr/bin/env bash
# host-long: the whole quick SNIA PTS suite on the reference drive (23 min on a loaded host, more than CI's budget): HOST_ONLY=pts_refdrive tests/run
# SNIA PTS on the reference drive (scripts/refdrive, docs/pts.md): `ssd-review --suite pts
# --profile quick` runs all seven tests with their preconditioning on a drive whose answers are
# known, and every figure is checked against the answer computed here from the drive's limits
# (IOPS limit A, bandwidth limit B; no burst configured):
#  - every test done, steady (WSAT: 4 x the span written) in its phases, the console's last line
#    of each test saying its verdict, pts.html saying each test's verdict;
#  - IOPS: every cell of the 7 x 8 matrix, averaged over the window, within its band of
#    min(A, B / block size), the window closing by round 5;
#  - throughput: each phase's MB/s at B;
#  - latency: each cell's mean response time at QD1 the throttle's pacing, 1 / min(A, B / bs);
#  - WSAT: each round at A (this drive has no burst: no fresh-out-of-box level, no cliff);
#  - HIR: each write segment at A plus what QEMU's bucket lets through after an idle (A / 10
#    operations, the same after every wait state: the bucket holds no more);
#  - XSR: group 1 and 3 at B, group 2 at 8 KiB x min(A, B / 8 KiB), group 3 back at B at once;
#  - DIRTH: the Max IOPS point at A with its response time, outstanding I/Os / A, within the
#    5 ms ceiling; Min IOPS at TC 1 / QD 1.
# The band: a 500-ms cell (fio's runtime, its queue's drain included) reads up to A / 10 (or
# B / 10 bytes) above the limit after the gap between cells (the leaky bucket's own burst,
# docs/pts.md), and the host's load takes some below: 0.85 .. 1.30 x the answer.
# Runs once (not under SANITIZE); its time and each test's verdict are printed as TAP comments.
# PTS_REF_OUT=DIR checks an earlier run's results in DIR instead of running the suite.
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
SPAN=$((32 * 1048576))  # --span: WSAT writes 4 x it, the WIPC fills 2 x it
LO=0.85 HI=1.30         # the band, as a fraction of the answer
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pts-ref.XXXXXX")
rd_at_exit "rm -rf '$tmp'"
out=${PTS_REF_OUT:-$tmp/out}
d=$out/ref

# inband VALUE WANT: VALUE within LO..HI x WANT
inband() { awk -v v="$1" -v w="$2" -v lo="$LO" -v hi="$HI" 'BEGIN { exit !(v >= lo * w && v <= hi * w) }'; }
# expect_band WHAT VALUE WANT: one TAP line, the answer beside the figure
expect_band() {
	if inband "$2" "$3"; then ok "$1: $2 (answer $3)"; else fail "$1: $2, answer $3 (band $LO-$HI)"; fi
}

if [ -z "${PTS_REF_OUT:-}" ]; then
	if ! refdrive_start pts --size 64M --iops $A --bps $B; then
		fail "pts refdrive: the reference drive did not start"
		lab_done
	fi
	echo "# reference drive $RD_DEV: $A IOPS, $B bytes/s, no burst; span $SPAN"
	t0=$SECONDS
	driver/ssd-review --drive ref="$RD_DEV" --suite pts --profile quick --span $SPAN \
		--pts-no-purge --yes --out "$out" >"$tmp/console" 2>&1
	rc=$?
	secs=$((SECONDS - t0))
	echo "# ssd-review --suite pts --profile quick: exit $rc in $((secs / 60)) min $((secs % 60)) s"
	[ $rc = 0 ] && ok "the quick PTS suite on the reference drive exits 0" ||
		{ fail "the quick PTS suite exits $rc"; tail -n 20 "$tmp/console" | sed 's/^/# /'; }
	if [ $secs -le 720 ]; then ok "the suite took ${secs} s, within 12 minutes"; else
		fail "the suite took ${secs} s, over 12 minutes"; fi
	console=$tmp/console
else
	console=/dev/null
	echo "# checking the results in $out"
fi

# --- every test: done, its phases' verdicts, the console's verdict ---------------------------
for t in pts-iops pts-throughput pts-latency pts-wsat pts-hir pts-dirth pts-xsr; do
	st=$(jq -r --arg t $t '.tests[] | select(.id == $t) | .status' "$d/run.json")
	v=$(jq -r --arg t $t '.tests[] | select(.id == $t) | [.pts.phases[]? | .id + " " + .status +
		(if .window then " (rounds \(.window.first_round)-\(.window.last_round))" else "" end)] | join("; ")' "$d/run.json")
	s=$(jq -r --arg t $t '.tests[] | select(.id == $t) | .seconds' "$d/run.json")
	echo "# $t: $st in $s s; $v"
	bad=$(jq -r --arg t $t '.tests[] | select(.id == $t) | [.pts.phases[]? | select(.status != "steady" and .status != "written")] | length' "$d/run.json")
	[ "$st" = done ] && [ "$bad" = 0 ] && ok "$t done, every phase steady (WSAT: written)" ||
		fail "$t: $st; $v"
	if [ "$console" != /dev/null ]; then
		line=$(grep " · $t · done in " "$console" | tail -1)
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
read -r f l <<<"$(jq -r '.tests[] | select(.id == "pts-latency") | .pts.phases[0].window | "\(.first_round) \(.last_round)"' "$d/run.json")"
for mix in 100 65 0; do
	for bs in 8k 4k 512; do
		got=$(for k in $(seq "${f:-1}" "${l:-1}"); do
			jq --arg j "latency.r$mix.$bs" '.jobs[] | select(.jobname == $j) |
				(.read.total_ios * .read.lat_ns.mean + .write.total_ios * .write.lat_ns.mean) /
				(.read.total_ios + .write.total_ios) / 1000' \
				"$d/pts-latency/latency-round-$(printf %02d "$k").json"; done | awk '{ s += $1 } END { printf "%.0f", s / NR }')
		want=$(awk -v a=$A -v b=$B -v s="$(bsb $bs)" 'BEGIN { x = b / s; if (x > a) x = a; printf "%.0f", 1e6 / x }')
		expect_band "latency r$mix $bs: mean response time at QD1, µs" "$got" "$want"
	done
done

# --- WSAT: every round at A (no burst) -------------------------------------------------------------
w=$(jq -r '.tests[] | select(.id == "pts-wsat") | [.pts.phases[0].rounds[].tracking | floor] | join(" ")' "$d/run.json")
echo "# WSAT rounds' IOPS: $w (answer $A each: no burst configured)"
wb=$(jq -r '.tests[] | select(.id == "pts-wsat") | .pts.phases[0].bytes_written' "$d/run.json")
awk -v w="$wb" -v s=$SPAN 'BEGIN { exit !(w >= 4 * s) }' && ok "WSAT: $wb bytes written, 4 x the span $SPAN" ||
	fail "WSAT: $wb bytes written, less than 4 x $SPAN"
nb=0
for v in $w; do inband "$v" $A || nb=$((nb + 1)); done
[ $nb = 0 ] && [ -n "$w" ] && ok "WSAT: every round within $LO-$HI x $A: no burst, no cliff" ||
	fail "WSAT: $nb rounds outside $LO-$HI x $A"

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
r=$out/report
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
p=$out/report/pts.html
if [ -f "$p" ]; then
	n=$(grep -c 'steady state reached' "$p")
	grep -q 'the span written the times asked' "$p" && [ "$n" -ge 1 ] &&
		ok "pts.html says the verdicts (steady state reached, WSAT's span written)" ||
		fail "pts.html lacks the verdicts"
	grep -q 'reference drive' "$out/report/index.html" && ok "the report names the reference drive" ||
		fail "the report does not name the reference drive"
else
	fail "no pts.html"
fi
lab_done
