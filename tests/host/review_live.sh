#!/usr/bin/env bash
# Host test of the live report (docs/live.md), on regular files standing in for drives:
#  - a run whose second test lasts hours (the full profile's 4K random write preconditioning on a
#    32 MiB span) with --live-every 2: mid-run OUT/report/index.html exists and every read of it
#    is a complete page; it carries the LIVE banner naming the running test, with tests done,
#    failed, kept, left and total equal to status.json's, and reloads itself; a later rebuild
#    replaces it (a later build time); ssd-review --status prints the same facts; headless
#    Chromium loads the page mid-run (the banner in the DOM it built); SIGINT: the report of the
#    tests so far replaces it, with no trace of live;
#  - a complete quick run (four-corners, 5 tests) with the live report on: status.json counts
#    its rebuilds, and the final report has no trace of live, in Chromium too;
#  - --no-live: no OUT/report/ while the run goes on, nor after its interrupt.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_live.XXXXXX")
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
rv_need_built
rv_private_locks "$tmp"
[ -x reporter/ssdreport ] || { echo "ok - # SKIP reporter/ssdreport not built (make)"; exit 0; }
long=(--profile full --span 32M --suite enterprise --only prep-128k-seqfill,precond-4k-randwrite)
running=precond-4k-randwrite

# no_live FILE: the page holds no banner, no reload, no live style
no_live() { ! grep -q 'id=live\|class=live\|http-equiv="refresh"\|lv-head\|<b>LIVE</b>' "$1"; }
# attr FILE NAME: the banner's data-NAME
attr() { grep -o "data-$2=\"[^\"]*\"" "$1" | head -1 | sed 's/.*="\(.*\)"/\1/'; }
complete() { head -c 15 "$1" | grep -q '^<!DOCTYPE html>' && tail -c 16 "$1" | grep -q '</body></html>'; }
chrome() { # OUTPUT-FLAG PAGE
	local profile rc
	profile=$(mktemp -d)
	timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --window-size=1280,1000 "$1" "file://$2" 2>/dev/null
	rc=$?
	rm -rf "$profile"
	return $rc
}

# --- a long run, its page mid-run ---
out=$tmp/o1
rv_background "$tmp/o1.err" driver/ssd-review --drive "k=$tmp/k.img" "${long[@]}" --live-every 2 \
	--yes --out "$out"
pid=$RV_PID
pids+=("$pid")
page=$out/report/index.html
# wait (up to 90 s) for a page built while the long test runs; meanwhile every read is whole
torn=0 reads=0 seen=
for _ in $(seq 1 450); do
	if [ -f "$page" ]; then
		cp "$page" "$tmp/read.html" 2>/dev/null && reads=$((reads + 1)) &&
			{ complete "$tmp/read.html" || torn=$((torn + 1)); }
		if [ "$(attr "$tmp/read.html" test)" = "$running" ] &&
			[ "$(jq -r '.test.id // empty' "$out/status.json" 2>/dev/null)" = "$running" ]; then
			seen=1
			break
		fi
	fi
	sleep 0.2
done
rv_check "mid-run: OUT/report/index.html names the running test ($running)" test -n "$seen"
cp "$page" "$tmp/mid.html"
jq . "$out/status.json" >"$tmp/mid-status.json"
rv_check "mid-run: the page says the run is live" grep -q '<b>LIVE</b> This review is still running' "$tmp/mid.html"
rv_check "mid-run: the page reloads itself" grep -q '<meta http-equiv="refresh" content="60">' "$tmp/mid.html"
want=$(jq -r '.tests | "\(.total) \(.done) \(.failed) \(.kept) \(.total - .done - .failed - .kept - (.skipped // 0))"' "$tmp/mid-status.json")
got="$(attr "$tmp/mid.html" total) $(attr "$tmp/mid.html" done) $(attr "$tmp/mid.html" failed) $(attr "$tmp/mid.html" kept) $(attr "$tmp/mid.html" left)"
[ "$got" = "$want" ] && [ "$want" = "2 1 0 0 1" ] &&
	rv_ok "mid-run: the page's tests total/done/failed/kept/left ($got) are status.json's" ||
	rv_fail "mid-run: page's total/done/failed/kept/left '$got', status.json's '$want' (want 2 1 0 0 1)"
tr -d '\n' <"$tmp/mid.html" >"$tmp/mid.line"
rv_check "mid-run: the banner says 'test 2 of 2' and '1 done · 1 left of 2'" \
	grep -q 'test <span class=lv-index>2</span> of 2 · k · <b class=lv-test>precond-4k-randwrite</b>.*<span class=lv-done>1</span> done · <span class=lv-left>1</span> left of <span class=lv-total>2</span>' "$tmp/mid.line"
rv_check "mid-run: the banner gives the ETA by the plan and a temperature per drive ('k –': no sample)" \
	grep -q 'by the plan.*<dt>temperature</dt><dd>k –</dd>' "$tmp/mid.line"
# one ETA: the plan with the overhead measured per test; the pace beside it is status.json's
pace=$(jq -r '.run.pace // empty' "$tmp/mid-status.json")
if [ -n "$pace" ]; then
	want_pace="the measured pace: the tests so far took $(printf '%.2f' "$pace")×"
