#!/usr/bin/env bash
# The engine on the host, as a user runs it: verify on a regular file through the block
# transport, the bare engine name through LD_LIBRARY_PATH, make install into a staging root,
# and setup errors that name the option.
. tests/lab/lib.sh
repo=$PWD
f=$repo/build/host-engine.v
rm -f "$f"

check fio --name=v --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=64M \
	--rw=randrw --bs=4k --iodepth=16 --direct=1 --verify=crc32c --do_verify=1

# fsync=N / fdatasync=N at iodepth > 1: fio asks for a sync once N writes were issued since the
# last one completed; the engine issues each (fio's libaio engine on the same job is the measure,
# both counted by fio and by strace), fsync as fsync(2) and fdatasync as fdatasync(2)
sf=$f.sync tr=$repo/build/host-engine-sync.strace
truncate -s 8M "$sf"
syncs() { # ENGINE OPTION... -> "fio's sync total_ios, fsync(2) calls, fdatasync(2) calls"
	local e=$1 n
	shift
	n=$(strace -f -qq -e trace=fsync,fdatasync -e signal=none -o "$tr" fio --name=s \
		--ioengine="$e" --filename="$sf" --size=8M --rw=write --bs=4k --direct=1 "$@" \
		--output-format=json 2>/dev/null | jq '.jobs[0].sync.total_ios')
	echo "${n:-none} $(grep -c ' fsync(' "$tr") $(grep -c ' fdatasync(' "$tr")"
}
for job in "fsync=1 iodepth=4" "fsync=4 iodepth=8" "fsync=4 iodepth=32" "fdatasync=4 iodepth=8"; do
	every=${job%% *} opts=--${job// / --}
	every=${every#*=}
	# shellcheck disable=SC2086
	read -r our our_fs our_fds <<<"$(syncs external:"$repo"/engine/libssdeng.so $opts)"
	# shellcheck disable=SC2086
	read -r ref ref_fs ref_fds <<<"$(syncs libaio $opts)"
	case $job in # fio's sync total_ios counts fsync only
	fsync*) want=$ref_fs got=$our_fs calls="$our_fds:$ref_fds:$our:$ref" other="0:0:$our_fs:$ref_fs" ;;
	*) want=$ref_fds got=$our_fds calls="$our_fs:$ref_fs:$our:$ref" other="0:0:0:0" ;;
	esac
	# within 5% of libaio's count (how many completions one reap finds varies) and at most one
	# per N of the 2048 writes
	if [ "$calls" = "$other" ] && [ "$want" -gt 0 ] && [ $((got * 100)) -ge $((want * 95)) ] &&
		[ "$got" -le $((2048 / every)) ]; then
		ok "$job: the engine issues $got syncs, libaio $want"
	else
		fail "$job: sync total_ios, fsync(2), fdatasync(2): engine $our $our_fs $our_fds, libaio $ref $ref_fs $ref_fds"
	fi
done
rm -f "$sf" "$tr"

# fio 3.33 stat()s the path after "external:" (relative to the current directory), so the bare
# name goes without the prefix: fio then dlopen()s it through the loader's search path.
out=$(cd /tmp && LD_LIBRARY_PATH=$repo/engine fio --name=bare --ioengine=libssdeng.so \
	--filename="$f" --size=16M --rw=randread --bs=4k --iodepth=4 --direct=1 \
	--output-format=json 2>/dev/null)
ios=$(printf '%s' "$out" | jq '.jobs[0].read.total_ios' 2>/dev/null)
[ "${ios:-0}" = 4096 ] && ok "bare name ioengine=libssdeng.so from /tmp reads 4096 I/Os" ||
	fail "bare name ioengine=libssdeng.so: total_ios='$ios'"

stage=$(mktemp -d)
if make -s install DESTDIR="$stage" PREFIX=/usr/local >/dev/null 2>&1 &&
	[ -x "$stage/usr/local/lib/libssdeng.so" ]; then
	ok "make install puts libssdeng.so in PREFIX/lib"
else
	fail "make install DESTDIR=$stage"
fi
rm -rf "$stage"

err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M \
	--rw=randread --bs=1000 --direct=1 2>&1)
