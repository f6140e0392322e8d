#!/usr/bin/env bash
# lab-args: --scsi size=1G,serial=SCSIF01,blkdebug=tests/lab/fixtures/scsi-medium-error.blkdebug --scsi size=256M,serial=SCSIF02,blkdebug=tests/lab/fixtures/scsi-write-faults.blkdebug
# lab-timeout: 300
# An injected medium error: the read fails with ENODATA (61), the engine prints the decoded sense
# line once, fio exits with an error, and nothing hangs. On a second disk: a write error that
# fires once (ABORTED COMMAND) and one that always fires (DATA PROTECT, ENOSPC), alone, with
# continue_on_error and repeated; and verify catching data changed under the job.
. tests/lab/scsi_lib.inc

SG=$(lab_sg_by_serial SCSIF01) || { fail "no disk with serial SCSIF01"; lab_done; }
echo "# disk: $SG"

timeout 120 fio --ioengine="$ENGINE" --name=t --filename="$SG" --rw=read --bs=4k --offset=1M \
	--size=4k --iodepth=1 >"$WORK/out" 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 124 ]; then ok "fio exits with an error (rc=$rc)"
else fail "fio exits with an error (rc=$rc)"; note "$WORK/out"; fi
line="scsi: READ(10) lba 2048 blocks 8: CHECK CONDITION, sense key MEDIUM ERROR, ASC/ASCQ 11/00 Unrecovered read error"
n=$(grep -cF "$line" "$WORK/out")
if [ "$n" -eq 1 ]; then ok "decoded sense line once"; grep -F "$line" "$WORK/out" | sed 's/^/# /'
else fail "decoded sense line once (found $n)"; note "$WORK/out"; fi
if grep -Eq "err=61|No data available" "$WORK/out"; then ok "io error is ENODATA (61)"
else fail "io error is ENODATA (61)"; note "$WORK/out"; fi

# the same at QD32 over a range around the bad sector with continue_on_error: every other I/O
# succeeds, the error is reported once, the job ends
timeout 120 fio --ioengine="$ENGINE" --name=t --filename="$SG" --rw=read --bs=4k --offset=960k \
	--size=128k --iodepth=32 --continue_on_error=read >"$WORK/out2" 2>&1
rc=$?
n=$(grep -cF "sense key MEDIUM ERROR" "$WORK/out2")
if [ $rc -ne 124 ] && [ "$n" -eq 1 ]; then ok "QD32 with continue_on_error: ends, one sense line (rc=$rc)"
else fail "QD32 with continue_on_error (rc=$rc, lines=$n)"; note "$WORK/out2"; fi

SG2=$(lab_sg_by_serial SCSIF02) || { fail "no disk with serial SCSIF02"; lab_done; }
SD2=$(lab_block_of_sg "$SG2")
echo "# second disk: $SG2 ($SD2)"
w="--filename=$SG2 --rw=write --bs=4k --iodepth=1"
expect_fail "once: the first write of LBA 8192 fails, decoded" \
	"scsi: WRITE\\(10\\) lba 8192 blocks 8: CHECK CONDITION, sense key ABORTED COMMAND, ASC/ASCQ 00/06" \
	$w --offset=4M --size=4k
named_check "once: the second write of LBA 8192 passes" fio_ssd $w --offset=4M --size=4k
expect_fail "write of LBA 16384 fails with DATA PROTECT 27/07, ENOSPC" \
	"sense key DATA PROTECT, ASC/ASCQ 27/07.*|err=28" $w --offset=8M --size=4k
grep -q "err=28" "$WORK/out" && ok "fio error is ENOSPC (28)" || { fail "fio error is ENOSPC (28)"; note "$WORK/out"; }
# continue_on_error: 8 writes of 4 KiB from LBA 24560, the 3rd covers LBA 24576 (EIO every time;
# not the ENOSPC block: fio ends a job on ENOSPC as if the device were full, continue_on_error
# or not, and counts no error in total_err)
res=$(timeout 120 fio --ioengine="$ENGINE" --name=t $w --offset=$(( (24576 - 16) * 512 )) \
	--size=32k --continue_on_error=write --output-format=json --verify_state_save=0 2>"$WORK/err" |
	sed -n '/^{/,$p' | jq -c '.jobs[0] | [.total_err, .first_error, .write.total_ios]')
[ "$res" = "[1,5,8]" ] && ok "continue_on_error: 8 writes, 1 failed with EIO" ||
	{ fail "continue_on_error: [total_err, first_error, writes] = $res, want [1,5,8]"; note "$WORK/err"; }
# (fio prints its own io_u error lines on stdout before the JSON: keep from the first "{")
# the failing write again and again for 3 s at QD4: many errors, one sense line, the job ends
timeout 120 fio --ioengine="$ENGINE" --name=t --filename="$SG2" --rw=write --bs=4k --iodepth=4 \
	--offset=12M --size=4k --time_based --runtime=3 --continue_on_error=all --output-format=json \
	--verify_state_save=0 >"$WORK/rep" 2>"$WORK/rep.err"
rc=$?
n=$(grep -c "lba 24576 blocks 8: CHECK CONDITION, sense key ABORTED COMMAND" "$WORK/rep.err")
errs=$(sed -n '/^{/,$p' "$WORK/rep" | jq '.jobs[0].total_err' 2>/dev/null)
if [ $rc -ne 124 ] && [ "$n" = 1 ] && [ "${errs:-0}" -gt 1 ]; then ok "$errs failed writes in 3 s, one sense line"
else fail "repeated write error (rc=$rc, lines=$n, errors=$errs)"; note "$WORK/rep.err"; fi
# verify catches a block changed under the job (through the block device): offset of the 38th
# 4 KiB block from 16 MiB = 16777216 + 37 x 4096 = 16928768
v="--filename=$SG2 --rw=write --bs=4k --offset=16M --size=1M --verify=crc32c --verify_fatal=1 --verify_state_save=0"
named_check "verify: write 1 MiB with crc32c" fio_ssd $v --do_verify=0
named_check "verify: it reads back clean" fio_ssd $v --verify_only
dd if=/dev/urandom of="$SD2" bs=512 seek=$(( (16928768 + 2048) / 512 )) count=1 oflag=direct status=none
expect_fail "verify: the changed block is caught at its offset" \
	"verify failed at file $SG2 offset 16928768" $v --verify_only
lab_done
