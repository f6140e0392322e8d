#!/usr/bin/env bash
# Host test of driver/ssd-review's checks before the first write and of failure reasons, on
# regular files (and a loop device where losetup works) standing in for drives:
#  - a drive or engine option that cannot work (a missing /dev node, an option the engine does
#    not know, one out of its range, nvme_write_mode=zeroes or transport=nvme on a block
#    device or file, a file made immutable) stops the run with exit status 2 and the engine's
#    or fio's own message, before anything is written: the drive's bytes are unchanged and no
#    results directory is created;
#  - a --span larger than the drive is refused (exit 2, nothing written); a loop device with no file attached and a file
#    whose file system has no room for its span are refused, saying so;
#  - a test that fails mid-run (the file made immutable between two tests) records the
#    engine's own line as its reason in run.json and the report, without fio's O_DIRECT guess.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_refusals.XXXXXX")
loop= attr= full=
cleanup() {
	[ -z "$attr" ] || chattr -i "$attr" 2>/dev/null
	[ -z "$loop" ] || losetup -d "$loop" 2>/dev/null
	[ -z "$full" ] || umount "$full" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
rv_need_built
rv_private_locks "$tmp"
# a drive holding data: 64 MiB of random bytes
head -c $((64 << 20)) /dev/urandom >"$tmp/d.img"
sum() { sha256sum "$tmp/d.img" | cut -d' ' -f1; }
before=$(sum)
dev=$tmp/d.img
loop=$(losetup -f --show "$tmp/d.img" 2>/dev/null) && dev=$loop

# refused DESCRIPTION PATTERN ARGS...: exit 2, the message, nothing written
refused() {
	local d=$1 pat=$2 out rc
	shift 2
	out=$(driver/ssd-review "$@" --profile quick --yes --out "$tmp/out" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -q -- "$pat" <<<"$out" && ! grep -q "O_DIRECT" <<<"$out" &&
		[ ! -e "$tmp/out" ] && [ "$(sum)" = "$before" ]; then
		rv_ok "$d: exit 2 before writing, with the reason"
	else
		rv_fail "$d: rc=$rc, out $(ls "$tmp/out" 2>&1 | head -1): $out"
	fi
}
refused "--drive x=/dev/nvme9n1 (no such device)" "--drive x=/dev/nvme9n1: no such file or device" \
	--drive x=/dev/nvme9n1
refused "--engine-opt bogus=1" "fio refuses the job: Bad option <bogus=1>" --drive "x=$dev" --engine-opt bogus=1
refused "--engine-opt scsi_timeout=-5" "ssdeng: scsi_timeout=-5 is not valid: expected an integer from 1 to 3600000" \
	--drive "x=$dev" --engine-opt scsi_timeout=-5
refused "--engine-opt nvme_write_mode=zeroes on $dev" \
	"a read-only probe with ssdeng (nvme_write_mode=zeroes) fails: ssdeng: $dev: nvme_write_mode=zeroes needs an NVMe namespace" \
	--drive "x=$dev" --engine-opt nvme_write_mode=zeroes
refused "--engine-opt transport=nvme on $dev" "transport=nvme cannot drive it" --drive "x=$dev" --engine-opt transport=nvme
refused "--engine-opt with a bad value for fio's own engine" "fio refuses the job" \
	--drive "x=$dev" --engine libaio --engine-opt userspace_reap=maybe
refused "a group with one drive that cannot work" "--group g: n=/dev/nvme9n1: no such file or device" \
	--group "g=m:$tmp/m.img,n:/dev/nvme9n1"
rv_check "no file was created in /dev" test ! -e /dev/nvme9n1
# --only that leaves out the fill the suite runs first: said, naming it; with the fill chosen, nothing
note=$(driver/ssd-review --drive "x=$tmp/n.img" --profile quick --suite four-corners --only fc-4k-randread --out "$tmp/n" --dry-run 2>&1 >/dev/null)
none=$(driver/ssd-review --drive "x=$tmp/n.img" --profile quick --suite four-corners --only prep-128k-seqfill,fc-4k-randread --out "$tmp/n" --dry-run 2>&1 >/dev/null)
grep -q "note: --only leaves out prep-128k-seqfill" <<<"$note" && ! grep -q "leaves out" <<<"$none" &&
	rv_ok "--only without the fill: a note names it (none when the fill is chosen)" || rv_fail "--only note: '$note' / '$none'"
# a --span larger than the drive: refused before anything is written (never the whole drive
# instead), saying what is allowed; in a group too
what=file
[ -b "$dev" ] && what=drive
refused "--span 1G on a 64 MiB $what" \
	"--drive x=$dev: --span 1073741824 bytes is more than the $what's 67108864 bytes (64 MiB): give a --span from 16M to 64M, or none to test the whole $what" \
	--drive "x=$dev" --span 1G
refused "--span 1G on a group with a 64 MiB $what" "--group g: m=$dev: --span 1073741824 bytes is more than the $what's 67108864 bytes" \
	--group "g=m:$dev,n:$tmp/g2.img" --span 1G
if [ -n "$loop" ]; then
	losetup -d "$loop"
	refused "a loop device with no file attached" "--drive x=$loop: a loop device with no file attached (losetup $loop FILE attaches one)" \
		--drive "x=$loop"
	loop=
fi

# a file whose file system has no room for its span: refused before the first write
full=$tmp/full
if mkdir "$full" && mount -t tmpfs -o size=8M tmpfs "$full" 2>/dev/null; then
	refused "a file on a file system without room for its span" \
		"--drive x=$full/f.img: its file system has 8 MiB free, and the review's spans on it need 32 MiB more than their files hold" \
		--drive "x=$full/f.img" --span 32M
	rv_check "... and made no file there" test ! -e "$full/f.img"
	umount "$full"
else
	rv_ok "# SKIP a file system without room: cannot mount a tmpfs here (not root)"
fi
full=

# a file made immutable: refused before the first write, in the engine's words
attr=$tmp/d.img
if chattr +i "$attr" 2>/dev/null; then
	refused "an immutable file" "cannot open for writing: Operation not permitted; the file is immutable (chattr -i)" \
		--drive "x=$attr"
	chattr -i "$attr"
	# ... and one made immutable between two tests: the engine's line is the reason
	rv_background "$tmp/mid.err" driver/ssd-review --drive "x=$attr" --suite four-corners \
		--only fc-4k-randread,fc-4k-randwrite --profile quick --span 32M --yes --out "$tmp/mid"
	rv_wait_fio "$tmp/mid" "$RV_PID"
	chattr +i "$attr"
	wait "$RV_PID"
	rc=$?
	chattr -i "$attr"
	rv_check "a test failing mid-run: exit 1" test "$rc" = 1
	reason=$(jq -r '.tests[1].reason' "$tmp/mid/x/run.json" 2>/dev/null)
	want="ssdeng: $attr: cannot open: Operation not permitted; the file is immutable (chattr -i)"
	rv_check "run.json: fc-4k-randwrite failed; its reason is the engine's line ($reason)" test "$reason" = "$want"
	rv_check "run.json: fc-4k-randread done before it" jq -e '.tests[0].status == "done" and .tests[1].status == "failed"' "$tmp/mid/x/run.json"
	rv_check "the progress line says the same" \
		bash -c "grep 'fc-4k-randwrite · FAILED (fio exit [0-9]*): ' '$tmp/mid.err' | grep -qF '$want'"
	if [ -x reporter/ssdreport ]; then
		rv_check "the report lists fc-4k-randwrite with that reason" \
			bash -c "grep -F 'fc-4k-randwrite on x did not complete: failed: ' '$tmp/mid/report/report.md' | grep -q 'immutable (chattr -i)'"
	fi
else
	rv_ok "# SKIP chattr +i not supported on $tmp (or not root)"
fi
attr=
exit $RV_FAILED