case $err in
*"bs=1000 (read) is not a multiple of the logical block size 512"*) ok "bs=1000 fails at setup naming bs" ;;
*) fail "bs=1000 error message: $err" ;;
esac
# fio's own lines for the failed job say what the engine said, not this source's file and line
# and strerror ("file:engine/fio/fio_engine.c:131, func=bs, error=Invalid argument"); the message
# whole once (fio's 128-byte error text holds its head)
whole="ssdeng: $f: bs=1000 (read) is not a multiple of the logical block size 512 (regular file with O_DIRECT)"
case $err in
*"file:engine/fio/"*) fail "bs=1000: fio's error lines name the engine's source: $(grep 'file:engine' <<<"$err")" ;;
*"fio: pid="*", err=22/ssdeng: $f: bs=1000"*)
	[ "$(grep -cxF "$whole" <<<"$err")" = 1 ] &&
		ok "bs=1000: the engine's message whole once, fio's error line (err=22) its words" ||
		fail "bs=1000: the message whole $(grep -cxF "$whole" <<<"$err") times: $err" ;;
*) fail "bs=1000: fio's error line: $(grep 'err=' <<<"$err")" ;;
esac
# a short message (a missing node): said once, by fio, as the engine's words
err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --filename=/dev/ssdeng-missing \
	--size=8M --rw=read 2>&1)
[ "$(grep -c 'ssdeng: /dev/ssdeng-missing: no such device' <<<"$err")" = 2 ] &&
	grep -q '^fio: pid=[0-9]*, err=19/ssdeng: /dev/ssdeng-missing: no such device$' <<<"$err" &&
	! grep -q 'file:engine/fio/' <<<"$err" &&
	ok "a missing node: the engine's message, then fio's error line with its words (err=19)" ||
	fail "a missing node: $err"
err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --filename=/dev/ssdeng-missing \
	--size=8M --rw=read 2>&1)
case $err in
*"/dev/ssdeng-missing: no such device"*) ok "a missing /dev node fails at setup" ;;
*) fail "missing device message: $err" ;;
esac
[ ! -e /dev/ssdeng-missing ] && ok "no file was created in /dev" || { fail "fio created /dev/ssdeng-missing"; rm -f /dev/ssdeng-missing; }
err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --transport=nvme --filename="$f" \
	--size=8M --rw=read 2>&1)
case $err in
*"is a regular file: transport=nvme cannot drive it (use transport=block)"*) ok "transport=nvme on a file names both" ;;
*) fail "transport=nvme on a file: $err" ;;
esac
# a path no transport drives: what it is and what to name instead, whatever transport= says
d=$(mktemp -d)
for t in auto block nvme scsi; do
	err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --transport=$t \
		--filename=/dev/null --size=8M --rw=read 2>&1)
	case $err in
	*"ssdeng: /dev/null is a character device 1:3 (mem), not a drive, and no transport drives it: name a drive's block device (/dev/nvme0n1, /dev/sda), NVMe generic node (/dev/ng0n1) or SCSI generic node (/dev/sg0), or a regular file"*)
		ok "/dev/null with transport=$t: what to name instead" ;;
	*) fail "/dev/null with transport=$t: $err" ;;
	esac
	err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --transport=$t \
		--filename="$d" --size=8M --rw=read 2>&1)
	case $err in
	*"ssdeng: $d is a directory, not a drive, and no transport drives it: name a drive or a regular file (to have fio create its files in this directory, give it as directory= and leave filename= out)"*)
		ok "a directory with transport=$t: what to name instead" ;;
	*) fail "a directory with transport=$t: $err" ;;
	esac
done
rmdir "$d"
err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --transport=floppy --filename="$f" \
	--size=8M --rw=read 2>&1)
case $err in
*"failed parsing transport=floppy"*) ok "transport=floppy is refused by the option parser" ;;
*) fail "transport=floppy: $err" ;;
esac
# fio 3.33 splits an integer value at '-' and keeps the second half, takes -1 where the minimum
# is 0, and reads its booleans with sscanf %u (2^32 wraps to 0, "1abc" is 1): the engine parses
# its own numbers and 0/1 switches
for bad in scsi_timeout=-5:"1 to 3600000" nvme_timeout=-1:"0 to 3600000" pi_chk=8:"0 to 7" \
	scsi_timeout=+5:"1 to 3600000" readfua=-1:"0 to 1" writefua=-1:"0 to 1" deac=-5:"0 to 1" \
	fixedbufs=-1:"0 to 1" registerfiles=18446744073709551616:"0 to 1" \
	sqthread_poll=4294967296:"0 to 1" hipri=1abc:"0 to 1" write_same_unmap=0x1:"0 to 1"; do
	opt=${bad%%:*} range=${bad#*:}
	err=$(fio --name=e --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M \
		--rw=read --"$opt" 2>&1)
	rc=$?
	case $rc:$err in
	1:*"ssdeng: $opt is not valid: expected an integer from $range"*) ok "$opt fails at parse naming the range" ;;
	*) fail "$opt: rc=$rc $err" ;;
	esac
