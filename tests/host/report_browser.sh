#!/usr/bin/env bash
# A report as a reader sees it: ssdreport over the golden results tree (two emulated drives and a
# drive group, tests/unit/reporter/fixtures/golden/results), index.html opened in headless
# Chromium: the first table of the page Chromium built is the summary, every image and page the
# page (and each test's page) links exists and is not empty, nothing is fetched from the network,
# and the index and a test's page render to screenshots (build/browser-report.png,
# build/browser-report-test.png). Then a review of eight drives (scripts/gen-review-tree: the full
# profile's plan, 5-minute preconditionings): its report on two threads is the one-thread report
# byte for byte; at 1280 px neither page scrolls sideways and every table fits its box, at two
# drives as at eight (build/browser-report-8.png); the preconditioning charts are drawn at their
# resolution (bins, not seconds) with SVGs of a few hundred kB. Between them, fio-plot's example
# bench-fio tree: its Sweeps and Comparisons as Chromium lays them out; and a stonewalled two-job
# json+ file's job page: its own charts and rows only, fitting 1280 px (build/browser-report-stonewall.png);
# and another tool's SNIA PTS rounds (SSSPT): its summary of verdicts, both rounds charts loaded,
# drawn and side by side, no text wider than its box, every table within 1280 px
# (build/browser-report-rounds.png).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
export SSDENG_CATALOGUE=${SSDENG_CATALOGUE:-$PWD/jobfiles/catalogue.json}
res=tests/unit/reporter/fixtures/golden/results
out=build/browser-report
rm -rf "$out" build/browser-report.png build/browser-report-test.png
check reporter/ssdreport -q -o "$out" --title "browser check" --reference nvme-gen3-3.2tb "$res"

# the published 382,932 IOPS beside emulated drives' few thousand: a log axis, said on the axis
grep -q '^  set logscale y' "$out/primary.gp" && grep -q 'IOPS (log scale)' "$out/primary.gp" &&
	ok "primary bars: published figures 100x the measured ones put IOPS on a log axis, labelled" ||
	fail "primary bars: no labelled log axis beside the published figures"
links() { grep -o '\(src\|href\)="[^"#]*"' "$1" | sed 's/.*="//; s/"$//' | sort -u; }
imgs=$(grep -o '<img[^>]*src="[^"]*"' "$out/index.html" | sed 's/.*src="\([^"]*\)"/\1/')
n=$(wc -w <<<"$imgs")
[ "$n" -ge 8 ] && ok "index.html shows $n images" || fail "index.html shows $n images, want at least 8"
missing=
for f in $(links "$out/index.html"); do
	[ -s "$out/$f" ] || missing+=" $f"
done
for p in "$out"/tests/*.html; do
	for f in $(links "$p"); do
		[ -s "$out/tests/$f" ] || missing+=" ${p##*/}:$f"
	done
done
[ -z "$missing" ] && ok "every image and page index.html and the test pages link exists" ||
	fail "missing:$missing"
