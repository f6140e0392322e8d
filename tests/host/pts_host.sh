#!/usr/bin/env bash
# sanitize: yes
# SNIA PTS on the host, no drive needed:
#  - ssdreport over checked-in PTS IOPS results (tests/host/fixtures/pts: fio's JSON of each round
#    of a pts-iops run on a file, trimmed to the keys read; README there): pts.html with its
#    header block and plots; the steady-state window found again here from the raw round files
#    (5 rounds, range <= 20 %, least-squares excursion <= 10 %) and checked against the window
#    plot's data; the IOPS table (block size x mix) and the IOPS-against-block-size plot data
#    equal to each cell's read + write IOPS averaged over the window's rounds of the raw files;
#  - ssd-review's refusals of PTS runs before anything is written.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="pts host"
REPORT_CASES=no # its inputs are tests/host/fixtures/pts: it runs in a plain clone
. tests/host/lib/report-env.sh
fx=tests/host/fixtures/pts
cp -r "$fx/iops" "$tmp/iops"
r=$tmp/iops/pts-iops

# --- the window, found here from the raw files ----------------------------------------------
n=$(ls "$r"/iops-round-*.json | wc -l)
track() { jq '.jobs[] | select(.jobname == "iops.r0.4k") | .read.iops + .write.iops' "$r/iops-round-$(printf %02d "$1").json"; }
vals=$(for k in $(seq 1 "$n"); do track "$k"; done | tr '\n' ' ')
# the first window of 5 rounds within 20 % whose fitted line moves <= 10 %; else the last 5
# rounds (25 rounds: not achieved; fewer: the test was cut short)
read -r first last mean verdict <<<"$(awk -v vals="$vals" 'BEGIN {
	n = split(vals, y, " ")
	for (k = 5; k <= n; k++) {
		lo = hi = y[k - 4]; s = 0
		for (i = k - 4; i <= k; i++) { s += y[i]; if (y[i] < lo) lo = y[i]; if (y[i] > hi) hi = y[i] }
		m = s / 5; sxy = 0
		for (i = k - 4; i <= k; i++) sxy += (i - (k - 2)) * (y[i] - m)
		slope = sxy / 10; if (slope < 0) slope = -slope
		if ((hi - lo) <= 0.2 * m && slope * 4 <= 0.1 * m) { print k - 4, k, m, "steady state reached"; exit }
	}
	print n - 4, n, m, (n >= 25 ? "STEADY STATE NOT ACHIEVED" : "incomplete") }')"
echo "# tracking values: $vals; window $first-$last, mean $mean: $verdict"

# the drive's temperature through the test (render/pts_temp.c): samples every 30 s as ssd-review
# writes them (ssdeng.telemetry.v1), the 11th unanswered, thermal management transitions growing
# from the 7th to the 9th; run.json given the test's start and end the fixture lacks
tel_sample() { # T TEMP SENSOR1 TMT1 [ERROR]
	if [ -n "${5:-}" ]; then
		printf '{"schema":"ssdeng.telemetry.v1","kind":"sample","t":%s,"test":"pts-iops","member":null,"part":null,"transport":"nvme","error":"%s","cost_s":2.0,"temperature_c":null,"sensors_c":null,"critical_warning":null,"thermal":{"tmt1_transitions":null,"tmt2_transitions":null,"tmt1_seconds":null,"tmt2_seconds":null,"warning_temp_minutes":null,"critical_temp_minutes":null},"data_read_bytes":null,"data_written_bytes":null,"media_errors":null,"error_log_entries":null,"media_writes":null}\n' "$1" "$5"
	else
		printf '{"schema":"ssdeng.telemetry.v1","kind":"sample","t":%s,"test":"pts-iops","member":null,"part":null,"transport":"nvme","error":null,"cost_s":0.0003,"temperature_c":%s,"sensors_c":[%s,null],"critical_warning":0,"thermal":{"tmt1_transitions":%s,"tmt2_transitions":0,"tmt1_seconds":0,"tmt2_seconds":0,"warning_temp_minutes":0,"critical_temp_minutes":0},"data_read_bytes":0,"data_written_bytes":0,"media_errors":0,"error_log_entries":0,"media_writes":null}\n' "$1" "$2" "$3" "$4"
	fi
}
tel_write() { # DIR: pts-iops started 19:11:25, ended 19:18:36 (its last round ended 19:18:35)
	local s i
	jq '(.tests[] | select(.id == "pts-iops")) |= (.started = "2026-12-01T19:11:25Z" | .ended = "2026-12-01T19:18:36Z")' \
		"$1/run.json" >"$1/run.json.t" && mv "$1/run.json.t" "$1/run.json"
	mkdir -p "$1/telemetry"
	s=$(date -u -d 2026-12-01T19:11:25Z +%s)
	for i in $(seq 0 14); do
		if [ "$i" = 10 ]; then
			tel_sample $((s + 5 + 30 * i)) "" "" "" "Get Log Page SMART: timed out"
		else
			tel_sample $((s + 5 + 30 * i)) $((40 + i)) $((37 + i)) $((i < 6 ? 0 : i <= 8 ? i - 5 : 3))
		fi
	done >"$1/telemetry/pts-iops.jsonl"
}
"$rep" -o "$tmp/report" "$tmp/iops" 2>"$tmp/rep.err"
rc=$?
[ $rc = 0 ] && ok "ssdreport over a PTS results directory exits 0" || fail "ssdreport exit $rc: $(cat "$tmp/rep.err")"
p=$tmp/report/pts.html
stem=$tmp/report/pts-iops-pts-iops-iops
grep -q 'href="pts.html' "$tmp/report/index.html" && ok "index.html links pts.html" || fail "index.html has no link to pts.html"
grep -q 'Latency is completion latency (fio clat), except in the SNIA PTS tables' "$tmp/report/index.html" &&
	ok "index.html's latency note names the SNIA PTS tables' total latency" ||
	fail "index.html's latency note: $(grep -o 'Latency is [^.]*' "$tmp/report/index.html" | head -1)"
# the page's words without its markup (an option is kept on one line by a span)
sed 's/<[^>]*>//g' "$p" >"$tmp/pts.txt"
grep -q 'id="pts-iops-pts-iops"' "$p" && grep -q 'SNIA PTS-E v2.0.2, IOPS test' "$p" &&
	grep -q 'TC 4 / QD 32' "$p" && grep -q 'Not PTS compliant: no purge (--pts-no-purge)' "$tmp/pts.txt" &&
	ok "pts.html: the header block (test, TC/QD, the missing purge)" || fail "pts.html: header block incomplete"
