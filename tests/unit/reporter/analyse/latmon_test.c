// SPDX-License-Identifier: GPL-2.0-only
/*
 * latmon_test.c - the OCP latency monitor's buckets beside fio (analyse/latmon.h): fio's
 * histogram bucket edges; fio's I/Os per bucket counted from the json+ bins of a real fio 3.33
 * output of the lab's NVMe drive (the golden fixture's 8k-7030.json), against the counts summed
 * here from the same bins; bounded by the percentiles of another (scale-8k-7030-t4q4.json, no
 * bins), against bounds worked by hand below; the drive's side against fio's; a group member's
 * own jobs; thresholds out of order.
 *
 * The drive's buckets (OCP Datacenter NVMe SSD Specification 2.0, Appendix C.2.3.2): below
 * threshold A nothing, [A, B) bucket 0, [B, C) 1, [C, D) 2, from D bucket 3. The thresholds here
 * are 5, 10, 20 and 50 ms (Active Threshold fields 0, 1, 3, 9 in 5-ms units, N + 1).
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analyse/latmon.h"
#include "parse/fio_json.h"

#define GOLDEN "tests/unit/reporter/fixtures/golden/results/nvme-lab/"

static const long long thr_ms[4] = {5, 10, 20, 50};

static struct sr_test load(const char *file)
{
	struct sr_diag d = {0};
	struct sr_test t;
	int rc = sr_fio_json_load(file, &t, &d);

	if (rc)
		fail_msg("%s: rc %d: %s", file, rc, d.err);
	return t;
}

static struct sr_tel_test tel_of(const char *id, const long long reads[4],
				 const long long writes[4])
{
	struct sr_tel_test x = {.id = (char *)id, .latmon_status = "read"};

	for (int b = 0; b < 4; b++) {
		x.latmon_reads[b] = reads[b];
		x.latmon_writes[b] = writes[b];
		x.latmon_thresholds_ms[b] = thr_ms[b];
	}
	return x;
}

/* fio's buckets: exact below 128 ns, 64 per power of two above, the key the middle; the last
 * (fio 3.x key 17112760320 ns, 2.x 16711680 us) open above. */
static void test_bin_range(void **state)
{
	double lo, hi;

	(void)state;
	sr_fio_bin_range(100, 1, &lo, &hi);
	assert_true(lo == 100 && hi == 101);
	/* 2^7..2^8: width 2, keys 129, 131, ... */
	sr_fio_bin_range(129, 1, &lo, &hi);
	assert_true(lo == 128 && hi == 130);
	/* 2^22..2^23: width 2^16 = 65536; 5013504 = 4194304 + 12.5 x 65536 */
	sr_fio_bin_range(5013504, 1, &lo, &hi);
	assert_true(lo == 4980736 && hi == 5046272);
	/* the last bucket: 2^33 + 63.5 x 2^27 */
	sr_fio_bin_range(17112760320.0, 1, &lo, &hi);
	assert_true(lo == 17112760320.0 - 67108864.0 && isinf(hi));
	/* fio 2.x in us: 1000 us is 2^9..2^10, width 8 us: key 1004 -> [1000, 1008) us */
	sr_fio_bin_range(1004000, 1000, &lo, &hi);
	assert_true(lo == 1000000 && hi == 1008000);
	sr_fio_bin_range(16711680000.0, 1000, &lo, &hi);
	assert_true(isinf(hi));
}

/*
 * The bins of 8k-7030.json: each bin's I/Os go to the range its key (the bucket's middle)
 * lies in, then the buckets that straddle a threshold (read from the file, edges key -/+ w/2)
 * widen the two ranges they touch:
 *   reads:  5013504 [4980736, 5046272) 1 I/O across 5 ms, 10027008 [9961472, 10092544) 10
 *           across 10 ms, 20054016 [19922944, 20185088) 8 across 20 ms, 50069504
 *           [49807360, 50331648) 5 across 50 ms;
 *   writes: 10027008: 2 across 10 ms, 20054016: 5 across 20 ms.
 */
