// SPDX-License-Identifier: GPL-2.0-only
/* telemetry.c - each test's telemetry samples into the model (telemetry.h). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/telemetry.h"
#include "record/layout.h"
#include "record/telemetry.h"

#define MAX_MEMBERS 16

static long long v(long long x) { return x == REC_TEL_NONE ? -1 : x; }

static long long sum2(long long a, long long b)
{
	return a == REC_TEL_NONE || b == REC_TEL_NONE ? -1 : a + b;
}

static void counter(struct sr_tel_counter *c, long long x, bool first)
{
	if (first)
		c->first = x;
	c->last = x;
}

/* The name of @s's media source, a new string: the source's, with the SATA attribute and
 * family read ("SATA SMART vendor attribute: SMART attribute 243 NAND_Writes_32MiB, ..."). */
static char *media_name(const struct rec_tel_sample *s)
{
	const char *name = rec_tel_media_source_name(s->media_source);
	char *out;

	if (!s->media_detail || !*s->media_detail)
		return strdup(name);
	return asprintf(&out, "%s: %s", name, s->media_detail) < 0 ? NULL : out;
}

/* The samples of @member (NULL: a lone drive) into @t. */
static int of_member(const struct rec_tel_series *ser, const char *member, struct sr_tel_test *t)
{
	double cost = 0;
	long long tmt_prev = -1, tmt_s_prev = -1;
	bool unanswered = false;

	t->points = calloc(ser->n ? ser->n : 1, sizeof(*t->points));
	if (!t->points)
		return -ENOMEM;
	t->host_smart.first = t->host_smart.last = t->media.first = t->media.last = -1;
	t->media_host.first = t->media_host.last = t->tmt.first = t->tmt.last = -1;
	t->tmt_s.first = t->tmt_s.last = -1;
	t->media_pages.first = t->media_pages.last = -1;
	t->media_host_pages.first = t->media_host_pages.last = -1;
	for (size_t i = 0; i < ser->n; i++) {
		const struct rec_tel_sample *s = &ser->samples[i];
		struct sr_tel_point *p;
		bool first;
		long long tmt, tmt_s;

		if ((member || s->member) && (!member || !s->member || strcmp(member, s->member)))
			continue;
		t->nsamples++;
		cost += s->cost_s;
		if (s->cost_s > t->cost_max_s)
			t->cost_max_s = s->cost_s;
		if (s->error) {
			t->nerrors++;
			unanswered = true;
			continue;
		}
		first = t->npoints == 0;
		tmt = sum2(s->tmt1_transitions, s->tmt2_transitions);
		tmt_s = sum2(s->tmt1_seconds, s->tmt2_seconds);
		p = &t->points[t->npoints++];
		p->t = s->t;
		p->after_error = unanswered && t->npoints > 1;
		unanswered = false;
		p->temp_c = s->temperature_c == REC_TEL_NONE ? NAN : (double)s->temperature_c;
		for (int k = 0; k < 8 && k < REC_TEL_SENSORS; k++)
			p->sensors_c[k] =
			    s->sensors_c[k] == REC_TEL_NONE ? NAN : (double)s->sensors_c[k];
		/* SMART 02h bytes 216..231: a transition, or time spent throttled, since the last
		 */
		p->throttle =
		    (tmt_prev >= 0 && tmt > tmt_prev) || (tmt_s_prev >= 0 && tmt_s > tmt_s_prev);
		p->warning =
		    s->critical_warning == REC_TEL_NONE ? 0 : (unsigned)s->critical_warning;
		t->warning_bits |= p->warning;
		tmt_prev = tmt;
		tmt_s_prev = tmt_s;
		counter(&t->host_smart, v(s->data_written_bytes), first);
		counter(&t->tmt, tmt, first);
		counter(&t->tmt_s, sum2(s->tmt1_seconds, s->tmt2_seconds), first);
		if (s->media_source != REC_TEL_MEDIA_NONE) {
			if (!t->media_source && !(t->media_source = media_name(s)))
				return -ENOMEM;
			counter(&t->media, v(s->media_written_bytes), t->media.first < 0);
			counter(&t->media_host, v(s->media_host_written_bytes),
				t->media_host.first < 0);
			counter(&t->media_pages, v(s->media_pages), t->media_pages.first < 0);
			counter(&t->media_host_pages, v(s->media_host_pages),
				t->media_host_pages.first < 0);
		}
	}
	t->cost_mean_s = t->nsamples ? cost / (double)t->nsamples : 0;
	if (ser->latmon &&
	    (!member || (ser->latmon->member && !strcmp(member, ser->latmon->member)))) {
		t->latmon_status = strdup(ser->latmon->status ? ser->latmon->status : "?");
		t->latmon_message = ser->latmon->message ? strdup(ser->latmon->message) : NULL;
		for (int i = 0; i < 4; i++) {
			t->latmon_reads[i] = v(ser->latmon->reads[i]);
			t->latmon_writes[i] = v(ser->latmon->writes[i]);
			t->latmon_thresholds_ms[i] = v(ser->latmon->thresholds_ms[i]);
		}
	}
	return 0;
}

static int add(struct sr_drive *drv, const char *id, double t0, const char *member,
	       const struct rec_tel_series *ser)
{
	struct sr_tel_test *n = realloc(drv->tel, (drv->ntel + 1) * sizeof(*n)), *t;
	int rc;

	if (!n)
		return -ENOMEM;
	drv->tel = n;
	t = &drv->tel[drv->ntel++];
	memset(t, 0, sizeof(*t));
	if (!(t->id = strdup(id)) || (member && !(t->member = strdup(member))))
		return -ENOMEM;
	t->t0 = t0;
	rc = of_member(ser, member, t);
	if (!rc && !t->nsamples) { /* a member without samples in this file */
		sr_tel_test_free(t);
		drv->ntel--;
	}
	return rc;
}

int sr_telemetry_load(struct sr_drive *drv, struct sr_diag *d)
{
	int rc = 0;

	if (!drv->dir)
		return 0;
	for (size_t i = 0; i < drv->run.ntests && !rc; i++) {
		const struct sr_run_test *rt = &drv->run.tests[i];
		const char *members[MAX_MEMBERS];
		size_t nm = 0;
		struct rec_tel_series ser;
		char path[PATH_MAX], err[512];
		int r;

		if (!rt->id || rt->t_started <= 0 ||
		    rec_path_telemetry(path, sizeof(path), drv->dir, rt->id))
			continue;
		r = rec_telemetry_read(path, rt->t_started, rt->t_ended > 0 ? rt->t_ended + 1 : 0,
				       &ser, err, sizeof(err));
		if (r == -ENOENT)
			continue;
		if (r) {
			if (r == -ENOMEM)
				return r;
			sr_warn(d, SR_WARN_OPTION, "telemetry not used: %s", err);
			continue;
		}
		for (size_t k = 0; k < ser.n; k++) {
			const char *m = ser.samples[k].member;
			size_t j;

			for (j = 0; j < nm; j++)
				if ((!m && !members[j]) ||
				    (m && members[j] && !strcmp(m, members[j])))
					break;
			if (j == nm && nm < MAX_MEMBERS)
				members[nm++] = m;
		}
		for (size_t j = 0; j < nm && !rc; j++)
			rc = add(drv, rt->id, rt->t_started, members[j], &ser);
		rec_tel_series_free(&ser);
	}
	return rc;
}
