#!/usr/bin/env bash
# sanitize: yes
# The golden report of bench-fio trees. tests/unit/reporter/fixtures/benchfio: fio-plot's own
# example benchmark output (fio 3.1, randread and randwrite at iodepth 1, 8, 64 and numjobs 1, 8
# on a Crucial MX200 as /dev/sdb and three of them in RAID 0 as /dev/md0, one folder each, taken
# from github.com/louwrentius/fio-plot). Its report's sweeps and comparison CSVs equal the
# checked-in expected/; the figures are recomputed from the raw JSON with jq; the structure comes
# from fio's options (filename, iodepth, numjobs), not the names. Then a tree laid out as bench-fio
# writes it, <dir>/<bs>/<rw>-<iodepth>-<numjobs>.json (scripts/gen-bench-fio-tree from the real
# fio 3.36 output of case c10): one set of results, not a drive per block-size folder, with a
# sweep against iodepth per rw, a line per block size (its transpose, against bs per iodepth, not
# drawn again); --group-by's labels; fio's steady state of case c04 in its
# own section. --update rewrites expected/ from this build.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report bench-fio"
. tests/host/lib/report-env.sh
F=tests/unit/reporter/fixtures/benchfio
E=tests/unit/reporter/fixtures/benchfio-expected
sdb=$F/HPDL380G8-H420i-Crucial-MX200
md0=$F/HPDL380G8-H420i-Crucial-MX200x3_RAID0

if [ "${1:-}" = --update ]; then
	"$rep" -q -o "$tmp/u" --no-charts "$F" || exit 1
	rm -rf "$E" && mkdir -p "$E" && cp "$tmp/u"/sweep-*.csv "$tmp/u"/comparison.csv "$E/"
	echo "report_benchfio: $E rewritten"
	exit 0
fi

out=$tmp/r
"$rep" -o "$out" --no-charts "$F" 2>"$tmp/err"
rc=$?
[ $rc = 0 ] && [ ! -s "$tmp/err" ] && ok "fio-plot's tree: exit 0, nothing on stderr" ||
	fail "fio-plot's tree: exit $rc: $(head -3 "$tmp/err")"
bad=
for e in $(cd "$E" && ls); do cmp -s "$E/$e" "$out/$e" || bad+=" $e"; done
[ -z "$bad" ] && ok "sweeps and comparison CSVs equal expected/ ($(ls "$E" | wc -l) files)" ||
	fail "differ from expected/:$bad"
for e in $(cd "$out" && ls sweep-*.csv comparison.csv); do
	[ -f "$E/$e" ] || fail "$e not in expected/"
done

near() { awk -v a="$1" -v b="$2" 'BEGIN { d = (a - b) / (b ? b : 1); exit !(a != "" && d * d < 1e-14) }'; }
check() { near "$2" "$3" && ok "$1: $2" || fail "$1: report '$2', fio JSON $3"; }
# the comparison: one row per job, a column per device as fio names it (filename=)
row=$(grep '^randread 4 KiB 1T/64Q' "$out/comparison.csv")
head=$(head -1 "$out/comparison.csv")
grep -q "IOPS [^,]*$(jq -r '.jobs[0]."job options".filename' "$sdb/randread-64-1.json")" <<<"$head" &&
	grep -q "IOPS [^,]*$(jq -r '.jobs[0]."job options".filename' "$md0/randread-64-1.json")" <<<"$head" &&
	ok "comparison: a column per device, named by fio's filename= (/dev/sdb, /dev/md0)" ||
	fail "comparison header: $head"
a=$(jq '.jobs[0].read.iops' "$sdb/randread-64-1.json")
b=$(jq '.jobs[0].read.iops' "$md0/randread-64-1.json")
check "comparison: MX200 randread QD64 IOPS" "$(cut -d, -f2 <<<"$row")" "$a"
check "comparison: RAID0 randread QD64 IOPS" "$(cut -d, -f3 <<<"$row")" "$b"
d=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.6g", 100 * (b - a) / a }')
[ "$(cut -d, -f4 <<<"$row")" = "$d" ] && ok "comparison: difference in % from the first device ($d)" ||
	fail "comparison: difference $(cut -d, -f4 <<<"$row"), want $d"
n=$(($(wc -l <"$out/comparison.csv") - 1))
[ $n = 12 ] && ok "comparison: the 12 jobs both devices ran" || fail "comparison: $n jobs, want 12"
# the sweeps: against iodepth, a series per numjobs and device, the iodepths as columns
s=$(grep -l '^series,figure,iodepth 1,iodepth 8,iodepth 64$' "$out"/sweep-*.csv | wc -l)
[ "$s" = 2 ] && ok "sweeps: two against iodepth (randread, randwrite), iodepth 1, 8, 64 as columns" ||
	fail "sweeps against iodepth: $s"
