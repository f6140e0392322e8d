#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=LOCKNV1 --nvme size=256M,serial=LOCKNV2 --scsi size=256M,serial=LOCKSC1
# lab-timeout: 600
# driver/ssd-review on real NVMe and SCSI nodes: one lock per drive whatever node names it
# (/dev/ngXnY and /dev/nvmeXnY of one namespace, /dev/sgN and /dev/sdX of one disk), a missing
# /dev node refused with exit status 2, and the manifest's drive identity from ssdctl's code
# (serial, model, NGUID/EUI64 keys): --resume on another drive is refused naming the serial.
. tests/lab/lib.sh
. tests/lab/nvme.inc
ng1=$(nvme_ng LOCKNV1) || { fail "no NVMe controller LOCKNV1"; lab_done; }
ng2=$(nvme_ng LOCKNV2) || { fail "no NVMe controller LOCKNV2"; lab_done; }
blk1=/dev/nvme${ng1#/dev/ng}
sg=$(lab_sg_by_serial LOCKSC1) || { fail "no SCSI disk LOCKSC1"; lab_done; }
sd=$(lab_block_of_sg "$sg") || { fail "no block device for $sg"; lab_done; }
echo "# drives: $ng1 ($blk1), $ng2, $sg ($sd)"
long=(--profile full --span 32M --suite enterprise --only precond-4k-randwrite --yes --no-report)

# hold DEV OUT: a run of hours on DEV in the background; waits until its fio runs
hold() {
	driver/ssd-review --drive "h=$1" "${long[@]}" --out "$2" 2>"$2.err" &
	pid=$!
	for _ in $(seq 1 240); do
		[ -n "$(jq -r '.fio.pid // empty' "$2/status.json" 2>/dev/null)" ] && return 0
		sleep 0.5
	done
	fail "the run on $1 did not start fio: $(tail -n 3 "$2.err")"
}
# refused_by DEV: a second run on DEV is refused naming the holder $pid
refused_by() {
	local out rc
	out=$(driver/ssd-review --drive "x=$1" --profile quick --yes --out /tmp/rl-second 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -q "is in use by another run: ssd-review pid $pid" <<<"$out" &&
		[ ! -e /tmp/rl-second ]; then
		ok "$2"
	else
		fail "$2: rc=$rc $out"
	fi
}
stop() {
	kill -INT "$pid"
	wait "$pid"
	[ $? = 130 ] && ok "the holding run stops on SIGINT (exit 130)" || fail "the holding run did not exit 130"
}

hold "$ng1" /tmp/rl1
refused_by "$blk1" "a run on $blk1 is refused while one runs on $ng1 (one namespace, one lock)"
refused_by "$ng1" "a run on $ng1 itself is refused"
driver/ssd-review --status /tmp/rl1 | grep -q "precond-4k-randwrite" && ok "--status names the running test" ||
	fail "--status: $(driver/ssd-review --status /tmp/rl1 2>&1)"
stop
hold "$sg" /tmp/rl2
refused_by "$sd" "a run on $sd is refused while one runs on $sg (one disk, one lock)"
stop

out=$(driver/ssd-review --drive x=/dev/nvme9n1 --profile quick --yes --out /tmp/rl-none 2>&1)
rc=$?
[ "$rc" = 2 ] && grep -q "x=/dev/nvme9n1: no such file or device" <<<"$out" && [ ! -e /tmp/rl-none ] &&
	[ ! -e /dev/nvme9n1 ] && ok "--drive x=/dev/nvme9n1 is refused with exit 2, nothing written" ||
	fail "--drive x=/dev/nvme9n1: rc=$rc $out"

# identity from ssdctl's code in the manifest and drive.json
driver/ssd-review --drive "a=$ng1" --profile quick --suite four-corners --only fc-4k-randread --span 32M \
	--yes --no-report --out /tmp/rid 2>/tmp/rid.err
[ $? = 0 ] && ok "a quick run on $ng1 exits 0" || fail "quick run on $ng1: $(tail -n 5 /tmp/rid.err)"
jq -e '.manifest.drive.identity | .transport == "nvme" and .serial == "LOCKNV1" and .model == "QEMU NVMe Ctrl"
	and .capacity_bytes == 268435456 and .logical_block_bytes == 512 and has("nguid") and has("eui64")' \
	/tmp/rid/a/run.json >/dev/null && ok "the manifest names the drive: NVMe, serial, model, capacity, LBA size, NGUID/EUI64" ||
	fail "manifest identity: $(jq -c '.manifest.drive.identity' /tmp/rid/a/run.json 2>&1)"
jq -e '.identity.serial == "LOCKNV1" and .kind == "nvme-ng"' /tmp/rid/a/drive.json >/dev/null &&
	ok "drive.json: identity from ssdctl" || fail "drive.json: $(head -c 300 /tmp/rid/a/drive.json)"
out=$(driver/ssd-review --drive "a=$ng2" --profile quick --suite four-corners --only fc-4k-randread --span 32M \
	--yes --no-report --out /tmp/rid --resume 2>&1)
rc=$?
[ "$rc" = 2 ] && grep -q 'drive.identity.serial: "LOCKNV1" in the results, "LOCKNV2" now' <<<"$out" &&
	ok "--resume on another NVMe drive is refused naming the serial" || fail "--resume on $ng2: rc=$rc $out"
lab_done
