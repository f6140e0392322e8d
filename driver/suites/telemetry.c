// SPDX-License-Identifier: GPL-2.0-only
/* telemetry.c - the sampling thread of a fio run (telemetry.h). */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalogue/catalogue.h"
#include "drive/drive.h"
#include "record/layout.h"
#include "record/telemetry.h"
#include "suites/telemetry.h"

#define MAX_DEVS 16

struct rv_sampler {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool stop;
	double interval_s;
	char path[PATH_MAX];
	char test[128], part[128];
	struct {
		struct rv_tel *tel;
		char member[64]; /* "" for a lone drive */
	} dev[MAX_DEVS];
	size_t ndev;
};

static double now_s(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* One sample of every drive, appended. */
static void sample_all(struct rv_sampler *s)
{
	for (size_t i = 0; i < s->ndev; i++) {
		struct rec_tel_sample x;
		char err[512];
		double t0 = now_s(CLOCK_MONOTONIC), t = now_s(CLOCK_REALTIME);
		int r = rv_drive_tel_sample(s->dev[i].tel, &x, err, sizeof(err));

		x.cost_s = now_s(CLOCK_MONOTONIC) - t0;
		x.t = (double)(long long)(t * 1000) / 1000;
		x.test = s->test;
		x.part = s->part[0] ? s->part : NULL;
		x.member = s->dev[i].member[0] ? s->dev[i].member : NULL;
		if (r != 0)
			x.error = err;
		rec_telemetry_append(s->path, &x);
	}
}

static void latmon(struct rv_sampler *s, bool start)
{
	for (size_t i = 0; i < s->ndev; i++) {
		struct rec_tel_latmon l;
		char msg[256];

		if (!rv_drive_tel_latmon(s->dev[i].tel, start, &l, msg, sizeof(msg)))
			continue;
		l.t = (double)(long long)(now_s(CLOCK_REALTIME) * 1000) / 1000;
		l.test = s->test;
		l.member = s->dev[i].member[0] ? s->dev[i].member : NULL;
		rec_telemetry_append_latmon(s->path, &l);
	}
}

static void *run(void *arg)
{
	struct rv_sampler *s = arg;
	struct timespec due;

	pthread_mutex_lock(&s->lock);
	clock_gettime(CLOCK_REALTIME, &due);
	while (!s->stop) {
		long long ns = (long long)(s->interval_s * 1e9);

		due.tv_sec += (time_t)(ns / 1000000000);
		due.tv_nsec += (long)(ns % 1000000000);
		if (due.tv_nsec >= 1000000000) {
			due.tv_sec++;
			due.tv_nsec -= 1000000000;
		}
		while (!s->stop && pthread_cond_timedwait(&s->cond, &s->lock, &due) != ETIMEDOUT)
			;
		if (s->stop)
			break;
		pthread_mutex_unlock(&s->lock);
		sample_all(s);
		pthread_mutex_lock(&s->lock);
	}
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

static void close_all(struct rv_sampler *s)
{
	for (size_t i = 0; i < s->ndev; i++)
		rv_drive_tel_close(s->dev[i].tel);
	free(s);
}

struct rv_sampler *rv_sampler_start(struct rv_run *r, size_t ti, const char *test_id,
				    const char *part)
{
	const struct rv_target *t = &r->ts.t[ti];
	double interval = r->plan.profile ? r->plan.profile->telemetry_interval_s : 0;
	char dir[PATH_MAX], err[512];
	struct rv_sampler *s;
	pthread_attr_t attr;

	if (interval <= 0 || !test_id || (t->type != RV_T_DRIVE && t->type != RV_T_GROUP))
		return NULL;
	if (!(s = calloc(1, sizeof(*s))))
		return NULL;
	s->interval_s = interval;
	snprintf(s->test, sizeof(s->test), "%s", test_id);
	snprintf(s->part, sizeof(s->part), "%s", part ? part : "");
	if (rec_path_drive_dir(dir, sizeof(dir), r->out_abs, t->label) ||
	    rec_path_telemetry(s->path, sizeof(s->path), dir, test_id)) {
		free(s);
		return NULL;
	}
	for (size_t k = 0; k < t->ndevs && s->ndev < MAX_DEVS; k++) {
		int rc = rv_drive_tel_open(t->devs[k].path, &t->devs[k].probe, &s->dev[s->ndev].tel,
					   err, sizeof(err));

		if (rc == -ENOTSUP)
			continue;
		if (rc != 0) {
			fprintf(stderr, "ssd-review: %s: no telemetry: %s\n", t->devs[k].path, err);
			continue;
		}
		if (t->type == RV_T_GROUP)
			snprintf(s->dev[s->ndev].member, sizeof(s->dev[s->ndev].member), "%s",
				 t->devs[k].name);
		s->ndev++;
	}
	if (!s->ndev) {
		free(s);
		return NULL;
	}
	latmon(s, true);
	sample_all(s); /* the run's first figures, before fio writes */
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 256 * 1024);
	if (pthread_create(&s->thread, &attr, run, s) != 0) {
		fprintf(stderr, "ssd-review: telemetry: no thread: %s\n", strerror(errno));
		pthread_attr_destroy(&attr);
		latmon(s, false);
		close_all(s);
		return NULL;
	}
	pthread_attr_destroy(&attr);
	return s;
}

void rv_sampler_stop(struct rv_sampler *s)
{
	if (!s)
		return;
	pthread_mutex_lock(&s->lock);
	s->stop = true;
	pthread_cond_signal(&s->cond);
	pthread_mutex_unlock(&s->lock);
	pthread_join(s->thread, NULL);
	sample_all(s); /* the last figures, after fio ended */
	latmon(s, false);
	pthread_mutex_destroy(&s->lock);
	pthread_cond_destroy(&s->cond);
	close_all(s);
}
