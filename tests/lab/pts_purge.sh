#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=PTSPNV1 --scsi size=256M,serial=PTSPSC1 --scsi size=256M,hba=megasas,serial=PTSPMR1
# lab-timeout: 1800
# The SNIA PTS flow's purge and the drive's write cache on real command sets, quickly
# (pts_quick.sh and pts_sas.sh run the whole suite): what must stop a PTS run before anything is written (a purge method the drive
# refuses; 1024 KiB cells through NVMe passthrough on QEMU's 512 KiB-MDTS drive), then pts-wsat
# (purge, samples until 4 x the span is written) on an emulated NVMe drive purged by NVMe Format
# and on SCSI disks purged by FORMAT UNIT — behind virtio-scsi, and behind QEMU's MegaRAID
# (megasas), which fails every command without a data phase (TEST UNIT READY included) with
# HARDWARE ERROR 44/00, so the purge polls REQUEST SENSE — with run.json's record and the
# report's pts.html; each pts-wsat disables the drive's volatile write cache (PTS-E) and puts it
# back, and a driver killed mid-test leaves it for the --resume to restore.
. tests/lab/lib.sh
. tests/host/lib/review-checks.sh
rv_need_built
ctrl=$(lab_nvme_by_serial PTSPNV1) || { fail "no NVMe controller PTSPNV1"; lab_done; }
nvme=/dev/${ctrl#/dev/}n1
ng=/dev/ng${ctrl#/dev/nvme}n1
sg=$(lab_sg_by_serial PTSPSC1) || { fail "no SCSI disk PTSPSC1"; lab_done; }
mr=$(lab_sg_by_serial PTSPMR1) || { fail "no MegaRAID disk PTSPMR1"; lab_done; }
out=/tmp/pts-purge
rm -rf "$out" /tmp/pts-refused

head -c 1048576 /dev/urandom | dd of="$nvme" bs=1M count=1 oflag=direct status=none
before=$(dd if="$nvme" bs=1M count=1 iflag=direct status=none | sha256sum)
rv_refused "a purge the drive refuses (sanitize-block on QEMU NVMe) stops the run" "sanitize" \
	driver/ssd-review --drive nv="$nvme" --engine-opt transport=block --suite pts --profile quick --purge sanitize-block \
	--confirm PTSPNV1 --yes --out /tmp/pts-refused
rv_refused "1024 KiB cells through NVMe passthrough on a 512 KiB-MDTS drive stop the run" \
	"need 1048576-byte transfers" \
	driver/ssd-review --drive nv="$ng" --suite pts --profile quick --purge format \
	--confirm PTSPNV1 --yes --out /tmp/pts-refused
after=$(dd if="$nvme" bs=1M count=1 iflag=direct status=none | sha256sum)
rv_check "nothing was written to the drive by the refused runs" test "$before" = "$after"
rv_check "no result directory after the refused runs" test ! -e /tmp/pts-refused/nv

wsat() { # label device method serial [span MiB, 64]
	local t0 rc d=$out/$1 mib=${5:-64}
	t0=$(date +%s)
	driver/ssd-review --drive "$1=$2" --suite pts --only pts-wsat --profile quick --span ${mib}M \
		--purge "$3" --confirm "$4" --yes --no-report --out "$out" 2>"/tmp/pts-$1.err"
	rc=$?
	echo "# $1: pts-wsat took $(($(date +%s) - t0)) s in the guest"
	grep -E 'purge|round [0-9]+:|done in|FAILED' "/tmp/pts-$1.err" | sed 's/^/# /'
	rv_check "$1: ssd-review --suite pts --only pts-wsat --purge $3 exits 0" test "$rc" = 0
	rv_check "$1: pts-wsat done, purged by $3 (recorded), no WIPC" \
		jq -e --arg m "$3" '.tests[0] | .status == "done" and .pts.phases[0].purge.method == $m and .pts.phases[0].wipc == null' "$d/run.json"
	rv_check "$1: the samples wrote 4 x the $mib MiB span, as the round files say" \
		bash -c "jq -e '.tests[0].pts.phases[0] | .status == \"written\" and .bytes_written >= $((4 * mib << 20))' $d/run.json >/dev/null &&
			test \"\$(cat $d/pts-wsat/wsat-round-*.json | jq -s 'map(.jobs[0].write.io_bytes) | add')\" = \"\$(jq '.tests[0].pts.phases[0].bytes_written | floor' $d/run.json)\""
	cache_after "$1" "$2" "$d"
}
# cache_after LABEL DEV DIR: the test disabled the drive's volatile write cache (QEMU's drives
# start with it enabled) and put it back; or the drive refused, and the record says not compliant
cache_after() {
	local c
	c=$(jq -c '.tests[0].pts | {cache, write_cache, not_compliant}' "$3/run.json")
	echo "# $1: $c"
	if jq -e '.tests[0].pts.cache.outcome == "refused"' "$3/run.json" >/dev/null; then
		rv_check "$1: the drive refused to disable its write cache: named, not PTS compliant" \
			jq -e '.tests[0].pts | (.not_compliant | index("write cache could not be disabled")) != null and (.write_cache | startswith("write cache could not be disabled: not PTS compliant"))' "$3/run.json"
	else
		rv_check "$1: write cache disabled through the drive for the test (it was enabled), restored after it" \
			jq -e '.tests[0].pts.cache | .wanted == "disabled" and .original == true and .outcome == "set" and .restored == "restored"' "$3/run.json"
	fi
	rv_check "$1: ssdctl cache reads the drive's cache enabled again after the test" \
		bash -c "engine/ssdctl cache $2 --json | jq -e '.enabled == true'"
}
# QEMU's MegaRAID: a command without data fails (why TEST UNIT READY cannot be the poll), one
# with data in goes through; ssdctl's FORMAT UNIT purge completes there
sg_turs "$mr" >/tmp/pts-mr-tur.out 2>&1
rc=$?
rv_check "megasas: TEST UNIT READY fails with HARDWARE ERROR, internal target failure (44/00)" \
	bash -c "test $rc != 0 && grep -qi 'internal target failure' /tmp/pts-mr-tur.out"
rv_check "megasas: REQUEST SENSE goes through" sg_requests "$mr"
engine/ssdctl purge "$mr" --method format-unit --confirm PTSPMR1 >/tmp/pts-mr-purge.out 2>&1
rc=$?
sed 's/^/# /' /tmp/pts-mr-purge.out
rv_check "megasas: ssdctl purge --method format-unit completes (polled with REQUEST SENSE)" \
	bash -c "test $rc = 0 && grep -q 'FORMAT UNIT: completed' /tmp/pts-mr-purge.out && grep -q 'purge: done' /tmp/pts-mr-purge.out"
wsat nv "$nvme" format PTSPNV1
wsat sc "$sg" format-unit PTSPSC1
wsat mr "$mr" format-unit PTSPMR1 32 # QEMU's MegaRAID carries a third of virtio-scsi's IOPS

# a driver killed (SIGKILL: no handler runs) while its test has the cache disabled: the cache stays
# disabled until the --resume that goes on with the test restores the setting run.json kept
nk=/tmp/pts-purge-nk
rm -rf "$nk"
nkargs=(--drive nk="$nvme" --suite pts --only pts-wsat --profile quick --span 64M --purge format
	--confirm PTSPNV1 --yes --no-report --out "$nk")
set -m
driver/ssd-review "${nkargs[@]}" 2>/tmp/pts-nk1.err & # the driver itself: $! is its pid
pid=$!
set +m
for _ in $(seq 1 900); do
	[ "$(jq '.tests[0].pts.phases[0].rounds // [] | length' "$nk/nk/run.json" 2>/dev/null)" -ge 1 ] 2>/dev/null && break
	sleep 0.2
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null
# fio gets SIGTERM from its parent's death and stops in its own time (seconds in the guest); a
# resume refuses while it runs
for _ in $(seq 1 120); do
	pgrep -x fio >/dev/null || break
	sleep 0.5
done
rv_check "nk: the killed run left the cache disabled, as its record says (outcome set, not restored)" \
	bash -c "engine/ssdctl cache $nvme --json | jq -e '.enabled == false' && jq -e '.tests[0].pts.cache | .outcome == \"set\" and .original == true and .restored == null' $nk/nk/run.json"
t0=$(date +%s)
driver/ssd-review "${nkargs[@]}" --resume 2>/tmp/pts-nk2.err # WSAT cut short: purged and run again whole
rc=$?
echo "# nk: the resume took $(($(date +%s) - t0)) s"
grep -E 'write cache|round [0-9]+:|done in|FAILED' /tmp/pts-nk2.err | sed 's/^/# /'
[ "$rc" = 0 ] || tail -5 /tmp/pts-nk2.err | sed 's/^/# /'
rv_check "nk: --resume exits 0 and runs pts-wsat again whole: purged again, its rounds from 1 all in the second session" bash -c "test $rc = 0 && jq -e '.sessions[1].started as \$s2 | .tests[0] | .status == \"done\" and .pts.phases[0].resumed_after_round == null and .pts.phases[0].purge.done >= \$s2 and ([.pts.phases[0].rounds[].round] == [range(1; (.pts.phases[0].rounds | length) + 1)]) and all(.pts.phases[0].rounds[]; .ended >= \$s2)' $nk/nk/run.json"
cache_after nk "$nvme" "$nk/nk"
if [ -x reporter/ssdreport ]; then
	reporter/ssdreport -o "$out/report" "$out/nv" "$out/sc" "$out/mr" 2>/tmp/pts-purge-report.err
	rv_check "ssdreport over the three exits 0" test $? = 0
	# one WSAT plot for the three drives, a series each (pts.html draws every drive that ran a
	# test on that test's page)
	w=$out/report/pts-drives-pts-wsat-wsat-wsat
	for l in nv sc mr; do
		rv_check "pts.html: $l pts-wsat with its header block (purge method) and its series in the chart" \
			bash -c "grep -q 'id=\"pts-$l-pts-wsat\"' $out/report/pts.html && test -s $w.png && grep -q '^$l,' $w.csv"
	done
	rv_check "pts.html names both purges" bash -c "grep -q 'wsat: format<' $out/report/pts.html || grep -q 'wsat: format' $out/report/pts.html"
fi
[ "$RV_FAILED" = 0 ] || LAB_FAILED=1
lab_done
