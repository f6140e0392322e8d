#!/usr/bin/env bash
# A report as a reader sees it: ssdreport over the golden results tree (two emulated drives and a
# drive group, tests/unit/reporter/fixtures/golden/results), index.html opened in headless
# Chromium: the first table of the page Chromium built is the summary, every image and page the
# page (and each test's page) links exists and is not empty, nothing is fetched from the network,
# and the index and a test's page render to screenshots (build/browser-report.png,
# build/browser-report-test.png).
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
lab_done
