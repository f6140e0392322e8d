# review-checks.sh - TAP checks on an ssd-review results directory, and helpers to run the driver,
# shared by tests/host/review_*.sh and tests/lab/suite_quick.sh. Source it; it defines functions
# only.
# The expected test ids and job parameters are written out here from docs/METHODOLOGY.md
# and jobfiles/README.md, not taken from the driver.

RV_FAILED=0
rv_ok() { echo "ok - $*"; }
rv_fail() { echo "not ok - $*"; RV_FAILED=1; }
rv_check() { # description command... : ok when the command succeeds
	local d=$1; shift
	if "$@" >/dev/null 2>&1; then rv_ok "$d"; else rv_fail "$d"; fi
}

# expect_job DIR ID RW BS NUMJOBS IODEPTH: DIR/ID.json is complete fio JSON whose one
# (group-reported) job has these options and moved data in the direction(s) of RW
expect_job() {
	local dir=$1 id=$2 rw=$3 bs=$4 nj=$5 qd=$6 f=$1/$2.json got
	if [ ! -f "$f" ]; then rv_fail "$id: $f exists"; return; fi
	got=$(jq -r '."global options" as $g | .jobs | length as $n | .[0] as $j | ($g + $j["job options"]) as $o |
		"\($n) \($o.rw) \($o.bs // "-") \($o.numjobs // "1") \($o.iodepth // "1") \($j.error) \($j.read.io_bytes) \($j.write.io_bytes)"' "$f" 2>/dev/null)
	local n r b j q e rb wb
	read -r n r b j q e rb wb <<<"$got"
	local want_r=0 want_w=0
	case $rw in *read | randrw) want_r=1 ;; esac
	case $rw in *write | randrw) want_w=1 ;; esac
	if [ "$n" = 1 ] && [ "$r" = "$rw" ] && { [ "$bs" = - ] || [ "$b" = "$bs" ]; } && [ "$j" = "$nj" ] &&
		[ "$q" = "$qd" ] && [ "$e" = 0 ] && { [ "$want_r" = 0 ] || [ "${rb:-0}" -gt 0 ]; } &&
		{ [ "$want_w" = 0 ] || [ "${wb:-0}" -gt 0 ]; }; then
		rv_ok "$id: 1 job, rw=$rw bs=$bs numjobs=$nj iodepth=$qd, data moved"
	else
		rv_fail "$id: expected 1 job rw=$rw bs=$bs numjobs=$nj iodepth=$qd with data; got jobs/rw/bs/numjobs/iodepth/error/rbytes/wbytes = $got"
	fi
}

