#!/usr/bin/env bash
# sanitize: yes
# The golden test of the report: tests/unit/reporter/fixtures/golden/results (two emulated drives
# on the quick profile and a drive group, cut from a real review) rendered with --no-charts and
# with charts; every CSV file compared with the checked-in expected/ (and no CSV left unchecked; a
# gzip-compressed one, tests/<test>-series.csv.gz, by the CSV it holds);
# the figures checked against the fio JSON with jq; index.html's section order (the summary the
# first table, the families in the catalogue's order) and every page, image and file it links.
# --update rewrites expected/ from this build (review the diff).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report golden"
. tests/host/lib/report-env.sh
G=tests/unit/reporter/fixtures/golden
res=$G/results

# gunzip_csv DIR: each gzip-compressed CSV of a report (tests/<test>-series.csv.gz) beside it as
# the CSV it holds, compared as the others are
gunzip_csv() { find "$1" -name '*.csv.gz' -exec sh -c 'zcat "$1" >"${1%.gz}"' _ {} \; ; }

if [ "${1:-}" = --update ]; then
	"$rep" -q -o "$tmp/u" --no-charts --title golden "$res" || exit 1
	gunzip_csv "$tmp/u"
	rm -rf "$G/expected" && mkdir -p "$G/expected/tests"
	cp "$tmp/u"/*.csv "$G/expected/" && cp "$tmp/u"/tests/*.csv "$G/expected/tests/"
	echo "report_golden: $G/expected rewritten"
	exit 0
fi

for mode in no-charts charts; do
	out=$tmp/$mode
	args=(-o "$out" --title golden)
	[ $mode = no-charts ] && args+=(--no-charts)
	"$rep" "${args[@]}" "$res" 2>"$tmp/$mode.err"
	rc=$?
	[ $rc = 0 ] && [ ! -s "$tmp/$mode.err" ] && ok "$mode: exit 0, nothing on stderr" ||
		fail "$mode: exit $rc: $(head -3 "$tmp/$mode.err")"
	gunzip_csv "$out"
	bad=
	for e in $(cd "$G/expected" && find . -name '*.csv' | sort); do
		cmp -s "$G/expected/$e" "$out/$e" || bad+=" $e"
	done
	[ -z "$bad" ] && ok "$mode: every CSV equals expected/ ($(cd "$G/expected" && find . -name '*.csv' | wc -l) files)" ||
		fail "$mode: CSV differs from expected/:$bad (first: $(set -- $bad; diff "$G/expected/$1" "$out/$1" 2>&1 | head -4 | tr '\n' ' '))"
	new=
	for e in $(cd "$out" && find . -name '*.csv' | sort); do
		[ -f "$G/expected/$e" ] || new+=" $e"
	done
	[ -z "$new" ] && ok "$mode: no CSV without an expected copy" || fail "$mode: not in expected/:$new"
done
out=$tmp/charts

# the figures, against the fio JSON (9 significant digits in the CSV files)
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / (b ? b : 1); exit !(a != "" && d * d < 1e-16) }'; }
field() { grep "^$2," "$out/$1" | cut -d, -f"$3"; }
check() { # NAME CSV-VALUE JQ-VALUE
	near "$2" "$3" && ok "$1: $2" || fail "$1: report $2, fio JSON $3"
}
# summary.csv: figure, g/d1, g/d2, g (total), nvme-lab, sas-lab
check "summary: nvme-lab 4K random read IOPS" "$(field summary.csv '4K random read IOPS' 5)" \
	"$(jq '.jobs[0].read.iops' "$res/nvme-lab/4k-randread.json")"
check "summary: sas-lab 8K 70/30 IOPS, reads + writes" "$(field summary.csv '8K 70/30 IOPS' 6)" \
	"$(jq '.jobs[0].read.iops + .jobs[0].write.iops' "$res/sas-lab/8k-7030.json")"
check "summary: nvme-lab 8K 70/30 average latency (ms), I/O-weighted" \
	"$(field summary.csv '8K 70/30 average latency (ms)' 5)" \
	"$(jq '.jobs[0] | (.read.iops * .read.clat_ns.mean + .write.iops * .write.clat_ns.mean) / (.read.iops + .write.iops) / 1e6' "$res/nvme-lab/8k-7030.json")"
check "summary: sas-lab QoS p99.99 (ms): fio's, or its maximum below 10,000 I/Os" \
	"$(field summary.csv 'QoS 4K random read QD1 p99.99 latency (ms)' 6)" \
	"$(jq '.jobs[0].read.clat_ns | (if .N < 10000 then .max else .percentile["99.990000"] end) / 1e6' \
		"$res/sas-lab/spec-4k-randread-qd1.json")"
ss=$(grep '^nvme-lab,' "$out/tests/precond-4k-randwrite-steady-state.csv" | cut -d, -f5)
[ "$ss" = "$(jq -r '.jobs[0].steadystate.criterion' "$res/nvme-lab/precond-4k-randwrite.json")" ] &&
	ok "steady state: fio's criterion exactly as fio printed it ($ss)" ||
	fail "steady state: criterion '$ss', fio printed $(jq '.jobs[0].steadystate.criterion' "$res/nvme-lab/precond-4k-randwrite.json")"
check "four corners: the group's total, the sum of its drives' IOPS" \
	"$(grep '^4K random read' "$out/family-four-corners.csv" | cut -d, -f5)" \
	"$(jq '[.jobs[].read.iops] | add' "$res/g/fc-4k-randread.json")"
check "four corners: g/d2's MB/s" "$(grep '^64K sequential read' "$out/family-four-corners.csv" | cut -d, -f4)" \
	"$(jq '.jobs[1].read.bw_bytes / 1e6' "$res/g/fc-64k-read.json")"
row=$(grep '^sas-lab,4T/4Q,' "$out/scaling-8k-7030.csv")
tq=$(jq -r '.jobs[0]."job options" | "\(.numjobs),\(.iodepth)"' "$res/sas-lab/scale-8k-7030-t4q4.json")
[ "$(cut -d, -f4,5 <<<"$row")" = "$tq" ] && ok "scaling: T and Q from fio's job options ($tq)" ||
	fail "scaling: '$row', fio's options $tq"
check "scaling: sas-lab 4T/4Q IOPS" "$(cut -d, -f6 <<<"$row")" \
	"$(jq '.jobs[0].read.iops + .jobs[0].write.iops' "$res/sas-lab/scale-8k-7030-t4q4.json")"
[ "$(cut -d, -f2 "$out/scaling-8k-7030.csv" | sed -n '2,4p' | tr '\n' ' ')" = "2T/2Q 4T/4Q 16T/16Q " ] &&
	ok "scaling: T/Q points by value (2, 4, 16), not by id" || fail "scaling order: $(cut -d, -f2 "$out/scaling-8k-7030.csv" | tr '\n' ' ')"
row=$(grep '^nvme-lab,max,' "$out/curve-4k-randread.csv")
check "curve: nvme-lab flat-out IOPS" "$(cut -d, -f4 <<<"$row")" "$(jq '.jobs[0].read.iops' "$res/nvme-lab/curve-4k-randread-max.json")"
check "curve: nvme-lab flat-out latency (ms)" "$(cut -d, -f6 <<<"$row")" \
	"$(jq '.jobs[0].read.clat_ns.mean / 1e6' "$res/nvme-lab/curve-4k-randread-max.json")"
[ "$(cut -d, -f1,2 "$out/curve-4k-randread.csv" | sed -n 2,3p | tr '\n' ' ')" = "nvme-lab,50 % nvme-lab,max " ] &&
	ok "curve: points by value, the flat-out run last" || fail "curve order: $(cat "$out/curve-4k-randread.csv")"

# index.html: the summary is the first table, then the sections in the catalogue's order
idx=$out/index.html
ids=$(grep -o '<h2 id="[^"]*"' "$idx" | sed 's/.*id="//; s/"//' | tr '\n' ' ')
want="summary drives family-prep family-precondition family-primary family-scaling family-curve family-four-corners family-spec "
[ "$ids" = "$want" ] && ok "sections in order: $ids" || fail "sections: '$ids', want '$want'"
first=$(grep -n '<table' "$idx" | head -1 | cut -d: -f1)
sum=$(grep -n 'id="summary"' "$idx" | cut -d: -f1)
grep -A3 '<table' "$idx" | head -2 | grep -q 'summary.csv' && [ "$first" -gt "$sum" ] &&
	ok "the summary table is the first table" || fail "first table at line $first, summary at $sum"
for s in family-precondition family-primary family-scaling family-curve family-four-corners family-spec; do
	next=$(sed -n "/<h2 id=\"$s\"/,\$p" "$idx" | grep -m1 -o '<figure\|<table\|<div class=tbl')
	[ "$next" = "<figure" ] && ok "$s starts with its chart" || fail "$s starts with $next"
done
missing=
for f in $(grep -o '\(src\|href\)="[^"#]*"' "$idx" | sed 's/.*="//; s/"$//' | sort -u); do
	[ -s "$out/$f" ] || missing+=" $f"
done
[ -z "$missing" ] && ok "every image, page and file index.html links exists" || fail "missing:$missing"
missing=
for p in "$out"/tests/*.html; do
	for f in $(grep -o '\(src\|href\)="[^"#]*"' "$p" | sed 's/.*="//; s/"$//' | sort -u); do
		[ -e "$out/tests/$f" ] || missing+=" $(basename "$p"):$f"
	done
done
[ -z "$missing" ] && ok "every file the detail pages link exists" || fail "missing:$missing"
# text left, figures right, in every table of the index and the test pages (verdicts, health
# changes and words in their own columns: tests/host/lib/align-check.py)
s=$(python3 tests/host/lib/align-check.py "$idx" "$out"/tests/*.html)
[ "${s%% *}" = ok ] && ok "text columns left, figures right ($(cut -d' ' -f2 <<<"$s") tables, $(cut -d' ' -f3 <<<"$s") columns)" ||
	fail "alignment: $(head -3 <<<"$s")"
# the scaling table: each IOPS figure links to its T/Q point's page, whose fio JSON ran that T/Q
# and measured that IOPS (no row of bare links among the figures)
bad=
while IFS=$'\t' read -r drive tq href shown; do
	j=$res/$drive/$(basename "$href" .html).json
	want=$(jq -r '.jobs[0] | "\(."job options".numjobs)T/\(."job options".iodepth)Q \(.read.iops + .write.iops)"' "$j" 2>/dev/null)
	[ "${want%% *}" = "$tq" ] && near "${shown//,/}" "$(awk -v v="${want#* }" 'BEGIN { printf "%.0f", v }')" ||
		bad+=" $drive@$tq:$href:$shown(fio $want)"
done < <(python3 -c 'import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
t = re.search(r"<caption>Thread/queue scaling.*?</table>", s, re.S).group(0)
rows = re.findall(r"<tr>(.*?)</tr>", t, re.S)
head = [re.sub("<[^>]*>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", rows[0])]
for r in rows[1:]:
    c = re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)
    if re.sub("<[^>]*>", "", c[1]) != "IOPS":
        print("-\t-\t-\t" + re.sub("<[^>]*>", "", c[1])) if "href" in "".join(c[2:]) else None
        continue
    for k, x in enumerate(c[2:]):
        m = re.match(r"<a href=\"([^\"]*)\">([^<]*)</a>", x)
        print("\t".join([re.sub("<[^>]*>", "", c[0]), head[k + 2], m.group(1) if m else "-", m.group(2) if m else x]))' "$idx")
n=$(grep -o 'scale-8k-7030-t[0-9]*q[0-9]*\.html">[0-9,]*</a>' "$idx" | wc -l)
[ -z "$bad" ] && [ "$n" = 6 ] && ! grep -q '>test page<' "$idx" &&
	ok "scaling: each of the $n IOPS figures links to its T/Q point's page, that T/Q and IOPS in its fio JSON" ||
	fail "scaling links ($n):$bad"
# a test's page: the index's time-series chart of the test shown, not drawn twice; the latency
# distribution (histogram, QoS) on the pages of single tests, none on a curve's or a scaling's
# points (their section's chart and table give each point's latency) or a fill's or a
# preconditioning's (its whole run mixes the fresh drive with steady state)
grep -q '<img src="../series-precond-4k-randwrite.png"' "$out/tests/precond-4k-randwrite.html" &&
	[ -z "$(find "$out/tests" -name 'series-*')" ] &&
	grep -q '<figure style="width:592px"><a href="../series-precond-4k-randwrite.svg"' \
		"$out/tests/precond-4k-randwrite.html" &&
	ok "a preconditioning's page shows the index's series chart at the index's width (592 px for two drives), no copy in tests/" ||
	fail "precond page: $(grep -o '<img src="[^"]*"' "$out/tests/precond-4k-randwrite.html" | tr '\n' ' ')"
for t in 4k-randread fc-4k-randread spec-4k-randread-qd1; do
	grep -q "<img src=\"$t-qos.png\"" "$out/tests/$t.html" && [ -s "$out/tests/$t-qos.png" ] &&
		grep -q "<img src=\"$t-clat-hist.png\"" "$out/tests/$t.html" &&
		ok "$t's page: its QoS exceedance and latency histogram" || fail "$t's page: no QoS or histogram chart"
done
for t in curve-4k-randread-50 curve-4k-randread-max scale-8k-7030-t4q4 precond-4k-randwrite prep-128k-seqfill; do
	! grep -q -- '-qos.png\|-clat-hist.png' "$out/tests/$t.html" && [ ! -e "$out/tests/$t-qos.png" ] &&
		ok "$t's page: no latency distribution of its own" || fail "$t's page draws a QoS or histogram chart"
done
# every chart's legend shows the marks the chart draws (lines with their dots, bare points)
s=$(python3 tests/host/lib/legend-match.py $(find "$tmp/no-charts" -name '*.gp'))
[ "${s%% *}" = ok ] && ok "every legend entry is a mark its chart draws (${s#ok } entries)" ||
	fail "legends: $(head -2 <<<"$s")"
lab_done