static void by_key(const struct sr_lat *l, uint64_t mid[SR_LM_NRANGES])
{
	memset(mid, 0, SR_LM_NRANGES * sizeof(*mid));
	for (size_t i = 0; i < l->nbins; i++) {
		double v = (double)l->bins[i].ns;
		int r = v < 5e6	   ? SR_LM_BELOW
			: v < 10e6 ? SR_LM_B0
			: v < 20e6 ? SR_LM_B0 + 1
			: v < 50e6 ? SR_LM_B0 + 2
				   : SR_LM_B3;

		mid[r] += l->bins[i].count;
		if (r != SR_LM_BELOW)
			mid[SR_LM_ABOVE_A] += l->bins[i].count;
	}
}

static void test_bins(void **state)
{
	static const long long reads[4] = {540, 560, 615, 818}, writes[4] = {200, 240, 250, 300};
	struct sr_test t = load(GOLDEN "8k-7030.json");
	struct sr_drive drv = {.tests = &t, .ntests = 1};
	struct sr_tel_test x = tel_of("8k-7030", reads, writes);
	struct sr_lm_cmp c;
	uint64_t mid[2][SR_LM_NRANGES], lo[2][SR_LM_NRANGES], hi[2][SR_LM_NRANGES];
	/* straddling bins: [direction][threshold A..D] */
	static const uint64_t across[2][4] = {{1, 10, 8, 5}, {0, 2, 5, 0}};

	(void)state;
	assert_int_equal(t.nruns, 1);
	by_key(&t.runs[0].dir[SR_READ].clat, mid[0]);
	by_key(&t.runs[0].dir[SR_WRITE].clat, mid[1]);
	for (int k = 0; k < 2; k++) {
		/* a range loses the straddlers whose key it holds, gains those of its neighbours */
		for (int r = 0; r < SR_LM_NRANGES; r++)
			lo[k][r] = hi[k][r] = mid[k][r];
		for (int e = 0; e < 4; e++) {
			/* the key of each straddler here lies above its threshold */
			lo[k][SR_LM_B0 + e] -= across[k][e];
			hi[k][SR_LM_B0 + e - 1] += across[k][e];
		}
		lo[k][SR_LM_ABOVE_A] -= across[k][0];
	}
	sr_lm_compare(&drv, &x, &c);
	assert_true(c.edges_ok);
	assert_int_equal(c.nruns, 1);
	assert_true(c.edge_ns[0] == 5e6 && c.edge_ns[3] == 50e6);
	for (int k = 0; k < 2; k++) {
		assert_int_equal(c.dir[k].src, SR_LM_FIO_BINS);
		assert_int_equal(c.dir[k].fio_ios, k ? 1165 : 2703); /* clat_ns N */
		for (int r = 0; r < SR_LM_NRANGES; r++) {
			if (c.dir[k].lo[r] != lo[k][r] || c.dir[k].hi[r] != hi[k][r])
				fail_msg("dir %d range %d: %llu - %llu, summed %llu - %llu", k, r,
					 (unsigned long long)c.dir[k].lo[r],
					 (unsigned long long)c.dir[k].hi[r],
					 (unsigned long long)lo[k][r],
					 (unsigned long long)hi[k][r]);
		}
	}
	/* the figures themselves, as summed above: reads below 5 ms 145 - 146, bucket 0
	 * 547 - 558, at or above 5 ms 2557 - 2558; writes bucket 3 exactly 351 */
	assert_int_equal(c.dir[0].lo[SR_LM_BELOW], 145);
	assert_int_equal(c.dir[0].hi[SR_LM_BELOW], 146);
	assert_int_equal(c.dir[0].lo[SR_LM_B0], 547);
	assert_int_equal(c.dir[0].hi[SR_LM_B0], 558);
	assert_int_equal(c.dir[0].lo[SR_LM_ABOVE_A], 2557);
	assert_int_equal(c.dir[0].hi[SR_LM_ABOVE_A], 2558);
	assert_int_equal(c.dir[1].lo[SR_LM_B3], 351);
	assert_int_equal(c.dir[1].hi[SR_LM_B3], 351);
	/* the drive: reads 540 + 560 + 615 + 818 = 2533 < 2557: fio saw more; writes 990 < 1113 */
	assert_int_equal(c.dir[0].drive[SR_LM_ABOVE_A], 2533);
	assert_int_equal(c.dir[0].drive[SR_LM_BELOW], -1);
	assert_int_equal(c.dir[0].agree, SR_LM_HOST_MORE);
	assert_int_equal(c.dir[1].drive[SR_LM_ABOVE_A], 990);
	assert_int_equal(c.dir[1].agree, SR_LM_HOST_MORE);
	/* 2557 and 2558 both agree; 2559 is more than fio completed */
	x.latmon_reads[3] = 818 + 24;
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.dir[0].agree, SR_LM_AGREE);
	x.latmon_reads[3] = 818 + 26;
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.dir[0].agree, SR_LM_DRIVE_MORE);
	/* a saturated counter: at least 2^32 - 1, more than fio completed */
	x.latmon_reads[3] = SR_LM_SATURATED;
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.dir[0].drive[SR_LM_ABOVE_A], SR_LM_SATURATED);
	assert_int_equal(c.dir[0].agree, SR_LM_DRIVE_MORE);
	/* a counter the drive did not report: no sum, no verdict */
	x.latmon_reads[3] = -1;
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.dir[0].drive[SR_LM_ABOVE_A], -1);
	assert_int_equal(c.dir[0].agree, SR_LM_UNKNOWN);
	sr_test_free(&t);
}

