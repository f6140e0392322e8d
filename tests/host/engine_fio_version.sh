#!/usr/bin/env bash
# An engine built for another fio says so at load time, once, in words, and the job fails before
# any I/O: build/tests/engine/libssdeng-fio-3.41.so is the glue compiled to believe its fio
# source was fio-3.41 (Makefile: OTHER_FIO_SO), loaded here by the installed fio.
. tests/lab/lib.sh
repo=$PWD
so=$repo/${BUILD:-build}/tests/engine/libssdeng-fio-3.41.so
f=$repo/build/host-fio-version.dat
have=$(fio --version | head -n1)
[ -f "$so" ] || { fail "$so missing (make unit builds it)"; lab_done; }
rm -f "$f"

rc=0
err=$(fio --name=a --name=b --ioengine=external:"$so" --filename="$f" --size=1M --rw=write \
	--bs=4k 2>&1) || rc=$?
want="libssdeng.so was built for fio-3.41 but this fio is $have: run make (it fetches the matching source) or make FIO_SRC=/path/to/$have"
n=$(printf '%s\n' "$err" | grep -cxF "$want")
[ "$n" = 1 ] && ok "the version message, once, for two jobs: $want" ||
	fail "expected the version message once, got it $n times in: $err"
[ "$rc" != 0 ] && ok "fio exits with status $rc" || fail "fio exited 0 with an engine built for another fio"
case $err in
*"Segmentation"* | *"Aborted"* | *"core dumped"*) fail "fio crashed: $err" ;;
*) ok "no crash" ;;
esac
[ ! -e "$f" ] && ok "no I/O: the job's file was never created" || fail "the job ran: $f exists"

# the engine built against the matching source loads silently
out=$(fio --name=m --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=1M \
	--rw=write --bs=4k 2>&1) && ! printf '%s' "$out" | grep -q "was built for" &&
	ok "the engine built for $have loads without the message" ||
	fail "the matching engine: $out"
rm -f "$f"
lab_done
