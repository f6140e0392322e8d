#!/usr/bin/env bash
# sanitize: yes
# The drive's temperature under a test's throughput (reporter/render/series_temp.h,
# docs/temperature-chart.md): the golden results (two drives and a group) given
# telemetry/precond-4k-randwrite.jsonl files as ssd-review writes them (ssdeng.telemetry.v1,
# checked against docs/schemas) and none for prep-128k-seqfill, the other test with a time
# series. Every expectation is computed here from the samples written: the chart's data rows per
# drive equal the answered samples (x = t - the test's started in run.json), the line is broken
# after an unanswered sample and across a spacing more than 2.5 times the usual one, the throttle
# periods (TMT transitions or seconds grew since the sample before) are shaded in the drive's
# colour over the seconds between the two samples, cut to the throughput's x range, which the
# temperature panel shares; a test without samples says "temperature: not sampled" and draws no
# temperature; a drive without samples is named; the golden report without telemetry carries no
# temperature column.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report temperature chart"
REPORT_CASES=no
. tests/host/lib/report-env.sh
G=tests/unit/reporter/fixtures/golden/results
D=$tmp/res
cp -r "$G" "$D"
T=precond-4k-randwrite

started() { jq -r --arg id "$2" '.tests[] | select(.id == $id) | .started' "$1/run.json" |
	python3 -c 'import sys,calendar,time; print(calendar.timegm(time.strptime(sys.stdin.read().strip(), "%Y-%m-%dT%H:%M:%SZ")))'; }
# sample T TEMP TMT1 TMT1_S SENSORS_JSON: an answered sample (of drive $M of a group, if set)
M=
member() { if [ -n "$M" ]; then printf '"%s"' "$M"; else printf null; fi; }
sample() {
	printf '{"schema":"ssdeng.telemetry.v1","kind":"sample","t":%s,"test":"%s","member":%s,"part":null,"transport":"nvme","error":null,"cost_s":0.0003,"temperature_c":%s,"sensors_c":%s,"critical_warning":0,"thermal":{"tmt1_transitions":%s,"tmt2_transitions":0,"tmt1_seconds":%s,"tmt2_seconds":0,"warning_temp_minutes":0,"critical_temp_minutes":0},"data_read_bytes":0,"data_written_bytes":0,"media_errors":0,"error_log_entries":0,"media_writes":null}\n' \
		"$1" $T "$(member)" "$2" "$5" "$3" "$4"
}
# unanswered T: a sample the drive did not answer
unanswered() {
	printf '{"schema":"ssdeng.telemetry.v1","kind":"sample","t":%s,"test":"%s","member":%s,"part":null,"transport":"nvme","error":"Get Log Page SMART: timed out","cost_s":2.0,"temperature_c":null,"sensors_c":null,"critical_warning":null,"thermal":{"tmt1_transitions":null,"tmt2_transitions":null,"tmt1_seconds":null,"tmt2_seconds":null,"warning_temp_minutes":null,"critical_temp_minutes":null},"data_read_bytes":null,"data_written_bytes":null,"media_errors":null,"error_log_entries":null,"media_writes":null}\n' \
		"$1" $T "$(member)"
}
write_samples() {
	local d s
	for d in nvme-lab sas-lab; do
		mkdir -p "$D/$d/telemetry"
		s=$(started "$D/$d" $T)
		if [ $d = nvme-lab ]; then # every 0.5 s; throttling from 1.5 to 2.5 s and 6.5 to 7 s
			sample $s.5 40 0 0 null
			sample $((s + 1)) 42 0 0 null
			sample $((s + 1)).5 45 0 0 null
			sample $((s + 2)) 50 1 0 null
			sample $((s + 2)).5 52 1 1 null
			sample $((s + 3)) 51 1 1 null
			unanswered $((s + 3)).5
			sample $((s + 4)) 49 1 1 null
			sample $((s + 4)).5 48 1 1 null
			sample $((s + 6)).5 47 1 1 null # 2 s after the last: a gap
			sample $((s + 7)) 47 2 3 null
			sample $((s + 7)).5 46 2 3 null
		else # every 2 s, a sensor; throttling from 3 to 5 s
			sample $((s + 1)) 35 0 0 '[33,null]'
			sample $((s + 3)) 36 0 0 '[34,null]'
			sample $((s + 5)) 38 0 4 '[35,null]'
			sample $((s + 7)) 37 0 4 '[35,null]'
		fi >"$D/$d/telemetry/$T.jsonl"
	done
}
write_samples
python3 tests/host/lib/record_schema.py "$D/nvme-lab/telemetry" "$D/sas-lab/telemetry" | grep -v '^ok' | head -3
python3 tests/host/lib/record_schema.py "$D/nvme-lab/telemetry" "$D/sas-lab/telemetry" >/dev/null &&
	ok "the telemetry lines match docs/schemas/telemetry.schema.json" ||
	fail "telemetry lines do not match their schema"

