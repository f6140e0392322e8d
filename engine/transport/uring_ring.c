// SPDX-License-Identifier: GPL-2.0-only
/* uring_ring.c - the io_uring rings driven directly; see uring_ring.h. */
#include "transport/uring_ring.h"

#include <signal.h>

void ssd_tp_ring_attach(struct ssd_tp_ring *r, struct io_uring *ring, unsigned int flags)
{
	r->fd = ring->ring_fd;
	r->sqpoll = flags & IORING_SETUP_SQPOLL;
	r->iopoll = flags & IORING_SETUP_IOPOLL;
	r->defer = flags & IORING_SETUP_DEFER_TASKRUN;
	r->sq_mask = ring->sq.ring_mask;
	r->sq_entries = ring->sq.ring_entries;
	r->cq_mask = ring->cq.ring_mask;
	r->sq_khead = ring->sq.khead;
	r->sq_ktail = ring->sq.ktail;
	r->sq_kflags = ring->sq.kflags;
	r->cq_khead = ring->cq.khead;
	r->cq_ktail = ring->cq.ktail;
	r->sqes = ring->sq.sqes;
	r->cqes = ring->cq.cqes;
	r->sq_tail = *r->sq_ktail;
	r->sq_flushed = r->sq_tail;
	r->cq_head = *r->cq_khead;
	/* SQ slot i names SQE i, once and for all */
	for (unsigned int i = 0; i < r->sq_entries; i++)
		ring->sq.array[i] = i;
}

int ssd_tp_ring_wait(struct ssd_tp_ring *r, unsigned int min, const struct timespec *t)
{
	struct io_uring_getevents_arg arg = {.sigmask = 0, .sigmask_sz = _NSIG / 8};
	struct __kernel_timespec ts;
	int ret;

	if (!t || r->iopoll) {
		ret = ssd_tp_ring_enter(r, 0, min, IORING_ENTER_GETEVENTS, NULL, 0);
	} else {
		ts.tv_sec = t->tv_sec;
		ts.tv_nsec = t->tv_nsec;
		arg.ts = (uint64_t)(uintptr_t)&ts;
		ret = ssd_tp_ring_enter(r, 0, min, IORING_ENTER_GETEVENTS | IORING_ENTER_EXT_ARG,
					&arg, sizeof(arg));
	}
	if (ret == -ETIME || ret == -EINTR || ret == -EAGAIN || ret == -EBUSY)
		return 0;
	return ret < 0 ? ret : 0;
}
