#!/usr/bin/env bash
# Host test of driver/ssd-review: the quick four-corners suite through ssdeng and a
# small spec run through fio's libaio, on a regular file standing in for a drive. Checks every
# expected result with the right jobs, run.json and drive.json, that nothing outside the span
# was written, and that bad drives and options are refused.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_suite.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
span=$((64 * 1024 * 1024))

if [ ! -f engine/libssdeng.so ]; then
	echo "ok - # SKIP engine/libssdeng.so not built (make)"
	exit 0
fi

# a 256 MiB sparse file with a random MiB at 100 MiB: the review may touch only [0, 64 MiB)
truncate -s 256M "$tmp/drive.img"
head -c 1048576 /dev/urandom | dd of="$tmp/drive.img" bs=1M seek=100 conv=notrunc status=none
beyond() { tail -c +$((span + 1)) "$tmp/drive.img" | sha256sum | cut -d' ' -f1; }
before=$(beyond)

driver/ssd-review --drive fc=$tmp/drive.img --profile quick --suite four-corners --span 64M \
	--yes --out "$tmp/out" --no-report 2>"$tmp/fc.err"
rv_check "four-corners quick on a file exits 0" test $? = 0
d=$tmp/out/fc
expect_prep "$d"
expect_four_corners "$d"
expect_run_json "$d" 5
rv_check "run.json: drive span is 64 MiB" jq -e --argjson s $span '.drive.span_bytes == $s' "$d/run.json"
rv_check "the file is still 256 MiB" test "$(stat -c %s "$tmp/drive.img")" = 268435456
rv_check "nothing written beyond the 64 MiB span" test "$(beyond)" = "$before"
rv_check "progress lines name test i/n and the drive" grep -q '^\[3/5\] fc · fc-4k-randwrite · done in' "$tmp/fc.err"

driver/ssd-review --drive sp=$tmp/spec.img --profile quick --suite spec --engine libaio \
	--only spec-4k-randread-qd1,spec-128k-seqwrite --out "$tmp/out" --no-report 2>"$tmp/spec.err"
rv_check "spec subset through fio's libaio exits 0" test $? = 0
expect_job "$tmp/out/sp" spec-128k-seqwrite write 128k 1 128
expect_job "$tmp/out/sp" spec-4k-randread-qd1 randread 4k 1 1
rv_check "spec-4k-randread-qd1: json+ latency bins present" jq -e '.jobs[0].read.clat_ns.bins | length > 0' "$tmp/out/sp/spec-4k-randread-qd1.json"
rv_check "spec run used ioengine=libaio" jq -e '."global options".ioengine == "libaio"' "$tmp/out/sp/spec-128k-seqwrite.json"
rv_check "run.json of the spec subset: 2 tests done" jq -e '[.tests[] | select(.status == "done")] | length == 2' "$tmp/out/sp/run.json"
rv_check_schemas "$tmp/out"

# refusals: exit 2 and a message naming the problem
refuse() { # description pattern args...
	local d=$1 pat=$2 out rc; shift 2
	out=$(driver/ssd-review "$@" --out "$tmp/refused" 2>&1); rc=$?
	if [ "$rc" = 2 ] && grep -q -- "$pat" <<<"$out"; then rv_ok "refuses $d"; else rv_fail "refuses $d (rc=$rc: $out)"; fi
}
refuse "io_uring_cmd on a file" "NVMe namespaces only" --drive x=$tmp/drive.img --engine io_uring_cmd --profile quick
refuse "sg on a file" "SCSI devices only" --drive x=$tmp/drive.img --engine sg --profile quick
refuse "--purge without ssdctl or with --resume" "--purge" --drive x=$tmp/drive.img --purge crypto --confirm S1 --resume
refuse "an unknown suite" "--suite" --drive x=$tmp/drive.img --suite vdbench
refuse "a bad label" "LABEL must be" --drive "a/b=$tmp/drive.img"
refuse "a missing device" "no such file or device" --drive x=/nonexistent/dir/dev
refuse "a group of one drive" "at least two drives" --group g=$tmp/a --profile quick
refuse "--client mixed with --drive" "cannot be mixed" --client h:1=a:/dev/x --drive x=$tmp/drive.img
refuse "--client without a span" "give --span" --client h:1=a:/dev/x --yes
refuse "--client without --yes" "add --yes" --client h:1=a:/dev/x --profile quick
refuse "a bad --client" "HOST\[:PORT\]=LABEL:DEV" --client h=/dev/x --profile quick
refuse "a file with data without --yes" "is an existing file of 268435456 bytes.*add --yes" \
	--drive x=$tmp/drive.img --profile quick
rv_check "the refused file is untouched" test "$(beyond)" = "$before"
refuse "the same file twice" "the same drive as --drive d=$tmp/new.img" \
	--drive d=$tmp/new.img --drive e=$tmp/new.img --profile quick
refuse "the same file in a group and a drive" "the same drive as --drive d=$tmp/new.img" \
	--drive d=$tmp/new.img --group g=a:$tmp/b.img,b:$tmp/new.img --profile quick
refuse "one file twice in a group (named apart)" "the same drive as --group g: a=$tmp/new.img" \
	--group g=a:$tmp/new.img,b:$tmp/./new.img --profile quick
refuse "one file twice in a group (not named): the same drive, not a name to give" \
	"the same drive as --group g: new.img=$tmp/new.img" \
	--group g=$tmp/new.img,$tmp/new.img --profile quick
refuse "two drives of a group named alike by the user" "drive name 'a' given twice$" \
	--group g=a:$tmp/p.img,a:$tmp/q.img --profile quick
mkdir -p "$tmp/x" "$tmp/y"
driver/ssd-review --group g=$tmp/x/d.img,$tmp/y/d.img --profile quick --dry-run --out "$tmp/refused" 2>&1 |
	grep -q "given twice (name them M:DEV)" && driver/ssd-review --group g=a:$tmp/x/d.img,b:$tmp/y/d.img \
	--profile quick --suite four-corners --dry-run --out "$tmp/refused" >/dev/null &&
	rv_ok "two files of one name in a group: named as the advice says, accepted" ||
	rv_fail "two files of one name in a group, named: refused"
if [ -e /dev/null ]; then
	refuse "a character device that is neither ng nor sg" "neither an NVMe generic" --drive x=/dev/null --yes
fi
exit $RV_FAILED
