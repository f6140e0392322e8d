#!/usr/bin/env bash
# sanitize: yes
# ssdreport over every fio case of ../shared/cases, one report per case directory and one
# `summary` per JSON file: each run ends with exit 0, or exit 2 and one error line naming the
# file (bad input) - never a crash, a hang, or (under `make check SANITIZE=1`, where tests/run
# points $SSDREPORT at the ASan+UBSan build) a sanitizer report.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="reporter over the cases"
. tests/host/lib/report-env.sh
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:exitcode=86}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:exitcode=86}

# judge NAME FILE-EXPECTED-IN-ERROR RC ERRFILE
judge() {
	local name=$1 want=$2 rc=$3 err=$4
	if grep -q 'Sanitizer\|runtime error' "$err"; then
		fail "$name: sanitizer report: $(grep -m1 'Sanitizer\|runtime error' "$err")"
	elif [ "$rc" = 0 ]; then
		ok "$name: exit 0"
	elif [ "$rc" = 2 ] && grep -q "$want" "$err"; then
		ok "$name: exit 2 naming the file ($(tail -n1 "$err" | cut -c1-100))"
	else
		fail "$name: exit $rc: $(tail -n2 "$err" | tr '\n' ' ')"
	fi
}

n=0
for d in "$cases"/c*/; do
	name=$(basename "$d")
	if ls "$d"*.json >/dev/null 2>&1; then
		timeout 120 "$rep" -q -o "$tmp/r-$name" --no-charts "$d" 2>"$tmp/err"
		rc=$?
		judge "report $name" "$name" $rc "$tmp/err"
	fi
	for f in "$d"*.json "$d"*.txt "$d"*.out; do
		[ -f "$f" ] || continue
		base=$(basename "$f")
		timeout 60 "$rep" summary -q "$f" >/dev/null 2>"$tmp/err"
		rc=$?
		judge "summary $name/$base" "$base" $rc "$tmp/err"
		case $f in
		*.json) ;;
		*) # text output with the JSON in it, and its logs beside it: a report of the one file
			timeout 120 "$rep" -q -o "$tmp/r-$name-$base" --no-charts "$f" 2>"$tmp/err"
			rc=$?
			judge "report $name/$base" "$base" $rc "$tmp/err" ;;
		esac
		n=$((n + 1))
	done
done
[ "$n" -gt 20 ] && ok "$n case files read" || fail "only $n case files found under $cases"
lab_done
