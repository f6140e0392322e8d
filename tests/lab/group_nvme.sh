#!/usr/bin/env bash
# lab-args: --nvme size=1G,serial=GRPNV1 --nvme size=1G,serial=GRPNV2 --nvme size=1G,serial=GRPNV3
# lab-timeout: 300
# Three emulated NVMe drives as one group (README.md, "Many drives / many hosts"): ssd-review
# --group runs the quick four-corners suite with one fio job section per drive, all started
# together, each file's transport chosen by the engine (transport=auto: nvme-uring on
# /dev/ngXnY). Each drive's result is in the same JSON, and the report's group total is the sum
# of the drives: IOPS for the random corners, MB/s for the sequential ones.
. tests/lab/lib.sh
. tests/host/lib/review-checks.sh
ngs=() members=
for i in 1 2 3; do
	ctrl=$(lab_nvme_by_serial GRPNV$i) || { fail "no NVMe controller GRPNV$i"; lab_done; }
	ngs+=("/dev/ng${ctrl#/dev/nvme}n1")
	members+="${members:+,}n$i:/dev/ng${ctrl#/dev/nvme}n1"
done
out=/tmp/group
t0=$(date +%s)
# the four corners only (no fill first): TCG makes every fork cost about a second, so the test
# stays near 2 minutes
driver/ssd-review --group "three=$members" --profile quick --suite four-corners --span 32M --yes \
	--only fc-4k-randread,fc-4k-randwrite,fc-64k-read,fc-64k-write --out "$out" --no-report 2>/tmp/group.err
rc=$?
echo "# quick four-corners on a group of three took $(($(date +%s) - t0)) s in the guest"
sed 's/^/# /' /tmp/group.err | grep ' · ' | tail -n 4
[ "$rc" = 0 ] && ok "ssd-review --group three=$members exits 0" ||
	{ fail "ssd-review exited $rc"; tail -n 20 /tmp/group.err | sed 's/^/# /'; lab_done; }
g=$out/three
for id in fc-4k-randread fc-4k-randwrite fc-64k-read fc-64k-write; do
	# one jq per file: job names and files, new_group on drives 2 and 3, data moved without error
	rv_check "$id: jobs n1 n2 n3 on ${ngs[*]}, new_group=1 on n2 and n3, data moved, no error" \
		jq -e --arg a "${ngs[0]}" --arg b "${ngs[1]}" --arg c "${ngs[2]}" \
		'[.jobs[] | "\(.jobname)=\(."job options".filename)"] == ["n1=\($a)", "n2=\($b)", "n3=\($c)"]
		 and [.jobs[] | ."job options".new_group] == [null, "1", "1"]
		 and all(.jobs[]; .error == 0 and (.read.io_bytes + .write.io_bytes) > 0)' "$g/$id.json"
done
notes=$(grep -o 'ssdeng: /dev/ng[0-9]n1: nvme-uring' "$g/logs/fc-4k-randread.fio-stderr.txt" | sort -u | tr '\n' ' ')
[ "$notes" = "ssdeng: ${ngs[0]}: nvme-uring ssdeng: ${ngs[1]}: nvme-uring ssdeng: ${ngs[2]}: nvme-uring " ] &&
	ok "the engine chose nvme-uring for each drive's file" || fail "transport notes: '$notes'"
if [ -x reporter/ssdreport ]; then
	check reporter/ssdreport --no-charts -q -o /tmp/group-report "$g"
	# total column (5) against the sum over the JSON's jobs, to the report's 3 decimals
	total_vs_sum() { # ID ROW JQ-SUM
		local csv=/tmp/group-report/tests/$1.csv tot sum
		tot=$(grep "^$2," "$csv" | cut -d, -f5)
		sum=$(jq "$3" "$g/$1.json")
		if [ "$(head -n1 "$csv")" = "metric,three/n1,three/n2,three/n3,three (total)" ] &&
			awk -v a="$tot" -v b="$sum" 'BEGIN { d = a - b; exit !(a > 0 && d < 0.002 && d > -0.002) }'; then
			ok "$1: report's group $2 $tot == sum of the three drives $sum"
		else
			fail "$1: report's group $2 '$tot' != sum of the drives '$sum' ($(head -n1 "$csv"))"
		fi
	}
	total_vs_sum fc-4k-randread "read IOPS" '[.jobs[].read.iops] | add'
	total_vs_sum fc-4k-randwrite "write IOPS" '[.jobs[].write.iops] | add'
	total_vs_sum fc-64k-read "read MB/s" '[.jobs[].read.bw_bytes] | add / 1e6'
	total_vs_sum fc-64k-write "write MB/s" '[.jobs[].write.bw_bytes] | add / 1e6'
fi
lab_done