done
printf '[e]\nioengine=external:%s\nfilename=%s\nsize=8M\nscsi_timeout=-5\n' \
	"$repo"/engine/libssdeng.so "$f" >"$f.fio"
fio "$f.fio" >/dev/null 2>&1 && fail "scsi_timeout=-5 in a job file runs" ||
	ok "scsi_timeout=-5 in a job file fails"
printf '[e]\nioengine=external:%s\nfilename=%s\nsize=8M\ndeac=-5\n' \
	"$repo"/engine/libssdeng.so "$f" >"$f.fio"
fio "$f.fio" >/dev/null 2>&1 && fail "deac=-5 in a job file runs" || ok "deac=-5 in a job file fails"
rm -f "$f.fio"

# one transport line per job and file, also when verify reopens the file; a note for options
# the transport ignores; nvme_write_mode other than write off NVMe is a setup error
err=$(fio --name=n --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M \
	--rw=write --verify=crc32c --readfua=1 --scsi_timeout=5000 --pi_act=1 2>&1)
n=$(printf '%s\n' "$err" | grep -c "^ssdeng: $f: block-aio, regular file")
[ "$n" = 1 ] && ok "verify run: one transport line" || fail "verify run: $n transport lines: $err"
n=$(printf '%s\n' "$err" | grep -c "^ssdeng: $f: note: pi_act=1, readfua=1, scsi_timeout=5000 have no effect on block-aio$")
[ "$n" = 1 ] && ok "one note names the options block-aio ignores" || fail "ignored options note: $err"
# the line once per device: clones of a job (numjobs) on its file say nothing, clones on files
# of their own (filename_format with $jobnum) name theirs; a verify_only job names its file;
# a symlink and a hard link to a file already named in the process add no line
eng=external:$repo/engine/libssdeng.so
cl=$repo/build/host-engine-clone
err=$(fio --name=c --ioengine="$eng" --filename_format="$cl.\$jobnum" --numjobs=2 --size=4M \
	--rw=write --readfua=1 --output=/dev/null 2>&1)
n=$(printf '%s\n' "$err" | grep -c -e "^ssdeng: $cl.0: block-aio, regular file$" \
	-e "^ssdeng: $cl.1: block-aio, regular file$" -e "^ssdeng: $cl.[01]: note: readfua=1 has no effect")
[ "$n" = 4 ] && ok "clones on files of their own: a line and a note each" ||
	fail "filename_format with \$jobnum, numjobs=2: $err"
err=$(fio --name=c --ioengine="$eng" --filename="$cl.0" --numjobs=3 --size=4M --rw=read \
	--output=/dev/null 2>&1)
[ "$err" = "ssdeng: $cl.0: block-aio, regular file" ] && ok "three clones of one file: one line" ||
	fail "numjobs=3 on one file: $err"
fio --name=c --ioengine="$eng" --filename="$cl.0" --size=4M --rw=write --verify=crc32c \
	--output=/dev/null 2>/dev/null
err=$(fio --name=c --ioengine="$eng" --filename="$cl.0" --size=4M --rw=write --verify=crc32c \
	--verify_only --output=/dev/null 2>&1)
[ "$err" = "ssdeng: $cl.0: block-aio, regular file" ] && ok "a verify_only job names its file" ||
	fail "verify_only: $err"
ln -sf "$cl.0" "$cl.sym" && ln -f "$cl.0" "$cl.hard"
err=$(fio --thread --ioengine="$eng" --size=4M --rw=read --output=/dev/null --name=x \
	--filename="$cl.0" --name=y --filename="$cl.sym" --name=z --filename="$cl.hard" 2>&1)
n=$(printf '%s\n' "$err" | grep -c "^ssdeng: .*: block-aio")
[ "$n" = 1 ] && ok "a file, its symlink and a hard link in one process: one line" ||
	fail "three paths of one file: $n lines: $err"
rm -f "$cl".*
# fio 3.33's io_submit_mode=offload loads the engine again in each submit worker with the job's
# options shared (a double free, a garbled engine name): refused at init, by name
err=$(fio --name=o --ioengine="$eng" --filename="$f" --size=4M --rw=read --iodepth=4 \
	--io_submit_mode=offload 2>&1)
