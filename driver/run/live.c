// SPDX-License-Identifier: GPL-2.0-only
/* live.c - the live report rebuilt in the background while a run goes on (live.h). */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/live.h"
#include "util/util.h"

void rv_live_init(struct rv_live *l, char **argv, const char *log, long every_s)
{
	memset(l, 0, sizeof(*l));
	l->argv = argv;
	snprintf(l->log, sizeof(l->log), "%s", log ? log : "/dev/null");
	l->every_s = every_s > 0 ? every_s : RV_LIVE_EVERY_S;
	l->last_code = -1;
	l->due = true; /* the first: the page says the run has begun */
}

long rv_live_wait_s(time_t started, double last_cpu_s, time_t now)
{
	double next = (double)started + RV_LIVE_DUTY * last_cpu_s;

	if (started <= 0 || (double)now >= next)
		return 0;
	return (long)ceil(next - (double)now);
}

static double tv_s(struct timeval tv) { return (double)tv.tv_sec + tv.tv_usec / 1e6; }

/* Reap the running rebuild if it ended (wait4: its CPU time, its children's included). */
static bool reap(struct rv_live *l, bool block)
{
	struct rusage ru;
	pid_t r;
	int st;

	do
		r = wait4(l->c.pid, &st, block ? 0 : WNOHANG, &ru);
	while (r < 0 && errno == EINTR);
	if (r == 0)
		return false;
	l->running = false;
	if (r < 0) { /* reaped elsewhere */
		l->last_code = 128 + SIGKILL;
		l->failed++;
		return true;
	}
	l->last_cpu_s = tv_s(ru.ru_utime) + tv_s(ru.ru_stime);
	l->cpu_s += l->last_cpu_s;
	l->last_code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (l->last_code == 0) {
		l->rebuilds++;
		rv_iso_time(time(NULL), l->built, sizeof(l->built));
	} else if (!l->c.sent) {
		l->failed++; /* one the driver stopped (the run's end, an interrupt) did not fail */
	}
	return true;
}

static void start(struct rv_live *l, time_t now)
{
	struct rv_spawn s = {
	    .argv = l->argv, .out_path = l->log, .err_path = l->log, .low_priority = true};
	char err[512];

	l->due = false;
	l->started = now;
	if (rv_child_spawn(&l->c, &s, err, sizeof(err)) < 0) {
		l->failed++;
		l->last_code = 127;
		return;
	}
	l->running = true;
}

bool rv_live_tick(struct rv_live *l, bool test_ended, bool test_running, time_t now)
{
	bool ended = false;

	if (!l->argv)
		return false;
	if (test_ended)
		l->due = true;
	if (l->running)
		ended = reap(l, false);
	if (l->running) {
		if (rv_stop_signal && !l->c.sent) /* its own group: the terminal's ^C misses it */
			rv_child_signal(&l->c, SIGTERM);
		return ended;
	}
	if (rv_stop_signal)
		return ended;
	if (!test_running) /* the next test's start: status.json names it by then */
		return ended;
	if (l->started > 0 && now - l->started >= l->every_s)
		l->due = true;
	if (l->due && rv_live_wait_s(l->started, l->last_cpu_s, now) == 0)
		start(l, now);
	return ended;
}

void rv_live_stop(struct rv_live *l)
{
	if (!l->argv || !l->running)
		return;
	rv_child_signal(&l->c, SIGTERM);
	for (int i = 0; i < 100 && !reap(l, false); i++)
		usleep(100000);
	if (l->running) {
		rv_child_signal(&l->c, SIGKILL);
		reap(l, true);
	}
}

void rv_live_free(struct rv_live *l)
{
	rv_live_stop(l);
	for (size_t i = 0; l->argv && l->argv[i]; i++)
		free(l->argv[i]);
	free(l->argv);
	l->argv = NULL;
}