grep -q "measurement window: rounds $first-$last, $verdict" "$p" &&
	ok "pts.html names the window rounds $first-$last and the verdict ($verdict)" ||
	fail "pts.html does not name rounds $first-$last as the window, $verdict"
for w in convergence window iops-vs-bs; do
	[ -s "$stem-$w.csv" ] && [ -s "$stem-$w.gp" ] && ok "chart $w: data and script" || fail "chart $w missing"
done
# the convergence plot's y axis starts at 0 like the window plot's (a few per cent of noise drawn
# its size), unless its values span more than 20 x: then a log axis its label names; its title
# fits the chart (at most one character per 7.5 px: 10-pt sans drawn 4/3 as large)
ratio=$(awk -F, 'NR > 1 && $3 > 0 { if (lo == "" || $3 < lo) lo = $3; if ($3 > hi) hi = $3 } END { print hi / lo }' "$stem-convergence.csv")
cw=$(sed -n 's/.*svg size \([0-9]*\),.*/\1/p' "$stem-convergence.gp")
ct=$(sed -n '1s/^# \(.*\) - written by ssdreport.*/\1/p' "$stem-convergence.gp")
if awk -v r="$ratio" 'BEGIN { exit !(r > 20) }'; then
	grep -q 'set logscale y' "$stem-convergence.gp" && grep -q 'set ylabel ".*(log scale)"' "$stem-convergence.gp"
else
	grep -q 'set yrange \[0:\*\]' "$stem-convergence.gp" && ! grep -q 'set logscale y' "$stem-convergence.gp"