rc=$?
case $rc:$err in
1:*"ssdeng: io_submit_mode=offload is not supported by ssdeng"*"use io_submit_mode=inline"*)
	ok "io_submit_mode=offload is refused by name" ;;
*) fail "io_submit_mode=offload: rc=$rc $err" ;;
esac
# the transport line and the note leave as whole lines where fio's log_err() puts its own: on
# stderr alone, one write(2) each (the text as log_err() printed it); also in --output's file
# (log_err() writes both; with --thread: a job process's buffered copy is lost as it exits); from
# a fio --server to its client
line="ssdeng: $f: block-aio, regular file"
note="ssdeng: $f: note: readfua=1 has no effect on block-aio"
tr=$repo/build/host-engine.strace
err=$(strace -f -qq -s 1024 -e trace=write -e signal=none -o "$tr" fio --name=n \
	--ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M --rw=read \
	--readfua=1 --output-format=json 2>&1 >/dev/null)
[ "$err" = "$line"$'\n'"$note" ] && ok "stderr holds exactly the transport line and the note" ||
	fail "stderr of a read job: $err"
n=$(grep -cF "write(2, \"$line\\n\", $((${#line} + 1)))" "$tr")
m=$(grep -cF "write(2, \"$note\\n\", $((${#note} + 1)))" "$tr")
[ "$n:$m" = 1:1 ] && ok "the transport line and the note: one write(2) each to fd 2" ||
	fail "writes of the line ($n) and the note ($m): $(grep 'write(2' "$tr")"
rm -f "$tr"
out=$repo/build/host-engine.out
err=$(fio --thread --name=n --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" \
	--size=8M --rw=read --readfua=1 --output="$out" 2>&1 >/dev/null)
[ "$err" = "$line"$'\n'"$note" ] && [ "$(grep -cxF -e "$line" -e "$note" "$out")" = 2 ] &&
	ok "--output=FILE: the line and the note on stderr and in the file, as log_err() writes" ||
	fail "--output=FILE: stderr '$err', file: $(head -n 3 "$out")"
rm -f "$out"
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for port in $(seq $((20000 + RANDOM % 20000)) 40100); do port_free "$port" && break; done
fio --server="ip:127.0.0.1,$port" >/dev/null 2>&1 &
srv=$!
for _ in $(seq 50); do port_free "$port" || break; sleep 0.1; done
jf=$repo/build/host-engine.cs.fio
printf '[n]\nioengine=external:%s\nfilename=%s\nsize=8M\nrw=read\nreadfua=1\n' \
	"$repo"/engine/libssdeng.so "$f" >"$jf"
got=$(fio --eta=never --client="ip:127.0.0.1,$port" "$jf" 2>&1)
kill "$srv" 2>/dev/null
wait "$srv" 2>/dev/null
rm -f "$jf"
n=$(printf '%s\n' "$got" | sed 's/^.*<[^>]*> //' | grep -cxF -e "$line" -e "$note")
[ "$n" = 2 ] && ok "fio --client shows the server's transport line and note" ||
	fail "client/server: $n of 2 lines: $got"
err=$(fio --name=n --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M \
	--rw=read --writefua=1 --scsi_timeout=30000 2>&1)
case $err in
*"note:"*) fail "writefua=1 / a default scsi_timeout gave a note: $err" ;;
*) ok "no note for writefua (honoured) or an option left at its default" ;;
esac
err=$(fio --name=z --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M \
	--rw=write --nvme_write_mode=zeroes 2>&1)
rc=$?
case $rc:$err in
1:*"nvme_write_mode=zeroes needs an NVMe namespace; block-aio would issue plain writes"*)
	ok "nvme_write_mode=zeroes on a file fails at setup" ;;
*) fail "nvme_write_mode=zeroes on a file: rc=$rc $err" ;;
esac
# an option refused at setup fails with its own errno, so fio (which answers EINVAL from the
# open hook under direct=1 with "destination does not support O_DIRECT") adds no guess
err=$(fio --name=z --ioengine=external:"$repo"/engine/libssdeng.so --filename="$f" --size=8M \
	--rw=read --direct=1 --readonly --nvme_write_mode=zeroes 2>&1)
case $err in
*"O_DIRECT"*) fail "nvme_write_mode=zeroes under direct=1: fio blames O_DIRECT: $err" ;;
*"file:engine/fio/"*) fail "nvme_write_mode=zeroes under direct=1: fio names the engine's source: $err" ;;
*"nvme_write_mode=zeroes needs an NVMe namespace"*"err=95/ssdeng: $f: nvme_write_mode=zeroes needs"*)
	ok "nvme_write_mode=zeroes under direct=1: the engine's reason alone, EOPNOTSUPP (err=95)" ;;
