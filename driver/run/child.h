/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * child.h - running fio (and the other programs the driver starts) so that none outlives the
 * driver: each child runs in its own process group, with a parent-death signal (SIGTERM when
 * the driver dies, even by SIGKILL), its output in files. A stop request (SIGINT, SIGTERM or
 * SIGHUP to the driver) is forwarded to the child's group as SIGINT, fio's clean stop; a child
 * still running after a grace period gets SIGTERM, then SIGKILL.
 */
#ifndef SSDENG_DRIVER_CHILD_H
#define SSDENG_DRIVER_CHILD_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "plan/plan.h"

/* The signal that asked the driver to stop (SIGINT, SIGTERM, SIGHUP), 0 while none did: the
 * driver's only global mutable state, written by its signal handler. */
extern volatile sig_atomic_t rv_stop_signal;

/**
 * rv_signals_install() - SIGINT, SIGTERM and SIGHUP set rv_stop_signal (the first one wins);
 * SIGCHLD wakes a sleeping wait; SIGPIPE is ignored (a closed pipe on stderr must not kill a
 * run of hours). Handlers do not restart system calls, so a sleep ends at once.
 * Return: 0 or -errno.
 */
int rv_signals_install(void);

/* How to start a child. */
struct rv_spawn {
	char *const *argv;	  /* argv[0] is looked up in $PATH */
	const struct rv_env *env; /* added to the environment, or NULL */
	const char *out_path; /* stdout to this file (created or truncated), NULL: the driver's */
	const char *err_path; /* stderr likewise; NULL: the driver's stderr */
	const int *keep_fds;  /* descriptors the child keeps (the run's locks), or NULL */
	size_t nkeep;
	int stop_grace_s;  /* after the forwarded SIGINT, before SIGTERM; 0: 60 s (fio's stop) */
	bool low_priority; /* nice 19 and the idle I/O class (ioprio_set(2)): out of fio's way */
};

/* A running child. */
struct rv_child {
	pid_t pid; /* also its process group */
	unsigned long long starttime;
	bool done;
	int code; /* when done: the exit status, or 128 + the signal that killed it */
	int sent; /* the last signal sent to its group, 0 none */
	time_t sent_at;
	int stop_grace_s; /* from struct rv_spawn */
};

/**
 * rv_child_spawn() - fork, put the child in its own process group with PR_SET_PDEATHSIG
 * (SIGTERM), default signal dispositions, stdin /dev/null, and exec @s->argv.
 * @c: output
 * @err, @errlen: why it could not start ("cannot run fio: No such file or directory" comes
 *                back as exit code 127 with that text on the child's stderr)
 * Return: 0 or -errno.
 */
int rv_child_spawn(struct rv_child *c, const struct rv_spawn *s, char *err, size_t errlen);

/**
 * rv_child_poll() - reap @c if it ended; else sleep up to @timeout_ms (a signal to the driver
 * ends the sleep) and look again. A pending stop request is forwarded (SIGINT to the group),
 * and escalated: SIGTERM 60 s (or the spawn's stop_grace_s) later, SIGKILL 30 s after that.
 * Return: true once @c is done (@c->code set).
 */
bool rv_child_poll(struct rv_child *c, int timeout_ms);

/** rv_child_signal() - send @sig to @c's process group (and remember it). */
void rv_child_signal(struct rv_child *c, int sig);

/**
 * rv_child_run() - start @s and wait for it to end, forwarding a stop request.
 * @timeout_s: stop it (SIGTERM, then SIGKILL 10 s later) after this many seconds; 0: never
 * Return: its exit code (as @c->code); -errno when it could not start, -ETIMEDOUT when it was
 * stopped at @timeout_s ("fio did not finish within 60 s and was stopped"), @err set.
 */
int rv_child_run(const struct rv_spawn *s, int timeout_s, char *err, size_t errlen);

#endif
