#!/usr/bin/env bash
# The manual pages (man/): each renders with `man --warnings -l` and no warning at all; each names
# every option its command's --help lists (and each subcommand's --help: ssdreport compare and
# summary, ssdctl's commands), so an option added without a man entry fails here; each --help
# points to its page. And `make install` puts them under PREFIX/share/man, `make uninstall`
# removes them (their install-man and uninstall-man parts, into a DESTDIR: no root needed).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# options TEXT... - the options --help output names: --long and -x forms, one per line
options() {
	grep -oE -- '(^|[][ ,(|=`'"'"'])--?[A-Za-z][A-Za-z0-9-]*' | sed -E 's/^[][ ,(|=`'"'"']//' |
		grep -vE -- '^-[A-Za-z0-9]{2,}$' | sort -u
}

# page PAGE CMD HELP-ARGS... - check PAGE against the --help of CMD run with each HELP-ARGS (a
# quoted list of arguments, e.g. "compare --help")
page() {
	local page=$1 cmd=$2 args missing=""
	shift 2
	if [ ! -x "$cmd" ]; then
		fail "$page: $cmd not built"
		return
	fi
	out=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l "$page" 2>&1 >"$tmp/rendered")
	[ -z "$out" ] && [ -s "$tmp/rendered" ] && ok "$page: man --warnings -l renders it, no warning" ||
		fail "$page: warnings: $(printf '%s' "$out" | head -c 600)"
	# the page's text with roff's escapes undone: \- is -, \e is \, font changes dropped
	sed -E 's/\\-/-/g; s/\\e/\\/g; s/\\f[BIRP]//g; s/\\&//g' "$page" >"$tmp/src"
	: >"$tmp/opts"
	for args in "$@"; do
		# shellcheck disable=SC2086
		"$cmd" $args >"$tmp/help" 2>&1
		grep -v "^Manual: man " "$tmp/help" | options >>"$tmp/opts"
	done
	n=$(sort -u "$tmp/opts" | wc -l)
	for o in $(sort -u "$tmp/opts"); do
		grep -qE -- "(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|\$)" "$tmp/src" || missing="$missing $o"
	done
	[ "$n" -gt 3 ] && [ -z "$missing" ] && ok "$page: names all $n options of $cmd's --help" ||
		fail "$page: $n options; missing:$missing"
	"$cmd" --help 2>&1 | grep -qE "Manual: man (8 )?$(basename "${page%.*}")" &&
		ok "$page: $cmd --help points to it" || fail "$page: $cmd --help does not name the page"
}

page man/ssd-review.1 driver/ssd-review "--help"
page man/ssdreport.1 reporter/ssdreport "--help" "compare --help" "summary --help" "library --help"
page man/ssd-apps.1 apps/ssd-apps "--help"
page man/ssdctl.8 engine/ssdctl "--help" "info --help" "health --help" "purge --help" "probe --help" "cache --help"

# ssd-review's --library takes a file or a PostgreSQL URI and says how $SSDENG_LIBRARY is used, in
# its --help and its page alike
if [ -x driver/ssd-review ]; then
	driver/ssd-review --help 2>&1 | awk '/^  --library/ { on = 1 } on && /^  --[a-z]/ && !/^  --library/ { on = 0 } on' >"$tmp/lib-help"
	sed -E 's/\\-/-/g; s/\\e/\\/g' man/ssd-review.1 | awk '/^  --library/ { on = 1 } on && /^  --[a-z]/ && !/^  --library/ { on = 0 } on' >"$tmp/lib-man"
	grep -q -- '--library FILE|URI' "$tmp/lib-help" && grep -q 'postgresql://' "$tmp/lib-help" &&
		grep -q 'SSDENG_LIBRARY' "$tmp/lib-help" && cmp -s "$tmp/lib-help" "$tmp/lib-man" &&
		ok "ssd-review --library: FILE|URI, a postgresql:// URI and \$SSDENG_LIBRARY named, in --help and man/ssd-review.1" ||
		fail "ssd-review --library's help: $(cat "$tmp/lib-help") | page: $(cat "$tmp/lib-man")"
fi

# ssdreport's usage lines (--help's first paragraph, and the page's copy) name every subcommand
# its main() dispatches (the commands[] table), so one added without a usage line fails here
if [ -x reporter/ssdreport ]; then
	subs=$(sed -n '/^} commands\[\] = {/,/^};/p' reporter/cli/ssdreport_main.c | grep -oE '^    \{"[a-z]+"' | tr -dc 'a-z\n')
	reporter/ssdreport --help 2>&1 | sed '/^$/q' >"$tmp/usage"
	sed -E 's/\\-/-/g' man/ssdreport.1 | sed -n '/^usage: ssdreport/,/^$/p' >"$tmp/usage-man"
	missing=
	for c in $subs; do
		grep -q "^ *\(usage: \)\?ssdreport $c " "$tmp/usage" || missing="$missing $c(--help)"
		grep -q "^ *\(usage: \)\?ssdreport $c " "$tmp/usage-man" || missing="$missing $c(page)"
	done
	[ "$(wc -w <<<"$subs")" -ge 4 ] && [ -z "$missing" ] &&
		ok "ssdreport --help's usage and its page's name every subcommand ($(tr '\n' ' ' <<<"$subs"))" ||
		fail "ssdreport usage lines miss:$missing (subcommands: $subs)"
fi

# the check fails on a page that lacks an option: ssdctl.8 without "--dry-run"
sed 's/\\-\\-dry\\-run/--dry_run_gone/g' man/ssdctl.8 >"$tmp/ssdctl.8"
(page "$tmp/ssdctl.8" engine/ssdctl "purge --help") >"$tmp/neg" 2>&1
grep -q "^not ok - .*missing: --dry-run" "$tmp/neg" && ok "a page without --dry-run: the check names it missing" ||
	fail "negative: $(cat "$tmp/neg")"

# the pages' part of make install / make uninstall (install-man, uninstall-man: no build needed),
# into a DESTDIR
make -s --no-print-directory install-man DESTDIR="$tmp/d" PREFIX=/usr >/dev/null 2>&1
[ -f "$tmp/d/usr/share/man/man1/ssd-review.1" ] && [ -f "$tmp/d/usr/share/man/man1/ssdreport.1" ] &&
	[ -f "$tmp/d/usr/share/man/man1/ssd-apps.1" ] && [ -f "$tmp/d/usr/share/man/man8/ssdctl.8" ] &&
	ok "make install-man: the four pages under PREFIX/share/man/man1 and man8" ||
	fail "install: $(find "$tmp/d" -type f | head)"
make -s --no-print-directory uninstall-man DESTDIR="$tmp/d" PREFIX=/usr >/dev/null 2>&1
[ -z "$(find "$tmp/d" -type f)" ] && ok "make uninstall-man: removed" ||
	fail "uninstall left: $(find "$tmp/d" -type f)"
# the OPTIONS blocks quote each --help as the command prints it now (scripts/man-sync writes them)
scripts/man-sync --check >"$tmp/sync" 2>&1 && ok "man-sync: every OPTIONS block is its command's --help" ||
	fail "man-sync: $(head -2 "$tmp/sync" | tr '\n' ' ')"

lab_done
