// SPDX-License-Identifier: GPL-2.0-only
/*
 * tpcc_lua_test.c - apps/tpcc.lua's draws, run by sysbench itself without a database
 * (`run --selftest=on` on a fixed --rand-seed): the standard mix exactly per 100 transactions,
 * 1 % of New-Orders with an unused item, 15 % of Payments for a remote warehouse, NURand
 * within its range and as skewed as the specification's formula makes it (the share of the
 * most drawn tenth of the range against the exact distribution computed here), the last-name
 * syllables, and the same draws for the same seed. Skipped when sysbench is not installed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define LUA "apps/tpcc.lua"

static char out[4][4096]; /* seed 7 twice, seed 8, seed 7 with 3 warehouses */

/* the "tpcc-selftest" lines sysbench prints for @args into @buf (its whole output when it
 * fails); 0, or -1 when sysbench cannot run it */
static int selftest(const char *args, char *buf, size_t len)
{
	char cmd[512], line[1024];
	size_t used = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd),
		 "sysbench %s run --selftest=on --events=100000 --time=0 --threads=1 %s 2>&1", LUA,
		 args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	buf[0] = '\0';
	while (fgets(line, sizeof(line), p))
		if (!strncmp(line, "tpcc-selftest", 13) && used + strlen(line) < len) {
			strcpy(buf + used, line);
			used += strlen(line);
		}
	return pclose(p) == 0 && used ? 0 : -1;
}

/* the value of "key=" on @line, up to the next blank, into @v */
static const char *word(const char *text, const char *line, const char *key, char *v, size_t len);

static int setup(void **state)
{
	(void)state;
	if (system("command -v sysbench >/dev/null 2>&1"))
		return 0; /* the tests skip */
	if (selftest("--rand-seed=7", out[0], sizeof(out[0])) ||
	    selftest("--rand-seed=7", out[1], sizeof(out[1])) ||
	    selftest("--rand-seed=8", out[2], sizeof(out[2])) ||
	    selftest("--rand-seed=7 --warehouses=3", out[3], sizeof(out[3]))) {
		fprintf(stderr, "sysbench %s run --selftest=on failed:\n%s\n", LUA, out[0]);
		return -1;
	}
	return 0;
}

/* the value of "key=" on the line of @text starting with @line */
static const char *field(const char *text, const char *line, const char *key)
{
	const char *l = strstr(text, line), *k;
	char want[64];

	if (!l)
		return NULL;
	snprintf(want, sizeof(want), " %s=", key);
	k = strstr(l, want);
	return k && k < strchr(l, '\n') ? k + strlen(want) : NULL;
}

static const char *word(const char *text, const char *line, const char *key, char *v, size_t len)
{
	const char *f = field(text, line, key);
	size_t n = f ? strcspn(f, " \n") : 0;

	if (n >= len)
		n = len - 1;
	memcpy(v, f ? f : "", n);
	v[n] = '\0';
	return v;
}

static long num(const char *text, const char *line, const char *key)
{
	const char *v = field(text, line, key);

	if (!v)
		fail_msg("no %s= on '%s' in:\n%s", key, line, text);
	return v ? strtol(v, NULL, 10) : -1;
}

#define SKIP_WITHOUT_SYSBENCH()                                                                    \
	do {                                                                                       \
		if (!out[0][0])                                                                    \
			skip();                                                                    \
	} while (0)