start=$(date +%s.%N)
"$rep" -o "$tmp/r" --title temp "$D" 2>"$tmp/err"
rc=$?
echo "# report with charts: $(echo "$(date +%s.%N) - $start" | bc) s"
[ $rc = 0 ] && [ ! -s "$tmp/err" ] && ok "ssdreport exit 0, nothing on stderr" ||
	fail "ssdreport exit $rc: $(head -3 "$tmp/err")"
c=$tmp/r/series-$T
missing=
for x in gp dat csv png svg; do [ -s "$c.$x" ] || missing+=" $x"; done
[ -z "$missing" ] && ok "$T's series chart: .gp .dat .csv .png .svg" || fail "$T's chart lacks:$missing"

# The checks, from the samples: the telemetry files, run.json and the chart's own files.
cat >"$tmp/check.py" <<'EOF'
import calendar, json, re, sys, time
res, chart, test = sys.argv[1:4]
gp = open(chart + ".gp").read()
dat = open(chart + ".dat").read()
drives = ["nvme-lab", "sas-lab"]
colour = dict(re.findall(r'keyentry with lines lw 2 lc rgb "(#[0-9a-f]+)" dt 1 title "([^"]+)"', gp))
colour = {v: k for k, v in colour.items()}

def say(good, what):
    print(("ok - " if good else "not ok - ") + what)

# the panels: each "reset ... plot" stretch of the script
panels = gp.split("\n  reset\n")[1:]
temp = [p for p in panels if 'set title "drive temperature' in p]
thr = [p for p in panels if 'set title "throughput' in p]
say(len(temp) == 1 and len(thr) == 1, "one temperature panel and one throughput panel")
if len(temp) != 1 or len(thr) != 1:
    sys.exit(0)
temp, thr = temp[0], thr[0]
xr = re.search(r"set xrange \[([^:]*):([^\]]*)\]", temp).groups()
say(xr == re.search(r"set xrange \[([^:]*):([^\]]*)\]", thr).groups(),
    "the temperature panel's x range is the throughput's: [%s:%s] s" % xr)
xmin, xmax = float(xr[0]), float(xr[1])
order = panels.index(next(p for p in panels if 'set title "drive temperature' in p))
say(order == 2 and 'multiplot layout 3,2' in gp,
    "the temperature panel right under the throughput (third of a two-column layout)")

# data blocks of the .dat (two blank lines apart), each a list of segments (one blank line)
blocks = {}
for b in dat.split("\n\n\n"):
    m = re.search(r"^# series (\d+): (.*)$", b, re.M)
    if not m:
        continue
    segs = [[l.split() for l in s.splitlines() if l and not l.startswith("#")]
            for s in b.split("\n\n")]
    blocks[int(m.group(1))] = (m.group(2), [s for s in segs if s])

