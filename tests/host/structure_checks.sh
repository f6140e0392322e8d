#!/usr/bin/env bash
# The structure checks `make` runs (make check-stages: scripts/check-reporter-stages,
# check-include-cycles by file, by folder and by component, check-include-paths) pass on the tree,
# and each fails, naming the breach, when one is injected into a copy of the tree's sources: an
# include circle between two files, between two folders, between two components; a reporter
# stage including an earlier or a later stage's header; analyse/ opening a file; an include
# written beside its file; an include that names two files.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(make -s --no-print-directory check-stages 2>&1) && ok "the tree: make check-stages passes" ||
	fail "the tree: $out"
mkdir -p "$tmp/t"

# a copy of what the checks read (the components' sources, scripts/, the Makefile) in $tmp/t;
# each breach is made in it and undone after
git ls-files -z -co --exclude-standard -- Makefile scripts engine reporter driver record pts catalogue apps |
	xargs -0 cp --parents -t "$tmp/t"
# the commands make check-stages runs, as the Makefile says them (run in the copy by bash -e, which
# stops at the first failing one as make does; make itself parses the Makefile's shell calls each
# time, which a loaded machine makes slow)
cmds=$(make -s -n --no-print-directory check-stages | sed 's/^@//')
[ -n "$cmds" ] && ok "make check-stages runs $(printf '%s\n' "$cmds" | wc -l) commands" || fail "make -n check-stages: nothing"
checks() { (cd "$tmp/t" && bash -ec "$cmds"); }

out=$(checks 2>&1) && ok "the copy: passes before any breach" || fail "the copy: $out"

# breach NAME FILE LINE PATTERN - append LINE to FILE in the copy; the checks must exit non-zero
# and print PATTERN (grep -E); FILE is put back after
breach() {
	local name=$1 file=$2 line=$3 pat=$4 rc=0
	printf '%s\n' "$line" >>"$tmp/t/$file"
	checks >"$tmp/out" 2>&1 || rc=$?
	if [ "$rc" != 0 ] && grep -qE -- "$pat" "$tmp/out"; then
		ok "$name: the checks fail (exit $rc), naming it"
	else
		fail "$name: exit $rc, no '$pat' in: $(head -c 800 "$tmp/out")"
	fi
	cp "$file" "$tmp/t/$file"
}

breach "two files in a circle" engine/transport/scsi_sg_dev.h '#include "transport/scsi_sg_lane.h"' \
	'include circle among 2 modules|transport/scsi_sg_dev -> transport/scsi_sg_lane'
breach "two folders in a circle" engine/host/sgio.c '#include "core/transport.h"' \
	'include circle among 2 folders'
breach "two components in a circle" record/json.c '#include "apps/apps.h"' \
	'include circle among 2 components:|record -> apps'
breach "parse/ includes analyse/" reporter/parse/log_interval.h '#include "analyse/stats.h"' \
	'reporter/parse/log_interval.h:[0-9]+:#include "analyse/stats.h" +\(parse/ -> analyse/\)'
breach "render/ includes parse/" reporter/render/section_table.c '#include "parse/run_status.h"' \
	'\(render/ -> parse/\)'
breach "analyse/ includes render/" reporter/analyse/stats.c '#include "render/format.h"' \
	'\(analyse/ -> render/\)'
breach "model/ includes analyse/" reporter/model/model.c '#include "analyse/stats.h"' \
	'\(model/ -> analyse/\)'
breach "analyse/ opens a file" reporter/analyse/stats.c 'static void *opens(void) { return fopen("x", "r"); }' \
	'analyse/ and render/ open no file'
breach "an include written beside its file" reporter/analyse/figures.c '#include "stats.h"' \
	'reporter/analyse/figures.c:[0-9]+: #include "stats.h" +not written from a component'"'"'s root'

# one include naming two files: reporter/common/ssd_log.h beside engine's, under -Iengine -Ireporter
mkdir -p "$tmp/t/reporter/common" && printf '/* a second ssd_log.h */\n' >"$tmp/t/reporter/common/ssd_log.h"
rc=0
checks >"$tmp/out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -qE '#include "common/ssd_log.h" +names 2 files: engine/common/ssd_log.h, reporter/common/ssd_log.h' "$tmp/out" &&
	ok "an include that names two files: the checks fail (exit $rc), naming both" ||
	fail "two files: exit $rc: $(head -c 800 "$tmp/out")"
rm -rf "$tmp/t/reporter/common"

# and make itself fails on a breach (once: the rule is the commands above)
printf '#include "parse/run_status.h"\n' >>"$tmp/t/reporter/render/section_table.c"
rc=0
make -s --no-print-directory -C "$tmp/t" check-stages >"$tmp/out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -q '(render/ -> parse/)' "$tmp/out" && ok "make check-stages in the copy fails (exit $rc) on a breach" ||
	fail "make: exit $rc: $(head -c 800 "$tmp/out")"
# no two files call each other (scripts/check-call-circles over the objects, make check-calls):
# the tree's build passes; two objects that take each other's functions fail, named
out=$(scripts/check-call-circles build 2>&1) && ok "the tree's objects: no call circle" || fail "call circles: $out"
mkdir -p "$tmp/b/engine/x" "$tmp/b/tests/unit"
printf 'int g(int);\nint f(int x) { return x ? g(x - 1) : 0; }\n' >"$tmp/b/a.c"
printf 'int f(int);\nint g(int x) { return x ? f(x - 1) : 1; }\nint h(int x) { return x; }\n' >"$tmp/b/b.c"
printf 'int h(int);\nint k(int x) { return h(x); }\n' >"$tmp/b/c.c"
cc -c "$tmp/b/a.c" -o "$tmp/b/engine/x/a.o" && cc -c "$tmp/b/b.c" -o "$tmp/b/engine/x/b.o" &&
	cc -c "$tmp/b/c.c" -o "$tmp/b/engine/x/c.o" && cp "$tmp/b/engine/x/a.o" "$tmp/b/tests/unit/t.o"
rc=0
scripts/check-call-circles "$tmp/b" >"$tmp/out" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q 'circle 1: 2 files call each other' "$tmp/out" &&
	grep -q 'engine/x/a.c -> engine/x/b.c: g' "$tmp/out" && grep -q 'engine/x/b.c -> engine/x/a.c: f' "$tmp/out" &&
	! grep -q 'c.c\|tests/' "$tmp/out" &&
	ok "two files calling each other: check-call-circles fails (exit $rc), naming both and the functions (c.c's one-way call is none)" ||
	fail "call circle: exit $rc: $(head -c 800 "$tmp/out")"
lab_done
