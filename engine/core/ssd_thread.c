// SPDX-License-Identifier: GPL-2.0-only
#include "core/ssd_thread.h"
#include "common/ssd_log.h"
#include "core/transport_select.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int ssd_thread_init(struct ssd_thread *th, const struct ssd_options *opt)
{
	ssd_thread_init_at(th, opt, NULL);
	th->events = calloc(th->opt.depth, sizeof(*th->events));
	th->own_events = true;
	return th->events ? 0 : -ENOMEM;
}

void ssd_thread_init_at(struct ssd_thread *th, const struct ssd_options *opt,
			struct ssd_io **events)
{
	memset(th, 0, sizeof(*th));
	th->opt = *opt;
	if (!th->opt.depth)
		th->opt.depth = 1;
	th->events = events;
}

void ssd_thread_exit(struct ssd_thread *th)
{
	for (unsigned int i = 0; i < th->nt; i++)
		th->t[i].ops->ctx_exit(th->t[i].ctx);
	if (th->own_events)
		free(th->events);
	memset(th, 0, sizeof(*th));
}

int ssd_thread_ctx(struct ssd_thread *th, const struct ssd_transport_ops **ops,
		   struct ssd_ctx **ctx)
{
	const struct ssd_transport_ops *fb;
	int ret;

	for (unsigned int i = 0; i < th->nt; i++) {
		if (th->t[i].ops == *ops) {
			*ctx = th->t[i].ctx;
			return 0;
		}
	}
	if (th->nt == SSD_MAX_TRANSPORTS)
		return -EMFILE;
	ret = (*ops)->ctx_init(ctx, &th->opt);
	if (ret < 0) {
		fb = ssd_transport_fallback(*ops, ret, &th->opt);
		if (!fb)
			return ret;
		ssd_log(SSD_LOG_WARN, "ssdeng: %s unavailable (%s); using %s", (*ops)->name,
			strerror(-ret), fb->name);
		*ops = fb;
		return ssd_thread_ctx(th, ops, ctx);
	}
	th->t[th->nt].ops = *ops;
	th->t[th->nt].ctx = *ctx;
	th->nt++;
	return 0;
}

int ssd_thread_commit(struct ssd_thread *th)
{
	int first = 0;

	for (unsigned int i = 0; i < th->nt; i++) {
		int ret = th->t[i].ops->commit(th->t[i].ctx);

		if (ret < 0 && !first)
			first = ret;
	}
	return first;
}

int ssd_thread_reap(struct ssd_thread *th, unsigned int min, unsigned int max,
		    const struct timespec *t)
{
	/* with several transports, poll each in turn and block on one at most this long */
	const struct timespec slice = {.tv_sec = 0, .tv_nsec = 200000};
	const struct timespec zero = {0, 0};
	unsigned int n = 0;

	if (max > th->opt.depth)
		max = th->opt.depth;
	if (th->nt == 1)
		return th->t[0].ops->reap(th->t[0].ctx, min, max, th->events, t);
	for (unsigned int spins = 0;; spins++) {
		unsigned int busy = 0;

		for (unsigned int k = 0; k < th->nt && n < max; k++) {
			unsigned int i = (th->next + k) % th->nt;
			const struct ssd_transport_ops *ops = th->t[i].ops;
			int r;

			if (!ops->inflight(th->t[i].ctx))
				continue;
			busy++;
			r = ops->reap(th->t[i].ctx, 0, max - n, th->events + n, &zero);
			if (r < 0)
				return n ? (int)n : r;
			n += (unsigned int)r;
		}
		th->next = (th->next + 1) % th->nt;
		if (n >= min || n >= max || !busy)
			return (int)n;
		if (t && (long long)spins * slice.tv_nsec >=
			     (long long)t->tv_sec * 1000000000LL + t->tv_nsec)
			return (int)n;
		/* block briefly on the first busy context */
		for (unsigned int i = 0; i < th->nt; i++) {
			if (th->t[i].ops->inflight(th->t[i].ctx)) {
				int r = th->t[i].ops->reap(th->t[i].ctx, 1, max - n, th->events + n,
							   &slice);
				if (r > 0)
					n += (unsigned int)r;
				break;
			}
		}
		if (n >= min)
			return (int)n;
	}
}
