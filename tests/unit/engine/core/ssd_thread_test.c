// SPDX-License-Identifier: GPL-2.0-only
/* ssd_thread.c with two fake transports: contexts made once, completions reaped across both. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/ssd_thread.h"

/* A fake transport: queue() parks the io; reap() hands back what is parked, up to max. */
struct fake_ctx {
	struct ssd_ctx base;
	struct ssd_io *parked[16];
	unsigned int n, inits;
	int reaps;
};

static int fake_init_count;

static struct fake_ctx *fake(struct ssd_ctx *c)
{
	return ssd_container_of(c, struct fake_ctx, base);
}

static int fake_ctx_init(struct ssd_ctx **ctx, const struct ssd_options *opt)
{
	struct fake_ctx *c = calloc(1, sizeof(*c));

	(void)opt;
	*ctx = &c->base;
	fake_init_count++;
	return 0;
}

static void fake_ctx_exit(struct ssd_ctx *ctx) { free(fake(ctx)); }

static int fake_queue(struct ssd_ctx *ctx, struct ssd_io *io)
{
	struct fake_ctx *c = fake(ctx);

	c->parked[c->n++] = io;
	return SSD_Q_QUEUED;
}

static int fake_commit(struct ssd_ctx *c)
{
	(void)c;
	return 0;
}

static int fake_reap(struct ssd_ctx *ctx, unsigned int min, unsigned int max, struct ssd_io **out,
		     const struct timespec *t)
{
	struct fake_ctx *c = fake(ctx);
	unsigned int k = 0;

	(void)min;
	(void)t;
	c->reaps++;
	while (c->n && k < max)
		out[k++] = c->parked[--c->n];
	return (int)k;
}

static unsigned int fake_inflight(const struct ssd_ctx *c)
{
	return ssd_container_of(c, const struct fake_ctx, base)->n;
}

static const struct ssd_transport_ops fake_a = {
    .name = "fake-a",
    .ctx_init = fake_ctx_init,
    .ctx_exit = fake_ctx_exit,
    .queue = fake_queue,
    .commit = fake_commit,
    .reap = fake_reap,
    .inflight = fake_inflight,
};
static const struct ssd_transport_ops fake_b = {
    .name = "fake-b",
    .ctx_init = fake_ctx_init,
    .ctx_exit = fake_ctx_exit,
    .queue = fake_queue,
    .commit = fake_commit,
    .reap = fake_reap,
    .inflight = fake_inflight,
};

static void test_one_ctx_per_transport(void **state)
{
	const struct ssd_options opt = {.depth = 8};
	const struct ssd_transport_ops *a = &fake_a, *b = &fake_b, *a2 = &fake_a;
	struct ssd_ctx *ca, *cb, *ca2;
	struct ssd_thread th;

	(void)state;
	fake_init_count = 0;
	assert_int_equal(ssd_thread_init(&th, &opt), 0);
	assert_int_equal(ssd_thread_ctx(&th, &a, &ca), 0);
	assert_int_equal(ssd_thread_ctx(&th, &b, &cb), 0);
	assert_int_equal(ssd_thread_ctx(&th, &a2, &ca2), 0);
	assert_ptr_equal(ca, ca2);
	assert_ptr_not_equal(ca, cb);
	assert_int_equal(fake_init_count, 2);
	assert_int_equal(th.nt, 2);
	ssd_thread_exit(&th);
}

static void test_reap_across_transports(void **state)
{
	const struct ssd_options opt = {.depth = 8};
	const struct ssd_transport_ops *a = &fake_a, *b = &fake_b;
	struct ssd_io io[6];
	struct ssd_ctx *ca, *cb;
	struct ssd_thread th;
	int seen[6] = {0};

	(void)state;
	assert_int_equal(ssd_thread_init(&th, &opt), 0);
	assert_int_equal(ssd_thread_ctx(&th, &a, &ca), 0);
	assert_int_equal(ssd_thread_ctx(&th, &b, &cb), 0);
	for (int i = 0; i < 6; i++) {
		io[i].slot = (unsigned int)i;
		fake_queue(i < 2 ? ca : cb, &io[i]); /* 2 on a, 4 on b */
	}
	assert_int_equal(ssd_thread_commit(&th), 0);
	/* at most 5 at a time, though 6 are done */
	assert_int_equal(ssd_thread_reap(&th, 1, 5, NULL), 5);
	for (int i = 0; i < 5; i++)
		seen[th.events[i]->slot]++;
	assert_int_equal(ssd_thread_reap(&th, 1, 5, NULL), 1);
	seen[th.events[0]->slot]++;
	for (int i = 0; i < 6; i++)
		assert_int_equal(seen[i], 1);
	/* nothing in flight: returns at once with 0 even when asked for 1 */
	assert_int_equal(ssd_thread_reap(&th, 1, 5, NULL), 0);
	ssd_thread_exit(&th);
}

static void test_max_is_capped_at_depth(void **state)
{
	const struct ssd_options opt = {.depth = 2};
	const struct ssd_transport_ops *a = &fake_a;
	struct ssd_io io[3];
	struct ssd_ctx *ca;
	struct ssd_thread th;

	(void)state;
	assert_int_equal(ssd_thread_init(&th, &opt), 0);
	assert_int_equal(ssd_thread_ctx(&th, &a, &ca), 0);
	for (int i = 0; i < 3; i++)
		fake_queue(ca, &io[i]);
	assert_int_equal(ssd_thread_reap(&th, 0, 64, NULL), 2); /* events[] holds depth entries */
	ssd_thread_exit(&th);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_one_ctx_per_transport),
	    cmocka_unit_test(test_reap_across_transports),
	    cmocka_unit_test(test_max_is_capped_at_depth),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