else
	want_pace="no pace measured yet (no test with a planned time has ended)"
fi
rv_check "mid-run: the banner's pace is status.json's (${pace:-null}: '$want_pace')" grep -qF "$want_pace" "$tmp/mid.line"
rv_check "mid-run: the banner gives one ETA (no second one 'at the measured pace')" \
	bash -c "! grep -q 'at the measured pace' '$tmp/mid.line'"
rv_check "mid-run: the first test's results are on the page" grep -q 'href="tests/prep-128k-seqfill.html"' "$tmp/mid.html"
rv_check "mid-run: the running test is not said to have failed to complete" \
	bash -c "! grep -q 'precond-4k-randwrite on k did not complete' '$tmp/mid.html'"
# a later rebuild (--live-every 2) replaces the page
built=$(attr "$tmp/mid.html" built) later=
for _ in $(seq 1 150); do
	cp "$page" "$tmp/read.html" && reads=$((reads + 1)) && { complete "$tmp/read.html" || torn=$((torn + 1)); }
	b=$(attr "$tmp/read.html" built)
	[ -n "$b" ] && [ "$b" \> "$built" ] && { later=$b; break; }
	sleep 0.1
done
rv_check "mid-run: a later rebuild replaced the page ($built -> ${later:-none})" test -n "$later"
rv_check "mid-run: each of $reads reads of the page across rebuilds was a complete page ($torn torn)" test "$torn" = 0
st=$(driver/ssd-review --status "$out")
grep -q "test 2/2: k · $running" <<<"$st" && grep -q "1 of 2 tests done.* · 1 running · 0 left · " <<<"$st" &&
	grep -q "by the plan" <<<"$st" && grep -q "^live report: $out/report/index.html · [1-9][0-9]* rebuilds" <<<"$st" &&
	grep -q "^temperature: k –" <<<"$st" &&
	rv_ok "--status prints the banner's facts (test, done, left, ETA, live report, temperature)" ||
	rv_fail "--status: $st"
if command -v chromium >/dev/null; then
	chrome --dump-dom "$page" >"$tmp/mid.dom"
	rv_check "Chromium mid-run: its DOM holds the banner naming the running test" \
		grep -q "data-test=\"$running\"" "$tmp/mid.dom"
	rv_check "Chromium mid-run: the banner says the run is live, the test's progress bar included" \
		bash -c "tr -d '\\n' <'$tmp/mid.dom' | grep -q '<b>LIVE</b> This review is still running.*<progress max='"
else
	rv_fail "chromium not installed (scripts/install-deps)"
fi
kill -INT "$pid"
wait "$pid" 2>/dev/null
rc=$?
rv_check "SIGINT: the run exits 130" test "$rc" = 130
rv_check "SIGINT: the report of the tests so far replaces the live page" \
	grep -q "the report of the tests so far" "$tmp/o1.err"
rv_check "after the interrupt the page is complete and has no trace of live" \
	bash -c "$(declare -f complete no_live); complete '$page' && no_live '$page'"
rv_check "after the interrupt status.json counts the rebuilds" \
	jq -e '.state == "interrupted" and .live.every_s == 2 and .live.rebuilds >= 2' "$out/status.json"
rv_check_schemas "$out"

# --- a complete run with the live report on ---
out=$tmp/o2
driver/ssd-review --drive "fc=$tmp/fc.img" --profile quick --suite four-corners --span 32M --yes \
	--live-every 1 --out "$out" 2>"$tmp/o2.err"
rv_check "a quick four-corners run with the live report exits 0" test $? = 0
rv_check "its status.json counts live rebuilds and their CPU time" \
	jq -e '.state == "complete" and .live.rebuilds >= 1 and .live.cpu_s >= 0' "$out/status.json"
rv_check "its final report is complete and has no trace of live" \
	bash -c "$(declare -f complete no_live); complete '$out/report/index.html' && no_live '$out/report/index.html'"
rv_check "its final report shows the four corners" grep -q 'href="tests/fc-4k-randwrite.html"' "$out/report/index.html"
if command -v chromium >/dev/null; then
	chrome --dump-dom "$out/report/index.html" >"$tmp/end.dom"
	grep -q '<h1>' "$tmp/end.dom" && ! grep -q 'id="live"\|LIVE' "$tmp/end.dom" &&
		rv_ok "Chromium at the end: the final report, no banner" || rv_fail "Chromium at the end: $(grep -o 'id="live"' "$tmp/end.dom")"
fi
rv_check_schemas "$out"

# --- --no-live ---
out=$tmp/o3
rv_background "$tmp/o3.err" driver/ssd-review --drive "n=$tmp/n.img" "${long[@]}" --no-live --yes --out "$out"
pid=$RV_PID
pids+=("$pid")
for _ in $(seq 1 300); do
	[ "$(jq -r '.test.id // empty' "$out/status.json" 2>/dev/null)" = "$running" ] && break
	sleep 0.2
done
sleep 4
rv_check "--no-live: no OUT/report/ while the run goes on" test ! -e "$out/report"
rv_check "--no-live: status.json says the live report is off" jq -e '.live == null' "$out/status.json"
kill -INT "$pid"
wait "$pid" 2>/dev/null
rv_check "--no-live: none after the interrupt either" test ! -e "$out/report"
exit $RV_FAILED
