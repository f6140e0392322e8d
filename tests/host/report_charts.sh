#!/usr/bin/env bash
# sanitize: yes
# The charts of a test's page for anyone's fio output, and that a page shows only its own job;
# every value recomputed here from the raw fio files:
#  - tests/unit/reporter/fixtures/jsonplus: a real fio-3.33 json+ run of two stonewalled jobs
#    (stonewall-jsonplus.fio), with clat histogram logs (log_hist_msec=500) and value logs: each
#    job's page draws the completion-latency histogram (one CSV row per json+ bin, the bin's count),
#    the QoS exceedance from the bins (the I/Os in higher bins, in %), and p50/p99/p99.9 over time
#    recomputed from the histogram logs (1-s windows, fio's rule: the first bucket where the
#    running count reaches p % of the window's I/Os, its midpoint); a window with fewer I/Os than
#    a percentile needs has none; captions name fio's version and rw, bs, iodepth, numjobs,
#    ioengine; psync took no slat sample (fio's N 0): "–", not 0;
#  - ../shared/cases c12 (48 stonewalled jobs, one group each): every job's page has that job's
#    row alone in its runs and percentile tables (fio's percentiles, in the row's unit) and its QoS chart
#    from those percentiles; c31 (a job that failed with no I/O): its figures read "–", not 0.
set -u
cd "$(dirname "$0")/../.."
. tests/lab/lib.sh
REPORT_TEST="report charts"
. tests/host/lib/report-env.sh
fx=tests/unit/reporter/fixtures/jsonplus
out=$tmp/jp
"$rep" -q -o "$out" "$fx" 2>"$tmp/jp.err"
rc=$?
[ $rc = 0 ] && ok "a json+ output with histogram logs: exit 0" || fail "report: exit $rc: $(cat "$tmp/jp.err")"

python3 - "$fx" "$out/tests" >"$tmp/jp.tap" <<'PY'
import csv, json, math, sys
fx, tests = sys.argv[1], sys.argv[2]
doc = json.load(open(fx + '/stonewall-jsonplus.json'))
def rows(path):
    return list(csv.DictReader(open(path)))
def close(a, b):
    return math.isclose(float(a), b, rel_tol=1e-6, abs_tol=1e-9)
def bucket_mid(i):  # fio 3.x bucket i: the integers it holds, their midpoint (ns)
    if i < 128:
        return float(i)
    g = (i >> 6) - 1
    lo = 2 ** (g + 6) + (i % 64) * 2 ** g
    return (lo + lo + 2 ** g - 1) / 2
res = []
for n, job in enumerate(doc['jobs'], 1):
    name, stem = job['jobname'], 'stonewall-jsonplus_' + job['jobname']
    d = 'read' if job['read']['total_ios'] else 'write'
    bins = sorted((int(k), v) for k, v in job[d]['clat_ns']['bins'].items())
    h = rows(f'{tests}/{stem}-clat-hist.csv')
    ok = len(h) == len(bins) and all(close(r['clat_us'], k / 1e3) and int(r['ios']) == v
                                     for r, (k, v) in zip(h, bins))
    res.append((ok, f'{name}: histogram CSV = the {len(bins)} json+ bins of its {d}s, nothing else'))
    total, above, exc = sum(v for _, v in bins), sum(v for _, v in bins), []
    for k, v in bins:
        above -= v
        if above:
            exc.append((k / 1e3, 100.0 * above / total))
    q = rows(f'{tests}/{stem}-qos.csv')
    ok = len(q) == len(exc) and all(close(r['clat_us'], x) and close(r['exceedance_pct'], y)
                                    for r, (x, y) in zip(q, exc))
    res.append((ok, f'{name}: QoS exceedance = I/Os in higher bins, {len(exc)} points'))
    # percentiles over time from the histogram log: rows at the end of each 500-ms period,
    # merged into 1-s windows (the period's start), fio's percentile rule
    acc = {}
    for line in open(f'{fx}/stonewall-jsonplus_clat_hist.{n}.log'):
        v = [int(x) for x in line.split(',')]
        period = (v[0] + 2) // 500
        w = (period - 1) * 500 // 1000 if period else 0
        cnt = acc.setdefault((w, v[1]), [0] * (len(v) - 3))
        for c, k in enumerate(v[3:]):
            cnt[c] += k
    want = []
    for (w, dd), cnt in sorted(acc.items()):
        tot = sum(cnt)
        if not tot:
            continue
        ps = []
        for p, need_n in ((50, 2), (99, 100), (99.9, 1000)):
            run = 0
            for c, k in enumerate(cnt):
                run += k
                if run >= p / 100 * tot:
                    break
            ps.append(bucket_mid(c) / 1e3 if tot >= need_n else None)
        want.append((w + 1, tot, ps))
    got = rows(f'{tests}/{stem}-clat-pct-time.csv')
    ok = len(got) == len(want) and all(
        close(r['t_s'], t) and int(r['ios']) == tot and all(
            (r[c] in ('', 'nan', 'NaN') if p is None else close(r[c], p))
            for c, p in zip(('p50_us', 'p99_us', 'p99_9_us'), ps))
        for r, (t, tot, ps) in zip(got, want))
    res.append((ok, f'{name}: p50/p99/p99.9 over time = the histogram log recomputed ({len(want)} windows: '
                    + ', '.join('%d I/Os' % t for _, t, _ in want) + ')'))
    page = open(f'{tests}/{stem}.html').read()
    o = job['job options']
    cap = f"{doc['fio version']}; rw={o['rw']}, bs={o['bs']}, iodepth={o['iodepth']}, numjobs={o['numjobs']}, ioengine={doc['global options']['ioengine']}"
    res.append((page.count('<figcaption>') >= 3 and all(cap in c for c in page.split('<figcaption>')[1:]),
                f'{name}: every caption names "{cap}"'))
    other = [j['jobname'] for j in doc['jobs'] if j['jobname'] != name]
    res.append((not any(x in page for x in other), f'{name}: its page never names the other job {other}'))
    r = rows(f'{tests}/{stem}-runs.csv')
    res.append((len(r) == 1 and job[d]['slat_ns']['N'] == 0 and r[0]['slat mean (µs)'] == '',
                f'{name}: fio took no slat sample (N 0): slat mean empty in the CSV'))