npages=$(grep -o 'href="tests/[^"#]*\.html"' "$out/index.html" | sort -u | wc -l)
[ "$npages" -ge 10 ] && ok "index.html links $npages test pages" || fail "index.html links $npages test pages"
grep -q 'src="http\|href="http' "$out"/index.html "$out"/tests/*.html && fail "the report reaches for the network" ||
	ok "the report uses local files only"

if ! command -v chromium >/dev/null; then
	fail "chromium not installed (scripts/install-deps)"
	lab_done
fi
chrome() { # OUTPUT-FLAG PAGE: headless Chromium, its own profile, no network services
	local profile rc
	profile=$(mktemp -d)
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --window-size=1280,6000 "$1" "file://$PWD/$2" 2>/dev/null
	rc=$?
	rm -rf "$profile"
	return $rc
}
# the page as Chromium parsed it: its first table is the summary (its caption links summary.csv)
chrome --dump-dom "$out/index.html" >build/browser-report.dom
first=$(tr -d '\n' <build/browser-report.dom | grep -o '<table>.\{0,400\}' | head -1)
grep -q 'href="summary.csv"' <<<"$first" && ok "Chromium's first table is the summary" ||
	fail "first table: $(cut -c1-160 <<<"$first")"
chrome --screenshot="$PWD/build/browser-report.png" "$out/index.html" >/dev/null
size=$(stat -c %s build/browser-report.png 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok "Chromium rendered index.html to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of index.html: $size bytes"
chrome --screenshot="$PWD/build/browser-report-test.png" "$out/tests/8k-7030.html" >/dev/null
size=$(stat -c %s build/browser-report-test.png 2>/dev/null || echo 0)
[ "$size" -gt 10000 ] && ok "Chromium rendered a test's page to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of tests/8k-7030.html: $size bytes"

# measure PAGE: the page at 1280 px as Chromium lays it out, one line per table: "table N
# WIDTH BOX-WIDTH BOX-RIGHT CAPTION" after "page SCROLL-WIDTH CLIENT-WIDTH" (a copy of the page
# beside it carries the script, so that its links and styles resolve as the page's own)
measure() {
	local m=${1%.html}.measure.html
	{
		sed 's#</body></html>##' "$1"
		cat <<'JS'
<script>
addEventListener("load", () => {
	const W = document.documentElement.clientWidth;
	const o = ["page " + document.documentElement.scrollWidth + " " + W];
	document.querySelectorAll("table").forEach((t, i) => {
		const b = t.closest("div.scroll") || t.parentNode, c = t.querySelector("caption");
		o.push(["table", i, Math.round(t.getBoundingClientRect().width), b.clientWidth,
			Math.round(b.getBoundingClientRect().right),
			c ? c.textContent.slice(0, 60) : ""].join("\t"));
	});
	document.querySelectorAll("img").forEach((g) => {
		const b = g.getBoundingClientRect();
		o.push(["img", g.getAttribute("src"), g.naturalWidth, g.naturalHeight,
			Math.round(b.width), Math.round(b.height), Math.round(b.top + scrollY)].join("\t"));
	});
	/* text wider than its own box (cut off or spilling over): headings, paragraphs, captions,
	 * cells; a table's scrolling box is measured by "table" above */
	document.querySelectorAll("h1,h2,h3,p,caption,figcaption,th,td").forEach((e) => {
		if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
			o.push(["over", e.tagName, e.scrollWidth, e.clientWidth,
				e.textContent.slice(0, 60)].join("\t"));
	});
	const p = document.createElement("pre");
	p.id = "measure";
	p.textContent = o.join("\n");
	document.body.appendChild(p);
});
</script></body></html>
JS
	} >"$m"
	chrome --dump-dom "$m" | sed -n '/<pre id="measure">/,/<\/pre>/p' | sed 's/<[^>]*>//g'
	rm -f "$m"
}
# measured NAME PAGE: MEASURED set to Chromium's measure of PAGE; fails NAME and returns 1 when empty
measured() {
	MEASURED=$(measure "$2")
	[ -n "$MEASURED" ] && return 0
	fail "$1: Chromium measured nothing"
	return 1
}
# fits NAME PAGE: the page does not scroll sideways at 1280 px and every table fits its box
fits() {
	measured "$1" "$2" || return 0
	awk -F'\t' -v name="$1" '
		/^page / { split($0, p, " "); W = p[3]; if (p[2] > p[3]) bad = bad " the page is " p[2] " px wide (" p[3] " shown);" }
		$1 == "table" { n++; if ($3 > $4 + 1 || $5 > W + 1) bad = bad " \"" $6 "\" " $3 " px in " $4 " px, right edge " $5 ";" }
		END { if (!n) bad = " no table"; if (bad) { print "not ok - " name ":" bad; exit 1 }
		      print "ok - " name ": the page does not scroll sideways at 1280 px, its " n " tables fit" }' <<<"$MEASURED" ||
		LAB_FAILED=1
}
# drawn NAME PAGE: every image of the page loaded and shown (not 0 px), no text wider than its box
drawn() {
	measured "$1" "$2" || return 0
	awk -F'\t' -v name="$1" '
		$1 == "img" { n++; if ($3 + 0 == 0 || $4 + 0 == 0) bad = bad " " $2 " not loaded;"
			else if ($5 + 0 == 0 || $6 + 0 == 0) bad = bad " " $2 " drawn " $5 "x" $6 " px;" }
		$1 == "over" { bad = bad " " $2 " \"" $5 "\" " $3 " px in " $4 " px;" }
		END { if (bad) { print "not ok - " name ":" bad; exit 1 }
		      print "ok - " name ": its " n + 0 " images loaded and drawn, no text wider than its box" }' <<<"$MEASURED" ||
		LAB_FAILED=1
}
fits "two drives and a group, index.html" "$out/index.html"
fits "two drives, a test's page (every run)" "$out/tests/8k-7030.html"

# anyone's results: fio-plot's example bench-fio tree (two devices, tests/unit/reporter/fixtures/
# benchfio): the Sweeps and Comparisons sections as Chromium builds them, their charts drawn and
# linked, nothing wider than 1280 px (build/browser-report-benchfio.png)
bf=build/browser-benchfio
rm -rf "$bf" build/browser-report-benchfio.png
check reporter/ssdreport -q -o "$bf" --title "bench-fio tree" tests/unit/reporter/fixtures/benchfio
chrome --dump-dom "$bf/index.html" >build/browser-benchfio.dom
h2=$(grep -o '<h2[^>]*id="[^"]*"' build/browser-benchfio.dom | sed 's/.*id="//; s/"//' | tr '\n' ' ')
[ "$h2" = "summary drives sweeps comparisons " ] &&
	ok "bench-fio tree: Chromium's sections are Summary, Drives, Sweeps, Comparisons ($h2)" ||
	fail "bench-fio tree: sections '$h2'"
