#!/usr/bin/env bash
# sanitize: yes
# Another tool's SNIA PTS rounds (tests/unit/reporter/fixtures/ssspt: SSSPT's IOPS test, a fio
# JSON file per round and cell, as its playbook wrote them): ssdreport finds the two series of
# rounds by fio's options (the same job in every round's file), orders them by fio's timestamp,
# and judges each by the SNIA PTS steady-state rule. Every figure is recomputed here from the raw
# files with jq and awk: each round's IOPS, the test flow's window (the first 5 rounds with
# max - min <= 20 % of their mean and the least-squares line's change across them <= 10 %, else
# the last 5), its mean and both excursions, the verdict. Then -R: the same folder four levels
# down is found and reported alike; without -R it is not read.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report rounds"
. tests/host/lib/report-env.sh
F=tests/unit/reporter/fixtures/ssspt/THNSNJ256G8NU
out=$tmp/r

"$rep" -o "$out" --no-charts "$F" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ ! -s "$tmp/err" ] && ok "SSSPT's rounds: exit 0, nothing on stderr" ||
	fail "SSSPT's rounds: exit $rc: $(head -3 "$tmp/err")"
grep -q 'id="rounds"' "$out/index.html" && grep -q '<nav>.*href="#rounds"' "$out/index.html" &&
	ok "index.html has the rounds section, linked from its contents" ||
	fail "no rounds section in index.html"
[ ! -e "$out/family-other.csv" ] && ok "no round is left in \"Other tests\"" ||
	fail "rounds in Other tests: $(cut -d, -f1 "$out/family-other.csv" | tr '\n' ' ')"

near() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / (b ? b : 1); exit !(a != "" && d * d < 1e-14) }'; }

# series: a file glob and the job as the report names it
for s in "bs4KB_read0:randrw 100 % write 4 KiB 2T/16Q libaio" "bs32KB_read5:randrw 5 % read 32 KiB 2T/16Q libaio"; do
	cell=${s%%:*} job=${s#*:}
	# the raw rounds in fio's timestamp order: file, IOPS (reads + writes)
	for f in "$F"/wdpc_${cell}_round*.json; do
		jq -r --arg f "$(basename "$f" .json)" '[.timestamp, $f, .jobs[0].read.iops + .jobs[0].write.iops] | @tsv' "$f"
	done | sort -n | cut -f2,3 >"$tmp/raw"
	n=$(wc -l <"$tmp/raw")
	grep -F "$job," "$out/rounds.csv" >"$tmp/rep"
	[ "$(wc -l <"$tmp/rep")" = "$n" ] && ok "$cell: $n rounds" ||
		fail "$cell: $(wc -l <"$tmp/rep") rounds in rounds.csv, $n files"
	k=0 bad=
	while IFS=$'\t' read -r file iops; do
		k=$((k + 1))
		row=$(awk -F, -v k=$k 'NR == k' "$tmp/rep")
		[ "$(cut -d, -f3 <<<"$row")" = $k ] && [ "$(cut -d, -f4 <<<"$row")" = "$file" ] &&
			near "$(cut -d, -f6 <<<"$row")" "$iops" || bad+=" round $k ($row; want $file $iops)"
	done <"$tmp/raw"
	[ -z "$bad" ] && ok "$cell: each round's file in fio's timestamp order, its IOPS as fio printed" ||
		fail "$cell:$bad"
	# the SNIA test flow over the raw IOPS
	want=$(cut -f2 "$tmp/raw" | awk -f tests/host/lib/snia-window.awk)
	read -r win mean rng exc verdict <<<"$want"
	row=$(grep -F "$job," "$out/rounds-steady-state.csv")
	[ "$(cut -d, -f4 <<<"$row")" = "$win" ] && ok "$cell: window rounds $win" ||
		fail "$cell: window $(cut -d, -f4 <<<"$row"), want $win"
	near "$(cut -d, -f5 <<<"$row")" "$mean" && near "$(cut -d, -f7 <<<"$row")" "$rng" &&
		near "$(cut -d, -f8 <<<"$row")" "$exc" &&
		ok "$cell: window mean $mean IOPS, data excursion $rng %, slope excursion $exc %" ||
		fail "$cell: report $row; want mean $mean, range $rng %, slope $exc %"
	case $verdict in
	steady) grep -q ',reached$' <<<"$row" ;;
	*) grep -q ",not reached in $n rounds$" <<<"$row" ;;
	esac && ok "$cell: verdict $verdict" || fail "$cell: verdict in '$row', want $verdict"
	# the window's rounds marked in the rounds table and drawn in the chart's data
	inwin=$(awk -F, '$8 == "yes" { printf "%s ", $3 }' "$tmp/rep")
	want_in=$(seq "${win%-*}" "${win#*-}" | tr '\n' ' ')
	[ "$inwin" = "$want_in" ] && ok "$cell: rounds $win marked in the window" ||
		fail "$cell: in the window: '$inwin', want '$want_in'"
	chart=$(grep -lF "$job on THNSNJ256G8NU" "$out"/rounds-*.csv)
	[ -n "$chart" ] && [ "$(awk -F, 'NR > 1 && $4 != "" { n++ } END { print n + 0 }' "$chart")" = 5 ] &&
		ok "$cell: its chart's data draws the window's mean over 5 rounds" ||
		fail "$cell: chart data ${chart:-missing}"
done

# the legend shows the marks the charts draw (the rounds: a line with filled dots)
s=$(python3 tests/host/lib/legend-match.py "$out"/rounds-*.gp)
[ "${s%% *}" = ok ] && ok "rounds charts: each legend entry is a mark the chart draws (${s#ok } entries)" ||
	fail "rounds charts' legend: $(head -2 <<<"$s")"

# -R: a folder of folders of folders
mkdir -p "$tmp/deep/hp/iops/run1" && cp -r "$F" "$tmp/deep/hp/iops/run1/"
"$rep" -q -o "$tmp/nr" --no-charts "$tmp/deep" 2>/dev/null
[ $? != 0 ] && ok "without -R, results 4 folders down are not read" || fail "read without -R"
"$rep" -R -o "$tmp/rr" --no-charts "$tmp/deep" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && cmp -s "$out/rounds.csv" "$tmp/rr/rounds.csv" &&
	cmp -s "$out/rounds-steady-state.csv" "$tmp/rr/rounds-steady-state.csv" &&
	ok "-R finds them 4 folders down: the same rounds and determination" ||
	fail "-R: exit $rc $(head -2 "$tmp/err"); $(diff "$out/rounds.csv" "$tmp/rr/rounds.csv" 2>&1 | head -3)"
lab_done