for i, (ok, what) in enumerate(res, 1):
    print(('ok' if ok else 'not ok'), i, '-', what)
PY
[ $? = 0 ] && [ "$(wc -l <"$tmp/jp.tap")" = 12 ] || fail "json+ checks did not run: $(cat "$tmp/jp.tap")"
while read -r st n _ what; do
	[ "$st" = ok ] && ok "$what" || fail "${what#- }"
done < <(sed 's/^not ok/notok/' "$tmp/jp.tap")
grep -q '<td class="n">–</td>' "$out/tests/stonewall-jsonplus_randread-4k-qd1.html" &&
	ok "the page shows – where fio took no slat sample" || fail "no – on the page"

# c12: 48 stonewalled jobs; each job's page holds that job alone
c12=$(echo "$cases"/c12-*)/bs_qd_wr_sweep_20s_workstation.json
"$rep" -q -o "$tmp/c12" --no-charts "$c12" 2>"$tmp/c12.err" || fail "c12: $(cat "$tmp/c12.err")"
python3 - "$c12" "$tmp/c12/tests" <<'PY' >"$tmp/c12.tap"
import csv, json, math, sys
doc = json.load(open(sys.argv[1]))
bad = []
for job in doc['jobs']:
    stem = 'bs_qd_wr_sweep_20s_workstation_' + job['jobname']
    pr = list(csv.DictReader(open(f'{sys.argv[2]}/{stem}-percentiles.csv')))
    rr = list(csv.DictReader(open(f'{sys.argv[2]}/{stem}-runs.csv')))
    pct = job['write']['clat_ns']['percentile']
    if [r['job'] for r in pr] != [job['jobname']] or [r['job'] for r in rr] != [job['jobname']]:
        bad.append(job['jobname'] + ': rows of ' + str([r['job'] for r in pr + rr]))
        continue
    # fio's percentiles in the row's unit (p99.99 may be marked as the maximum: too few I/Os)
    div = {'\u00b5s': 1e3, 'ms': 1e6, 's': 1e9}[pr[0]['unit']]
    for k in ('50.000000', '99.000000', '99.900000'):
        got = pr[0]['p' + ('%g' % float(k))]
        if not math.isclose(float(got), pct[k] / div, rel_tol=1e-6):
            bad.append(f"{job['jobname']} p{k}: {got} vs {pct[k] / div}")
    q = list(csv.DictReader(open(f'{sys.argv[2]}/{stem}-qos.csv')))
    want = sorted((v / 1e3, 100 - float(k)) for k, v in pct.items() if 50 <= float(k) < 100)
    got = sorted((float(r['clat_us']), float(r['exceedance_pct'])) for r in q)
    if len(got) != len(want) or any(not math.isclose(a[0], b[0], rel_tol=1e-6) or
                                    not math.isclose(a[1], b[1], rel_tol=1e-6, abs_tol=1e-9)
                                    for a, b in zip(got, want)):
        bad.append(f"{job['jobname']} QoS: {got[:3]} vs {want[:3]}")
print('ok' if not bad else 'not ok', len(doc['jobs']), '; '.join(bad[:5]))
PY
[ $? = 0 ] || fail "c12 checks did not run"
read -r st n rest <"$tmp/c12.tap"
[ "$st" = ok ] && ok "c12: each of the $n jobs' pages holds only its own runs and percentile rows (fio's, in µs) and its QoS from them" ||
	fail "c12: $(cat "$tmp/c12.tap")"

# c31: the job failed (error 5) without I/O: its figures are "–", never fio's 0
c31=$(echo "$cases"/c31-*)/repro-synthetic.txt
"$rep" -q -o "$tmp/c31" --no-charts "$c31" 2>/dev/null
runs=$(echo "$tmp"/c31/tests/*-runs.csv)
[ "$(jq -r '.jobs[0].write.iops' < <(sed -n '/^{/,$p' "$c31"))" = 0 ] &&
	awk -F, 'NR == 2 { exit !($5 == 5 && $7 == "" && $8 == "" && $9 == "") }' "$runs" &&
	grep -q '<td class="n">–</td>' "${runs%-runs.csv}.html" &&
	ok "c31: a failed job fio reports with IOPS 0 reads – (no I/O)" || fail "c31: $(sed -n 2p "$runs")"
lab_done