for d in drives:
    started = None
    for t in json.load(open("%s/%s/run.json" % (res, d)))["tests"]:
        if t["id"] == test:
            started = calendar.timegm(time.strptime(t["started"], "%Y-%m-%dT%H:%M:%SZ"))
    every = [json.loads(l) for l in open("%s/%s/telemetry/%s.jsonl" % (res, d, test))]
    # a group's drives one after another (in the order of their first samples), each its runs
    members = list(dict.fromkeys(l["member"] for l in every))
    want, member_ans = [], []
    for mem in members:
        lines = [l for l in every if l["member"] == mem]
        ans = [l for l in lines if not l["error"]]
        # expected: the answered samples, broken after an unanswered one or a long spacing
        sp = sorted(b["t"] - a["t"] for a, b in zip(ans, ans[1:]))
        n = len(sp)
        usual = sp[n // 2] if n % 2 else (sp[n // 2 - 1] + sp[n // 2]) / 2
        seg, prev_t = [], None
        for l in lines:
            if l["error"]:
                if seg:
                    want.append(seg)
                    seg = []
                continue
            if seg and l["t"] - prev_t > 2.5 * usual and l["t"] - prev_t > usual + 1:
                want.append(seg)
                seg = []
            seg.append((l["t"] - started, l["temperature_c"], (l["sensors_c"] or [None])[0]))
            prev_t = l["t"]
        if seg:
            want.append(seg)
        member_ans.append(ans)
    of = " of drives %s" % members if members != [None] else ""
    # the plot lines of the panel for this drive's colour: index and columns
    plots = re.findall(r'index (\d+) using 1:(\d+) with (\S+) lw 2 dt (\d) lc rgb "(#[0-9a-f]+)"', temp)
    mine = [p for p in plots if p[4] == colour[d]]
    solid = [p for p in mine if p[3] == "1"]
    dashed = [p for p in mine if p[3] == "2"]
    if len(solid) != 1:
        say(False, "%s: one solid temperature line, got %s" % (d, mine))
        continue
    idx, col = int(solid[0][0]), int(solid[0][1])
    name, segs = blocks[idx]
    got = [[(float(r[0]), float(r[col - 1])) for r in s] for s in segs]
    exp = [[(x, t) for x, t, _ in s] for s in want]
    say(name == d and got == exp,
        "%s: the composite line's points are the %d answered samples%s in %d unbroken runs %s"
        % (d, sum(map(len, exp)), of, len(exp), [[p[0] for p in s] for s in exp]) +
        ("" if got == exp else "; drawn %s" % got))
    sens = [s for s in want for p in s if p[2] is not None]
    if sens:
        ok = len(dashed) == 1 and [[float(r[int(dashed[0][1]) - 1]) for r in s] for s in segs] == \
            [[p[2] for p in s] for s in want]
        say(ok, "%s: Temperature Sensor 1 dashed, its points the samples' %s" %
            (d, [p[2] for s in want for p in s]))
    else:
        say(not dashed, "%s: no sensor reported, no dashed line" % d)
    # throttle periods: TMT transitions or seconds grew since the answered sample before; a
    # group's drives' periods merged where they overlap or touch
    spans, cut = [], []
    for ans in member_ans:
        mine_sp = []
        for a, b in zip(ans, ans[1:]):
            th_a, th_b = a["thermal"], b["thermal"]
            grew = th_b["tmt1_transitions"] + th_b["tmt2_transitions"] > \
                th_a["tmt1_transitions"] + th_a["tmt2_transitions"] or \
                th_b["tmt1_seconds"] + th_b["tmt2_seconds"] > th_a["tmt1_seconds"] + th_a["tmt2_seconds"]
            if not grew:
                continue
            x0, x1 = a["t"] - started, b["t"] - started
            if mine_sp and mine_sp[-1][1] == x0:
                mine_sp[-1][1] = x1
            else:
                mine_sp.append([x0, x1])
        spans += mine_sp
        cut += [[max(x0, xmin), min(x1, xmax)] for x0, x1 in mine_sp
                if min(x1, xmax) > max(x0, xmin)]
    exp = []
    for x0, x1 in sorted(cut):
        if exp and x0 <= exp[-1][1]:
            exp[-1][1] = max(exp[-1][1], x1)
        else:
            exp.append([x0, x1])
    exp = [tuple(e) for e in exp]
    got = [(float(a), float(b)) for a, b, c in re.findall(
        r'rect from ([-0-9.e]+), graph 0 to ([-0-9.e]+), graph 1 behind fc rgb "(#[0-9a-f]+)"', temp)
        if c == colour[d]]
    say(got == exp and exp, "%s%s: throttling shaded over %s s (of %s before the x range's cut)"
        % (d, of, exp, [tuple(s) for s in spans]) + ("" if got == exp else "; shaded %s" % got))
# nothing of the temperature on the other panels
say(all("drive temperature" not in p and re.search(r"using 1:(1[89]|2[0-6]) ", p) is None
        for p in panels if p is not temp), "the other panels draw no temperature column")
EOF
python3 "$tmp/check.py" "$D" "$c" "$T" >"$tmp/checks" 2>&1
cat "$tmp/checks"
grep -q '^not ok' "$tmp/checks" && LAB_FAILED=1
grep -q '^ok' "$tmp/checks" || fail "the chart's checks did not run: $(head -3 "$tmp/checks")"

# a test with a series and no sample: said, not drawn
f=$tmp/r/series-prep-128k-seqfill
grep -q 'Drive temperature: not sampled' "$tmp/r/index.html" &&
	grep 'series-prep-128k-seqfill.png' "$tmp/r/index.html" | grep -q 'temperature: not sampled' &&
	ok "prep-128k-seqfill (no sample): its caption says 'temperature: not sampled'" ||
	fail "prep-128k-seqfill: no 'temperature: not sampled' beside its chart"
! grep -q 'drive temperature' "$f.gp" && ! head -1 "$f.csv" | grep -q temp_c &&
	ok "prep-128k-seqfill: no temperature panel, no temperature column" ||
	fail "prep-128k-seqfill draws a temperature: $(grep -c temperature "$f.gp") lines"
n=$(grep -o "temperature: not sampled" "$tmp/r/index.html" | wc -l)
[ "$n" = 2 ] && ok "index.html says 'not sampled' for that chart alone (its alt text and caption)" ||
	fail "index.html says 'not sampled' $n times"

# a group (nvme-lab's copy made one of drives d1 and d2, its drive.json a group's): every drive's samples drawn in its
# colour, a run each; their throttle periods shaded, merged where they overlap; the caption says
# so; prep-128k-seqfill sampled on d1 alone: its caption names d2 as not sampled (one report
# with charts: the captions are the figures')
cp -r "$D" "$tmp/grp"
jq '{schema: "ssdeng.drive.v2", label: .label, kind: "group", devices: "/dev/loop1,/dev/loop2", note: "a group",
	drives: "d1 d2"}' "$D/nvme-lab/drive.json" >"$tmp/grp/nvme-lab/drive.json"
