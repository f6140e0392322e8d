#!/usr/bin/env bash
# The page of a partial review and the library page's figures, from real ssd-review runs on a
# 16 MiB file (quick profile, four corners: about 15 s):
#  - a review run with --only gets a warning banner at the page's top naming the tests it ran and
#    every other test of the suite's plan (ssd-review --dry-run's list, in its order) as left out
#    by --only, and, when the suite's fill ran before the chosen tests but was left out, a second
#    banner saying they ran on the drive as it was; with the fill chosen, no such banner; a whole
#    run (no --only) has neither;
#  - the library page's ranking bars are labelled with each value as the ranking's table prints
#    it (MB/s to 3 significant figures: "17.5", never "18").
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report partial"
REPORT_CASES=no
. tests/host/lib/report-env.sh
rv=driver/ssd-review
[ -x "$rv" ] || {
	fail "report partial: needs $rv (make)"
	lab_done
}
img=$tmp/p.img
truncate -s 16M "$img"
base=(--drive "p=$img" --profile quick --suite four-corners --span 16M --yes --no-report)
# the suite's plan, as the driver lists it
plan=$("$rv" "${base[@]}" --dry-run --out "$tmp/dry" 2>/dev/null | awk '$1 == "p" { print $2 }')
fill=$(grep '^prep-' <<<"$plan" | head -1)
[ "$(wc -l <<<"$plan")" -ge 4 ] && [ -n "$fill" ] && [ "$(head -1 <<<"$plan")" = "$fill" ] &&
	ok "the four-corners plan: $(tr '\n' ' ' <<<"$plan")" || fail "plan: $plan"

# words of the page's banners (report.md's text, one line each)
banner() { grep -o "A partial review of p: .*" "$1/report.md"; }
fillnote() { grep -o "No fill before the tests of p: .*" "$1/report.md"; }
left_of() { grep -vxF -f <(tr , '\n' <<<"$1") <<<"$plan" | paste -sd, | sed 's/,/, /g'; }

"$rv" "${base[@]}" --only fc-4k-randread --out "$tmp/only" 2>"$tmp/only.err" &&
	"$rep" -q -o "$tmp/only/report" "$tmp/only/p" 2>"$tmp/rep.err" || fail "--only run: $(cat "$tmp/only.err" "$tmp/rep.err")"
b=$(banner "$tmp/only/report")
want="ssd-review --only ran 1 of the four-corners suite's $(wc -l <<<"$plan") tests on the quick profile (fc-4k-randread); --only left out $(left_of fc-4k-randread), which were not run"
grep -qF "$want" <<<"$b" && ok "--only fc-4k-randread: the banner names the test run and the $(($(wc -l <<<"$plan") - 1)) left out" ||
	fail "banner: '$b', wanted '$want'"
f=$(fillnote "$tmp/only/report")
grep -qF "the suite runs $fill (" <<<"$f" && grep -qF "ran on the drive as it was" <<<"$f" &&
	ok "--only without the fill: the page says $fill was left out before the test" || fail "fill banner: '$f'"
grep -q 'class=warn>A partial review of p' "$tmp/only/report/index.html" &&
	ok "index.html shows the banner as a warning" || fail "no warning banner in index.html"

"$rv" "${base[@]}" --only "$fill,fc-64k-read" --out "$tmp/fill" 2>"$tmp/fill.err" &&
	"$rep" -q -o "$tmp/fill/report" "$tmp/fill/p" 2>"$tmp/rep.err" || fail "--only with the fill: $(cat "$tmp/fill.err" "$tmp/rep.err")"
b=$(banner "$tmp/fill/report")
grep -qF "ran 2 of the four-corners suite's" <<<"$b" && grep -qF "($fill, fc-64k-read); --only left out $(left_of "$fill,fc-64k-read")," <<<"$b" &&
	[ -z "$(fillnote "$tmp/fill/report")" ] &&
	ok "--only with the fill: the banner, no fill warning" || fail "with the fill: '$b' / '$(fillnote "$tmp/fill/report")'"

"$rv" "${base[@]}" --out "$tmp/whole" 2>"$tmp/whole.err" &&
	"$rep" -q -o "$tmp/whole/report" "$tmp/whole/p" 2>"$tmp/rep.err" || fail "whole run: $(cat "$tmp/whole.err" "$tmp/rep.err")"
[ -f "$tmp/whole/report/report.md" ] && [ -z "$(banner "$tmp/whole/report")$(fillnote "$tmp/whole/report")" ] &&
	ok "a whole run: no partial banner" || fail "whole run's page: $(banner "$tmp/whole/report")"

# the library page: each bar's label is its table's text; MB/s computed here to 3 significant
# figures from the ranking's CSV (MB/s, full precision)
lib=$tmp/lib.sqlite
"$rep" library add -q --library "$lib" "$tmp/whole/p" >/dev/null 2>&1 &&
	"$rep" library report -q --library "$lib" -o "$tmp/libpage" 2>"$tmp/lib.err" || fail "library page: $(cat "$tmp/lib.err")"
# shown VALUE: VALUE (MB/s) as the page prints a figure: 3 significant figures, an integer with
# thousands separators from 1000 up
shown() {
	python3 -c 'import math, sys
r = float(f"{float(sys.argv[1]):.3g}")
print(f"{r:,.0f}" if r >= 1000 else f"{r:.{max(0, 2 - math.floor(math.log10(r)))}f}")' "$1"
}
n=0 bad=
for csv in "$tmp"/libpage/rank-*-mbps.csv; do
	[ -f "$csv" ] || continue
	svg=${csv%.csv}-bars.svg
	v=$(python3 -c 'import csv, sys; print(list(csv.reader(open(sys.argv[1])))[1][3])' "$csv")
	want=$(shown "$v")
	grep -q ">$want<" "$svg" && grep -qF "| $want |" "$tmp/libpage/report.md" && n=$((n + 1)) ||
		bad="$bad $(basename "$csv"): $v MB/s wanted '$want';"
done
[ "$n" -ge 2 ] && [ -z "$bad" ] && ok "library page: $n MB/s rankings' bars labelled as their tables print the value" ||
	fail "library bars ($n):$bad"
lab_done
