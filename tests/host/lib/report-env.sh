# report-env.sh - what the reporter host tests share. Source it after tests/lab/lib.sh with
# REPORT_TEST set to the test's name: sets $rep (the ssdreport to test: $SSDREPORT, which tests/run
# points at the ASan+UBSan build under SANITIZE=1, else reporter/ssdreport) and $SSDENG_CATALOGUE
# (jobfiles/catalogue.json, which the sanitizer build would not find), $cases (the fio cases,
# $SSD_CASES or ../shared/cases) and $tmp (a scratch directory removed on exit); fails the test with
# one TAP line when either input is missing. A test that reads no case sets REPORT_CASES=no before
# sourcing this: it then runs in a plain clone, where ../shared/cases does not exist.
rep=${SSDREPORT:-reporter/ssdreport}
# the test catalogue beside the sources: the sanitizer build (build/san/reporter/) has none
export SSDENG_CATALOGUE=${SSDENG_CATALOGUE:-$PWD/jobfiles/catalogue.json}
cases=${SSD_CASES:-}
for c in ../shared/cases ../../shared/cases; do [ -z "$cases" ] && [ -d "$c" ] && cases=$c; done
if [ ! -x "$rep" ] || { [ -z "$cases" ] && [ "${REPORT_CASES:-yes}" != no ]; }; then
	fail "$REPORT_TEST: needs $rep (make) and ../shared/cases"
	lab_done
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/report-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
