#!/usr/bin/env bash
# Host test of driver/ssd-review's drive groups and fio client/server, on regular files standing in for drives:
#  - --group: three files as one group, quick four-corners: one fio group per drive in each JSON
#    (new_group=1, its own filename), and the report's group total equals the sum of the drives;
#  - --client: two `fio --server` processes on this host, on 127.0.0.1 only, driven by one fio
#    client: the combined client/server JSON, each host's own results, the report's per-host
#    columns and total; a server that cannot load the engine stops the run naming the host.
# The same paths run on emulated NVMe drives in tests/lab/group_nvme.sh and, across two QEMU
# guests, in tests/lab/clients_two_guests.sh.
set -u
cd "$(dirname "$0")/../.."
. tests/host/lib/review-checks.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/review_group.XXXXXX")
SRV_PIDS=()
cleanup() {
	local p
	for p in "${SRV_PIDS[@]}"; do kill "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT

if [ ! -f engine/libssdeng.so ] || [ ! -x reporter/ssdreport ]; then
	echo "ok - # SKIP engine/libssdeng.so or reporter/ssdreport not built (make)"
	exit 0
fi

# ---- a group of three drives ----------------------------------------------------------------
driver/ssd-review --group g=d1:$tmp/d1.img,d2:$tmp/d2.img,d3:$tmp/d3.img --profile quick \
	--suite four-corners --span 32M --out "$tmp/grp" 2>"$tmp/grp.err"
rv_check "four-corners quick on a group of three files exits 0" test $? = 0
g=$tmp/grp/g
for id in prep-128k-seqfill fc-4k-randread fc-4k-randwrite fc-64k-read fc-64k-write; do
	rv_check "$id: one job per drive, named d1 d2 d3, each with its own file" jq -e --arg t "$tmp" \
		'[.jobs[] | "\(.jobname)=\(."job options".filename)"] == ["d1=\($t)/d1.img", "d2=\($t)/d2.img", "d3=\($t)/d3.img"]' "$g/$id.json"
	rv_check "$id: groups 0, 1, 2; the 2nd and 3rd start with new_group=1 (no stonewall)" jq -e \
		'[.jobs[] | [.groupid, ."job options".new_group]] == [[0, null], [1, "1"], [2, "1"]]' "$g/$id.json"
	rv_check "$id: every drive moved data without error" jq -e \
		'all(.jobs[]; .error == 0 and (.read.io_bytes + .write.io_bytes) > 0)' "$g/$id.json"
done
rv_check "fc-4k-randread: 8 threads x QD32 per drive" jq -e \
	'all(.jobs[]; ."job options".numjobs == "8" and ."job options".iodepth == "32")' "$g/fc-4k-randread.json"
rv_check "run.json lists the three drives" jq -e '[.members[].label] == ["d1", "d2", "d3"]' "$g/run.json"
rv_check "drive-d2.json describes d2" jq -e --arg t "$tmp" '.device == "\($t)/d2.img"' "$g/drive-d2.json"
rv_check "the report was written" test -f "$tmp/grp/report/tests/fc-4k-randread.csv"
# the report's total column against the sum of the drives' IOPS in the same JSON
sum=$(jq '[.jobs[].read.iops] | add' "$g/fc-4k-randread.json")
row=$(grep '^read IOPS,' "$tmp/grp/report/tests/fc-4k-randread.csv")
head=$(head -n1 "$tmp/grp/report/tests/fc-4k-randread.csv")
rv_check "report columns: g/d1, g/d2, g/d3, g (total)" test "$head" = "metric,g/d1,g/d2,g/d3,g (total)"
tot=$(cut -d, -f5 <<<"$row")
rv_check "report total $tot == sum of the drives' IOPS $sum (to 0.001)" \
	awk -v a="$tot" -v b="$sum" 'BEGIN { d = a - b; exit !(d < 0.002 && d > -0.002) }'
rv_check_schemas "$tmp/grp"

# ---- two fio servers on loopback --------------------------------------------------------------
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
ports=()
for p in $(seq $((20000 + RANDOM % 20000)) 1 $((40100))); do
	port_free "$p" && ports+=("$p")
	[ ${#ports[@]} = 2 ] && break
done
for p in "${ports[@]}"; do
	fio --server="ip:127.0.0.1,$p" >"$tmp/srv-$p.log" 2>&1 &
	SRV_PIDS+=($!)
done
for i in $(seq 50); do
	up=0
	for p in "${ports[@]}"; do port_free "$p" || up=$((up + 1)); done
	[ "$up" = 2 ] && break
	sleep 0.1
done
rv_check "two fio servers listen on 127.0.0.1:${ports[0]} and :${ports[1]}" test "$up" = 2
p1=${ports[0]} p2=${ports[1]}
driver/ssd-review --client "127.0.0.1:$p1=h1:$tmp/c1.img" --client "127.0.0.1:$p2=h2:$tmp/c2.img" \
	--profile quick --suite four-corners --span 32M --yes --out "$tmp/cli" 2>"$tmp/cli.err"
rv_check "four-corners quick on two fio servers exits 0" test $? = 0
for id in fc-4k-randread fc-64k-write; do
	f=$tmp/cli/clients/$id.json
	rv_check "$id: one entry per server plus 'All clients'" jq -e --argjson a "$p1" --argjson b "$p2" \
		'([.client_stats[] | select(.jobname != "All clients") | .port] | sort) == ([$a, $b] | sort)
		 and ([.client_stats[] | select(.jobname == "All clients")] | length) == 1' "$f"
	rv_check "$id: h1/$id.json holds server :$p1's entry only" jq -e --argjson a "$p1" \
		'[.client_stats[] | .port] == [$a]' "$tmp/cli/h1/$id.json"
	rv_check "$id: h2/$id.json holds server :$p2's entry only" jq -e --argjson b "$p2" \
		'[.client_stats[] | .port] == [$b]' "$tmp/cli/h2/$id.json"
done
rv_check "h1's results name h1's file (the jobfile was filled in on the client)" jq -e --arg f "$tmp/c1.img" \
	'."global options".filename == $f' "$tmp/cli/h1/fc-4k-randread.json"
rv_check "h2's results name h2's file" jq -e --arg f "$tmp/c2.img" \
	'."global options".filename == $f' "$tmp/cli/h2/fc-4k-randread.json"
csv=$tmp/cli/report/tests/fc-4k-randread.csv
# host columns in the order fio printed the hosts (the order they finished)
hdr=$(head -n1 "$csv" 2>/dev/null)
rv_check "report columns: both servers and the total ($hdr)" bash -c "[ '$hdr' = 'metric,clients/127.0.0.1:$p1,clients/127.0.0.1:$p2,clients (total)' ] ||
	[ '$hdr' = 'metric,clients/127.0.0.1:$p2,clients/127.0.0.1:$p1,clients (total)' ]"
all=$(jq '.client_stats[] | select(.jobname == "All clients") | .read.iops' "$tmp/cli/clients/fc-4k-randread.json")
tot=$(grep '^read IOPS,' "$csv" | cut -d, -f4)
rv_check "report total $tot == fio's All clients $all (to 0.001)" \
	awk -v a="$tot" -v b="$all" 'BEGIN { d = a - b; exit !(d < 0.002 && d > -0.002) }'
rv_check_schemas "$tmp/cli"
out=$(driver/ssd-review --client "127.0.0.1:$p1=h1:$tmp/c1.img" --server-engine /nonexistent/libssdeng.so \
	--yes --profile quick --suite four-corners --out "$tmp/bad" 2>&1)
rc=$?
if [ "$rc" = 2 ] && grep -q "client h1: the fio server 127.0.0.1:$p1 cannot run the engine" <<<"$out" && [ ! -e "$tmp/bad/h1" ]; then
	rv_ok "a server without the engine stops the run before any test, naming the host"
else
	rv_fail "a server without the engine stops the run before any test, naming the host (rc=$rc: $out)"
fi
exit $RV_FAILED
