#!/usr/bin/env bash
# A report as a reader sees it: ssdreport over real fio results (two drives' worth from
# ../shared/cases), index.html opened in headless Chromium, a screenshot taken, and every image
# the page names present and non-empty.
. tests/lab/lib.sh
cases=${SSD_CASES:-../shared/cases}
out=build/browser-report
rm -rf "$out" build/browser-report.png
if [ ! -d "$cases" ]; then
	fail "report in a browser: no fio cases at $cases"
	lab_done
fi
check reporter/ssdreport -o "$out" --title "browser check" "$cases"/c04-*/ "$cases"/c05-*/

imgs=$(grep -o '<img[^>]*src="[^"]*"' "$out/index.html" | sed 's/.*src="\([^"]*\)"/\1/')
n=0 missing=
for i in $imgs; do
	n=$((n + 1))
	[ -s "$out/$i" ] || missing+=" $i"
done
[ "$n" -ge 4 ] && ok "index.html shows $n images" || fail "index.html shows $n images, want at least 4"
[ -z "$missing" ] && ok "every image index.html names exists" || fail "missing images:$missing"
grep -q 'src="http\|href="http' "$out/index.html" && fail "index.html reaches for the network" ||
	ok "index.html uses local files only"

if ! command -v chromium >/dev/null; then
	fail "chromium not installed (scripts/install-deps)"
	lab_done
fi
profile=$(mktemp -d)
timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
	--disable-background-networking --disable-component-update --disable-sync \
	--user-data-dir="$profile" --window-size=1280,2400 \
	--screenshot="$PWD/build/browser-report.png" "file://$PWD/$out/index.html" >/dev/null 2>&1
rm -rf "$profile"
size=$(stat -c %s build/browser-report.png 2>/dev/null || echo 0)
[ "$size" -gt 20000 ] && ok "Chromium rendered index.html to a ${size}-byte screenshot" ||
	fail "Chromium screenshot of index.html: $size bytes"
lab_done