/*
 * scale-8k-7030-t4q4.json has no bins: reads N 952, min 7100 ns, max 38566740 ns. At or above
 * a threshold T (I/Os G(T)): fio's p-th percentile v lies in bucket [lo, hi); T >= hi: G <=
 * floor(N (100 - p) / 100); T <= lo: G >= floor(N (100 - p) / 100) + 1.
 *   5 ms:  p60 4685824 [4653056, 4718592): G <= floor(380.8) = 380;
 *          p70 6062080 [6029312, 6094848): G >= floor(285.6) + 1 = 286;
 *   10 ms: p80 7700480 [7667712, 7733248): G <= 190; p90 11993088 [11927552, 12058624):
 *          G >= 96;
 *   20 ms: p95 16056320 [15990784, 16121856): G <= 47; p99 25821184 [25690112, 25952256):
 *          G >= 10;
 *   50 ms: above the maximum: G = 0.
 * Below 5 ms: 952 - G(5 ms) = 572 - 666; bucket 0: G(5) - G(10) = 286 - 190 .. 380 - 96 =
 * 96 - 284; bucket 1: 96 - 47 .. 190 - 10 = 49 - 180; bucket 2: 10 - 47; bucket 3: 0.
 */
static void test_percentiles(void **state)
{
	static const long long reads[4] = {100, 60, 20, 0}, writes[4] = {0, 0, 0, 0};
	static const uint64_t lo[SR_LM_NRANGES] = {572, 96, 49, 10, 0, 286};
	static const uint64_t hi[SR_LM_NRANGES] = {666, 284, 180, 47, 0, 380};
	struct sr_test t = load(GOLDEN "scale-8k-7030-t4q4.json");
	struct sr_drive drv = {.tests = &t, .ntests = 1};
	struct sr_tel_test x = tel_of("scale-8k-7030-t4q4", reads, writes);
	struct sr_lm_cmp c;

	(void)state;
	assert_int_equal(t.runs[0].dir[SR_READ].clat.nbins, 0);
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.dir[0].src, SR_LM_FIO_PCT);
	assert_int_equal(c.dir[0].fio_ios, 952);
	for (int r = 0; r < SR_LM_NRANGES; r++) {
		if (c.dir[0].lo[r] != lo[r] || c.dir[0].hi[r] != hi[r])
			fail_msg("range %d: %llu - %llu, by hand %llu - %llu", r,
				 (unsigned long long)c.dir[0].lo[r],
				 (unsigned long long)c.dir[0].hi[r], (unsigned long long)lo[r],
				 (unsigned long long)hi[r]);
	}
	/* 180 at or above 5 ms lies below fio's 286: fio saw more */
	assert_int_equal(c.dir[0].agree, SR_LM_HOST_MORE);
	/* without the minimum every I/O is still at or above 0 ns: below 5 ms 952 - G(5 ms) */
	t.runs[0].dir[SR_READ].clat.min.state = SR_ABSENT;
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.dir[0].lo[SR_LM_BELOW], 572);
	assert_int_equal(c.dir[0].hi[SR_LM_BELOW], 666);
	/* the writes: 405 I/Os; 0 at or above 5 ms from the drive, fio's at least some */
	assert_int_equal(c.dir[1].src, SR_LM_FIO_PCT);
	assert_int_equal(c.dir[1].fio_ios, 405);
	assert_int_equal(c.dir[1].agree, SR_LM_HOST_MORE);
	sr_test_free(&t);
}

