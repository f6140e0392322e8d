#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=NVHOT,id=hotnv --scsi size=256M,serial=SCHOT,id=hotsd --nvme size=256M,serial=NVREV,id=revnv
# lab-timeout: 600
# A drive removed (QEMU device_del, a PCI / virtio-scsi hot-unplug: LAB-NOTES §4.3) in the middle
# of a 16T/16Q job. Every job of fio must end with an error within seconds (no hang, no job
# left waiting on I/O that never completes); driver/ssd-review must mark the test it was
# running failed with the reason, keep the results of the tests before it, and go on.
. tests/lab/lib.sh
. tests/lab/nvme.inc
REPO=$PWD
cd /tmp || exit 1
ng=$(nvme_ng NVHOT) || { fail "no NVMe controller with serial NVHOT"; lab_done; }
sg=$(lab_sg_by_serial SCHOT) || { fail "no SCSI disk with serial SCHOT"; lab_done; }
rev=$(nvme_ng NVREV) || { fail "no NVMe controller with serial NVREV"; lab_done; }
echo "# drives: $ng (hotnv), $sg (hotsd), $rev (revnv)"

# pull DEVICE-ID NODE RW: a 16 jobs x QD16 fio on NODE, device_del after 4 s; checks that fio
# exits with an error within 20 s of the removal and that every job reports an error.
pull() {
	local id=$1 node=$2 rw=$3 pid t0 t1 rc secs nerr njobs
	timeout 120 fio --name=h --ioengine="$SSDENG" --filename="$node" --rw="$rw" --bs=4k \
		--iodepth=16 --numjobs=16 --size=128M --time_based --runtime=90 \
		--output-format=json --output=/tmp/$id.json --verify_state_save=0 --eta=always \
		--eta-newline=1 >/tmp/$id.eta 2>/tmp/$id.err &
	pid=$!
	# pull it once I/O flows: fio's status line shows a non-zero rate (16 jobs take seconds to
	# start under TCG, and a drive gone before then fails the jobs at setup instead)
	for _ in $(seq 1 600); do
		grep -qE '\[(r|w)=[1-9]' /tmp/$id.eta 2>/dev/null && break
		sleep 0.1
	done
	sleep 1
	grep -E '\[(r|w)=[1-9]' /tmp/$id.eta | tail -n 1 | sed "s/^/# $id before removal: /"
	t0=$(date +%s%N)
	lab_monitor "device_del $id" | sed 's/^/# monitor: /'
	while [ -e "$node" ] && kill -0 $pid 2>/dev/null; do sleep 0.1; done
	echo "# $id: $node gone $(( ($(date +%s%N) - t0) / 1000000 )) ms after device_del"
	wait $pid; rc=$?
	t1=$(date +%s%N)
	secs=$(( (t1 - t0) / 1000000 ))
	echo "# $id: fio exit $rc, $secs ms after device_del"
	sed -n '/^{/,$!p' /tmp/$id.err | sort | uniq -c | sort -rn | head -8 | sed 's/^/# stderr: /'
	njobs=$(jq '.jobs | length' /tmp/$id.json 2>/dev/null)
	nerr=$(jq '[.jobs[] | select(.error != 0)] | length' /tmp/$id.json 2>/dev/null)
	jq -r '[.jobs[] | "\(.error)"] | group_by(.) | map("error \(.[0]) x\(length)") | join(", ")' \
		/tmp/$id.json 2>/dev/null | sed "s/^/# $id jobs: /"
	jq -r '[.jobs[] | (.read.total_ios + .write.total_ios)] | add | "# total I/Os completed: \(.)"' \
		/tmp/$id.json 2>/dev/null
	if [ "$rc" != 0 ] && [ "$rc" != 124 ] && [ "$secs" -lt 20000 ]; then
		ok "$id: fio exits with an error ${secs} ms after device_del"
	else
		fail "$id: fio exit $rc, $secs ms after device_del (want an error within 20 s)"
	fi
	[ "${njobs:-0}" = 16 ] && [ "${nerr:-0}" = 16 ] && ok "$id: all 16 jobs end with an error" ||
		fail "$id: $nerr of $njobs jobs report an error"
	[ ! -e "$node" ] && ok "$id: $node is gone" || fail "$id: $node still exists"
}
pull hotnv "$ng" randread
pull hotsd "$sg" randwrite

# ssd-review: four-corners quick on revnv; the drive is pulled when the second test starts
# (the guest takes 5-15 s to complete a PCI hot-unplug, so the removal lands in the second or
# third test). Whatever test it hits fails with the reason, the ones before keep their results,
# the ones after fail at setup, and the report says which tests did not complete and why.
out=/tmp/review
"$REPO/driver/ssd-review" --drive rev="$rev" --suite four-corners --profile quick --yes \
	--out "$out" >/tmp/review.log 2>&1 &
rpid=$!
# wait for the second test to start; should it have ended between two looks (or the review
# ended), pull anyway: the checks below then say what the run did
for _ in $(seq 1 600); do
	st=$(jq -r '.tests[1].status // empty' "$out/rev/run.json" 2>/dev/null)
	case $st in running | done | failed) break ;; esac
	kill -0 $rpid 2>/dev/null || break
	sleep 0.5
done
echo "# second test: ${st:-not started}"
sleep 5 # fio of the second test is issuing I/O by now (its start-up takes 2-3 s)
lab_monitor "device_del revnv" | sed 's/^/# monitor: /'
timeout 300 tail --pid=$rpid -f /dev/null
wait $rpid; rc=$?
sed 's/^/# review: /' /tmp/review.log | tail -n 8 | cut -c1-250
jq -c '.tests[] | {id, status, seconds, reason}' "$out/rev/run.json" 2>/dev/null | cut -c1-250 |
	sed 's/^/# run.json: /'
[ "$rc" = 1 ] && ok "ssd-review exits 1 (a test failed)" || fail "ssd-review exit $rc, want 1"
st=$(jq -r '[.tests[] | .status] | join(" ")' "$out/rev/run.json" 2>/dev/null)
if [[ "$st" =~ ^(done )+failed( failed)*$ ]]; then ok "run.json: done up to the removal, failed from it ($st)"
else fail "run.json statuses: '$st'"; fi
first=$(jq -r '[.tests[] | select(.status == "failed")][0].id' "$out/rev/run.json" 2>/dev/null)
reason=$(jq -r '[.tests[] | select(.status == "failed")][0].reason' "$out/rev/run.json" 2>/dev/null)
echo "# first failed: $first: $reason" | cut -c1-300
printf '%s' "$reason" | grep -qiE "no such device" &&
	ok "the failed test's reason names the removal (No such device)" ||
	fail "the failed test's reason: $reason"
ndone=$(jq '[.tests[] | select(.status == "done")] | length' "$out/rev/run.json" 2>/dev/null)
n=$(ls "$out"/rev/*.json 2>/dev/null | grep -vc -e run.json -e drive.json)
[ "$n" = "$ndone" ] && [ "$n" -ge 1 ] && ok "results of the $n tests done before the removal kept" ||
	fail "$n result files for $ndone tests done"
md=$out/report/report.md
if grep -F "$first on rev did not complete: failed" "$md" 2>/dev/null | grep -qi "no such device"; then
	ok "the report says which test did not complete and why"
	grep "did not complete" "$md" | cut -c1-200 | sed 's/^/# report: /'
else
	fail "the report does not say what happened to $first"
fi
lab_done