f=$(grep -l '^series,figure,iodepth' "$out"/sweep-*.csv | xargs grep -l 'numjobs 8' | head -1)
v=$(grep -A3 '^"numjobs 8, HPDL380G8-H420i-Crucial-MX200 /dev/sdb"' "$f" | grep '^,avg latency' | cut -d, -f5)
w=$(jq '.jobs[0] | (.read.iops * .read.clat_ns.mean + .write.iops * .write.clat_ns.mean) / (.read.iops + .write.iops) / 1e6' \
	"$sdb/randread-64-8.json")
check "sweep: MX200 8 jobs QD64 average latency (ms), I/O-weighted clat mean" "$v" "$w"
v=$(grep '^"numjobs 1, HPDL380G8-H420i-Crucial-MX200 /dev/sdb",IOPS' "$f" | cut -d, -f4)
check "sweep: MX200 1 job QD1 IOPS" "$v" "$(jq '.jobs[0].read.iops' "$sdb/randread-1-1.json")"
grep -q 'id="sweeps"' "$out/index.html" && grep -q 'id="comparisons"' "$out/index.html" &&
	ok "index.html: the Sweeps and Comparisons sections" || fail "index.html: no Sweeps or Comparisons section"
grep -q 'id="family-other"\|Other tests' "$out/index.html" &&
	fail "index.html: tests in a sweep or comparison repeated under Other tests" ||
	ok "index.html: no 'Other tests' (every test is in a sweep or the comparison)"

# bench-fio's own layout, <dir>/<bs>/<rw>-<iodepth>-<numjobs>.json: one set of results
tree=$tmp/bench-fio
python3 scripts/gen-bench-fio-tree --out "$tree" --files 100 \
	--template "$cases/c10-brahiam-fio336-randrw-job-start/result_100M_run1.json" >/dev/null
"$rep" -q -o "$tmp/t" --no-charts "$tree" 2>"$tmp/err2"
drives=$(grep -c '' "$tmp/t/drives.csv" 2>/dev/null || echo 0)
grep -q 'Other tests' "$tmp/t/index.html" && fail "bench-fio layout: an 'Other tests' table" ||
	ok "bench-fio layout: no 'Other tests' table of block-size folders"
lab=$(grep -ho '^"*bs [0-9]* KiB[^,"]*' "$tmp/t"/sweep-*.csv | sort -u | tr '\n' ' ')
[ "$lab" = "bs 4 KiB bs 8 KiB " ] && ok "bench-fio layout: one source (series named by the block size alone, no folder as a drive)" ||
	fail "bench-fio layout: series '$lab'"
