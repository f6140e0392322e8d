#!/usr/bin/env bash
# Host test of driver/ssd-review's provenance (issue: runs you can trust for hours), on regular
# files and, where losetup works, a loop device standing in for drives:
#  - every run writes a manifest into run.json, and every test the id of the manifest it ran
#    under, with its catalogue entry, family, title and parameters;
#  - --resume continues only what the same request measured: results of a file resumed with
#    a loop device over it, or without the profile they were measured with, are refused
#    naming each difference, and nothing is touched;
#  - a rerun into an --out that holds results is refused without --resume or --overwrite;
#    --overwrite moves them aside (never deletes them); --resume --out DIR alone resumes from
#    the manifest; results without a manifest are not resumed;
#  - a label starting with '.' is refused before anything is written;
#  - ssdreport shows the run's host, manifest and command, and keeps a result another run made
#    (copied into the directory) out of the report, naming it.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_provenance.XXXXXX")
loop=
cleanup() {
	[ -z "$loop" ] || losetup -d "$loop" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
rv_need_built
rv_private_locks "$tmp"
out=$tmp/out d=$tmp/out/a
args=(--drive "a=$tmp/a4.img" --profile quick --suite four-corners --only fc-4k-randread,fc-4k-randwrite
	--span 32M --out "$out" --no-report)
stamp() { find "$1" -type f -printf '%P %i %T@\n' | sort | sha256sum; }

driver/ssd-review "${args[@]}" 2>"$tmp/run1.err"
rv_check "first run exits 0" test $? = 0
rv_check "run.json: a manifest (schema ssdeng.manifest.v1, an id, the request, the drive, fio, host)" \
	jq -e '.manifest | .schema == "ssdeng.manifest.v1" and (.id | test("^[0-9a-f]{16}$"))
		and .request.profile == "quick" and .request.suite == "four-corners" and .request.engine == "ssdeng"
		and .request.engine_option == "transport=auto" and .drive.label == "a" and .drive.kind == "file"
		and .drive.span_bytes == 33554432 and (.drive.identity.path | endswith("/a4.img"))
		and (.software.fio | startswith("fio-")) and (.host.name | length > 0)' "$d/run.json"
rv_check "drive.json: the file fio laid out has its length (size_bytes)" \
	jq -e '.size_bytes == 33554432 and .span_bytes == 33554432' "$d/drive.json"
rv_check "run.json: each test ran under that manifest" \
	jq -e '.manifest.id as $m | all(.tests[]; .manifest_id == $m)' "$d/run.json"
rv_check "run.json: each test names its catalogue entry, family, title and parameters" \
	jq -e '.tests[0] | .entry == "fc-{bs}-randread" and .family == "four-corners" and .title == "4K random read"
		and .params == {rw: "randread", bs: "4k", bssplit: null, rwmix_read: null, threads: 8, depth: 32, rate_pct: null, region: "span"}' "$d/run.json"
rv_check "run.json: the command that resumes the run" jq -e --arg o "$out" \
	'.resume_command | endswith("ssd-review --resume --out \($o)")' "$d/run.json"
before=$(stamp "$out")

# resumed with a loop device over the same file: another drive kind and node, refused
if loop=$(losetup -f --show "$tmp/a4.img" 2>/dev/null); then
	err=$(driver/ssd-review "${args[@]/a=$tmp\/a4.img/a=$loop}" --resume --yes 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -q "drive.kind: \"file\" in the results, \"blk\" now" <<<"$err" &&
		grep -q "drive.device: \"$tmp/a4.img\" in the results, \"$loop\" now" <<<"$err"; then
		rv_ok "--resume with $loop over the file's results is refused naming kind and device"
	else
		rv_fail "--resume with $loop over the file: rc=$rc $err"
	fi
	losetup -d "$loop"
	loop=
else
	err=$(driver/ssd-review "${args[@]/a=$tmp\/a4.img/a=$tmp/b.img}" --resume 2>&1)
	rc=$?
	[ "$rc" = 2 ] && grep -q "drive.device: \"$tmp/a4.img\" in the results, \"$tmp/b.img\" now" <<<"$err" &&
		rv_ok "--resume on another file is refused naming the device (no loop device here)" ||
		rv_fail "--resume on another file: rc=$rc $err"
fi
# resumed without --profile quick: the full profile's request, refused
noquick=()
for a in "${args[@]}"; do [ "$a" = --profile ] || [ "$a" = quick ] || noquick+=("$a"); done
err=$(driver/ssd-review "${noquick[@]}" --resume --yes 2>&1)
rc=$?
if [ "$rc" = 2 ] && grep -q 'profile: "quick" in the results, "full" now' <<<"$err" &&
	grep -q 'curve_points: \[50\] in the results' <<<"$err"; then
	rv_ok "--resume without --profile quick is refused naming profile and its points"
else
	rv_fail "--resume without --profile quick: rc=$rc $err"
fi
# a rerun without --resume or --overwrite
# resumed under a new label: the same drive in a second column, refused naming its label
rv_refused "--resume under a new label for the same drive is refused, naming the results' label" \
	"holds the results of this drive under label 'a', not 'b': resume them with --drive a=$tmp/a4.img" \
	driver/ssd-review "${args[@]/a=$tmp\/a4.img/b=$tmp/a4.img}" --resume --yes
rv_check "... and wrote no folder for the new label" test ! -e "$out/b"
rv_refused "a rerun into the same --out is refused without --resume or --overwrite" \
	"$d holds the results of an earlier run (started .*): add --resume .* or --overwrite" \
	driver/ssd-review "${args[@]}" --yes
rv_check "the refused runs touched nothing in --out" test "$(stamp "$out")" = "$before"

# --resume --out DIR alone: the run from its manifest, every test kept
(cd / && "$OLDPWD/driver/ssd-review" --resume --out "$out" 2>"$tmp/run2.err")
rv_check "--resume --out DIR alone exits 0 (from another directory)" test $? = 0 || sed "s/^/# /" "$tmp/run2.err"
rv_check "... and keeps both tests" jq -e '[.tests[] | .resumed] == [true, true] and .resume == true' "$d/run.json"
rv_check "... under the same manifest id" jq -e '.manifest.id == .previous_runs[0].manifest.id' "$d/run.json"

# --overwrite: the earlier results move to OUT/.overwritten/, nothing is deleted
ino=$(stat -c %i "$d/fc-4k-randread.json")
driver/ssd-review "${args[@]}" --yes --overwrite 2>"$tmp/run3.err"
rv_check "--overwrite exits 0" test $? = 0
moved=$(ls -d "$out"/.overwritten/a-* 2>/dev/null | head -n1)
rv_check "--overwrite moved the earlier results to OUT/.overwritten/a-<time>/" \
	test -n "$moved" -a "$(stat -c %i "$moved/fc-4k-randread.json" 2>/dev/null)" = "$ino"
rv_check "... with their run.json" jq -e '.tests | length == 2' "$moved/run.json"
rv_check "the new run starts afresh (no previous runs, new results)" \
	jq -e '.previous_runs == [] and all(.tests[]; .status == "done" and .resumed == null)' "$d/run.json"

# the report: the run's host, manifest and command in its header; a result another run made,
# copied into the directory, is named as not this run's and kept out of the tables
if [ -x reporter/ssdreport ]; then
	# a sparse file: the read measures holes the drive never stored, and says so
	truncate -s 32M "$tmp/o.img"
	driver/ssd-review --drive "o=$tmp/o.img" --profile quick --suite four-corners --only fc-64k-read \
		--span 32M --out "$tmp/other" --no-report --yes 2>"$tmp/other.err"
	rv_check "run.json: a read of a sparse file records the span it read unwritten" \
		jq -e '.tests[0].span_unwritten_bytes == 33554432' "$tmp/other/o/run.json"
	reporter/ssdreport -q -o "$tmp/orep" --no-charts "$tmp/other" 2>/dev/null
	rv_check "... and its report says so above the numbers" \
		grep -q 'fc-64k-read on o read .* of its span that had never been written' "$tmp/orep/report.md"
	cp "$tmp/other/o/fc-64k-read.json" "$d/"
	reporter/ssdreport -o "$tmp/rep" --no-charts "$d" 2>"$tmp/rep.err"
	rc=$? mid=$(jq -r .manifest.id "$d/run.json")
	rv_check "ssdreport over the results exits 0" test "$rc" = 0
	rv_check "... its header names the host, the run's manifest and command" bash -c "
		grep -qF -- '- **Host**: $(jq -r .manifest.host.name "$d/run.json")' '$tmp/rep/report.md' &&
		grep -qF -- '- **Run manifest**: $mid (created ' '$tmp/rep/report.md' &&
		grep -qF -- '- **Command**: driver/ssd-review --drive a=$tmp/a4.img' '$tmp/rep/report.md'"
	rv_check "... another run's result is named as not this run's, in a warning and on the page" bash -c "
		grep -qF 'fc-64k-read.json: not a result of this run: run.json (manifest $mid) does not record fc-64k-read' '$tmp/rep.err' &&
		grep -qF 'Not read: ${d##*/}/fc-64k-read.json: not a result of this run' '$tmp/rep/report.md'"
	rv_check "... a regular file's logical block is not applicable, not unknown" \
		grep -qF '| Logical block | n/a (a file) |' "$tmp/rep/report.md"
	rv_check "... and kept out of the four-corners table" bash -c "
		! grep -q '64K sequential read' '$tmp/rep/report.md' && grep -q '4K random read at 8T/32Q' '$tmp/rep/report.md'"
	rm -f "$d/fc-64k-read.json"
fi

# results without a manifest (an older driver's) are not resumed
jq 'del(.manifest)' "$d/run.json" >"$tmp/old.json" && cp "$tmp/old.json" "$d/run.json"
rv_refused "results without a manifest are not resumed" "holds results without a manifest" \
	driver/ssd-review "${args[@]}" --yes --resume

# a label starting with '.' (ssdreport skips hidden directories) is refused before writing
rv_refused "a label starting with '.' is refused" "LABEL must be .* start with a letter or a digit" \
	driver/ssd-review --drive ".a=$tmp/c.img" --profile quick --out "$tmp/dot"
rv_check "... before anything is written" test ! -e "$tmp/dot"
exit $RV_FAILED