fi && [ -n "$ct" ] && [ $((${#ct} * 15)) -le $((2 * cw)) ] &&
	ok "convergence plot: values $ratio x apart, its y axis from 0 (or log, said); its title (${#ct} characters) fits $cw px" ||
	fail "convergence plot: ratio $ratio, width $cw, title '$ct': $(grep -E 'yrange|logscale|ylabel' "$stem-convergence.gp")"

# the window plot: its rounds, the tracking values and the mean are the raw files'
awk -F, -v first="$first" -v last="$last" -v mean="$mean" -v vals="$vals" '
	BEGIN { split(vals, y, " ") }
	NR > 1 { k = $2; if (k < first || k > last) bad = bad " round " k
		 if ((($3 - y[k]) ^ 2) > (1e-5 * y[k]) ^ 2) bad = bad " tracking " k
		 if ((($4 - mean) ^ 2) > (1e-5 * mean) ^ 2) bad = bad " mean " k
		 if ((($5 - 1.1 * mean) ^ 2) > (1e-5 * mean) ^ 2 || (($6 - 0.9 * mean) ^ 2) > (1e-5 * mean) ^ 2) bad = bad " bands " k
		 if (NF != 7) bad = bad " columns " NF
		 rows++ }
	END { if (rows != 5 || bad != "") { print rows, bad; exit 1 } }' "$stem-window.csv" &&
	ok "window plot data: rounds $first-$last, tracking values, mean, its 110 % and 90 % (the rule's 20 % range) from the raw files, no ±20 % lines" ||
	fail "window plot data differ from the raw files: $(cat "$stem-window.csv")"

# every cell of the table and of the IOPS-against-block-size plot: mean over the window rounds
bad=0
declare -A want
for mix in 100 95 65 50 35 5 0; do
	for bs in 512 4k 8k 16k 32k 64k 128k 1024k; do
		want[$mix/$bs]=$(for k in $(seq "$first" "$last"); do
			jq --arg j "iops.r$mix.$bs" '.jobs[] | select(.jobname == $j) | .read.iops + .write.iops' \
				"$r/iops-round-$(printf %02d "$k").json"; done | awk '{ s += $1 } END { printf "%.6g", s / NR }')
	done
done
# table: rows 512 B .. 1024 KiB, columns 100/0 .. 0/100
hdr=$(head -1 "$stem-table.csv")
[ "$hdr" = "block size,100/0,95/5,65/35,50/50,35/65,5/95,0/100" ] && ok "table columns: the 7 mixes" || fail "table header: $hdr"
rows=$(tail -n +2 "$stem-table.csv" | cut -d, -f1 | tr '\n' '|')
[ "$rows" = "512 B|4 KiB|8 KiB|16 KiB|32 KiB|64 KiB|128 KiB|1 MiB|" ] &&
	ok "table rows: the 8 block sizes, smallest first" || fail "table rows: $rows"
i=0
for bs in 512 4k 8k 16k 32k 64k 128k 1024k; do
	i=$((i + 1))
	line=$(sed -n "$((i + 1))p" "$stem-table.csv")
	c=1
	for mix in 100 95 65 50 35 5 0; do
		c=$((c + 1))
		got=$(cut -d, -f$c <<<"$line")
		awk -v a="$got" -v b="${want[$mix/$bs]}" 'BEGIN { exit !((a - b) ^ 2 <= (1e-5 * b) ^ 2) }' ||
			{ echo "# table $bs $mix: $got, raw files ${want[$mix/$bs]}"; bad=$((bad + 1)); }
		pg=$(awk -F, -v m="$mix/$((100 - mix))" -v b="$bs" '
			BEGIN { lab["512"] = "512 B"; lab["4k"] = "4 KiB"; lab["8k"] = "8 KiB"; lab["16k"] = "16 KiB"
				lab["32k"] = "32 KiB"; lab["64k"] = "64 KiB"; lab["128k"] = "128 KiB"; lab["1024k"] = "1 MiB" }
			$1 == m && $2 == lab[b] { print $4 }' "$stem-iops-vs-bs.csv")
		awk -v a="$pg" -v b="${want[$mix/$bs]}" 'BEGIN { exit !(a != "" && (a - b) ^ 2 <= (1e-5 * b) ^ 2) }' ||
			{ echo "# plot $bs $mix: '$pg', raw files ${want[$mix/$bs]}"; bad=$((bad + 1)); }
	done
done
[ $bad = 0 ] && ok "all 56 table cells and 56 plot points equal the raw files' window means" ||
	fail "$bad table cells or plot points differ from the raw files"

# the header table: what run.json holds, and "not recorded" for what it does not
hdr=$tmp/report/pts-iops-header.csv
field() { awk -F'","' -v f="$1" 'BEGIN { } { gsub(/^"|"$/, "", $0) } index($0, f ",") == 1 { sub(/^[^,]*,/, ""); gsub(/"/, ""); print }' "$hdr"; }
rj=$r/../run.json
want_var=$(jq -r '.tests[0].pts.variant' "$rj")
want_pct=$(jq -r '.tests[0].pts.active_range_pct' "$rj")
want_tq="TC $(jq -r '.tests[0].pts.threads' "$rj") / QD $(jq -r '.tests[0].pts.depth' "$rj")"
[ "$want_var" = enterprise ] && grep -q '^Variant,Enterprise (SNIA PTS-E v2.0.2)$' "$hdr" &&
	grep -q '^Test sponsor,not recorded$' "$hdr" && grep -q '^Data pattern,not recorded$' "$hdr" &&
	grep -q '^Run dates (UTC),start not recorded; finish not recorded$' "$hdr" &&
	grep -Eq "^Active range,\"?$want_pct % of the drive's span" "$hdr" && grep -q "^Test stimulus,.*$want_tq" "$hdr" &&
	grep -Eq '^Test platform,"?host not recorded; CPU not recorded;' "$hdr" &&
	ok "header table: variant, active range ($want_pct %), $want_tq from run.json; sponsor, dates, platform, data pattern not recorded (the trimmed record lacks them)" ||
	fail "header table: $(cat "$hdr")"

# the determination table: range and slope excursion recomputed from the raw files
read -r rpct epct slope icpt <<<"$(awk -v vals="$vals" -v first="$first" 'BEGIN {
	split(vals, y, " "); lo = hi = y[first]; s = 0
	for (i = first; i < first + 5; i++) { s += y[i]; if (y[i] < lo) lo = y[i]; if (y[i] > hi) hi = y[i] }
	m = s / 5; sxy = 0
	for (i = first; i < first + 5; i++) sxy += (i - (first + 2)) * (y[i] - m)
	a = sxy / 10; b = m - a * (first + 2)
	printf "%.1f %.1f %.0f %.0f\n", (hi - lo) / m * 100, (a < 0 ? -a : a) * 4 / m * 100, a, b }')"
det=$stem-determination.csv
grep -q "^data excursion measured (max - min),\".* ($rpct %): max" "$det" &&
	grep -q "^slope excursion measured,\".* ($epct %)\"" "$det" &&
	grep -q '^data excursion allowed,".* (20 % of the mean)"' "$det" &&
	grep -q '^slope excursion allowed,".* (10 % of the mean)"' "$det" &&
	grep -q "^least-squares line,\"y = .* · x [+−] .* IOPS (x: round)\"" "$det" &&
	ok "determination table: data excursion $rpct %, slope excursion $epct % (line y = $slope x + $icpt) as the raw files give" ||
	fail "determination table (raw: range $rpct %, excursion $epct %): $(cat "$det")"

# the index of a PTS-only run: the headline figures, not "None of the summary's tests"
sum=$tmp/report/summary-pts.csv
w4=$(printf %.0f "${want[0/4k]}"); r4=$(printf %.0f "${want[100/4k]}")
! grep -q "None of the summary's tests" "$tmp/report/index.html" &&
	tr -d , <"$sum" | grep -q "4 KiB 0/100 IOPS $w4; 4 KiB 100/0 IOPS $r4" &&
	ok "index.html: PTS headline figures (4 KiB write $w4, read $r4 IOPS: the raw files' window means) and a link" ||
	fail "index summary: $(cat "$sum")"
# its temperature plot, from the samples and run.json: the rows are the answered samples at
# t - started, broken after the unanswered one; the sensor dashed; throttling shaded from the
# sample before the transitions grew to the last that grew; each round's end a dotted line
# at its ended - started, numbered
mkdir -p "$tmp/tel" && cp -r "$fx/iops" "$tmp/tel/iops"
tel_write "$tmp/tel/iops"
"$rep" -q -o "$tmp/trep" "$tmp/tel/iops" 2>"$tmp/trep.err" || fail "ssdreport (telemetry): $(head -3 "$tmp/trep.err")"
python3 - "$tmp/tel/iops" "$tmp/trep/pts-iops-pts-iops-temperature" >"$tmp/tchecks" 2>&1 <<'EOF'
import calendar, json, re, sys, time
res, chart = sys.argv[1:3]
iso = lambda v: calendar.timegm(time.strptime(v, "%Y-%m-%dT%H:%M:%SZ"))
test = next(t for t in json.load(open(res + "/run.json"))["tests"] if t["id"] == "pts-iops")
t0 = iso(test["started"])
lines = [json.loads(l) for l in open(res + "/telemetry/pts-iops.jsonl")]
want, seg = [], []
for l in lines:
    if l["error"]:
        want, seg = want + [seg], []
    else:
        seg.append((l["t"] - t0, l["temperature_c"], l["sensors_c"][0]))
want.append(seg)
gp, dat = open(chart + ".gp").read(), open(chart + ".dat").read()
segs = [[tuple(float(v) for v in r.split()[:3]) for r in s.splitlines() if r and not r.startswith("#")]
        for s in dat.split("\n\n")]
segs = [s for s in segs if s]
print(("ok" if segs == want else "not ok") +
      " - pts-iops temperature: the plotted points are the %d answered samples (t - started, "
      "composite, sensor 1) in %d runs broken at the unanswered one" % (sum(map(len, want)), len(want)) +
      ("" if segs == want else "; plotted %s" % segs))
plots = re.findall(r"index 0 using 1:(\d) with lines lw 2 dt (\d)", gp)
print(("ok" if plots == [("2", "1"), ("3", "2")] else "not ok") +
      " - the composite solid, Temperature Sensor 1 dashed: %s" % plots)
ans = [l for l in lines if not l["error"]]
grew = [(a["t"] - t0, b["t"] - t0) for a, b in zip(ans, ans[1:])
        if b["thermal"]["tmt1_transitions"] > a["thermal"]["tmt1_transitions"]]
span = [(grew[0][0], grew[-1][1])]
got = [(float(a), float(b)) for a, b in re.findall(r"rect from ([0-9.e+-]+), graph 0 to ([0-9.e+-]+), graph 1", gp)]
print(("ok" if got == span else "not ok") + " - throttling shaded over %s s (%s)" % (span, got))
ends = [(iso(r["ended"]) - t0, r["round"]) for ph in test["pts"]["phases"] for r in ph["rounds"]]
marks = [(float(x), int(n)) for x, n in re.findall(r'set label 1\d\d\d "(\d+)" at ([0-9.e+-]+)', gp)]
marks = [(x, n) for n, x in marks]
arrows = [float(x) for x in re.findall(r"set arrow 1\d\d\d from ([0-9.e+-]+), graph 0", gp)]
print(("ok" if marks == ends and arrows == [e[0] for e in ends] else "not ok") +
      " - each round's end a dotted line at ended - started, numbered: %s" % ends +
      ("" if marks == ends else "; marked %s, lines at %s" % (marks, arrows)))
EOF
cat "$tmp/tchecks"
grep -q '^not ok' "$tmp/tchecks" && LAB_FAILED=1
[ "$(grep -c '^ok' "$tmp/tchecks")" = 4 ] || fail "the temperature plot's checks did not run: $(head -3 "$tmp/tchecks")"
grep -q 'pts-iops-pts-iops-temperature.png' "$tmp/trep/pts.html" && [ -s "$tmp/trep/pts-iops-pts-iops-temperature.png" ] &&
	ok "pts.html shows the temperature plot" || fail "pts.html has no temperature plot"
grep -q 'Drive temperature through this test: not sampled\.' "$p" &&
	ok "pts-iops without telemetry: 'Drive temperature through this test: not sampled'" ||
	fail "pts-iops without telemetry: $(grep -o 'Drive temperature[^<]*' "$p" | head -1)"

! grep -qi 'warning\|empty x range' "$tmp/rep.err" && ok "ssdreport's output holds no gnuplot warning" ||
	fail "ssdreport stderr: $(cat "$tmp/rep.err")"

# two drives in one report: the second drive's files with every IOPS and bandwidth halved;
# one window plot with a series per drive, a convergence and IOPS-vs-block-size panel each
two=$tmp/two
mkdir -p "$two"
cp -r "$fx/iops" "$two/a"
cp -r "$fx/iops" "$two/b"
for d in a b; do
	jq --arg l "$d" '.drive.label = $l' "$fx/iops/run.json" >"$two/$d/run.json"
	jq --arg l "$d" '.label = $l' "$fx/iops/drive.json" >"$two/$d/drive.json"
done
tel_write "$two/a" # drive a sampled, b not
for f in "$two"/b/pts-iops/*.json; do
	jq '.jobs |= map(.read.iops /= 2 | .write.iops /= 2 | .read.bw_bytes /= 2 | .write.bw_bytes /= 2)' "$f" >"$f.t" && mv "$f.t" "$f"
done
"$rep" -o "$tmp/two-rep" "$two" 2>"$tmp/two.err"
rc=$?
tb=$tmp/two-rep/pts-drives-pts-iops-temperature
[ "$(awk '/^# series 0: a/ { a = 1; next } /^# series/ { a = 0 } a && /^[0-9]/' "$tb.dat" | wc -l)" = 14 ] &&
	! awk '/^# series 1: b/ { b = 1; next } b && /^[0-9]/' "$tb.dat" | grep -q . &&
	grep 'pts-drives-pts-iops-temperature.png' "$tmp/two-rep/pts.html" | grep -q 'Not sampled on b' &&
	ok "two drives, b not sampled: a's 14 answered samples plotted, b's none, 'Not sampled on b'" ||
	fail "two drives' temperature: $(grep -o 'Drive temperature[^<]*' "$tmp/two-rep/pts.html" | head -1)"
s2=$tmp/two-rep/pts-drives-pts-iops-iops
bvals=$(for k in $(seq 1 "$n"); do jq '.jobs[] | select(.jobname == "iops.r0.4k") | .read.iops + .write.iops' \
	"$two/b/pts-iops/iops-round-$(printf %02d "$k").json"; done | tr '\n' ' ')
[ $rc = 0 ] && [ "$(cut -d, -f1 "$s2-window.csv" | tail -n +2 | sort | uniq -c | awk '{ print $2 "=" $1 }' | tr '\n' ' ')" = "a=5 b=5 " ] &&
	awk -F, -v va="$vals" -v vb="$bvals" 'BEGIN { split(va, a, " "); split(vb, b, " ") }
		NR > 1 { v = ($1 == "a" ? a[$2] : b[$2]); if ((($3 - v) ^ 2) > (1e-5 * v) ^ 2) bad++ }
		END { exit bad > 0 }' "$s2-window.csv" &&
	ok "two drives: one window plot, a series per drive (5 rounds each), each drive's tracking values from its raw files" ||
	fail "two drives' window plot: rc $rc $(cat "$s2-window.csv" 2>&1 | head -3) $(cat "$tmp/two.err")"
[ "$(tail -n +2 "$s2-convergence.csv" | cut -d, -f1 | sort -u | wc -l)" = 16 ] &&
	[ "$(tail -n +2 "$s2-iops-vs-bs.csv" | cut -d, -f1 | sort -u | wc -l)" = 14 ] &&
	grep -q '^criterion,a,b$' "$s2-determination.csv" && grep -q '^field,a,b$' "$tmp/two-rep/pts-iops-header.csv" &&
	grep -q 'id="pts-a-pts-iops"' "$tmp/two-rep/pts.html" && grep -q 'id="pts-b-pts-iops"' "$tmp/two-rep/pts.html" &&
	[ "$(grep -c 'Page 1 · PTS IOPS' "$tmp/two-rep/pts.html")" = 1 ] &&
	ok "two drives: one page for the test, header and determination tables with a column per drive, 2 x 8 convergence and 2 x 7 IOPS-vs-block-size series, each drive's anchor" ||
	fail "two drives: $(head -2 "$s2-determination.csv") $(tail -n +2 "$s2-convergence.csv" | cut -d, -f1 | sort -u | wc -l)"
bt=$tmp/two-rep/pts-b-pts-iops-iops-table.csv
b4=$(for k in $(seq "$first" "$last"); do jq '.jobs[] | select(.jobname == "iops.r0.4k") | .read.iops + .write.iops' \
	"$two/b/pts-iops/iops-round-$(printf %02d "$k").json"; done | awk '{ s += $1 } END { printf "%.6g", s / NR }')
got=$(awk -F, '$1 == "4 KiB" { print $8 }' "$bt")
awk -v a="$got" -v b="$b4" 'BEGIN { exit !(a != "" && (a - b) ^ 2 <= (1e-5 * b) ^ 2) }' &&
	ok "two drives: drive b's own measurement table (4 KiB 0/100: $got IOPS, its raw files' $b4)" ||
	fail "drive b's table: 4 KiB 0/100 $got, raw $b4"

# the results library keeps the PTS summary's figures (analyse/pts.h sr_pts_phase_figures(), the
# summary's function): drives a and b as complete quick runs, c as a complete full run (never
# ranked against quick ones; their test done too: a complete run with a test not done is partial),
# d as recorded (interrupted: listed, not ranked)
L=$tmp/pts-lib.sqlite
mkdir -p "$tmp/lib"
for d in a b c d; do
	src=$two/a
	[ "$d" = b ] && src=$two/b
	cp -r "$src" "$tmp/lib/$d"
	jq --arg l "$d" --arg d "$d" '.drive.label = $l |
		if $d == "d" then . else .status = "complete" | .tests |= map(.status = "done") end |
		if $d == "c" then .profile = "full" else . end' "$src/run.json" >"$tmp/lib/$d/run.json"
	jq --arg l "$d" '.label = $l' "$src/drive.json" >"$tmp/lib/$d/drive.json"
done
# no manifest: a run is keyed by its files' contents; c's and d's differ from a's by a byte
for d in c d; do echo "$d" >>"$tmp/lib/$d/pts-iops/iops-round-01.json"; done
"$rep" library add -q --library "$L" "$tmp/lib/a" "$tmp/lib/b" "$tmp/lib/c" "$tmp/lib/d" 2>"$tmp/ladd.err"
rc=$?
fig() { sqlite3 "$L" "SELECT f.value || '|' || f.flags || '|' || f.unit FROM figures f JOIN runs r ON r.id = f.run_id
	WHERE r.label = '$1' AND f.entry = 'pts:enterprise:pts-iops:iops:4k:$2' AND f.metric = 'pts_iops'"; }
near() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && (a - b) ^ 2 <= (1e-5 * b) ^ 2) }'; }
b100=$(for k in $(seq "$first" "$last"); do jq '.jobs[] | select(.jobname == "iops.r100.4k") | .read.iops + .write.iops' \
	"$two/b/pts-iops/iops-round-$(printf %02d "$k").json"; done | awk '{ s += $1 } END { printf "%.6g", s / NR }')
flag=16
[ "$verdict" = "steady state reached" ] && flag=0
lbad=""
for c in "a 0 ${want[0/4k]}" "a 100 ${want[100/4k]}" "b 0 $b4" "b 100 $b100" "c 0 ${want[0/4k]}" "d 100 ${want[100/4k]}"; do
	read -r d mix v <<<"$c"
	IFS='|' read -r got gflag unit <<<"$(fig "$d" "$mix")"
	near "$got" "$v" && [ "$gflag" = "$flag" ] && [ "$unit" = IOPS ] || lbad="$lbad $d/$mix: $got|$gflag|$unit (raw $v, flag $flag);"
done
n=$(sqlite3 "$L" "SELECT count(*) FROM figures WHERE entry LIKE 'pts:%'")
[ $rc = 0 ] && [ -z "$lbad" ] && [ "$n" = 8 ] &&
	ok "library add: each drive's PTS summary figures, 4 KiB 0/100 and 100/0 IOPS (a ${want[0/4k]} and ${want[100/4k]}, b $b4 and $b100) equal the raw files' window means; flagged $flag ($verdict)" ||
	fail "library PTS figures: rc $rc, $n figures;$lbad $(cat "$tmp/ladd.err")"
"$rep" library report -q --no-charts --library "$L" -o "$tmp/lrep" 2>"$tmp/lrep.err"
rq=$tmp/lrep/rank-quick-pts_enterprise_pts-iops_iops_4k_0-pts_iops.csv
rf=$tmp/lrep/rank-full-pts_enterprise_pts-iops_iops_4k_0-pts_iops.csv
rows=$(tail -n +2 "$rq" 2>/dev/null | cut -d, -f1,2 | tr '\n' ' ')
awk -F, -v a="${want[0/4k]}" -v b="$b4" 'NR == 2 { x = $4 } NR == 3 { y = $4 }
	END { exit !(NR == 4 && (x - a) ^ 2 <= (1e-5 * a) ^ 2 && (y - b) ^ 2 <= (1e-5 * b) ^ 2) }' "$rq" 2>/dev/null &&
	[ "$rows" = "1,a 2,b not ranked,d " ] &&
	[ "$(tail -n +2 "$rf" | cut -d, -f1,2 | tr '\n' ' ')" = "1,c " ] &&
	grep -q 'SNIA PTS-E v2.0.2, IOPS test: 4 KiB 0/100 IOPS (steady-state window mean), profile quick' "$tmp/lrep/index.html" &&
	grep -q 'steady state not reached' "$rq" &&
	ok "library report ranks the PTS figure per profile: quick a ($(cut -d, -f4 <<<"$(sed -n 2p "$rq")")) over b, d (interrupted) not ranked; full c alone" ||
	fail "library report PTS ranking: quick '$rows' full '$(cat "$rf" 2>&1)' $(cat "$rq" 2>&1 | head -4) $(cat "$tmp/lrep.err")"

# HIR (tests/host/fixtures/pts/hir: a quick pts-hir run on a file): each wait state's mean IOPS
# and the IOPS-against-time plot recomputed from the raw segment files and run.json's times
cp -r "$fx/hir" "$tmp/hir"
"$rep" -o "$tmp/hrep" "$tmp/hir" 2>"$tmp/hrep.err"
rc=$?
grep -q 'Drive temperature through this test: not sampled\.' "$tmp/hrep/pts.html" &&
	! ls "$tmp/hrep"/*temperature* >/dev/null 2>&1 &&
	ok "pts-hir without telemetry: 'Drive temperature through this test: not sampled', no plot" ||
	fail "pts-hir without telemetry: $(grep -o 'Drive temperature[^<]*' "$tmp/hrep/pts.html" | head -2)"
hj=$tmp/hir/run.json
ht=$tmp/hrep/pts-hir-pts-hir-wait-state-iops.csv
hbad=0
states=$(jq -r '.tests[0].pts.segments[] | select(.kind == "write") | .wait_state' "$hj" | sort -n -u | tr '\n' ' ')
for ws in $states; do
	want=$(jq -r --argjson w "$ws" '.tests[0].pts.segments[] | select(.kind == "write" and .wait_state == $w) |
		"\(.file) \(.name)"' "$hj" | while read -r f nm; do
		jq --arg n "$nm" '.jobs[] | select(.jobname == $n) | .read.iops + .write.iops' "$tmp/hir/$f"; done |
		awk '{ s += $1 } END { printf "%.6g", s / NR }')
	got=$(awk -F, -v w="wait state $ws" '$1 == w { print $2 }' "$ht")
	awk -v a="$got" -v b="$want" 'BEGIN { exit !(a != "" && (a - b) ^ 2 <= (1e-5 * b) ^ 2) }' ||
		{ echo "# wait state $ws: table $got, raw files $want"; hbad=$((hbad + 1)); }
done
# the plot: two points per segment with I/O, at its start and end (minutes from the first
# segment's start), at the segment's IOPS
want_pts=$(jq -r '.tests[0].pts.segments as $s | $s[0].t_start as $t0 | $s[] | select(.kind != "idle") |
	"\(.file) \(.name) \((.t_start - $t0) / 60) \((.t_end - $t0) / 60)"' "$hj" | while read -r f nm a b; do
	v=$(jq --arg n "$nm" '.jobs[] | select(.jobname == $n) | .read.iops + .write.iops' "$tmp/hir/$f")
	echo "$a $v"; echo "$b $v"; done)
got_pts=$(tail -n +2 "$tmp/hrep/pts-hir-pts-hir-wait-states.csv" | cut -d, -f2,3 | tr , ' ')
paste <(echo "$want_pts") <(echo "$got_pts") | awk '{ if (($1 - $3) ^ 2 > 1e-6 || ($2 - $4) ^ 2 > (1e-5 * $2) ^ 2) bad++ }
	END { exit bad > 0 || NR == 0 }' || { echo "# plot points differ"; hbad=$((hbad + 1)); }
nstates=$(wc -w <<<"$states")
[ $rc = 0 ] && [ $hbad = 0 ] && [ "$nstates" = 5 ] &&
	[ "$(echo "$want_pts" | wc -l)" = "$(echo "$got_pts" | wc -l)" ] &&
	grep -q "^preconditioning: window mean (steady-state IOPS)," "$ht" &&
	ok "HIR: the $nstates wait states' mean IOPS and every segment's plot points ($(echo "$got_pts" | wc -l)) equal the raw segment files and run.json's times" ||
	fail "HIR: rc $rc, $hbad differences, states '$states': $(cat "$ht") $(cat "$tmp/hrep.err")"

# the driver's refusals, before anything is written
if [ -x driver/ssd-review ] && [ -f engine/libssdeng.so ]; then
	truncate -s 64M "$tmp/d.img"
	for args in "--suite pts" "--suite pts --pts-no-purge --group g=$tmp/d.img,$tmp/e.img" "--suite four-corners --pts-no-purge"; do
		case $args in
		*group*) want_msg="not on a --group" ;;
		*four-corners*) want_msg="has no PTS test" ;;
		*) want_msg="--pts-no-purge" ;;
		esac
		drv="--drive d=$tmp/d.img"
		case $args in *group*) drv="" ; truncate -s 64M "$tmp/e.img" ;; esac
		out=$(driver/ssd-review $drv $args --profile quick --yes --out "$tmp/refused" 2>&1)
		rc=$?
		[ $rc = 2 ] && grep -q -- "$want_msg" <<<"$out" && [ ! -e "$tmp/refused" ] &&
			ok "ssd-review $args: refused (exit 2), nothing written" ||
			fail "ssd-review $args: rc=$rc, $out"
	done
	# resume: pts-wsat on a 128 MiB span (4 x = 512 MiB of random 4 KiB writes, several
	# one-second samples), stopped by SIGINT after its second round, then --resume runs it again whole
	truncate -s 128M "$tmp/w.img"
	set -m
	driver/ssd-review --drive w="$tmp/w.img" --suite pts --only pts-wsat --profile quick \
		--span 128M --pts-no-purge --yes --no-report --out "$tmp/wsat" 2>"$tmp/wsat1.err" &
	pid=$!
	set +m
	for _ in $(seq 1 600); do
		n=$(jq '[.tests[0].pts.phases[0].rounds // [] | length] | .[0]' "$tmp/wsat/w/run.json" 2>/dev/null || echo 0)
		[ "${n:-0}" -ge 2 ] && break
		sleep 0.2
	done
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	k=$(jq '.tests[0].pts.phases[0].rounds | length' "$tmp/wsat/w/run.json")
	st=$(jq -r '.tests[0].pts.phases[0].status' "$tmp/wsat/w/run.json")
	if [ "$st" = written ]; then
		echo "# pts-wsat finished ($k rounds) before it could be stopped: resume not exercised"
		ok "# SKIP resume per round (the run was too quick to stop)"
	else
		[ $rc = 130 ] && [ "$k" -ge 2 ] && ok "pts-wsat stopped by SIGINT after round $k (exit 130)" ||
			fail "pts-wsat: exit $rc, $k rounds, $st: $(tail -3 "$tmp/wsat1.err")"
		driver/ssd-review --resume --out "$tmp/wsat" 2>"$tmp/wsat2.err"
		rc=$?
		# the drive idled between the sessions: the phase cut short runs again whole, its
		# rounds from 1 in the second session (WSAT's rounds would otherwise span the gap)
		w=$tmp/wsat/w/run.json
		s2=$(jq -r '.sessions[1].started' "$w")
		[ $rc = 0 ] && jq -e --arg s2 "$s2" '.tests[0].pts.phases[0] | .resumed_after_round == null and
			.status == "written" and ([.rounds[].round] == [range(1; (.rounds | length) + 1)]) and
			all(.rounds[]; .ended >= $s2)' "$w" >/dev/null &&
			grep -q "pts-wsat · --resume: phase wsat was cut short after $k rounds and the drive has idled since: run again whole from phase wsat (its purge, preconditioning, rounds from 1)" "$tmp/wsat2.err" &&
			ok "--resume ran pts-wsat again whole (cut short after round $k): rounds from 1 in the second session, to 4 x the span; the console says why" ||
			fail "resume: exit $rc: $(jq -c '.tests[0].pts.phases[0] | del(.rounds)' "$w") $(tail -3 "$tmp/wsat2.err")"
		n=$(jq '.tests[0].pts.phases[0].rounds | length' "$w")
		[ "$(ls "$tmp"/wsat/w/pts-wsat/wsat-round-*.json | wc -l)" = "$n" ] &&
			ok "every round's file is there ($n), none of the first session's left" ||
			fail "resume: $(ls "$tmp"/wsat/w/pts-wsat/)"
		reporter/ssdreport -q -o "$tmp/wrep" --no-charts "$tmp/wsat" 2>/dev/null
		! grep -rq "the run was interrupted after round" "$tmp/wrep" &&
			grep -q -- '- \*\*Wall time\*\*: .* in 2 sessions (the run was resumed)' "$tmp/wrep/report.md" &&
			ok "the report gives the run's two sessions and no window across them" ||
			fail "report of the resumed pts-wsat: $(grep -r 'resumed' "$tmp/wrep" | head -3)"
	fi
	# quick WSAT's rounds end by bytes: each of the 4 threads writes its share of the catalogue's
	# round_io_pct of the span (in whole 64 KiB), 10 s the cap, so 4 x the span takes at least
	# 4 x the span / (4 x that share) rounds on any drive (25 %: 16)
	pct=$(jq -r '.timings["pts-wsat"].quick.round_io_pct' jobfiles/catalogue.json)
	per=$((134217728 / 100 * pct / 4 / 65536 * 65536))
	least=$((4 * 134217728 / (4 * per)))
	job=$tmp/wsat/w/pts-wsat/wsat-round.fio
	full=$(cat "$tmp"/wsat/w/pts-wsat/wsat-round-*.json | jq -s --argjson b $((4 * per)) 'map(select(.jobs[0].write.io_bytes == $b)) | length')
	n=$(ls "$tmp"/wsat/w/pts-wsat/wsat-round-*.json | wc -l)
	grep -qx 'time_based=0' "$job" && grep -qx "io_size=$per" "$job" && grep -qx 'runtime=10' "$job" &&
		[ "$n" -ge "$least" ] && [ "$full" -ge $((n - 2)) ] &&
		ok "quick WSAT: $n rounds (>= $least samples), $full of them ending at 4 x $per bytes written (io_size, time_based=0)" ||
		fail "quick WSAT rounds: $n rounds, $full of 4 x $per bytes; $(grep -E 'time_based|io_size|runtime' "$job")"
	# the WSAT plot's time is each round's own (fio's I/Os over IOPS), summed: rounds that end by
	# bytes differ in length, so neither "round x cell_seconds" nor a fixed sample length is true
	reporter/ssdreport -q -o "$tmp/wrep2" --no-charts "$tmp/wsat" 2>/dev/null
	csv=$(grep -l '^drive,minutes,gib_written,iops' "$tmp"/wrep2/*.csv 2>/dev/null | head -1)
	got=$(awk -F, 'NR > 1 && $2 != "" { m = $2 } END { print m }' "${csv:-/dev/null}")
	want=$(cat "$tmp"/wsat/w/pts-wsat/wsat-round-*.json |
		jq -s 'map(.jobs[0] | (.read.total_ios + .write.total_ios) / (.read.iops + .write.iops)) | add / 60')
	awk -v a="$got" -v b="$want" 'BEGIN { exit !(a != "" && b > 0 && (a - b) / b < 1e-3 && (b - a) / b < 1e-3) }' &&
		grep '^Test stimulus,' "$tmp/wrep2/pts-wsat-header.csv" | grep -q "TC 4 / QD 32; rounds of [0-9.]*\( to [0-9.]*\)\? s (fio's measured time; planned at most 10 s per cell), each writing .*$(awk -v b=$((4 * per)) 'BEGIN { printf "%.3g MB", b / 1e6 }')" &&
		! grep -q 'per cell per round' "$tmp/wrep2/pts-wsat-header.csv" &&
		ok "WSAT plot: the last sample at $got min, the rounds' measured times summed; the header gives the rounds' measured time, the 10-s cap and the bytes each wrote" ||
		fail "WSAT time axis: csv '$csv' last $got min, want $want; $(grep -o 'TC 4 / QD 32; [^<]*' "$tmp/wrep2/pts.html" | head -1)"
	record_schemas "$tmp/wsat"
	jq -e '.tests[0].pts | .variant == "enterprise" and .cache.wanted == "disabled" and
		.cache.outcome == "not applicable" and (.cache.message | test("regular file")) and
		.cache.original == null and .cache.restored == "nothing to restore" and
		(.write_cache | startswith("not applicable: a regular file")) and
		(.not_compliant | map(test("write cache")) | any | not)' "$tmp/wsat/w/run.json" >/dev/null &&
		grep -q 'write cache: not applicable: a regular file' "$tmp/wsat1.err" &&
		ok "a file target: the write cache is said not applicable (record, progress line), not a compliance failure" ||
		fail "file target's write cache: $(jq -c '.tests[0].pts | {write_cache, cache, not_compliant}' "$tmp/wsat/w/run.json")"

	# the Client variant (PTS-C): TC 2 / QD 16 and 75 % of a 64 MiB span (48 MiB, a multiple of
	# the 4 KiB block) in the round's jobfile, WSAT to 4 x the active range, the cache wanted on
	truncate -s 64M "$tmp/c.img"
	driver/ssd-review --drive c="$tmp/c.img" --suite pts --only pts-wsat --profile quick --span 64M \
		--pts-no-purge --pts-variant client --yes --out "$tmp/client" 2>"$tmp/client.err"
	rc=$?
	c=$tmp/client/c
	job=$c/pts-wsat/wsat-round.fio
	[ $rc = 0 ] && grep -qx 'numjobs=2' "$job" && grep -qx 'iodepth=16' "$job" &&
		grep -qx "size=$((48 << 20))" "$job" &&
		ok "--pts-variant client: the round runs 2 threads x QD 16 over 75 % of the span ($((48 << 20)) bytes)" ||
		fail "client variant: exit $rc, $(grep -E 'numjobs|iodepth|size' "$job" 2>&1) $(tail -2 "$tmp/client.err")"
	written=$(cat "$c"/pts-wsat/wsat-round-*.json | jq -s 'map(.jobs[] | .write.io_bytes) | add')
	jq -e --argjson w "$written" '.tests[0].pts | .variant == "client" and
		.spec == "SNIA PTS-C v2.0, Write Saturation test" and .threads == 2 and .depth == 16 and
		.active_range_pct == 75 and .span_bytes == 50331648 and .cache.wanted == "enabled" and
		.phases[0].stop_written_bytes == 4 * 50331648 and .phases[0].bytes_written == $w and
		$w >= 4 * 50331648' "$c/run.json" >/dev/null &&
		jq -e '.manifest.request.pts_variant == "client"' "$c/run.json" >/dev/null &&
		ok "client: run.json names PTS-C v2.0, 2 x 16, 75 %, 4 x the active range written ($written bytes, the raw files' sum); the manifest's request holds the variant" ||
		fail "client record: $(jq -c '.tests[0].pts | del(.phases[0].rounds)' "$c/run.json") written $written"
	grep -q 'SNIA PTS-C v2.0, Write Saturation test' "$tmp/client/report/pts.html" &&
		grep -q '75 % of the drive.s span' "$tmp/client/report/pts.html" &&
		grep -q 'Client (SNIA PTS-C v2.0)' "$tmp/client/report/pts.html" &&
		grep -q 'none: the test starts from the drive as it was (no purge)' "$tmp/client/report/pts.html" &&
		ok "client: pts.html names PTS-C v2.0, the 75 % active range, and WSAT's start without a purge" ||
		fail "client: pts.html lacks the variant or its active range"
	ch=$tmp/client/report/pts-wsat-header.csv
	cpu=$(jq -r '.manifest.info.cpu // "not recorded"' "$c/run.json")
	os=$(jq -r '.manifest.info.os // "not recorded"' "$c/run.json")
	pat=$(jq -r '.tests[0].pts.data_pattern' "$c/run.json")
	started=$(jq -r '.tests[0].started' "$c/run.json")
	ended=$(jq -r '.tests[0].ended' "$c/run.json")
	grep -qF "CPU $cpu" "$ch" && grep -qF "OS $os" "$ch" && grep -qF "Data pattern,\"$pat\"" "$ch" &&
		grep -qF "start $started; finish $ended" "$ch" && grep -q 'fio fio-3' "$ch" &&
		ok "client: the header names the platform (CPU $cpu, OS $os), the data pattern, the run dates and fio as run.json records them" ||
		fail "client header: cpu '$cpu' os '$os' pattern '$pat' $started $ended: $(cat "$ch")"
	record_schemas "$tmp/client"
	# a loop device with 4096-byte logical blocks: pts-latency's three 0.5 KiB cells are planned
	# out before the first write (named in the progress, run.json and pts.html), the six others
	# run; stopped by SIGINT after its first round
	truncate -s 64M "$tmp/k.img"
	if lk=$(losetup --sector-size 4096 -f --show "$tmp/k.img" 2>/dev/null); then
		set -m
		driver/ssd-review --drive k="$lk" --suite pts --only pts-latency --profile quick --span 32M \
			--pts-no-purge --yes --no-report --out "$tmp/k4" 2>"$tmp/k4.err" &
		pid=$!
		set +m
		for _ in $(seq 1 600); do
			n=$(jq '.tests[0].pts.phases[0].rounds // [] | length' "$tmp/k4/k/run.json" 2>/dev/null || echo 0)
			[ "${n:-0}" -ge 1 ] && break
			sleep 0.2
		done
		kill -INT "$pid"
		wait "$pid"
		losetup -d "$lk"
		na="latency.r100.512, latency.r65.512, latency.r0.512: transfers that are not whole 4096-byte logical blocks"
		pl=$(grep -n 'planned out before the first write' "$tmp/k4.err" | cut -d: -f1)
		pre=$(grep -n 'preconditioning' "$tmp/k4.err" | cut -d: -f1)
		jobs=$(jq -r '[.jobs[].jobname] | join(" ")' "$tmp/k4/k/pts-latency/latency-round-01.json")
		[ -n "$pl" ] && [ -n "$pre" ] && [ "$pl" -lt "$pre" ] &&
			[ "$jobs" = "latency.r100.8k latency.r100.4k latency.r65.8k latency.r65.4k latency.r0.8k latency.r0.4k" ] &&
			jq -e --arg na "$na" '.tests[0].pts | .phases[0].not_applicable == $na and .phases[0].cells == 6 and
				(.not_compliant | index("latency: 3 of 9 cells not applicable on 4096-byte logical blocks")) != null' \
				"$tmp/k4/k/run.json" >/dev/null &&
			ok "4096-byte blocks: the 0.5 KiB cells planned out before the WIPC write, the round ran the 6 others, run.json names them" ||
			fail "4096-byte blocks: jobs '$jobs', $(jq -c '.tests[0].pts | {not_compliant, na: .phases[0].not_applicable}' "$tmp/k4/k/run.json") $(cat "$tmp/k4.err")"
		reporter/ssdreport -q -o "$tmp/k4rep" --no-charts "$tmp/k4" 2>/dev/null
		grep -qF "latency: not applicable, not run: $na." "$tmp/k4rep/pts.html" &&
			ok "pts.html names the cells not applicable and why" || fail "pts.html lacks the cells not applicable"
		grep -q 'latency: 1 round (fewer than the 5 of a window)' "$tmp/k4rep/pts.html" &&
			! grep -q '\b1 rounds\b' "$tmp/k4rep/pts.html" &&
			ok "pts.html: '1 round', not '1 rounds'" || fail "pts.html: $(grep -o '[0-9]* rounds\?[^<]*' "$tmp/k4rep/pts.html" | head -3)"
		record_schemas "$tmp/k4"
	else
		ok "# SKIP 4096-byte logical blocks (no loop device here)"
	fi
	out=$(driver/ssd-review --drive d="$tmp/d.img" --suite four-corners --pts-variant client --yes --dry-run 2>&1)
	[ $? = 2 ] && grep -q -- '--pts-variant: the plan (--suite four-corners) has no PTS test' <<<"$out" &&
		ok "--pts-variant without a PTS test is refused" || fail "--pts-variant on four-corners: $out"
	out=$(driver/ssd-review --drive d="$tmp/d.img" --suite pts --profile quick --pts-no-purge --yes --dry-run 2>&1)
	grep -q 'pts-iops .*SSD_CELL=iops.r0.4k.*SSD_RW=randwrite' <<<"$out" && grep -q 'pts-latency' <<<"$out" &&
		ok "--dry-run lists the PTS tests with their tracking cell" || fail "--dry-run: $out"
fi
lab_done
