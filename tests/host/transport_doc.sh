#!/usr/bin/env bash
# docs/engine.md's transport tables are the engine's registry (engine/core/transport_registry.h)
# as build/engine/transport-doc prints them: scripts/transport-doc --check passes on the committed
# page, fails naming the page and showing the difference on a page whose table lost a row or
# lacks its markers, and scripts/transport-doc puts the registry's tables back, leaving the
# rest of the page byte for byte.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tool=build/engine/transport-doc
[ -x "$tool" ] || make -s "$tool" >/dev/null 2>&1

"$tool" >"$tmp/tables" 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
	ok "transport-doc prints the tables, nothing on stderr" || fail "transport-doc: $(head -2 "$tmp/err")"
# one line per registered transport: the names the transports give themselves
for t in nvme-uring nvme-ioctl scsi-sg block-aio; do
	grep -q "^| \`$t\` | " "$tmp/tables" || fail "no row of $t in the tables"
done
[ "$(grep -c '^| `[a-z-]*` | `[a-z]*` | ' "$tmp/tables")" = 4 ] && ok "four transport rows" ||
	fail "transport rows: $(grep -c '^| `[a-z-]*` | `[a-z]*` | ' "$tmp/tables")"

scripts/transport-doc --check >"$tmp/out" 2>&1 && ok "docs/engine.md's tables are the registry's" ||
	fail "docs/engine.md: $(tail -1 "$tmp/out")"

# a row gone from the page: --check fails, names the page and shows the row
grep -v '^| `scsi-sg` | ' docs/engine.md >"$tmp/engine.md"
DOC=$tmp/engine.md scripts/transport-doc --check >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "^+| \`scsi-sg\` | \`scsi\` | " "$tmp/out" &&
	grep -q "transport-doc: $tmp/engine.md: its transport tables are not the registry's" "$tmp/out" &&
	ok "a missing row: --check exits 1 naming the page, the row in its diff" ||
	fail "a missing row: exit $rc: $(tail -2 "$tmp/out")"
# rewritten: the page again, byte for byte
DOC=$tmp/engine.md scripts/transport-doc >/dev/null 2>&1 && cmp -s "$tmp/engine.md" docs/engine.md &&
	ok "scripts/transport-doc puts the row back, the rest of the page unchanged" ||
	fail "rewrite: $(diff docs/engine.md "$tmp/engine.md" | head -3)"

# no markers: a clear error, the page left as it was
grep -v '^<!-- transports: end -->' docs/engine.md >"$tmp/nomark.md"
cp "$tmp/nomark.md" "$tmp/nomark.orig"
DOC=$tmp/nomark.md scripts/transport-doc >"$tmp/out" 2>&1
rc=$?
[ $rc = 1 ] && grep -q "nomark.md: expected one line" "$tmp/out" && cmp -s "$tmp/nomark.md" "$tmp/nomark.orig" &&
	ok "a page without the end marker: exit 1 naming it, nothing written" ||
	fail "no marker: exit $rc: $(cat "$tmp/out")"

lab_done