/* A group: the member's own job entries (named after it) are its fio side; none: no side. */
static void test_member_and_edges(void **state)
{
	static const long long reads[4] = {1, 2, 3, 4}, writes[4] = {0, 0, 0, 0};
	struct sr_test t = load(GOLDEN "8k-7030.json");
	struct sr_drive drv = {.tests = &t, .ntests = 1};
	struct sr_tel_test x = tel_of("8k-7030", reads, writes);
	struct sr_lm_cmp c;

	(void)state;
	x.member = "d2";
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.nruns, 0);
	assert_int_equal(c.dir[0].src, SR_LM_FIO_NONE);
	assert_int_equal(c.dir[0].agree, SR_LM_UNKNOWN);
	x.member = t.runs[0].name; /* "8k-7030" */
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.nruns, 1);
	assert_int_equal(c.dir[0].src, SR_LM_FIO_BINS);
	/* another test's id: nothing of fio's */
	x.member = NULL;
	x.id = "4k-randread";
	sr_lm_compare(&drv, &x, &c);
	assert_int_equal(c.nruns, 0);
	assert_int_equal(c.dir[1].src, SR_LM_FIO_NONE);
	/* thresholds not ascending (OCP LMLLOG-11) or not reported: no fio side */
	x.id = "8k-7030";
	x.latmon_thresholds_ms[2] = 10;
	sr_lm_compare(&drv, &x, &c);
	assert_false(c.edges_ok);
	assert_int_equal(c.nruns, 0);
	assert_int_equal(c.dir[0].drive[SR_LM_ABOVE_A], 10); /* the drive's own still summed */
	x.latmon_thresholds_ms[2] = -1;
	sr_lm_compare(&drv, &x, &c);
	assert_false(c.edges_ok);
	sr_test_free(&t);
}

/* sr_lm_build(): one comparison per test whose monitor was read. */
static void test_build(void **state)
{
	static const long long z[4] = {0, 0, 0, 0};
	struct sr_tel_test tel[3] = {tel_of("a", z, z), tel_of("b", z, z), tel_of("c", z, z)};
	struct sr_drive drv = {.tel = tel, .ntel = 3};
	struct sr_lm_drive d;

	(void)state;
	tel[1].latmon_status = "not supported";
	tel[2].latmon_status = NULL;
	assert_int_equal(sr_lm_build(&drv, &d), 0);
	assert_int_equal(d.n, 1);
	assert_ptr_equal(d.cmp[0].tel, &tel[0]);
	sr_lm_free(&d);
	tel[0].latmon_status = "failed";
	assert_int_equal(sr_lm_build(&drv, &d), 0);
	assert_int_equal(d.n, 0);
	assert_null(d.cmp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_bin_range),	cmocka_unit_test(test_bins),
	    cmocka_unit_test(test_percentiles), cmocka_unit_test(test_member_and_edges),
	    cmocka_unit_test(test_build),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
