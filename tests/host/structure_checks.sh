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

# fresh - a copy of what the checks read (the components' sources, scripts/, the Makefile) in
# $tmp/t, made anew for each breach
fresh() {
	rm -rf "$tmp/t" && mkdir -p "$tmp/t"
	git ls-files -z -co --exclude-standard -- Makefile scripts engine reporter driver record pts catalogue apps |
		xargs -0 cp --parents -t "$tmp/t" 2>/dev/null
	# files made by the build that the sources include (driver's version.h is given by -include)
	[ -f "$tmp/t/Makefile" ] || fail "copy: no Makefile"
}

# breach NAME FILE LINE PATTERN - append LINE to FILE in a fresh copy; make check-stages must
# exit non-zero and print PATTERN (grep -E)
breach() {
	local name=$1 file=$2 line=$3 pat=$4 rc=0
	fresh
	printf '%s\n' "$line" >>"$tmp/t/$file"
	make -s --no-print-directory -C "$tmp/t" check-stages >"$tmp/out" 2>&1 || rc=$?
	if [ "$rc" != 0 ] && grep -qE -- "$pat" "$tmp/out"; then
		ok "$name: make check-stages fails (exit $rc), naming it"
	else
		fail "$name: exit $rc, no '$pat' in: $(head -c 800 "$tmp/out")"
	fi
}

fresh
out=$(make -s --no-print-directory -C "$tmp/t" check-stages 2>&1) && ok "the copy: passes before any breach" ||
	fail "the copy: $out"

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
fresh
mkdir -p "$tmp/t/reporter/common" && printf '/* a second ssd_log.h */\n' >"$tmp/t/reporter/common/ssd_log.h"
rc=0
make -s --no-print-directory -C "$tmp/t" check-stages >"$tmp/out" 2>&1 || rc=$?
[ "$rc" != 0 ] && grep -qE '#include "common/ssd_log.h" +names 2 files: engine/common/ssd_log.h, reporter/common/ssd_log.h' "$tmp/out" &&
	ok "an include that names two files: make check-stages fails (exit $rc), naming both" ||
	fail "two files: exit $rc: $(head -c 800 "$tmp/out")"
lab_done