# expected ids and parameters per suite (docs/METHODOLOGY.md §1-5, jobfiles/README.md)
expect_prep() { expect_job "$1" prep-128k-seqfill write 128k 1 32; }
expect_four_corners() {
	expect_job "$1" fc-4k-randread randread 4k 8 32
	expect_job "$1" fc-4k-randwrite randwrite 4k 8 32
	expect_job "$1" fc-64k-read read 64k 1 64
	expect_job "$1" fc-64k-write write 64k 1 64
}
expect_spec() {
	expect_job "$1" spec-128k-seqread read 128k 1 128
	expect_job "$1" spec-128k-seqwrite write 128k 1 128
	expect_job "$1" spec-4k-randread randread 4k 4 64
	expect_job "$1" spec-4k-randwrite randwrite 4k 4 64
	expect_job "$1" spec-4k-randrw-9010 randrw 4k 4 64
	expect_job "$1" spec-4k-randread-qd1 randread 4k 1 1
	rv_check "spec-4k-randread-qd1: percentiles 99.9, 99.99 and 99.999 present" \
		jq -e '.jobs[0].read.clat_ns.percentile | has("99.900000") and has("99.990000") and has("99.999000")' "$1/spec-4k-randread-qd1.json"
}
# expect_enterprise DIR "T:Q ...": the T/Q points expected for scale-8k-7030
expect_enterprise() {
	local wl rw bs t q tq
	for wl in 4k-randwrite:randwrite:4k 4k-randread:randread:4k 8k-7030:randrw:8k 128k-seqread:read:128k 128k-seqwrite:write:128k; do
		IFS=: read -r id rw bs <<<"$wl"
		expect_job "$1" "precond-$id" "$rw" "$bs" 16 16
		rv_check "precond-$id: steady-state block in the JSON" jq -e '.jobs[0].steadystate.criterion' "$1/precond-$id.json"
		rv_check "precond-$id: per-second iops, lat and clat histogram logs for 16 jobs" \
			test -s "$1/logs/precond-${id}_iops.16.log" -a -s "$1/logs/precond-${id}_lat.16.log" -a -s "$1/logs/precond-${id}_clat_hist.16.log"
		expect_job "$1" "$id" "$rw" "$bs" 16 16
	done
	for tq in $2; do
		t=${tq%:*} q=${tq#*:}
		expect_job "$1" "scale-8k-7030-t${t}q$q" randrw 8k "$t" "$q"
	done
	rv_check "exactly $(wc -w <<<"$2") scale-8k-7030 results" test "$(ls "$1"/scale-8k-7030-t*q*.json | wc -l)" = "$(wc -w <<<"$2")"
}
expect_curves() {
	local dir=$1 pcts=$2 c p th rw pct n want
	expect_job "$dir" prep-curve-fill write 128k 1 32
	for c in 4k-randread:128:randread 4k-randwrite:64:randwrite 64k-seqread:16:read 64k-seqwrite:8:write \
		sql:32:randrw sql-9010:32:randrw sql-8020:32:randrw oracle:32:randrw oracle-9010:32:randrw \
		oracle-8020:32:randrw vdi-fc-boot:32:randrw vdi-fc-login:32:randrw vdi-fc-monday:32:randrw \
		vdi-lc-boot:32:randrw vdi-lc-login:32:randrw vdi-lc-monday:32:randrw; do
		IFS=: read -r p th rw <<<"$c"
		expect_job "$dir" "curve-$p-max" "$rw" - "$th" 1
		for pct in $pcts; do
			expect_job "$dir" "curve-$p-$pct" "$rw" - "$th" 1
		done
		# the 50% point's rate_iops per job is half the max run's read and write IOPS over the
		# jobs (rounded down, at least 1 where the direction has I/O), and it cannot run faster
		# than about that
		if [ -f "$dir/curve-$p-50.json" ] && [ -f "$dir/curve-$p-max.json" ]; then
			want=$(jq -r --argjson n "$th" '.jobs[0] | [.read.iops, .write.iops]
				| map(if . <= 0 then 0 else ([(. / 2 / $n | floor), 1] | max) end) | "\(.[0]),\(.[1])"' "$dir/curve-$p-max.json")
			rv_check "curve-$p-50: rate_iops per job is $want (50% of the max run / $th jobs)" \
				jq -e --arg w "$want" '.tests[] | select(.id == "curve-'"$p"'-50") | .rate_iops_per_job == $w' "$dir/run.json"
			n=$(jq '.jobs[0] | .read.iops + .write.iops' "$dir/curve-$p-50.json")
			want=$(jq '.jobs[0] | .read.iops + .write.iops' "$dir/curve-$p-max.json")
			rv_check "curve-$p-50: $n IOPS is at most 75% of the max run's $want" \
				awk -v n="$n" -v m="$want" 'BEGIN { exit !(n <= 0.75 * m) }'
		fi
	done
}
# expect_run_json DIR N: run.json lists N tests, all done, and the run is complete
expect_run_json() {
	rv_check "run.json: status complete" jq -e '.status == "complete"' "$1/run.json"
	rv_check "run.json: $2 tests, every one done" jq -e --argjson n "$2" '(.tests | length) == $n and all(.tests[]; .status == "done")' "$1/run.json"
	rv_check "run.json: fio, kernel and ssdeng versions, start and end" jq -e '.versions.fio and .versions.kernel and .versions.ssdeng and .started and .ended' "$1/run.json"
	rv_check "drive.json: identity from ssdctl, or null with the reason" \
		jq -e '(.identity == null and (.note | test("ssdctl"))) or (.identity | type == "object")' "$1/drive.json"
	rv_check "no .partial result left" bash -c "! ls '$1'/*.partial >/dev/null 2>&1"
}

# rv_check_schemas PATH...: every document of the record under PATH matches docs/schemas
rv_check_schemas() { tests/host/lib/record_schema.py "$@" || RV_FAILED=1; }

# rv_need_built: end the test with a SKIP line unless the engine and the driver are built
rv_need_built() {
	if [ ! -f engine/libssdeng.so ] || [ ! -x driver/ssd-review ]; then
		echo "ok - # SKIP engine/libssdeng.so or driver/ssd-review not built (make)"
		exit 0
	fi
}
# rv_private_locks DIR: the driver's lock files go to DIR/locks, so the test meets no other run
rv_private_locks() {
	export SSD_REVIEW_LOCK_DIR=$1/locks
	mkdir -p "$SSD_REVIEW_LOCK_DIR"
}
# rv_refused DESCRIPTION PATTERN COMMAND...: ok when COMMAND exits 2 printing PATTERN (grep)
rv_refused() {
	local d=$1 pat=$2 out rc
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -q -- "$pat" <<<"$out"; then rv_ok "$d"; else rv_fail "$d (rc=$rc: $out)"; fi
}
# rv_background ERRFILE COMMAND...: start COMMAND in its own process group (so it does not start
# with SIGINT ignored), stderr to ERRFILE; RV_PID is its pid
rv_background() {
	local err=$1
	shift
	set -m
	"$@" 2>"$err" &
	RV_PID=$!
	set +m
}
# rv_wait_fio OUT PID: wait (up to 30 s) until the run PID writing OUT has a fio running
rv_wait_fio() {
	local _
	for _ in $(seq 1 300); do
		jq -e --argjson p "$2" '.pid == $p and .fio != null' "$1/status.json" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	return 1
}
