// SPDX-License-Identifier: GPL-2.0-only
/* pts_segments.c - a SNIA PTS test's segments from their files (pts_segments.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_json.h"
#include "parse/log_interval.h"
#include "parse/pts_segments.h"
#include "record/fio_doc.h"

/* The segment's job figures from its fio JSON; false when the file or the job is missing. */
static bool read_cell(const char *path, const char *name, struct pts_cell_result *out)
{
	char err[8800];
	struct rec_fio_doc doc;
	bool ok;

	if (rec_fio_doc_read(path, &doc, err, sizeof(err)))
		return false;
	ok = !pts_cell_from_fio(doc.json, name, out) && out->found;
	rec_fio_doc_free(&doc);
	return ok;
}

/* An XSR group's 1-s samples from its @tc threads' logs "<prefix>_{iops,bw,lat}.N.log". */
static int read_samples(const char *prefix, int tc, struct sr_pts_seg_doc *sd, char *err,
			size_t errlen)
{
	static const char *const kinds[] = {"iops", "bw", "lat"};
	struct sr_log_agg *a = NULL;
	char path[8600];
	size_t n;
	int rc;

	if ((rc = sr_log_agg_new(&a, 1000)))
		return rc;
	for (size_t k = 0; !rc && k < 3; k++)
		for (int j = 1; !rc && j <= tc; j++) {
			snprintf(path, sizeof(path), "%s_%s.%d.log", prefix, kinds[k], j);
			rc = sr_log_agg_add_file(a, path, NULL, err, errlen);
		}
	n = rc ? 0 : sr_log_agg_count(a);
	if (n && !(sd->samples = calloc(n, sizeof(*sd->samples))))
		rc = -ENOMEM;
	sd->max_exact = n > 0;
	for (size_t i = 0; !rc && i < n; i++) {
		struct sr_log_interval iv;
		struct sr_pts_sample *s = &sd->samples[i];
		unsigned int jobs;

		if ((rc = sr_log_agg_get(a, i, &iv)))
			break;
		jobs = iv.iops_jobs < iv.bw_jobs ? iv.iops_jobs : iv.bw_jobs;
		s->t_s = (double)(iv.start_ms + iv.width_ms) / 1000.0;
		s->iops = iv.precond.throughput_iops;
		s->mbps = (iv.bw_bytes[0] + iv.bw_bytes[1]) / 1e6;
		s->lat_mean_ns = iv.precond.avg_lat_ns;
		s->lat_max_ns = iv.precond.max_lat_ns;
		s->jobs = jobs < iv.lat_jobs ? jobs : iv.lat_jobs;
		sd->max_exact &= iv.max_exact;
	}
	if (!rc)
		sd->nsamples = n;
	else {
		free(sd->samples);
		sd->samples = NULL;
	}
	sr_log_agg_free(a);
	return rc;
}

/* Add @n bins to @h (ascending by ns), summing the counts of equal values. */
static int hist_add(struct sr_pts_hist *h, const struct sr_bin *b, size_t n)
{
	struct sr_bin *m = calloc(h->nbins + n + 1, sizeof(*m));
	size_t i = 0, j = 0, k = 0;

	if (!m)
		return -ENOMEM;
	while (i < h->nbins || j < n) {
		if (j == n || (i < h->nbins && h->bins[i].ns < b[j].ns))
			m[k++] = h->bins[i++];
		else if (i == h->nbins || b[j].ns < h->bins[i].ns)
			m[k++] = b[j++];
		else {
			m[k] = h->bins[i++];
			m[k++].count += b[j++].count;
		}
	}
	free(h->bins);
	h->bins = m;
	h->nbins = k;
	return 0;
}

static void max_of(double *to, struct sr_value v)
{
	if (sr_ok(v) && (isnan(*to) || v.v > *to))
		*to = v.v;
}

/* A DIRTH point's histogram: its job's json+ clat bins, read and write together. */
static int read_hist(const char *path, const char *name, struct sr_pts_hist *h, struct sr_diag *d)
{
	const char *file = d->file;
	struct sr_test t = {0};
	int rc;

	h->clat_max_ns = h->lat_max_ns = NAN;
	rc = sr_fio_json_load(path, &t, d);
	d->file = file;
	if (rc)
		return rc == -ENOMEM ? rc : 1;
	rc = 1;
	for (size_t i = 0; i < t.nruns; i++) {
		const struct sr_run *ru = &t.runs[i];

		if (!ru->name || strcmp(ru->name, name))
			continue;
		rc = 0;
		for (int k = SR_READ; k <= SR_WRITE && !rc; k++) {
			if (!ru->dir[k].present)
				continue;
			max_of(&h->clat_max_ns, ru->dir[k].clat.max);
			max_of(&h->lat_max_ns, ru->dir[k].lat.max);
			rc = hist_add(h, ru->dir[k].clat.bins, ru->dir[k].clat.nbins);
		}
		break;
	}
	sr_test_free(&t);
	return rc;
}

int sr_pts_segments_load(const struct sr_drive *drv, struct sr_pts_doc *t, struct sr_diag *d)
{
	const struct rec_pts *p = t->rec.pts;
	char path[8400], err[1024];
	int rc = 0;

	if (!p->nsegments)
		return 0;
	if (!(t->segs = calloc(p->nsegments, sizeof(*t->segs))))
		return -ENOMEM;
	for (size_t k = 0; !rc && k < p->nsegments; k++) {
		const struct rec_pts_segment *s = &p->segments[k];
		struct sr_pts_seg_doc *sd = &t->segs[k];

		sd->hist.clat_max_ns = sd->hist.lat_max_ns = NAN;
		if (!s->file || !s->name)
			continue;
		snprintf(path, sizeof(path), "%s/%s", drv->dir, s->file);
		if (!(sd->has = read_cell(path, s->name, &sd->cell)))
			sr_diag_warnf(d, "%s: PTS segment %d (%s) of %s: its file has no figures",
				      drv->dir, s->seq, s->name, t->rec.id);
		if (s->kind && !strcmp(s->kind, "point") &&
		    (rc = read_hist(path, s->name, &sd->hist, d)) > 0) {
			sr_diag_warnf(d, "%s: DIRTH point %s: no json+ bins in %s", drv->dir,
				      s->name, s->file);
			rc = 0;
		}
		if (!rc && s->kind && !strcmp(s->kind, "group") && s->log && s->tc > 0) {
			snprintf(path, sizeof(path), "%s/%s", drv->dir, s->log);
			err[0] = '\0';
			if ((rc = read_samples(path, s->tc, sd, err, sizeof(err))) &&
			    rc != -ENOMEM) {
				sr_diag_warnf(d, "%s: XSR group %s: its logs cannot be read: %s",
					      drv->dir, s->name, err[0] ? err : strerror(-rc));
				rc = 0;
			}
		}
	}
	return rc;
}
