/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * uring_ring.h - an io_uring's submission and completion rings, driven directly on the hot path:
 * the rings liburing mapped at setup (io_uring_queue_init_params()), with the ring indices read
 * and published with acquire/release as the kernel's io_uring documentation lays out
 * (io_uring(7), "Submission Queue Ring" / "Completion Queue Ring"), and io_uring_enter(2) only
 * when the kernel must act: to submit, or to wait for (or poll, or run the task work that posts)
 * completions that are not in the ring yet.
 *
 * Entries are the big kind (IORING_SETUP_SQE128, IORING_SETUP_CQE32): SQE i is at sqes + 2 i,
 * CQE i at cqes + 2 i. One thread owns a ring (fio's job thread): no locking.
 */
#ifndef SSDENG_URING_RING_H
#define SSDENG_URING_RING_H

#include <errno.h>
#include <liburing.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct ssd_tp_ring {
	int fd;
	bool sqpoll; /* IORING_SETUP_SQPOLL: the kernel's thread submits */
	bool iopoll; /* IORING_SETUP_IOPOLL: completions are polled for in io_uring_enter() */
	bool defer;  /* IORING_SETUP_DEFER_TASKRUN: completions posted only in io_uring_enter() */
	unsigned int sq_mask, sq_entries, cq_mask;
	unsigned int sq_tail;	 /* next SQE to fill; published to *sq_ktail at submit */
	unsigned int sq_flushed; /* the tail last published */
	unsigned int cq_head;	 /* next CQE to read; published to *cq_khead per batch */
	unsigned int *sq_khead, *sq_ktail, *sq_kflags;
	unsigned int *cq_khead, *cq_ktail;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

/**
 * ssd_tp_ring_attach() - drive the rings of @ring (set up by liburing, entries of the big kind)
 * through @r from now on; liburing's own SQ/CQ calls must not be used on @ring after this.
 * @r:     output
 * @ring:  the ring, no command queued or in flight
 * @flags: the IORING_SETUP_* flags it was created with
 */
void ssd_tp_ring_attach(struct ssd_tp_ring *r, struct io_uring *ring, unsigned int flags);

/* ssd_tp_ring_sqe() - the next free SQE (128 bytes), or NULL if the ring is full. */
static inline struct io_uring_sqe *ssd_tp_ring_sqe(struct ssd_tp_ring *r)
{
	if (r->sq_tail - __atomic_load_n(r->sq_khead, __ATOMIC_ACQUIRE) >= r->sq_entries)
		return NULL;
	return r->sqes + 2 * (r->sq_tail++ & r->sq_mask);
}

/* ssd_tp_ring_sqe_fast() - the next SQE, for a caller that never has more SQEs filled and not
 * yet taken by the kernel than the ring holds (it bounds what it has in flight by the ring's
 * size): ssd_tp_ring_sqe() without the check. */
static inline struct io_uring_sqe *ssd_tp_ring_sqe_fast(struct ssd_tp_ring *r)
{
	return r->sqes + 2 * (r->sq_tail++ & r->sq_mask);
}

/* ssd_tp_ring_unget() - give back the SQE ssd_tp_ring_sqe() returned last. */
static inline void ssd_tp_ring_unget(struct ssd_tp_ring *r) { r->sq_tail--; }

/* ssd_tp_ring_enter() - io_uring_enter(2) without a signal mask. Return its result or -errno.
 * On x86-64 the system call is made inline (libc's syscall() moves its seven arguments around
 * on every call and sets errno). */
static inline int ssd_tp_ring_enter(const struct ssd_tp_ring *r, unsigned int submit,
				    unsigned int min, unsigned int flags, void *arg, size_t argsz)
{
#if defined(__x86_64__)
	register long r10 __asm__("r10") = (long)flags;
	register long r8 __asm__("r8") = (long)arg;
	register long r9 __asm__("r9") = (long)argsz;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)__NR_io_uring_enter), "D"((long)r->fd), "S"((long)submit),
			   "d"((long)min), "r"(r10), "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	return (int)ret; /* -errno on failure, as the kernel returns it */
#else
	long ret = syscall(__NR_io_uring_enter, r->fd, submit, min, flags, arg, argsz);

	return ret < 0 ? -errno : (int)ret;
#endif
}

/**
 * ssd_tp_ring_submit() - publish the SQEs filled since the last call and have the kernel take
 * them: one io_uring_enter() (with GETEVENTS, so completions that arrived meanwhile are posted
 * too and reaping finds them without another call), none with SQPOLL unless its thread sleeps.
 * @r:       the ring
 * @pending: SQEs the kernel has not taken yet (those filled since the last call, and any it
 *           took only in part then)
 * @wait:    CQEs to wait for in the same call (0 or 1; not with SQPOLL): what a caller whose
 *           queue is full would wait for next anyway
 * Return: SQEs the kernel took (with SQPOLL: those published by this call), or -errno (EAGAIN,
 * EBUSY, EINTR: try again after reaping).
 */
static inline int ssd_tp_ring_submit(struct ssd_tp_ring *r, unsigned int pending, unsigned int wait)
{
	int ret;

	__atomic_store_n(r->sq_ktail, r->sq_tail, __ATOMIC_RELEASE);
	if (r->sqpoll) {
		/* the kernel's thread takes them: count those published now */
		pending = r->sq_tail - r->sq_flushed;
		r->sq_flushed = r->sq_tail;
		if (__atomic_load_n(r->sq_kflags, __ATOMIC_ACQUIRE) & IORING_SQ_NEED_WAKEUP) {
			ret = ssd_tp_ring_enter(r, 0, 0, IORING_ENTER_SQ_WAKEUP, NULL, 0);
			if (ret < 0)
				return ret;
		}
		return (int)pending;
	}
	if (!pending)
		return 0;
	return ssd_tp_ring_enter(r, pending, wait, IORING_ENTER_GETEVENTS, NULL, 0);
}

/* ssd_tp_ring_ready() - CQEs in the ring not yet read (acquire: their contents are visible). */
static inline unsigned int ssd_tp_ring_ready(const struct ssd_tp_ring *r)
{
	return __atomic_load_n(r->cq_ktail, __ATOMIC_ACQUIRE) - r->cq_head;
}

/* ssd_tp_ring_cqe() - CQE @i (0 = the oldest not yet read) of those ssd_tp_ring_ready() counts. */
static inline const struct io_uring_cqe *ssd_tp_ring_cqe(const struct ssd_tp_ring *r,
							 unsigned int i)
{
	return r->cqes + 2 * ((r->cq_head + i) & r->cq_mask);
}

/* ssd_tp_ring_advance() - the @n oldest CQEs are read: one release store of the head. */
static inline void ssd_tp_ring_advance(struct ssd_tp_ring *r, unsigned int n)
{
	r->cq_head += n;
	__atomic_store_n(r->cq_khead, r->cq_head, __ATOMIC_RELEASE);
}

/**
 * ssd_tp_ring_wait() - have the kernel post completions until at least @min are in the ring past
 * its head: it waits for them (interrupts), polls the device for them (IOPOLL) or runs the task
 * work that posts them (DEFER_TASKRUN). @min 0 posts what is done without waiting.
 * @r:   the ring
 * @min: CQEs wanted in the ring, counting those not yet read
 * @t:   longest wait, NULL for no bound (not used with IOPOLL, which polls until @min)
 * Return: 0 (also when @t expired or a signal came first: see ssd_tp_ring_ready()), or -errno.
 */
int ssd_tp_ring_wait(struct ssd_tp_ring *r, unsigned int min, const struct timespec *t);

#endif