*) fail "nvme_write_mode=zeroes under direct=1: $err" ;;
esac
# a file the kernel refuses to open for writing because of its inode flags (chattr +i, +a):
# the message says so, not "a security policy"
attr=$repo/build/host-engine.attr
rm -f "$attr"
truncate -s 8M "$attr"
for flag in i:immutable a:append-only; do
	if ! chattr +"${flag%%:*}" "$attr" 2>/dev/null; then
		ok "# SKIP chattr +${flag%%:*} not supported on $(dirname "$attr") (or not root)"
		continue
	fi
	err=$(fio --name=w --ioengine=external:"$repo"/engine/libssdeng.so --filename="$attr" \
		--size=1M --rw=write --direct=1 2>&1)
	chattr -"${flag%%:*}" "$attr"
	case $err in
	*"security policy"*) fail "chattr +${flag%%:*}: blames a security policy: $err" ;;
	*"cannot open: Operation not permitted; the file is ${flag#*:} (chattr -${flag%%:*})"*)
		ok "an ${flag#*:} file: the engine says so (chattr -${flag%%:*})" ;;
	*) fail "chattr +${flag%%:*}: $err" ;;
	esac
done
rm -f "$attr"
# ssdctl: a DEV that is not a drive is bad input (exit 2, as --help says), named for what it is
for dev in /dev/null:"is a character device 1:3 (mem), not a drive" /:"is a directory, not a drive" \
	/nonexistent:"no such device"; do
	path=${dev%%:*} what=${dev#*:}
	err=$("$repo"/engine/ssdctl info "$path" 2>&1)
	rc=$?
	case $rc:$err in
	2:*"$path"*"$what"*) ok "ssdctl info $path exits 2: $what" ;;
	*) fail "ssdctl info $path: rc=$rc $err" ;;
	esac
done
"$repo"/engine/ssdctl --help | grep -q "2 bad usage (also a DEV that is" &&
	ok "ssdctl --help documents exit 2 for a DEV that is not a drive" || fail "ssdctl --help exit codes"
for args in "" "frob /dev/null" "info" "info --bogus /dev/null" "health a b"; do
	# shellcheck disable=SC2086
	"$repo"/engine/ssdctl $args >/dev/null 2>&1
	rc=$?
	[ $rc = 2 ] && ok "ssdctl $args: exit 2" || fail "ssdctl $args: exit $rc, expected 2"
done
# ssdctl probe: any path, exit 0, the classifier's answer as JSON (engine/ctl/README.md)
printf 'x%.0s' $(seq 4096) >"$f"
for want in "$f":file:4096 /dev/null:chr:null /:other:null /nonexistent/ssdeng:missing:null; do
	IFS=: read -r path kind size <<<"$want"
	out=$("$repo"/engine/ssdctl probe "$path" --json 2>&1)
	rc=$?
	got=$(printf '%s' "$out" | jq -r '[.schema, .kind, (.capacity_bytes | tostring), (.in_use | length)] | join(" ")' 2>&1)
	[ $rc = 0 ] && [ "$got" = "ssdctl.probe.v1 $kind $size 0" ] &&
		ok "ssdctl probe $path --json: kind $kind" || fail "ssdctl probe $path: rc=$rc $got $out"
done
out=$("$repo"/engine/ssdctl probe "$f" 2>&1)
printf '%s\n' "$out" | grep -qx "kind: file" && printf '%s\n' "$out" | grep -qx "in_use: none" &&
	ok "ssdctl probe text output" || fail "ssdctl probe text: $out"
