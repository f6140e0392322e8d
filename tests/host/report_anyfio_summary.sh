#!/usr/bin/env bash
# sanitize: yes
# The Summary and Drives sections of results ssd-review did not make: fio-plot's bench-fio tree
# (tests/unit/reporter/fixtures/benchfio: two devices, sweeps against iodepth, a comparison), one
# file of 48 stonewalled jobs (case c12: write, 8 block sizes x 6 iodepths), another tool's PTS
# rounds (SSSPT, tests/unit/reporter/fixtures/ssspt) and jobs run to fio's steady state (case c04).
# Each page's summary gives the headline figures those results hold, a row per sweep, compared
# device, series of rounds and the steady-state jobs, linking to their sections, and says nothing
# about a file the user never had; its Drives section says what fio's output names. Every figure
# is recomputed here from the raw fio JSON with jq and awk: the highest IOPS (reads + writes) and
# MB/s of each row and the job or file that reached them, the SNIA window of each series of
# rounds (tests/host/lib/snia-window.awk), how many jobs fio found steady, each set's device
# (filename=), fio version, ioengine and number of outputs.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report anyfio summary"
. tests/host/lib/report-env.sh
BF=tests/unit/reporter/fixtures/benchfio
C12=$cases/c12-whitepau-fio328-48jobs-stonewall-sweep/bs_qd_wr_sweep_20s_workstation.json
SS=tests/unit/reporter/fixtures/ssspt/THNSNJ256G8NU
C04=$cases/c04-samyaple-fio333-steadystate

near() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / (b ? b : 1); exit !(a != "" && d * d < 1e-14) }'; }
# the summary's row whose first column starts with $2, as tab-separated fields
row() { python3 -c 'import csv, sys
for r in csv.reader(open(sys.argv[1])):
    if r[0].startswith(sys.argv[2]): print("\t".join(r))' "$1/summary.csv" "$2"; }
field() { cut -f"$1" <<<"$2"; }
# a row's highest IOPS (3) and MB/s (5) against fio's; the job or file columns (4, 6) must hold $5
check_row() { # name row want_iops want_mbps at_iops at_mbps
	local r=$2
	[ -n "$r" ] || { fail "$1: no row in summary.csv"; return; }
	near "$(field 3 "$r")" "$3" && near "$(field 5 "$r")" "$4" &&
		grep -qF -- "$5" <<<"$(field 4 "$r")" && grep -qF -- "$6" <<<"$(field 6 "$r")" &&
		ok "$1: highest IOPS $3 ($5), MB/s $4 ($6)" ||
		fail "$1: row '$r'; fio: IOPS $3 at '$5', MB/s $4 at '$6'"
}
# what no page of anyone's results may say
plain() { # name out
	local s
	s=$(sed -n '/id="summary"/,/id="drives"/p' "$2/index.html")
	grep -q "<table" <<<"$s" && ! grep -q "None of the summary's tests" "$2/index.html" &&
		ok "$1: a summary table, not \"None of the summary's tests\"" ||
		fail "$1: summary: $(sed 's/<[^>]*>//g' <<<"$s" | tr -s ' \n' ' ' | head -c 300)"
	! grep -qi 'drive\.json' "$2/index.html" && [ ! -e "$2/tests/drives.html" ] &&
		ok "$1: no word of a drive.json the results never had" ||
		fail "$1: index.html names drive.json: $(grep -io '[^>]*drive\.json[^<]*' "$2/index.html" | head -2)"
	local bad=
	for h in $(grep -o 'href="#[^"]*"' <(sed -n '/id="summary"/,/id="drives"/p' "$2/index.html") | cut -d'#' -f2 | tr -d '"' | sort -u); do
		grep -q "id=\"$h\"" "$2/index.html" || bad+=" #$h"
	done
	[ -z "$bad" ] && ok "$1: every summary link lands on an anchor of the page" ||
		fail "$1: summary links to missing anchors:$bad"
	# the header's latency note names no SNIA PTS table where the page has none
	grep -q 'Latency is completion latency (fio clat); MB/s' "$2/index.html" && ! grep -q 'SNIA PTS tables' "$2/index.html" &&
		ok "$1: the latency note names no SNIA PTS table" ||
		fail "$1: latency note: $(grep -o 'Latency is [^.]*' "$2/index.html" | head -1)"
	# what the count column counts, named for results that hold no drives, and said under it
	[ "$(head -1 "$2/summary.csv" | cut -d, -f2)" = "job results" ] &&
		grep -q 'Job results: the fio results a row covers' "$2/index.html" &&
		ok "$1: the count column is \"job results\", said under the table" ||
		fail "$1: count column '$(head -1 "$2/summary.csv" | cut -d, -f2)'"
	# text left, figures right, in every table of the page and its test pages
	s=$(python3 tests/host/lib/align-check.py "$2/index.html" "$2"/tests/*.html)
	[ "${s%% *}" = ok ] && ok "$1: text columns left, figures right ($(cut -d' ' -f2 <<<"$s") tables)" ||
		fail "$1: alignment: $(head -3 <<<"$s")"
}
# the Drives table's row $2 against fio's output in files $3...
drives_row() { # name label files...
	local name=$1 label=$2 r want
	shift 2
	r=$(python3 -c 'import csv, sys
for r in csv.reader(open(sys.argv[1])):
    if r[0] == sys.argv[2]: print("\t".join(r[1:]))' "$out/drives-fio.csv" "$label")
	want=$(jq -rs '[ (map(.jobs[] | (."job options".filename // "")) + map(."global options".filename // "") | map(select(. != "")) | unique | join(", ")),
		"",
		(map(."fio version") | unique | join(", ")),
		(map(.jobs[] | (."job options".ioengine // "")) + map(."global options".ioengine // "") | map(select(. != "")) | unique | join(", ")),
		(length | tostring) ] | join("\t")' "$@")
	[ "$r" = "$want" ] && ok "$name: Drives: $label: $(tr '\t' '|' <<<"$r")" ||
		fail "$name: Drives row '$(tr '\t' '|' <<<"$r")', fio's output '$(tr '\t' '|' <<<"$want")'"
}

# 1. fio-plot's bench-fio tree
out=$tmp/bf
"$rep" -q -o "$out" --no-charts "$BF" 2>"$tmp/err" || fail "bench-fio: exit $?: $(head -3 "$tmp/err")"
plain bench-fio "$out"
for rw in randread randwrite; do
	# every file of the sweep (both devices, numjobs 1 and 8): the best by IOPS and by MB/s
	best() { jq -r --arg rw $rw "select(.jobs[0].\"job options\".rw == \$rw) | .jobs[0] |
		[(.read.iops + .write.iops), ((.read.bw + .write.bw) * 1024 / 1e6), \"\(.\"job options\".numjobs)T/\(.\"job options\".iodepth)Q\",
		.\"job options\".filename] | @tsv" "$BF"/*/*.json | sort -g -k"$1" | tail -1; }
	bi=$(best 1) bm=$(best 2)
	check_row "bench-fio: $rw sweep" "$(row "$out" "Sweep: $rw, bs 4 KiB, libaio, against iodepth")" \
		"$(field 1 "$bi")" "$(field 2 "$bm")" "$(field 3 "$bi") libaio on" "$(field 3 "$bm") libaio on"
	grep -qF "$(field 4 "$bi")" <<<"$(field 4 "$(row "$out" "Sweep: $rw")")" &&
		ok "bench-fio: $rw sweep: the best job's device $(field 4 "$bi")" ||
		fail "bench-fio: $rw sweep: device of the best job not named"
done
for d in HPDL380G8-H420i-Crucial-MX200 HPDL380G8-H420i-Crucial-MX200x3_RAID0; do
	dev=$(jq -r '.jobs[0]."job options".filename' "$BF/$d/randread-1-1.json")
	best() { jq -r '.jobs[0] | [(.read.iops + .write.iops), ((.read.bw + .write.bw) * 1024 / 1e6),
		"\(."job options".rw) 4 KiB \(."job options".numjobs)T/\(."job options".iodepth)Q"] | @tsv' \
		"$BF/$d"/*.json | sort -g -k"$1" | tail -1; }
	bi=$(best 1) bm=$(best 2)
	n=$(ls "$BF/$d"/*.json | wc -l)
	r=$(row "$out" "Comparison: $d $dev ")
	check_row "bench-fio: comparison, $dev" "$r" "$(field 1 "$bi")" "$(field 2 "$bm")" \
		"$(field 3 "$bi")" "$(field 3 "$bm")"
	[ "$(field 2 "$r")" = "$n" ] && ok "bench-fio: comparison, $dev: its $n jobs" ||
		fail "bench-fio: comparison, $dev: $(field 2 "$r") results, $n files"
	drives_row bench-fio "$d" "$BF/$d"/*.json
done
n=$(($(grep -c '' "$out/summary.csv") - 1))
[ "$n" = 4 ] && ok "bench-fio: 4 summary rows (2 sweeps, 2 compared devices)" || fail "bench-fio: $n summary rows"

# 2. one file of 48 stonewalled jobs, a grid of 8 block sizes by 6 iodepths (each job its own
# group: its figures are the job's): one sweep against iodepth, a line per block size, not also
# its transpose (against bs, a line per iodepth)
out=$tmp/sw
"$rep" -q -o "$out" --no-charts "$C12" 2>"$tmp/err" || fail "stonewalled file: exit $?: $(head -3 "$tmp/err")"
plain stonewalled "$out"
jobs=$(jq -r '.jobs[] | [."job options".bs, ."job options".iodepth, (.read.iops + .write.iops),
	((.read.bw_bytes + .write.bw_bytes) / 1e6)] | @tsv' "$C12")
label() { awk '{ n = $1 + 0; u = substr($1, length(n) + 1); printf "%d %s\n", n, u == "k" ? "KiB" : u == "m" ? "MiB" : "B" }' <<<"$1"; }
bi=$(sort -t$'\t' -g -k3 <<<"$jobs" | tail -1)
bm=$(sort -t$'\t' -g -k4 <<<"$jobs" | tail -1)
check_row "stonewalled: the sweep against iodepth, a line per bs" \
	"$(row "$out" "Sweep: write, numjobs 1, io_uring, against iodepth")" \
	"$(field 3 "$bi")" "$(field 4 "$bm")" "$(label "$(field 1 "$bi")") 1T/$(field 2 "$bi")Q" \
	"$(label "$(field 1 "$bm")") 1T/$(field 2 "$bm")Q"
n=$(($(grep -c '' "$out/summary.csv") - 1))
[ "$n" = 1 ] && [ "$(ls "$out"/sweep-*.csv | wc -l)" = 1 ] && ! grep -q 'against bs' "$out/summary.csv" &&
	ok "stonewalled: one sweep for the 48 jobs (its transpose against bs not drawn again)" ||
	fail "stonewalled: $n summary rows: $(cut -d, -f1 "$out/summary.csv" | tr '\n' '|')"
# its table: each job's IOPS on its block size's line, in its iodepth's column
bad=$(python3 -c 'import csv, json, sys
rows = list(csv.reader(open(sys.argv[1])))
col = {h: i for i, h in enumerate(rows[0])}
line, iops = None, {}
for r in rows[1:]:
    line = r[0] or line
    if r[1] == "IOPS":
        for h, i in col.items():
            if h.startswith("iodepth "): iops[(line, int(h[8:]))] = r[i]
bad = []
for j in json.load(open(sys.argv[2]))["jobs"]:
    o = j["job options"]; n = int(o["bs"][:-1]); u = o["bs"][-1]
    key = ("bs %d %s" % (n, {"k": "KiB", "m": "MiB"}[u]), int(o["iodepth"]))
    want = j["read"]["iops"] + j["write"]["iops"]
    got = iops.pop(key, "")
    if not got or abs(float(got) - want) > 1e-7 * want: bad.append("%s %s: %s vs %s" % (*key, got, want))
print("; ".join(bad + ["left over: %s" % k for k in iops][:3]))' "$out/sweep-0.csv" "$C12")
[ -z "$bad" ] && ok "stonewalled: the sweep's table holds each of the 48 jobs' IOPS at its bs and iodepth (fio's)" ||
	fail "stonewalled: sweep table: $bad"
# its chart: the lines' IOPS (fio's) two decades apart or more, so both panels' y axes are log
spread=$(jq '[.jobs[] | .read.iops + .write.iops] | max / min' "$C12")
[ "$(awk -v s="$spread" 'BEGIN { print (s >= 100) }')" = 1 ] &&
	[ "$(grep -c 'set logscale y' "$out/sweep-0.gp")" = 2 ] &&
	ok "stonewalled: IOPS $(printf %.0f "$spread")x apart: both panels' y axes logarithmic" ||
	fail "stonewalled: IOPS spread $spread, 'set logscale y' $(grep -c 'set logscale y' "$out/sweep-0.gp") times"
drives_row stonewalled "$(basename "$(dirname "$C12")")" "$C12"

# 3. another tool's PTS rounds
out=$tmp/rd
"$rep" -q -o "$out" --no-charts "$SS" 2>"$tmp/err" || fail "PTS rounds: exit $?: $(head -3 "$tmp/err")"
plain "PTS rounds" "$out"
for s in "bs4KB_read0:randrw 100 % write 4 KiB 2T/16Q libaio" "bs32KB_read5:randrw 5 % read 32 KiB 2T/16Q libaio"; do
	cell=${s%%:*} job=${s#*:}
	for f in "$SS"/wdpc_${cell}_round*.json; do
		jq -r --arg f "$(basename "$f" .json)" '[.timestamp, $f, .jobs[0].read.iops + .jobs[0].write.iops,
			(.jobs[0].read.bw_bytes + .jobs[0].write.bw_bytes) / 1e6] | @tsv' "$f"
	done | sort -n >"$tmp/raw"
	bi=$(sort -t$'\t' -g -k3 "$tmp/raw" | tail -1) bm=$(sort -t$'\t' -g -k4 "$tmp/raw" | tail -1)
	r=$(row "$out" "Rounds: $job on THNSNJ256G8NU")
	check_row "PTS rounds: $cell" "$r" "$(field 3 "$bi")" "$(field 4 "$bm")" "$(field 2 "$bi")" "$(field 2 "$bm")"
	read -r win mean _ _ verdict <<<"$(cut -f3 "$tmp/raw" | awk -f tests/host/lib/snia-window.awk)"
	n=$(wc -l <"$tmp/raw")
	m=$(awk -v v="$mean" 'BEGIN { s = sprintf("%.0f", v); while (s ~ /[0-9]{4}/) sub(/[0-9]{3}($|,)/, ",&", s); print s }')
	case $verdict in
	steady) want="reached in rounds $win: mean $m IOPS" ;;
	*) want="not reached in $n rounds; the last 5 ($win): mean $m IOPS" ;;
	esac
	[ "$(field 7 "$r")" = "$want" ] && [ "$(field 2 "$r")" = "$n" ] &&
		ok "PTS rounds: $cell: $n rounds, \"$want\"" ||
		fail "PTS rounds: $cell: '$(field 2 "$r")' rounds, '$(field 7 "$r")'; want $n, '$want'"
done
drives_row "PTS rounds" THNSNJ256G8NU "$SS"/*.json

# 4. jobs run to fio's steady state
out=$tmp/ss
"$rep" -q -o "$out" --no-charts "$C04" 2>"$tmp/err" || fail "steady state: exit $?: $(head -3 "$tmp/err")"
plain "steady state" "$out"
bi=$(for f in "$C04"/*.json; do jq -r --arg f "$(basename "$f" .json)" '[([.jobs[] | .read.iops + .write.iops] | add),
	([.jobs[] | .read.bw_bytes + .write.bw_bytes] | add / 1e6), $f] | @tsv' "$f"; done)
r=$(row "$out" "Jobs run to fio's steady state")
check_row "steady state" "$r" "$(sort -g -k1 <<<"$bi" | tail -1 | cut -f1)" \
	"$(sort -g -k2 <<<"$bi" | tail -1 | cut -f2)" "$(sort -g -k1 <<<"$bi" | tail -1 | cut -f3)" \
	"$(sort -g -k2 <<<"$bi" | tail -1 | cut -f3)"
want=$(jq -s '[.[].jobs[].steadystate | select(. != null) | .attained] | "fio: attained by \(map(select(. == 1)) | length) of \(length) jobs"' -r "$C04"/*.json)
[ "$(field 7 "$r")" = "$want" ] && ok "steady state: \"$want\"" || fail "steady state: '$(field 7 "$r")', want '$want'"
drives_row "steady state" "$(basename "$C04")" "$C04"/*.json
lab_done
