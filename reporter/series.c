// SPDX-License-Identifier: GPL-2.0-only
/* series.c - preconditioning series from fio logs (log_interval.c) or fio's ss data. */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio_log.h"
#include "log_interval.h"
#include "series.h"
#include "steady_state.h"

#define WINDOW_MS 1000

static struct sr_value v_of(double x)
{
	return isfinite(x) ? sr_val(x) : (struct sr_value){ x, SR_INVALID };
}

static bool log_of_test(const char *name, const char *id, bool single, enum ssd_log_kind *kind)
{
	struct ssd_log_name ln;

	if (ssd_log_parse_name(name, &ln) < 0 || ln.kind == SSD_LOG_HIST || ln.kind == SSD_LOG_UNKNOWN)
		return false;
	*kind = ln.kind;
	return single || (ln.stem_len == strlen(id) && !strncmp(name, id, ln.stem_len));
}

/* Latency kind to use: clat if the test has clat logs, else lat (the aggregator takes one). */
static enum ssd_log_kind pick_lat(DIR *dir, const char *id, bool single)
{
	enum ssd_log_kind best = SSD_LOG_UNKNOWN, k;
	struct dirent *e;

	rewinddir(dir);
	while ((e = readdir(dir)))
		if (log_of_test(e->d_name, id, single, &k)) {
			if (k == SSD_LOG_CLAT)
				return k;
			if (k == SSD_LOG_LAT)
				best = k;
		}
	return best;
}

static int from_logs(struct sr_test *t, const char *dirpath, bool single, struct sr_diag *d)
{
	struct ssd_log_opts opts = { .lat_unit = ssd_log_lat_unit_for_version(t->fio_version) };
	struct ssd_log_agg *agg = NULL;
	enum ssd_log_kind lat, k;
	struct dirent *e;
	size_t used = 0, n;
	DIR *dir;
	int rc;

	dir = opendir(dirpath);
	if (!dir)
		return 0;
	lat = pick_lat(dir, t->id, single);
	rc = ssd_log_agg_new(&agg, WINDOW_MS);
	if (rc)
		goto out;
	rewinddir(dir);
	while ((e = readdir(dir))) {
		char path[4096], err[512] = "";

		if (!log_of_test(e->d_name, t->id, single, &k))
			continue;
		if ((k == SSD_LOG_LAT || k == SSD_LOG_CLAT || k == SSD_LOG_SLAT) && k != lat)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dirpath, e->d_name);
		rc = ssd_log_agg_add_file(agg, path, &opts, err, sizeof(err));
		if (rc == -ENOMEM)
			goto out;
		if (rc) {
			sr_warn(d, SR_WARN_OPTION, "log not used: %s", err);
			rc = 0;
			goto out;
		}
		used++;
	}
	n = used ? ssd_log_agg_count(agg) : 0;
	if (!n)
		goto out;
	t->series = calloc(n, sizeof(*t->series));
	if (!t->series) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		struct ssd_interval iv;

		if (ssd_log_agg_get(agg, i, &iv))
			continue;
		t->series[t->nseries++] = (struct sr_interval){
			.t_s = (double)(iv.start_ms + iv.width_ms) / 1000.0,
			.iops = v_of(iv.precond.throughput_iops),
			.lat_mean = v_of(iv.precond.avg_lat_ns),
			.lat_max = v_of(iv.precond.max_lat_ns),
			.lat_sd = v_of(iv.precond.sd_lat_ns),
		};
	}
out:
	ssd_log_agg_free(agg);
	closedir(dir);
	return rc;
}

/* fio's own steadystate samples: per-second IOPS of the last ss_dur seconds, summed over runs. */
static int from_fio_ss(struct sr_test *t)
{
	size_t n = 0;

	for (size_t r = 0; r < t->nruns; r++)
		if (t->runs[r].fio_ss.niops > n)
			n = t->runs[r].fio_ss.niops;
	if (!n)
		return 0;
	t->series = calloc(n, sizeof(*t->series));
	if (!t->series)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		double sum = 0;
		for (size_t r = 0; r < t->nruns; r++)
			if (i < t->runs[r].fio_ss.niops && !t->runs[r].all_clients)
				sum += t->runs[r].fio_ss.iops[i];
		t->series[i] = (struct sr_interval){ .t_s = (double)(i + 1), .iops = v_of(sum) };
	}
	t->nseries = n;
	return 0;
}

int sr_series_attach(struct sr_test *t, const char *dir, bool single, struct sr_diag *d)
{
	int rc = 0;

	if (dir && t->id)
		rc = from_logs(t, dir, single, d);
	if (!rc && !t->nseries) {
		free(t->series);
		t->series = NULL;
		rc = from_fio_ss(t);
	}
	return rc;
}

void sr_series_snia(const struct sr_test *t, struct sr_snia *out)
{
	struct ssd_snia_result res;
	double *x, *y;
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	x = calloc(t->nseries + 1, sizeof(*x));
	y = calloc(t->nseries + 1, sizeof(*y));
	if (!x || !y)
		goto out;
	for (size_t i = 0; i < t->nseries; i++)
		if (sr_ok(t->series[i].iops)) {
			x[n] = t->series[i].t_s;
			y[n++] = t->series[i].iops.v;
		}
	if (ssd_snia_steady_state(x, y, n, &res))
		goto out;
	out->evaluated = true;
	out->attained = res.attained;
	{
		const struct ssd_snia_window *w = res.ever_attained ? &res.first_attained : &res.last;
		out->first_s = x[w->first];
		out->last_s = x[w->last];
		out->range_pct = res.last.range_pct;
		out->excursion_pct = res.last.excursion_pct;
	}
out:
	free(x);
	free(y);
}