s=$(started "$D/nvme-lab" $T)
{
	M=d1 # throttling from 1.5 to 2.5 s
	for i in 0 1 2 3 4; do sample $((s + i)).5 $((40 + i)) $((i >= 2)) 0 null; done
	M=d2 # throttling from 2 to 3 s: shaded with d1's as 1.5 to 3 s
	for i in 1 2 3 4 5; do sample $((s + i)) $((50 + i)) $((i >= 3)) 0 null; done
} >"$tmp/grp/nvme-lab/telemetry/$T.jsonl"
s2=$(started "$D/nvme-lab" prep-128k-seqfill)
M=d1 T=prep-128k-seqfill sample $((s2 + 1)) 39 0 0 null >"$tmp/grp/nvme-lab/telemetry/prep-128k-seqfill.jsonl"
M=d1 T=prep-128k-seqfill sample $((s2 + 2)) 40 0 0 null >>"$tmp/grp/nvme-lab/telemetry/prep-128k-seqfill.jsonl"
M=
"$rep" -q -o "$tmp/rg" --title temp "$tmp/grp" 2>"$tmp/errg" ||
	fail "ssdreport (a group): $(head -3 "$tmp/errg")"
python3 "$tmp/check.py" "$tmp/grp" "$tmp/rg/series-$T" "$T" >"$tmp/checksg" 2>&1
grep nvme-lab "$tmp/checksg"
grep nvme-lab "$tmp/checksg" | grep -q '^not ok' && LAB_FAILED=1
grep nvme-lab "$tmp/checksg" | grep -q "^ok.*answered samples of drives \['d1', 'd2'\]" ||
	fail "the group's checks did not pass: $(grep -v '^ok' "$tmp/checksg" | head -3)"
cap='Drive temperature of nvme-lab: each of its drives (d1, d2) a line, shaded where any throttled'
grep "series-$T.png" "$tmp/rg/index.html" | grep -qF "$cap" &&
	ok "the group's caption: '$cap'" ||
	fail "no caption naming the group's drives: $(grep -o 'Drive temperature[^<]*' "$tmp/rg/index.html" | head -2)"
n=$(cat "$tmp"/rg/tests/*.html | grep -oE "nvme-lab[^<]*'s drive d[12] reported thermal" | sort -u | wc -l)
[ "$n" = 2 ] && ok "the test's page flags the throttling of each of the group's drives (d1, d2)" ||
	fail "the test's page flags $n of the group's 2 throttled drives"
grep "series-prep-128k-seqfill.png" "$tmp/rg/index.html" |
	grep -qF 'Drive temperature of nvme-lab: d1 alone (d2 not sampled)' &&
	ok "prep-128k-seqfill sampled on d1 alone: 'nvme-lab: d1 alone (d2 not sampled)'" ||
	fail "no 'd1 alone (d2 not sampled)': $(grep -o 'Drive temperature[^<]*' "$tmp/rg/index.html" | head -2)"

# a drive without samples in a test the other sampled: named, its line absent
rm "$D/sas-lab/telemetry/$T.jsonl"
"$rep" -q -o "$tmp/r2" --title temp "$D" 2>"$tmp/err2" || fail "ssdreport (sas-lab unsampled): $(head -3 "$tmp/err2")"
grep "series-$T.png" "$tmp/r2/index.html" | grep -q 'Drive temperature: not sampled on sas-lab' &&
	ok "$T with sas-lab's samples gone: 'temperature: not sampled on sas-lab'" ||
	fail "no 'not sampled on sas-lab' for $T"
awk -F, 'NR > 1 && $1 == "sas-lab" && $19 != ""' "$tmp/r2/series-$T.csv" | grep -q . &&
	fail "sas-lab has temperature rows without samples" || ok "sas-lab: no temperature row"

# no telemetry at all (the golden results): no temperature column, panel or words
# (--no-charts: the charts' data and scripts are written, gnuplot is not run)
"$rep" -q -o "$tmp/r3" --no-charts --title temp "$G" 2>"$tmp/err3" || fail "ssdreport (golden): $(head -3 "$tmp/err3")"
ls "$tmp/r3"/series-*.gp >/dev/null 2>&1 && ! grep -qs 'temp_c' "$tmp/r3"/series-*.csv &&
	! grep -qs 'drive temperature' "$tmp/r3"/series-*.gp &&
	ok "the golden results (no telemetry): no temperature column or panel" ||
	fail "the golden report without telemetry shows a temperature"
lab_done
