#!/usr/bin/env bash
# lab-args: --scsi size=1G,serial=SCSIV01
# lab-timeout: 300
# scsi-sg commands beyond plain reads and writes on a virtio-scsi scsi-hd: UNIT ATTENTION after
# a reset is retried once and said so (at open and mid-run), trims queued together go out as
# one UNMAP, FUA writes, WRITE SAME(16) with UNMAP for trims, trims in SG_IO mode, forced 16-byte
# CDBs.
. tests/lab/scsi_lib.inc

SG=$(lab_sg_by_serial SCSIV01) || { fail "no disk with serial SCSIV01"; lab_done; }
echo "# disk: $SG"
ua_line="UNIT ATTENTION, ASC/ASCQ 29/00 Power on, reset, or bus device reset occurred; retrying once"

# a device reset makes the next command get UNIT ATTENTION 29/00; at open that is READ CAPACITY
sg_reset -d "$SG" >/dev/null 2>&1
fio_ssd --filename="$SG" --rw=read --bs=4k --size=64k >"$WORK/open" 2>&1
rc=$?
if [ $rc = 0 ] && [ "$(grep -c "$ua_line" "$WORK/open")" = 1 ]; then
	ok "UNIT ATTENTION at open retried once and said"; grep "$ua_line" "$WORK/open" | sed 's/^/# /'
else fail "UNIT ATTENTION at open (rc=$rc)"; note "$WORK/open"; fi

# mid-run: a slow job; the reset comes once its reads flow (the device's request counter has
# moved 30 past where it was), so it lands mid-run whatever the guest's speed
cnt=/sys/class/scsi_generic/${SG##*/}/device/iorequest_cnt
c0=$(($(cat "$cnt")))
fio_ssd --filename="$SG" --rw=randread --bs=4k --size=64M --rate_iops=50 --runtime=10 \
	--time_based --iodepth=4 >"$WORK/mid" 2>&1 &
for _ in $(seq 100); do [ $(($(cat "$cnt"))) -ge $((c0 + 30)) ] && break; sleep 0.2; done
sg_reset -d "$SG" >/dev/null 2>&1
wait $!
rc=$?
if [ $rc = 0 ] && grep -q "scsi: READ(10) .*$ua_line" "$WORK/mid"; then
	ok "UNIT ATTENTION mid-run retried once and said"; grep "$ua_line" "$WORK/mid" | sed 's/^/# /'
else fail "UNIT ATTENTION mid-run (rc=$rc)"; note "$WORK/mid"; fi

# 32 trims handed over in one batch: one sg write() (an sg_io_hdr is 88 bytes on x86-64)
strace -f -e trace=write -o "$WORK/st" fio --ioengine="$ENGINE" --name=t --filename="$SG" \
	--rw=trim --bs=32k --size=1M --offset=512M --iodepth=32 --iodepth_batch_submit=32 \
	>"$WORK/trim" 2>&1
rc=$?
n=$(grep -c 'write([0-9]*, .*, 88) *= 88' "$WORK/st")
if [ $rc = 0 ] && [ "$n" = 1 ]; then ok "32 trims in one batch -> one UNMAP command"
else fail "32 trims in one batch -> $n commands (rc=$rc)"; note "$WORK/trim"; fi

named_check "writefua=1 randwrite+verify" fio_ssd --filename="$SG" --rw=randwrite --writefua=1 \
	--readfua=1 --bs=4k --size=4M --iodepth=8 --verify=crc32c --verify_fatal=1
named_check "trim as WRITE SAME(16) with UNMAP" fio_ssd --filename="$SG" --rw=trim \
	--write_same_unmap=1 --bs=64k --size=1M --offset=600M --iodepth=8
named_check "trim in SG_IO mode" fio_ssd --filename="$SG" --rw=trim --scsi_mode=sgio --bs=64k \
	--size=1M --offset=700M
named_check "sized in the job's thread (create_serialize=0, the probe's device adopted, grown to \
the depth's fds) randwrite+verify QD16" fio_ssd --filename="$SG" --rw=randwrite --bs=4k --size=4M \
	--iodepth=16 --thread --create_serialize=0 --verify=crc32c --verify_fatal=1
named_check "scsi_cdb=16 randwrite+verify" fio_ssd --filename="$SG" --rw=randwrite --scsi_cdb=16 \
	--bs=8k --size=8M --iodepth=16 --verify=crc32c --verify_fatal=1
lab_done
