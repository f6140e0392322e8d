// SPDX-License-Identifier: GPL-2.0-only
/* child.c - children in their own process group, tied to the driver's life (child.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/child.h"
#include "util/proc.h"

volatile sig_atomic_t rv_stop_signal;

#define STOP_GRACE_S 60 /* after SIGINT, before SIGTERM */
#define TERM_GRACE_S 30 /* after SIGTERM, before SIGKILL */

/* ioprio_set(2): the idle class, for this process (linux/ioprio.h) */
#define IOPRIO_WHO_PROCESS 1
#define IOPRIO_CLASS_IDLE 3
#define IOPRIO_CLASS_SHIFT 13

static void on_stop(int sig)
{
	if (!rv_stop_signal)
		rv_stop_signal = sig;
}

static void on_child(int sig) { (void)sig; }

int rv_signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = on_stop; /* no SA_RESTART: a sleep or read ends at once */
	if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL) ||
	    sigaction(SIGHUP, &sa, NULL))
		return -errno;
	sa.sa_handler = on_child;
	sa.sa_flags = SA_NOCLDSTOP;
	if (sigaction(SIGCHLD, &sa, NULL))
		return -errno;
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	if (sigaction(SIGPIPE, &sa, NULL))
		return -errno;
	return 0;
}

/* In the child: redirect @fd to @path (or /dev/null), or leave it. */
static void redirect(int fd, const char *path, int flags)
{
	int f = open(path, flags | O_CLOEXEC, 0644);

	if (f < 0)
		_exit(126);
	if (dup2(f, fd) < 0)
		_exit(126);
	close(f);
}

static void __attribute__((noreturn)) child(const struct rv_spawn *s, pid_t parent)
{
	sigset_t none;

	setpgid(0, 0);
	/* SIGTERM when the driver dies, however it dies; if it died before this line, now */
	if (prctl(PR_SET_PDEATHSIG, SIGTERM) < 0 || getppid() != parent)
		_exit(128 + SIGTERM);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	redirect(STDIN_FILENO, "/dev/null", O_RDONLY);
	if (s->out_path)
		redirect(STDOUT_FILENO, s->out_path, O_WRONLY | O_CREAT | O_TRUNC);
	if (s->err_path)
		redirect(STDERR_FILENO, s->err_path, O_WRONLY | O_CREAT | O_TRUNC);
	for (size_t i = 0; i < s->nkeep; i++)
		fcntl(s->keep_fds[i], F_SETFD, 0); /* the run's locks stay held while it runs */
	if (s->low_priority) { /* best effort: a kernel without ioprio still runs it */
		if (setpriority(PRIO_PROCESS, 0, 19) < 0)
			dprintf(STDERR_FILENO, "setpriority: %s\n", strerror(errno));
		if (syscall(SYS_ioprio_set, IOPRIO_WHO_PROCESS, 0,
			    IOPRIO_CLASS_IDLE << IOPRIO_CLASS_SHIFT) < 0)
			dprintf(STDERR_FILENO, "ioprio_set: %s\n", strerror(errno));
	}
	for (size_t i = 0; s->env && i < s->env->n; i++)
		setenv(s->env->v[i].name, s->env->v[i].value, 1);
	execvp(s->argv[0], s->argv);
	dprintf(STDERR_FILENO, "cannot run %s: %s\n", s->argv[0], strerror(errno));
	_exit(127);
}

int rv_child_spawn(struct rv_child *c, const struct rv_spawn *s, char *err, size_t errlen)
{
	pid_t parent = getpid(), pid;

	memset(c, 0, sizeof(*c));
	c->stop_grace_s = s->stop_grace_s;
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "cannot start %s: %s", s->argv[0], strerror(errno));
		return -errno;
	}
	if (pid == 0)
		child(s, parent);
	setpgid(pid, pid); /* also here: signals sent before the child ran setpgid reach it */
	c->pid = pid;
	if (rv_proc_starttime(pid, &c->starttime) < 0)
		c->starttime = 0;
	return 0;
}

void rv_child_signal(struct rv_child *c, int sig)
{
	if (c->done || c->pid <= 0)
		return;
	kill(-c->pid, sig);
	c->sent = sig;
	c->sent_at = time(NULL);
}

static bool reap(struct rv_child *c)
{
	int st;
	pid_t r;

	if (c->done)
		return true;
	do
		r = waitpid(c->pid, &st, WNOHANG);
	while (r < 0 && errno == EINTR);
	if (r == 0)
		return false;
	c->done = true;
	if (r < 0)
		c->code = 128 + SIGKILL; /* reaped elsewhere: treat as killed */
	else
		c->code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return true;
}

/* Forward a stop request, and escalate one the child ignores. */
static void escalate(struct rv_child *c)
{
	time_t now = time(NULL);

	if (rv_stop_signal && !c->sent)
		rv_child_signal(c, SIGINT);
	else if (c->sent == SIGINT &&
		 now - c->sent_at >= (c->stop_grace_s > 0 ? c->stop_grace_s : STOP_GRACE_S))
		rv_child_signal(c, SIGTERM);
	else if (c->sent == SIGTERM && now - c->sent_at >= TERM_GRACE_S)
		rv_child_signal(c, SIGKILL);
}

bool rv_child_poll(struct rv_child *c, int timeout_ms)
{
	struct timespec ts = {timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000L};

	if (reap(c))
		return true;
	escalate(c);
	nanosleep(&ts, NULL); /* SIGCHLD or a stop signal ends it early */
	if (reap(c))
		return true;
	escalate(c);
	return false;
}

int rv_child_run(const struct rv_spawn *s, int timeout_s, char *err, size_t errlen)
{
	struct rv_child c;
	time_t start = time(NULL);
	int r = rv_child_spawn(&c, s, err, errlen);

	if (r < 0)
		return r;
	bool late = false;

	while (!rv_child_poll(&c, 250)) {
		time_t now = time(NULL);

		if (!timeout_s || now - start < timeout_s)
			continue;
		late = true;
		if (!c.sent)
			rv_child_signal(&c, SIGTERM);
		else if (now - c.sent_at >= 10 && c.sent != SIGKILL)
			rv_child_signal(&c, SIGKILL);
	}
	if (late) {
		snprintf(err, errlen, "%s did not finish within %d s and was stopped", s->argv[0],
			 timeout_s);
		return -ETIMEDOUT;
	}
	return c.code;
}