# a grid of rw x bs x iodepth: per rw one sweep against iodepth, a line per block size; the
# sweeps against bs at each iodepth (a line per rw) are its transpose, not drawn again
rws=$(jq -r '.jobs[0]."job options".rw' "$tree"/*/*.json | sort -u | wc -l)
n=$(ls "$tmp/t"/sweep-*.csv | wc -l)
b=$(grep -l '^series,figure,bs ' "$tmp/t"/sweep-*.csv | wc -l)
[ "$n" = "$rws" ] && [ "$b" = 0 ] && ! grep -q 'Against block size' "$tmp/t/index.html" &&
	ok "bench-fio layout: $n sweeps against iodepth (one per rw, a line per bs), none of their transposes against bs" ||
	fail "bench-fio layout: $n sweeps for $rws rw, $b against bs"
# the read sweep's 8 KiB line at iodepth 1 (its table named in its caption)
f=$(grep -o '<caption>read, [^<]*against iodepth: swept values as columns <a class=csv href="sweep-[0-9]*\.csv"' \
	"$tmp/t/index.html" | grep -o 'sweep-[0-9]*\.csv')
v=$(python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
print([r for r in rows if r[0] == "bs 8 KiB" and r[1] == "IOPS"][0][rows[0].index("iodepth 1")])' "$tmp/t/$f")
check "bench-fio layout: read 8 KiB iodepth 1 numjobs 1 IOPS (reads + writes)" "$v" \
	"$(jq '.jobs[0].read.iops + .jobs[0].write.iops' "$tree/8k/read-1-1.json")"

# --group-by: labels from parts of the paths, here the host folder two levels above each file
g=$tmp/g
mkdir -p "$g/hostA/sdb" "$g/hostB/md0"
cp "$sdb"/randread-*-1.json "$g/hostA/sdb/" && cp "$md0"/randread-*-1.json "$g/hostB/md0/"
"$rep" -q -o "$tmp/gb" --no-charts --group-by '{}/*/*' "$g"/hostA/sdb/*.json "$g"/hostB/md0/*.json
head=$(head -1 "$tmp/gb/comparison.csv" 2>/dev/null)
grep -q '^job,IOPS hostA /dev/sdb,IOPS hostB /dev/md0,' <<<"$head" &&
	ok "--group-by '{}/*/*': the sources labelled by the host folder (hostA, hostB)" ||
	fail "--group-by: comparison header '$head'"
"$rep" -q -o "$tmp/gb2" --group-by 'x/*' "$g"/hostA/sdb/*.json 2>"$tmp/gb2.err"
rc=$?
[ $rc != 0 ] && grep -q -- "--group-by: 'x/\*' names no part as the label" "$tmp/gb2.err" &&
	ok "--group-by without {}: refused, naming the option (exit $rc)" ||
	fail "--group-by 'x/*': exit $rc: $(cat "$tmp/gb2.err")"

# anyone's jobs run to fio's steady state (case c04: 17 jobs with ss=iops:10%, one not attained):
# the preconditioning section, fio's criterion exactly as fio printed it, a row per job
c04=$cases/c04-samyaple-fio333-steadystate
"$rep" -q -o "$tmp/ss" --no-charts "$c04" 2>/dev/null
csv=$tmp/ss/steady-state.csv
want=$(jq -r '.jobs[].steadystate.criterion' "$c04"/randread-1-1.json "$c04"/randread-16-16.json | tr '\n' ' ')
got=$(tail -n +2 "$csv" 2>/dev/null | cut -d, -f6 | tr '\n' ' ')
[ -n "$want" ] && [ "$got" = "$want" ] &&
	ok "steady state: a row per job, fio's criterion exactly as fio printed it ($(wc -w <<<"$want") jobs)" ||
	fail "steady state: criteria '$got', fio printed '$want'"
no=$(tail -n +2 "$csv" | cut -d, -f5 | grep -c '^no$')
[ "$no" = "$(jq -s '[.[].jobs[].steadystate.attained | select(. == 0)] | length' "$c04"/*.json)" ] &&
	ok "steady state: the $no job fio did not find steady marked 'no'" || fail "steady state: $no marked 'no'"
grep -q 'id="steady-state"' "$tmp/ss/index.html" && ! grep -q 'Other tests' "$tmp/ss/index.html" &&
	ok "steady state: its own section, not 'Other tests'" || fail "steady state: no section of its own"
v=$(grep '^randread-1-1,' "$csv" | cut -d, -f8)
check "steady state: randread-1-1's mean IOPS of fio's last window" "$v" \
	"$(jq '.jobs[0].steadystate.data.iops_mean' "$c04/randread-1-1.json")"
# the MB/s column: every job's mean of fio's last window (fio 3.33 prints bw_mean in bytes/s) in
# the CSV, and on the page in the one unit and precision of the report's other MB/s columns:
# three significant figures, integers from 100 up, thousands separated ("1,304" beside "57.4")
want=$(jq -r '.jobs[].steadystate.data.bw_mean' "$c04"/randread-1-1.json "$c04"/randread-16-16.json)
got=$(tail -n +2 "$csv" | cut -d, -f9)
bad=$(paste <(echo "$got") <(echo "$want") | while read -r g w; do near "$g" "$(awk -v w="$w" 'BEGIN { printf "%.9g", w / 1e6 }')" || echo "$g/$w"; done)
[ -n "$want" ] && [ "$(wc -l <<<"$got")" = "$(wc -l <<<"$want")" ] && [ -z "$bad" ] &&
	ok "steady state: every job's mean MB/s of fio's last window in the CSV ($(wc -l <<<"$want") jobs)" ||
	fail "steady state: MB/s CSV against fio's bw_mean: ${bad:-$(wc -l <<<"$got") rows, $(wc -l <<<"$want") jobs}"
shown=$(python3 -c 'import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
t = re.search(r"<table>\s*<caption>fio.s steady state.*?</table>", s, re.S).group(0)
for r in re.findall(r"<tr>(.*?)</tr>", t, re.S)[1:]:
    print(re.sub("<[^>]*>", "", re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)[8]))' "$tmp/ss/index.html")
fmt=$(awk '{ v = $1 / 1e6; if (v >= 99.95) { s = sprintf("%.0f", v) } else {
	e = int(log(v) / log(10) + (v < 1 ? -1 : 0)); r = sprintf("%.*f", 2 - e, v)
	if (r + 0 >= 100) r = sprintf("%.0f", r) ; s = r }
	while (s ~ /^[0-9]{4}/) sub(/[0-9]{3}(,|$)/, ",&", s); print s }' <<<"$want")
[ -n "$shown" ] && [ "$shown" = "$fmt" ] && grep -q '^1,304$' <<<"$shown" &&
	ok "steady state: MB/s on the page to three significant figures, thousands separated ($(tr '\n' ' ' <<<"$shown" | cut -c1-60)...)" ||
	fail "steady state: MB/s on the page '$(tr '\n' ' ' <<<"$shown")', want '$(tr '\n' ' ' <<<"$fmt")'"
lab_done
