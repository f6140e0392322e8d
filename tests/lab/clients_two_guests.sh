#!/usr/bin/env bash
# lab-host: starts two guests at once, each a fio server reachable only on a 127.0.0.1 port
# lab-timeout: 420
# fio client/server across two QEMU guests (README.md, "Many drives / many hosts"; LAB-NOTES §6).
# This test runs on the host (tests/lab/run runs `lab-host` tests there): it boots two guests
# together with scripts/lab --net-fio-server
# (QEMU user-mode network, restrict=on, hostfwd from 127.0.0.1:PORT to the guest's 8765), each
# with one emulated NVMe drive and `fio --server` inside, then runs `ssd-review --client` with the
# quick four-corners suite on both at once. Checks: both servers and fio's "All clients" entry in
# the combined JSON, each host's own results, the report's per-host columns and total, and that
# the forwarded ports listen on 127.0.0.1 only. The guests stop when the test touches a stop file
# in the shared repository (the guest mounts it read-write at the same path).
. tests/lab/lib.sh
dir=$(mktemp -d "$PWD/build/lab-clients.XXXXXX")
LAB_PIDS=()
stop_guests() {
	local p i
	touch "$dir/stop"
	for i in $(seq 30); do
		running=0
		for p in "${LAB_PIDS[@]}"; do kill -0 "$p" 2>/dev/null && running=1; done
		[ "$running" = 0 ] && break
		sleep 1
	done
	for p in "${LAB_PIDS[@]}"; do kill "$p" 2>/dev/null; done
	LAB_PIDS=()
}
trap 'stop_guests; rm -rf "$dir"' EXIT
trap 'exit 143' TERM INT

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
ports=()
for p in $(seq $((30000 + RANDOM % 10000)) 1 40999); do
	port_free "$p" && ports+=("$p")
	[ ${#ports[@]} = 2 ] && break
done
# in the guest: fio --server, a ready mark once it listens, then wait for the stop file
for i in 1 2; do
	scripts/lab --net-fio-server "${ports[i - 1]}" --nvme size=1G,serial=CLIENT0$i --timeout 400 -- \
		"fio --server >$dir/server$i.log 2>&1 & sleep 1; touch $dir/ready$i; while [ ! -e $dir/stop ]; do sleep 1; done; kill \$!" \
		>"$dir/guest$i.log" 2>&1 &
	LAB_PIDS+=($!)
done
t0=$(date +%s)
for i in $(seq 240); do
	[ -e "$dir/ready1" ] && [ -e "$dir/ready2" ] && break
	sleep 1
done
if [ -e "$dir/ready1" ] && [ -e "$dir/ready2" ]; then
	ok "both guests run fio --server ($(($(date +%s) - t0)) s after the start)"
else
	fail "the guests did not start fio --server within 240 s"
	tail -n 5 "$dir"/guest*.log | sed 's/^/# /'
	lab_done
fi
for p in "${ports[@]}"; do
	l=$(ss -Hltn "sport = :$p" 2>/dev/null | awk '{print $4}' | sort -u | tr '\n' ' ')
	[ "$l" = "127.0.0.1:$p " ] && ok "port $p listens on 127.0.0.1 only" || fail "port $p listens on '$l'"
done

out=$dir/out
t0=$(date +%s)
driver/ssd-review --client "127.0.0.1:${ports[0]}=guest1:/dev/ng0n1" --client "127.0.0.1:${ports[1]}=guest2:/dev/ng0n1" \
	--profile quick --suite four-corners --span 32M --yes --out "$out" 2>"$dir/review.err"
rc=$?
echo "# ssd-review --client on two guests took $(($(date +%s) - t0)) s"
grep ' · ' "$dir/review.err" | sed 's/^/# /'
[ "$rc" = 0 ] && ok "ssd-review --client on both guests exits 0" ||
	{ fail "ssd-review exited $rc"; tail -n 20 "$dir/review.err" | sed 's/^/# /'; }
p1=${ports[0]} p2=${ports[1]}
for id in prep-128k-seqfill fc-4k-randread fc-4k-randwrite fc-64k-read fc-64k-write; do
	f=$out/clients/$id.json
	jq -e --argjson a "$p1" --argjson b "$p2" \
		'([.client_stats[] | select(.jobname != "All clients") | .port] | sort) == ([$a, $b] | sort)
		 and ([.client_stats[] | select(.jobname == "All clients")] | length) == 1
		 and all(.client_stats[]; .error == 0 and (.read.io_bytes + .write.io_bytes) > 0)' "$f" >/dev/null 2>&1 &&
		ok "$id: both guests and 'All clients' in the combined JSON, data moved, no error" ||
		fail "$id: combined JSON: $(jq -c '[.client_stats[]? | [.port, .jobname, .error]]' "$f" 2>&1)"
	jq -e --argjson a "$p1" '[.client_stats[].port] == [$a]' "$out/guest1/$id.json" >/dev/null 2>&1 &&
		jq -e --argjson b "$p2" '[.client_stats[].port] == [$b]' "$out/guest2/$id.json" >/dev/null 2>&1 &&
		ok "$id: guest1/ and guest2/ hold their own server's entry" || fail "$id: per-host results"
done
grep -q 'ssdeng: /dev/ng0n1: nvme-uring' "$out/clients/logs/fc-4k-randread.fio-stderr.txt" &&
	ok "the servers ran libssdeng.so (nvme-uring on /dev/ng0n1)" ||
	fail "no engine note from the servers: $(head -c 300 "$out/clients/logs/fc-4k-randread.fio-stderr.txt")"
csv=$out/report/tests/fc-4k-randread.csv
# host columns come in the order fio printed the hosts, which is the order they finished
case $(head -n1 "$csv" 2>/dev/null) in
"metric,clients/127.0.0.1:$p1,clients/127.0.0.1:$p2,clients (total)" | \
	"metric,clients/127.0.0.1:$p2,clients/127.0.0.1:$p1,clients (total)")
	ok "the report has both hosts and the total" ;;
*) fail "report header: '$(head -n1 "$csv" 2>&1)'" ;;
esac
all=$(jq '.client_stats[] | select(.jobname == "All clients") | .read.iops' "$out/clients/fc-4k-randread.json")
row=$(grep '^read IOPS,' "$csv")
IFS=, read -r _ h1 h2 tot <<<"$row"
awk -v a="$tot" -v b="$all" -v x="$h1" -v y="$h2" 'BEGIN { d = a - b; exit !(x > 0 && y > 0 && d < 0.002 && d > -0.002) }' &&
	ok "report: guest IOPS $h1 and $h2, total $tot == fio's All clients $all" ||
	fail "report read IOPS row '$row', All clients $all"
stop_guests
lab_done