n=$(grep -o '<img[^>]*src="\(sweep-[0-9]*\|comparison\)\.[a-z]*"' build/browser-benchfio.dom | wc -l)
[ "$n" = 3 ] && ok "bench-fio tree: two sweep charts and the comparison chart on the page" ||
	fail "bench-fio tree: $n sweep/comparison images"
missing=
for f in $(links "$bf/index.html"); do [ -s "$bf/$f" ] || missing+=" $f"; done
[ -z "$missing" ] && ok "bench-fio tree: every image and page it links exists" || fail "bench-fio tree: missing:$missing"
drawn "bench-fio tree, index.html" "$bf/index.html"
fits "bench-fio tree, index.html" "$bf/index.html"
chrome --screenshot="$PWD/build/browser-report-benchfio.png" "$bf/index.html" >/dev/null
size=$(stat -c %s build/browser-report-benchfio.png 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok "Chromium rendered the bench-fio tree's index.html to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of the bench-fio tree: $size bytes"

# a stonewalled multi-job fio file not from ssd-review (a real fio-3.33 json+ run of two jobs with
# histogram logs, tests/unit/reporter/fixtures/jsonplus): a job's page draws its own charts (the
# json+ histogram, QoS, percentiles and IOPS over time), every image it links exists, the runs
# table Chromium built holds that job alone, and the page fits 1280 px
sw=build/browser-stonewall
rm -rf "$sw"
check reporter/ssdreport -q -o "$sw" tests/unit/reporter/fixtures/jsonplus
page=$sw/tests/stonewall-jsonplus_randwrite-16k-qd1.html
imgs=$(grep -o '<img[^>]*src="[^"]*"' "$page" | sed 's/.*src="\([^"]*\)"/\1/')
missing=
for f in $imgs; do [ -s "$sw/tests/$f" ] || missing+=" $f"; done
[ "$(wc -w <<<"$imgs")" -ge 4 ] && [ -z "$missing" ] &&
	ok "a stonewalled job's page shows its $(wc -w <<<"$imgs") charts, each image there" ||
	fail "stonewalled job's page: images '$imgs', missing:$missing"
chrome --dump-dom "$page" >build/browser-stonewall.dom
jobs=$(tr -d '\n' <build/browser-stonewall.dom | grep -o 'Every run fio reported.*</table>' |
	sed 's#</table>.*##' | grep -o '<td class="l">[a-z0-9-]*-qd1</td>' | sort -u | tr '\n' ' ')
[ "$jobs" = '<td class="l">randwrite-16k-qd1</td> ' ] &&
	ok "Chromium's runs table of the page holds that job alone" || fail "runs table jobs: $jobs"
drawn "a stonewalled job's page (json+ charts)" "$page"
fits "a stonewalled job's page (json+ charts)" "$page"
chrome --screenshot="$PWD/build/browser-report-stonewall.png" "$page" >/dev/null
size=$(stat -c %s build/browser-report-stonewall.png 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok "Chromium rendered the stonewalled job's page to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of the stonewalled job's page: $size bytes"

# another tool's SNIA PTS rounds (SSSPT, tests/unit/reporter/fixtures/ssspt: 16 fio outputs, two
# series of rounds): Summary, Drives and the rounds section as Chromium builds them; the summary
# gives each series' verdict; both rounds charts loaded and drawn side by side, no text cut off,
# nothing wider than 1280 px (build/browser-report-rounds.png)
rd=build/browser-rounds
rm -rf "$rd" build/browser-report-rounds.png
check reporter/ssdreport -q -o "$rd" tests/unit/reporter/fixtures/ssspt
chrome --dump-dom "$rd/index.html" >build/browser-rounds.dom
h2=$(grep -o '<h2[^>]*id="[^"]*"' build/browser-rounds.dom | sed 's/.*id="//; s/"//' | tr '\n' ' ')
[ "$h2" = "summary drives rounds " ] &&
	ok "PTS rounds: Chromium's sections are Summary, Drives, Rounds ($h2)" || fail "PTS rounds: sections '$h2'"
first=$(tr -d '\n' <build/browser-rounds.dom | grep -o '<table>.*' | sed 's#</table>.*##')
n=$(grep -o 'href="#rounds"' <<<"$first" | wc -l)
[ "$n" = 2 ] && grep -q 'reached in rounds' <<<"$first" &&
	ok "PTS rounds: the first table is the summary, a row per series linking to the rounds, with its verdict" ||
	fail "PTS rounds: first table: $(sed 's/<[^>]*>/ /g' <<<"$first" | tr -s ' ' | cut -c1-200)"
imgs=$(grep -o '<img[^>]*src="rounds-[0-9]*\.png"' build/browser-rounds.dom | wc -l)
[ "$imgs" = 2 ] && ok "PTS rounds: both series' charts on the page" || fail "PTS rounds: $imgs rounds charts"
drawn "PTS rounds, index.html" "$rd/index.html"
fits "PTS rounds, index.html" "$rd/index.html"
tops=$(measure "$rd/index.html" | awk -F'\t' '$1 == "img" && $2 ~ /^rounds-/ { print $7 }' | sort -u | wc -l)
[ "$tops" = 1 ] && ok "PTS rounds: the two half-width charts side by side" ||
	fail "PTS rounds: the rounds charts on $tops rows"
chrome --screenshot="$PWD/build/browser-report-rounds.png" "$rd/index.html" >/dev/null
size=$(stat -c %s build/browser-report-rounds.png 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok "Chromium rendered the PTS rounds' index.html to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of the PTS rounds: $size bytes"

# eight drives
if ! command -v python3 >/dev/null || [ ! -x driver/ssd-review ]; then
	fail "the eight-drive review needs python3 and driver/ssd-review (make)"
	lab_done
fi
big=build/browser-8
rm -rf "$big"
if ! scripts/gen-review-tree --out "$big/results" --drives 8 --hours 0.08 >"$big.log" 2>&1; then
	fail "scripts/gen-review-tree: $(tail -3 "$big.log")"
	lab_done
fi
ok "scripts/gen-review-tree: eight drives, $(ls "$big"/results/*/*.json | wc -l) result files"
SSDREPORT_THREADS=1 reporter/ssdreport -q -o "$big/one" "$big"/results/*/ &&
	SSDREPORT_THREADS=2 reporter/ssdreport -q -o "$big/two" "$big"/results/*/
rc=$?
[ $rc = 0 ] && ok "ssdreport on the eight drives, on one thread and on two" ||
	fail "ssdreport on the eight drives: exit $rc"
d=$(diff -rq "$big/one" "$big/two" | head -3)
[ -z "$d" ] && ok "the report on two threads is the one-thread report, byte for byte" || fail "threads differ: $d"
fits "eight drives, index.html" "$big/two/index.html"
# text left, figures right in every table of the review (apps' workload row set apart as prose,
# the scaling table's "245k")
s=$(python3 tests/host/lib/align-check.py "$big/two/index.html" "$big/two"/tests/*.html)
[ "${s%% *}" = ok ] && ok "eight drives: text columns left, figures right ($(cut -d' ' -f2 <<<"$s") tables)" ||
	fail "eight drives: alignment: $(head -3 <<<"$s")"
fits "eight drives, a test's page (every run)" "$big/two/tests/8k-7030.html"
fits "eight drives, a preconditioning's page" "$big/two/tests/precond-4k-randwrite.html"
# 288 s of seconds per drive, drawn as 120 bins (a row of panels per drive); every second is in
# the series CSV
rows=$(awk -F, 'NR > 1 && $1 == "e1s-1" && $2 != "" { n++ } END { print n + 0 }' "$big/two/series-precond-4k-randwrite.csv")
secs=$(awk -F, 'NR > 1 && $1 == "e1s-1" { n++ } END { print n + 0 }' <(zcat "$big/two/tests/precond-4k-randwrite-series.csv.gz"))
[ "$rows" -le 120 ] && [ "$rows" -ge 100 ] && [ "$secs" -ge 288 ] &&
	ok "the chart draws e1s-1's $secs seconds as $rows bins; the series CSV keeps every second" ||
	fail "chart rows $rows, series CSV rows $secs"
big_svg=$(find "$big/two" -name 'series-*.svg' -size +500k | head -3)
[ -z "$big_svg" ] && ok "every time series chart's SVG is under 500 kB" || fail "SVG over 500 kB: $big_svg"
grep -q 'SNIA PTS steady state (shaded from its start): [0-9] of 8 drives' "$big/two/series-precond-4k-randwrite.gp" &&
	ok "the preconditioning chart's title counts the drives at steady state, naming the criterion" ||
	fail "chart title: $(grep -m1 multiplot "$big/two/series-precond-4k-randwrite.gp")"
chrome --screenshot="$PWD/build/browser-report-8.png" "$big/two/index.html" >/dev/null
size=$(stat -c %s build/browser-report-8.png 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok "Chromium rendered the eight-drive index.html to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of the eight-drive index.html: $size bytes"
rm -rf "$big" "$big.log"
lab_done
