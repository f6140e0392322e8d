// SPDX-License-Identifier: GPL-2.0-only
/*
 * snapshots_test.c - the four preconditioning metrics between --status-interval snapshots.
 *
 * fixtures/snapshots/si.json is real fio 3.33 output: fio --name=si --rw=randrw --rwmixread=70
 * --bs=4k --iodepth=4 --numjobs=2 --group_reporting --time_based --runtime=3 --status-interval=1
 * --ioengine=libaio --direct=1 --output-format=json (on a 16 MiB file): 4 documents.
 * Expected values from this script, which works on raw sums (sum x, sum x^2) rather than the
 * N/mean/stddev inversion the reporter uses:
 *
 *   import json, math, sys
 *   t = open(sys.argv[1]).read(); dec = json.JSONDecoder(); i = 0; docs = []
 *   while t.find('{', i) >= 0:
 *       o, i = dec.raw_decode(t, t.find('{', i)); docs.append(o)
 *   prev = {k: (0, 0, 0.0, 0.0, None) for k in ('read', 'write')}; t0 = 0
 *   for d in docs:
 *       (job,) = d['jobs']
 *       cur = {}
 *       for k in ('read', 'write'):
 *           c = job[k]['clat_ns']; n, m, sd = c['N'], c['mean'], c['stddev']
 *           cur[k] = (job[k]['total_ios'], n, n * m, sd * sd * (n - 1) + n * m * m, c['max'])  #
 * raw sums t1 = max(job[k]['runtime'] for k in ('read', 'write')); dt = (t1 - t0) / 1000 iops,
 * mean, sd, known, bound = {}, {}, {}, {}, {} for k in ('read', 'write'): a, b = cur[k], prev[k]; n
 * = a[1] - b[1] iops[k] = (a[0] - b[0]) / dt; mean[k] = (a[2] - b[2]) / n sd[k] = math.sqrt(((a[3]
 * - b[3]) - n * mean[k] ** 2) / (n - 1)) known[k] = a[4] if b[4] is None or a[4] > b[4] else None;
 * bound[k] = a[4] avg = sum(iops[k] * mean[k] for k in iops) / sum(iops.values()) kn = [v for v in
 * known.values() if v is not None] mx = max(kn) if kn and all(known[k] is not None or bound[k] <=
 * max(kn) for k in known) else None print('%.3f %.6f %.3f %s %.3f' % (t1 / 1000,
 * sum(iops.values()), avg, mx, (sd['read'] + sd['write']) / 2)) prev, t0 = cur, t1
 *
 *   $ python3 si.py si.json        (t_s, R+W IOPS, avg ns, max ns, sd ns)
 *   0.923 17044.420368 430762.592 167713189 4597463.906
 *   1.923 9308.000000 821090.795 290375875 9490014.087
 *   2.923 13151.000000 497644.208 None 2857681.371
 *   3.042 3310.924370 2277440.545 None 12609157.164
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "assert_near.h"
#include "cases.h"
#include "analyse/snapshots.h"

static size_t load_all(const char *path, struct sr_test **docs)
{
	struct sr_diag d = {.file = path};
	size_t n = 0, len;
	char *buf;

	assert_int_equal(sr_read_file(path, &buf, &len), 0);
	assert_int_equal(sr_fio_json_parse(buf, len, true, docs, &n, &d), 0);
	free(buf);
	return n;
}

static void free_all(struct sr_test *docs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sr_test_free(&docs[i]);
	free(docs);
}

static void fio_status_interval(void **state)
{
	struct sr_diag d = {0};
	struct sr_test *docs;
	struct sr_interval *iv;
	size_t n;

	(void)state;
	n = load_all("tests/unit/reporter/fixtures/snapshots/si.json", &docs);
	assert_int_equal(n, 4);
	assert_int_equal(sr_snapshot_intervals(docs, n, &iv, &d), 0);
	assert_near(iv[0].t_s, 0.923, 1e-9);
	assert_near(iv[0].iops.v, 17044.420368, 1e-6);
	assert_near(iv[0].lat_mean.v, 430762.592, 1e-3);
	assert_near(iv[0].lat_max.v, 167713189, 0);
	assert_near(iv[0].lat_sd.v, 4597463.906, 1e-3);
	assert_near(iv[1].iops.v, 9308, 1e-6);
	assert_near(iv[1].lat_mean.v, 821090.795, 1e-3);
	assert_near(iv[1].lat_max.v, 290375875, 0); /* the write max grew past the read bound */
	assert_near(iv[1].lat_sd.v, 9490014.087, 1e-3);
	assert_near(iv[2].iops.v, 13151, 1e-6);
	assert_int_not_equal(iv[2].lat_max.state, SR_VALID); /* no running max grew: unknown */
	assert_near(iv[2].lat_sd.v, 2857681.371, 1e-3);
	assert_near(iv[3].t_s, 3.042, 1e-9);
	assert_near(iv[3].iops.v, 3310.924370, 1e-6);
	assert_near(iv[3].lat_mean.v, 2277440.545, 1e-3);
	assert_near(iv[3].lat_sd.v, 12609157.164, 1e-3);
	free(iv);
	free_all(docs, n);
}

/*
 * c33 (3 synthetic documents, write only, 41104846 I/Os per second, the same clat mean and
 * stddev in each): every interval has mean 1061.394896; S_B = sd^2 (n2 - 1) - sd^2 (n1 - 1)
 * = sd^2 nB, so sd_B = 2111.697041 x sqrt(41104846 / 41104845) = 2111.697067; the running max
 * 24033733 never grows after the first interval.
 */
static void case_c33(void **state)
{
	struct sr_diag d = {0};
	struct sr_test *docs, tmp;
	struct sr_interval *iv;
	char p[4096];
	size_t n;

	(void)state;
	case_path(p, sizeof(p),
		  "c33-bug-fio672-status-interval-concatenated-json/repro-synthetic.txt");
	n = load_all(p, &docs);
	assert_int_equal(n, 3);
	assert_int_equal(sr_snapshot_intervals(docs, n, &iv, &d), 0);
	assert_near(iv[0].iops.v, 41104846, 1e-6);
	assert_near(iv[0].lat_max.v, 24033733, 0);
	assert_near(iv[0].lat_sd.v, 2111.697041, 1e-6);
	assert_near(iv[1].t_s, 2, 1e-9);
	assert_near(iv[1].iops.v, 41104846, 1e-6);
	assert_near(iv[1].lat_mean.v, 1061.394896, 1e-6);
	assert_near(iv[1].lat_sd.v, 2111.697041 * sqrt(41104846.0 / 41104845.0), 1e-6);
	assert_int_not_equal(iv[2].lat_max.state, SR_VALID);
	free(iv);
	/* out of order: not snapshots of one run */
	tmp = docs[0];
	docs[0] = docs[2];
	docs[2] = tmp;
	assert_int_equal(sr_snapshot_intervals(docs, n, &iv, &d), -EINVAL);
	assert_non_null(strstr(d.err, "document 2"));
	free_all(docs, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(fio_status_interval),
	    cmocka_unit_test(case_c33),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
