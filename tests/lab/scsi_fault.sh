#!/usr/bin/env bash
# lab-args: --scsi size=1G,serial=SCSIF01,blkdebug=tests/lab/fixtures/scsi-medium-error.blkdebug
# lab-timeout: 300
# An injected medium error: the read fails with ENODATA (61), the engine prints the decoded sense
# line once, fio exits with an error, and nothing hangs.
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
lab_done
