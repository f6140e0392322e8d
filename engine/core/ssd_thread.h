/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ssd_thread.h - the state of one fio thread: one queue context per transport in use, and the
 * completions reaped across them. Knows nothing of fio; the glue owns one per thread.
 */
#ifndef SSDENG_SSD_THREAD_H
#define SSDENG_SSD_THREAD_H

#include "core/transport.h"

#define SSD_MAX_TRANSPORTS 4

struct ssd_thread {
	struct ssd_options opt;
	struct {
		const struct ssd_transport_ops *ops;
		struct ssd_ctx *ctx;
	} t[SSD_MAX_TRANSPORTS];
	unsigned int nt;
	unsigned int next;	/* where the next multi-transport reap starts */
	struct ssd_io **events; /* opt.depth entries, filled by ssd_thread_reap() */
	bool own_events;	/* @events made by ssd_thread_init(), freed at exit */
};

/* ssd_thread_init() - state for @opt->depth I/Os. Return 0 or -ENOMEM. */
int ssd_thread_init(struct ssd_thread *th, const struct ssd_options *opt);

/**
 * ssd_thread_init_at() - ssd_thread_init() with the caller's @events array (@opt->depth
 * entries, or 1 when @opt->depth is 0), which outlives the state and is not freed by
 * ssd_thread_exit(): a caller that allocates its own per-slot state adds it there. Cannot fail.
 */
void ssd_thread_init_at(struct ssd_thread *th, const struct ssd_options *opt,
			struct ssd_io **events);
void ssd_thread_exit(struct ssd_thread *th);

/*
 * ssd_thread_ctx() - the context of transport *@ops in this thread, created on first use.
 * When creation fails and ssd_transport_fallback() names another transport, that one is used
 * instead and *@ops is updated (said once on the log with the reason).
 * Return 0 with *@ctx set, or the negative errno of ctx_init.
 */
int ssd_thread_ctx(struct ssd_thread *th, const struct ssd_transport_ops **ops,
		   struct ssd_ctx **ctx);

/* ssd_thread_commit() - commit every context. Return 0 or the first -errno. */
int ssd_thread_commit(struct ssd_thread *th);

/*
 * ssd_thread_reap() - wait for at least @min completions (across all contexts) and take at most
 * @max into th->events. @t bounds the wait (NULL = no bound). Return the count or -errno.
 */
int ssd_thread_reap(struct ssd_thread *th, unsigned int min, unsigned int max,
		    const struct timespec *t);

#endif