# A block device with 4096-byte logical blocks: buffered I/O (direct=0) of 3 KiB goes through the
# page cache, which takes it; with direct=1 the block-size rule refuses it at setup.
if [ "$(id -u)" = 0 ] && img=$(mktemp "$repo/build/host-engine-4k.XXXXXX") &&
	truncate -s 64M "$img" && loop=$(losetup -f --show -b 4096 "$img" 2>/dev/null); then
	out=$(fio --name=b --ioengine=external:"$repo"/engine/libssdeng.so --filename="$loop" \
		--size=8M --rw=randwrite --bs=3k --direct=0 --verify=crc32c --do_verify=1 \
		--output-format=json 2>/dev/null | sed -n '/^{/,$p')
	got=$(printf '%s' "$out" | jq -r '.jobs[0] | "\(.error) \(.write.total_ios) \(.read.total_ios)"' 2>&1)
	[ "$got" = "0 2730 2730" ] && ok "direct=0 bs=3k on 4096-byte blocks: written and verified" ||
		fail "direct=0 bs=3k on a 4096-byte-block loop device: error, writes, reads = $got"
	err=$(fio --name=b --ioengine=external:"$repo"/engine/libssdeng.so --filename="$loop" \
		--size=8M --rw=randread --bs=3k --direct=1 2>&1)
	case $err in
	*"bs=3072 (read) is not a multiple of the logical block size 4096 (block device"*)
		ok "direct=1 bs=3k on 4096-byte blocks fails at setup naming bs" ;;
	*) fail "direct=1 bs=3k on a 4096-byte-block loop device: $err" ;;
	esac
	# a discard counts logical blocks whatever O_DIRECT says: a 512-byte trim is refused at
	# setup with direct=0 as with direct=1; whole blocks are trimmed with direct=0
	for d in 0 1; do
		err=$(fio --name=t --ioengine=external:"$repo"/engine/libssdeng.so --filename="$loop" \
			--size=8M --rw=randtrim --bs=512 --direct=$d 2>&1)
		case $err in
		*"ssdeng: $loop: bs=512 (trim) is not a multiple of the logical block size 4096 (block device, 4096-byte logical blocks)"*)
			ok "direct=$d trim bs=512 on 4096-byte blocks fails at setup naming bs" ;;
		*) fail "direct=$d trim bs=512 on a 4096-byte-block loop device: $err" ;;
		esac
	done
	out=$(fio --name=t --ioengine=external:"$repo"/engine/libssdeng.so --filename="$loop" \
		--size=8M --rw=randtrim --bs=4k --direct=0 --output-format=json 2>/dev/null |
		sed -n '/^{/,$p')
	got=$(printf '%s' "$out" | jq -r '.jobs[0] | "\(.error) \(.trim.total_ios)"' 2>&1)
	[ "$got" = "0 $((8 * 1024 / 4))" ] && ok "direct=0 trim bs=4k on 4096-byte blocks: 2048 trims" ||
		fail "direct=0 trim bs=4k on a 4096-byte-block loop device: error, trims = $got"
	# a regular file on ext4 over those 4096-byte blocks: O_DIRECT needs 4096 there (statx
	# STATX_DIOALIGN, else the device's logical block size), for a file fio is to create and
	# for one it made; 512 passed the set-up and failed every I/O with EINVAL
	mnt=$(mktemp -d "$repo/build/host-engine-mnt.XXXXXX")
	if command -v mkfs.ext4 >/dev/null && mkfs.ext4 -q -F "$loop" >/dev/null 2>&1 &&
		mount "$loop" "$mnt" 2>/dev/null; then
		for state in new made; do
			err=$(fio --name=b --ioengine=external:"$repo"/engine/libssdeng.so \
				--filename="$mnt/f" --size=1M --rw=randread --bs=512 --direct=1 2>&1)
			case $err in
			*"bs=512 (read) is not a multiple of the logical block size 4096 (regular file"*)
				ok "direct=1 bs=512 on a $state file on ext4 over 4096-byte blocks fails at setup naming 4096" ;;
			*) fail "direct=1 bs=512, $state file on ext4 over 4096-byte blocks: $err" ;;
			esac
			[ $state = made ] && break
			got=$(fio --name=b --ioengine=external:"$repo"/engine/libssdeng.so \
				--filename="$mnt/f" --size=1M --rw=randread --bs=4k --direct=1 \
				--output-format=json 2>/dev/null | sed -n '/^{/,$p' |
				jq -r '.jobs[0] | "\(.error) \(.read.total_ios)"' 2>&1)
			[ "$got" = "0 $((1048576 / 4096))" ] && ok "direct=1 bs=4k on that file: read" ||
				fail "direct=1 bs=4k on ext4 over 4096-byte blocks: error, reads = $got"
		done
		umount "$mnt"
	else
		ok "ext4 over 4096-byte blocks # SKIP no mkfs.ext4 or mount refused"
	fi
	rmdir "$mnt"
	losetup -d "$loop"
	rm -f "$img"
else
	ok "block size rule on a 4096-byte-block device # SKIP needs root and a loop device"
fi
rm -f "$f" "$repo"/*.state
lab_done
