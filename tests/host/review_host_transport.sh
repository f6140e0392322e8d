#!/usr/bin/env bash
# What a review on a loop device names the host and the transport: ssd-review runs one test
# (fc-4k-randread, quick: about 5 s) on a 256 MiB loop device in a UTS namespace whose hostname is
# the kernel's "(none)" (a lab guest booted without one); the report's header names the host
# "unnamed host (..., no hostname set)", not "(none)", and the Drives table's Transport is
# "block" for the device the engine classified as a block device ("kind": "blk" in drive.json),
# not "?". Needs root (loop devices, unshare).
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
rv=${SSD_REVIEW:-$PWD/driver/ssd-review}
T="review host and transport"
[ -x "$rv" ] && [ -x reporter/ssdreport ] || { fail "$T: not built (make)"; lab_done; }
if [ "$(id -u)" != 0 ] || ! losetup -f >/dev/null 2>&1 || ! command -v unshare >/dev/null; then
	ok "$T # SKIP needs root, a free loop device and unshare"
	lab_done
fi
tmp=$(mktemp -d /tmp/review-host.XXXXXX)
export SSD_REVIEW_LOCK_DIR=$tmp/locks
mkdir -p "$SSD_REVIEW_LOCK_DIR"
cleanup() { release_image_loops "$tmp"; rm -rf "$tmp"; }
trap cleanup EXIT
t0=$(date +%s)
truncate -s 256M "$tmp/img.0"
dev=$(losetup -f --show "$tmp/img.0") || { fail "$T: losetup failed"; lab_done; }
unshare --uts sh -c 'echo "(none)" >/proc/sys/kernel/hostname && exec "$@"' sh \
	"$rv" --drive loop="$dev" --profile quick --only fc-4k-randread --yes --out "$tmp/out" >"$tmp/log" 2>&1
rc=$?
[ $rc = 0 ] && ok "$T: one test on $dev in a namespace with hostname (none): exit 0" ||
	fail "$T: exit $rc: $(tail -3 "$tmp/log")"
md=$tmp/out/report/report.md
[ "$(jq -r .kind "$tmp/out/loop/drive.json")" = blk ] && ok "$T: the engine classified $dev as a block device (kind blk)" ||
	fail "$T: drive.json kind $(jq -r .kind "$tmp/out/loop/drive.json")"
grep -q '^- \*\*Host\*\*: unnamed host (.*no hostname set)$' "$md" && ! grep -q '(none)' "$md" &&
	ok "$T: the header: $(grep '^- \*\*Host\*\*' "$md")" || fail "$T: header: $(grep '^- \*\*Host\*\*' "$md")"
[ "$(jq -r .manifest.host.name "$tmp/out/loop/run.json")" != "(none)" ] &&
	ok "$T: the run's manifest names it so too" || fail "$T: manifest host (none)"
grep -q '^| Transport | block |$' "$md" && ok "$T: Drives: Transport block" ||
	fail "$T: Drives: $(grep '^| Transport' "$md")"
grep -q '^| Metadata per block | n/a (a block device with no drive identity) |$' "$md" &&
	ok "$T: Drives: Metadata per block is not applicable, not '?'" ||
	fail "$T: Drives: $(grep '^| Metadata per block' "$md")"
echo "# $T took $(($(date +%s) - t0)) s"
lab_done