static void mix_and_rollbacks(void **state)
{
	const char *t = out[0], *m = "tpcc-selftest mix";

	(void)state;
	SKIP_WITHOUT_SYSBENCH();
	/* a deck of 100 cards per 100 transactions: exactly the mix over 1000 decks */
	assert_int_equal(num(t, m, "draws"), 100000);
	assert_int_equal(num(t, m, "new_order"), 45000);
	assert_int_equal(num(t, m, "payment"), 43000);
	assert_int_equal(num(t, m, "order_status"), 4000);
	assert_int_equal(num(t, m, "delivery"), 4000);
	assert_int_equal(num(t, m, "stock_level"), 4000);
	/* 1 % of 45,000 New-Orders end on an unused item (binomial: 450 ± 21) */
	assert_in_range(num(t, m, "new_order_rollbacks"), 450 - 80, 450 + 80);
	/* one warehouse: no remote Payment; three: 15 % of 43,000 (6450 ± 74) */
	assert_int_equal(num(t, m, "remote_payments"), 0);
	assert_in_range(num(out[3], m, "remote_payments"), 6450 - 300, 6450 + 300);
}

/* the share of NURand(A, x, y) (clause 2.1.6) on its most probable tenth of [x, y], exactly */
static double exact_top_tenth(unsigned a, unsigned x, unsigned y, unsigned c)
{
	unsigned n = y - x + 1, *cnt = calloc(n, sizeof(*cnt));
	uint64_t top = 0, all = (uint64_t)(a + 1) * n;

	assert_non_null(cnt);
	for (unsigned i = 0; i <= a; i++)
		for (unsigned j = x; j <= y; j++)
			cnt[((i | j) + c) % n]++;
	for (unsigned k = 0; k < n / 10; k++) { /* the largest n/10 counts */
		unsigned best = 0;

		for (unsigned v = 1; v < n; v++)
			if (cnt[v] > cnt[best])
				best = v;
		top += cnt[best];
		cnt[best] = 0;
	}
	free(cnt);
	return (double)top / (double)all;
}

static void nurand(void **state)
{
	static const struct {
		const char *line;
		long lo, hi;
		unsigned a, c;
	} nu[] = {
	    {"nurand A=1023 x=1 y=3000", 1, 3000, 1023, 259},
	    {"nurand A=255 x=0 y=999", 0, 999, 255, 223},
	};
	const char *t = out[0];

	(void)state;
	SKIP_WITHOUT_SYSBENCH();
	for (size_t i = 0; i < sizeof(nu) / sizeof(nu[0]); i++) {
		double share = strtod(field(t, nu[i].line, "top10pct_share"), NULL);
		double exact =
		    exact_top_tenth(nu[i].a, (unsigned)nu[i].lo, (unsigned)nu[i].hi, nu[i].c);

		assert_in_range(num(t, nu[i].line, "min"), nu[i].lo, nu[i].hi);
		assert_in_range(num(t, nu[i].line, "max"), nu[i].lo, nu[i].hi);
		/* a sample's most drawn tenth is a little above the exact share (about +0.008
		 * at 100,000 draws); a uniform draw would give 0.10 */
		if (share < exact - 0.005 || share > exact + 0.02)
			fail_msg("%s: top tenth %.4f, the formula's %.4f", nu[i].line, share,
				 exact);
	}
	/* the items' NURand(8191, 1, 100000): skewed too, within range */
	assert_in_range(num(t, "nurand A=8191", "min"), 1, 100000);
	assert_in_range(num(t, "nurand A=8191", "max"), 1, 100000);
	assert_true(strtod(field(t, "nurand A=8191", "top10pct_share"), NULL) > 0.5);
}

static void last_names_and_seeds(void **state)
{
	(void)state;
	SKIP_WITHOUT_SYSBENCH();
	/* clause 4.3.2.3's own example: 371 is PRICALLYOUGHT */
	assert_non_null(strstr(out[0], "last_name 0=BARBARBAR 371=PRICALLYOUGHT "
				       "999=EINGEINGEING"));
	/* the same seed draws the same; another seed other values */
	char a[64], b[64];

	assert_string_equal(out[0], out[1]);
	assert_string_not_equal(word(out[0], "nurand A=1023", "first", a, sizeof(a)),
				word(out[2], "nurand A=1023", "first", b, sizeof(b)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(mix_and_rollbacks),
	    cmocka_unit_test(nurand),
	    cmocka_unit_test(last_names_and_seeds),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
