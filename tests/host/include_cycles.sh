#!/usr/bin/env bash
# sanitize: yes
# The include graph of driver/ has no circle, between files (a module is X.c with X.h) nor
# between its folders (they form layers: driver/README.md), as scripts/check-include-cycles
# reads it; and the script itself finds a circle it is shown: three modules in a ring and a
# folder pair, each named with the include that closes it.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(scripts/check-include-cycles driver 2>&1) && ok "driver/: no include circle between modules" ||
	fail "driver/: $out"
out=$(scripts/check-include-cycles --folders driver 2>&1) && ok "driver/: its folders form layers" ||
	fail "driver/ folders: $out"

# a ring a -> b -> c -> a (a.c includes b.h, b.h includes c.h, c.c includes a.h), d outside it
mkdir -p "$tmp/src/x" "$tmp/src/y"
printf '#include "b.h"\n' >"$tmp/src/a.c"
printf '' >"$tmp/src/a.h"
printf '#include "c.h"\n' >"$tmp/src/b.h"
printf '#include "a.h"\n#include <stdio.h>\n#include "missing.h"\n' >"$tmp/src/c.c"
printf '' >"$tmp/src/c.h"
printf '#include "a.h"\n' >"$tmp/src/d.c"
scripts/check-include-cycles "$tmp/src" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'include circle among 3 modules' "$tmp/out" &&
	grep -q 'a -> b   (a.c: #include "b.h")' "$tmp/out" && grep -q 'c -> a   (c.c: #include "a.h")' "$tmp/out" &&
	! grep -q '^  d ' "$tmp/out" && ok "a ring of three modules: found, exit 1, d left out" ||
	fail "ring: exit $rc: $(cat "$tmp/out")"

# folders: x/p.c uses y/q.h and y/r.c uses x/s.h (by the folder path, as -Isrc finds them): no
# module circle, a folder circle
rm -f "$tmp/src"/*.[ch]
printf '#include "y/q.h"\n' >"$tmp/src/x/p.c"
printf '' >"$tmp/src/x/s.h"
printf '' >"$tmp/src/y/q.h"
printf '#include "x/s.h"\n' >"$tmp/src/y/r.c"
scripts/check-include-cycles "$tmp/src" >"$tmp/out" 2>&1 && ok "x and y: no module circle" ||
	fail "x and y modules: $(cat "$tmp/out")"
scripts/check-include-cycles --folders "$tmp/src" >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q 'include circle among 2 folders' "$tmp/out" &&
	grep -q 'x -> y   (x/p.c: #include "y/q.h")' "$tmp/out" && ok "x <-> y: a folder circle, exit 1" ||
	fail "folders: exit $rc: $(cat "$tmp/out")"
scripts/check-include-cycles "$tmp/none" >/dev/null 2>&1
[ $? = 2 ] && ok "a missing directory: exit 2" || fail "a missing directory: not exit 2"
lab_done
