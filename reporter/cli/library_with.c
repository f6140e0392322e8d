// SPDX-License-Identifier: GPL-2.0-only
/* library_with.c - library drives beside the reviewed one (see library_with.h). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analyse/apps.h"
#include "analyse/figures.h"
#include "analyse/headline.h"
#include "cli/library_add.h"
#include "cli/library_with.h"
#include "library/store.h"
#include "model/params.h"

int sr_lib_with_parse(const char *arg, struct sr_lib_with *w, struct sr_diag *d)
{
	char *end;
	long n;

	if (!*arg || strspn(arg, "+-0123456789") != strlen(arg))
		return 0; /* a model */
	errno = 0;
	n = strtol(arg, &end, 10);
	if (*end || errno || n <= 0 || n > 64) {
		sr_diag_msg(d,
			    "--with %s: expected a number of drives from 1 to 64, or a model "
			    "of the library",
			    arg);
		return -EINVAL;
	}
	w->nearest = n;
	return 1;
}

/* The reviewed drive: the first one measured here. */
static const struct sr_drive *reviewed(const struct sr_model *m)
{
	for (size_t i = 0; i < m->ndrives; i++)
		if (!m->drives[i].source && (m->drives[i].ntests || m->drives[i].napps))
			return &m->drives[i];
	return NULL;
}

/* The first drive of the review with a SNIA PTS test that started (run.json's tests): asked
 * when reviewed() found no drive with fio tests or apps results, one with PTS results alone. */
static const struct sr_drive *pts_only(const struct sr_model *m)
{
	for (size_t i = 0; i < m->ndrives; i++) /* run.json's tests: PTS rounds load later */
		for (size_t k = 0; !m->drives[i].source && k < m->drives[i].run.ntests; k++)
			if (m->drives[i].run.tests[k].pts && m->drives[i].run.tests[k].status &&
			    strcmp(m->drives[i].run.tests[k].status, "pending"))
				return &m->drives[i];
	return NULL;
}

/* The capacity class: the power of two of gigabytes (1.92 TB: 10, 3.2 and 3.84 TB: 11). */
static int cap_class(int64_t bytes)
{
	return bytes > 0 ? (int)floor(log2((double)bytes / 1e9)) : -1;
}

static bool same_str(const char *a, const char *b) { return a && b && !strcmp(a, b); }

/* The same, or both unknown (anyone's fio results have no profile or transport: like the
 * library's page, those runs are a class of their own). */
static bool same_or_none(const char *a, const char *b) { return a || b ? same_str(a, b) : true; }

static int cmp_newest(const void *a, const void *b)
{
	const struct lib_run *x = *(const struct lib_run *const *)a,
			     *y = *(const struct lib_run *const *)b;
	int c = strcmp(y->started ? y->started : "", x->started ? x->started : "");

	return c ? c : (y->id > x->id) - (y->id < x->id);
}

/* Whether the newest-first list @pick (of @n) already has a run of @r's drive. */
static bool drive_taken(struct lib_run *const *pick, size_t n, const struct lib_run *r)
{
	for (size_t i = 0; i < n; i++)
		if (same_str(pick[i]->model, r->model) &&
		    (same_str(pick[i]->serial, r->serial) || (!pick[i]->serial && !r->serial)))
			return true;
	return false;
}

static struct sr_test *test_of(struct sr_drive *drv, const char *id, const struct lib_test *lt,
			       size_t nlt)
{
	const struct lib_test *t = NULL;
	struct sr_test *grown;
	struct sr_run *r;

	for (size_t i = 0; i < drv->ntests; i++)
		if (!strcmp(drv->tests[i].id, id))
			return &drv->tests[i];
	for (size_t i = 0; i < nlt && !t; i++)
		if (!strcmp(lt[i].test, id))
			t = &lt[i];
	grown = realloc(drv->tests, (drv->ntests + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	drv->tests = grown;
	memset(&grown[drv->ntests], 0, sizeof(*grown));
	grown[drv->ntests].id = strdup(id);
	grown[drv->ntests].runs = r = calloc(1, sizeof(*r));
	if (!grown[drv->ntests].id || !r)
		return NULL;
	grown[drv->ntests].nruns = 1;
	grown[drv->ntests].totals_only = t && sr_rw_mixed(t->rw); /* the library keeps its total */
	grown[drv->ntests].fio_version = t && t->fio_version ? strdup(t->fio_version) : NULL;
	r->name = strdup(id);
	r->rw = strdup(t && t->rw ? t->rw : "");
	r->bs = t && t->bs > 0 ? (uint64_t)t->bs : 0;
	r->group_reporting = true; /* the library's figures are the totals of all jobs */
	return r->name && r->rw ? &drv->tests[drv->ntests++] : NULL;
}

static int add_pct(struct sr_lat *l, double pct, double ns)
{
	struct sr_pct *grown = realloc(l->pct, (l->npct + 1) * sizeof(*grown));
	size_t k;

	if (!grown)
		return -ENOMEM;
	l->pct = grown;
	for (k = l->npct; k > 0 && grown[k - 1].pct > pct; k--)
		grown[k] = grown[k - 1];
	grown[k] = (struct sr_pct){pct, ns};
	l->npct++;
	return 0;
}

/* A fio figure into its test's one run: the whole of it on one side (a mixed test's total on
 * the read side, the test marked totals_only: no table shows it as the reads' figure). */
static int fio_figure(struct sr_drive *drv, const struct lib_figure *f, const struct lib_test *lt,
		      size_t nlt)
{
	struct sr_test *t = test_of(drv, f->test, lt, nlt);
	struct sr_dir *s;
	enum sr_metric m;
	double pct;

	if (!t)
		return -ENOMEM;
	if (sr_metric_parse(f->metric, &m, &pct))
		return 0; /* a metric this ssdreport does not know: not shown */
	s = &t->runs[0].dir[strstr(t->runs[0].rw, "write") && !t->totals_only ? 1 : 0];
	s->present = true;
	switch (m) {
	case SR_M_IOPS:
		s->iops = sr_val(f->value);
		break;
	case SR_M_BW:
		s->bw = sr_val(f->value);
		break;
	case SR_M_LAT_MEAN:
		s->clat.mean = sr_val(f->value);
		break;
	case SR_M_LAT_MAX:
		s->clat.max = sr_val(f->value);
		break;
	case SR_M_LAT_SD:
		s->clat.stddev = sr_val(f->value);
		break;
	case SR_M_PCT:
		return add_pct(&s->clat, pct, f->value);
	}
	return 0;
}

/* An application workload's total figure (ms for latencies, as apps.json holds them). */
static int apps_figure(struct sr_drive *drv, const struct lib_figure *f)
{
	struct sr_apps *a = NULL;
	struct sr_value *dst = NULL;
	double v = !strcmp(f->unit, "ns") ? f->value / 1e6 : f->value;
	enum sr_apps_metric m;

	if (sr_apps_metric_parse(f->metric, &m))
		return 0;
	for (size_t i = 0; i < drv->napps && !a; i++)
		if (!strcmp(drv->apps[i].id, f->test))
			a = &drv->apps[i];
	if (!a) {
		struct sr_apps *grown = realloc(drv->apps, (drv->napps + 1) * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		drv->apps = grown;
		a = &grown[drv->napps++];
		memset(a, 0, sizeof(*a));
		a->id = strdup(f->test);
		a->status = strdup("done");
		if (!a->id || !a->status)
			return -ENOMEM;
	}
	switch (m) {
	case SR_A_TPS:
		dst = &a->total.tps;
		break;
	case SR_A_QPS:
		dst = &a->total.qps;
		break;
	case SR_A_LAT_AVG:
		dst = &a->total.lat_avg_ms;
		break;
	case SR_A_LAT_P95:
		dst = &a->total.lat_p95_ms;
		break;
	case SR_A_LAT_P99:
		dst = &a->total.lat_p99_ms;
		break;
	case SR_A_NOPM:
		dst = &a->total.new_orders_per_min;
		break;
	case SR_A_NMETRICS:
		break;
	}
	if (dst)
		*dst = sr_val(v);
	return 0;
}

/* Whether @f is an application workload's (ssd-apps: its test has no fio rw and block size). */
static bool apps_of(const struct lib_figure *f, const struct lib_test *lt, size_t nlt)
{
	enum sr_apps_metric am;

	if (!strcmp(f->unit, "1/s") || !strcmp(f->unit, "1/min"))
		return true;
	for (size_t k = 0; k < nlt; k++)
		if (!strcmp(lt[k].test, f->test))
			return !lt[k].rw && lt[k].bs < 0 && !sr_apps_metric_parse(f->metric, &am);
	return false;
}

static char *date_of(const char *iso)
{
	char buf[11] = "";

	if (iso)
		snprintf(buf, sizeof(buf), "%s", iso);
	return strdup(buf[0] ? buf : "date unknown");
}

/* Flags where @r was made differently from the reviewed run @me (as compare marks runs). */
static int differences(const struct lib_run *me, const struct sr_drive *drv,
		       const struct lib_run *r, const struct lib_test *lt, size_t nlt,
		       const char *label, char ***flags, size_t *nflags)
{
	char buf[3][600];
	size_t nb = 0;

	if (me->span_bytes > 0 && r->span_bytes > 0 && me->span_bytes != r->span_bytes)
		snprintf(
		    buf[nb++], sizeof(buf[0]),
		    "%.160s (library) was measured over a span of %lld bytes, %.100s over %lld",
		    label, (long long)r->span_bytes, drv->label, (long long)me->span_bytes);
	if (me->fio_version && r->fio_version && strcmp(me->fio_version, r->fio_version))
		snprintf(buf[nb++], sizeof(buf[0]), "%.160s (library) ran %.40s, %.100s ran %.40s",
			 label, r->fio_version, drv->label, me->fio_version);
	for (size_t i = 0; i < nlt; i++) {
		for (size_t k = 0; k < drv->ntests && lt[i].bs > 0; k++) {
			const struct sr_test *t = &drv->tests[k];

			if (strcmp(t->id, lt[i].test) || !t->nruns || !t->runs[0].bs ||
			    t->runs[0].bs == (uint64_t)lt[i].bs)
				continue;
			snprintf(buf[nb++], sizeof(buf[0]),
				 "%.160s (library) ran %.80s with a block size of %lld bytes, "
				 "%.100s with %llu",
				 label, t->id, (long long)lt[i].bs, drv->label,
				 (unsigned long long)t->runs[0].bs);
			i = nlt; /* the first test that differs names it */
			break;
		}
	}
	for (size_t i = 0; i < nb; i++) {
		char **grown = realloc(*flags, (*nflags + 2) * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		*flags = grown;
		if (!(grown[(*nflags)++] = strdup(buf[i])))
			return -ENOMEM;
	}
	return 0;
}

/* Whether the page can show figure @f: a curve needs all its points (the library keeps its peaks),
 * a SNIA PTS figure its rounds (pts.html): neither is set beside the review. */
static bool shown_beside(const struct lib_figure *f)
{
	return strncmp(f->entry, "curve:", 6) && strncmp(f->entry, "pts:", 4);
}

/* The library's marks of @f (analyse/headline.h SR_HL_*) in words into @buf, "; " between them,
 * "" when none: what its own report marks on the figure, which the page cannot redraw from the
 * stored value alone. */
static void marks(const struct lib_figure *f, size_t nf, char *buf, size_t len)
{
	static const struct {
		unsigned bit;
		const char *words;
	} w[] = {{SR_HL_CLAMPED, "at fio's histogram ceiling (the true value is larger)"},
		 {SR_HL_IS_MAX, "the maximum (too few I/Os for the percentile)"},
		 {SR_HL_INTERRUPTED, "from a run cut short"},
		 {SR_HL_ERROR, "from a job that ended with an error"}};
	size_t at = 0, n = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < nf && at < len; i++)
		for (size_t b = 0; b < sizeof(w) / sizeof(w[0]) && at < len && shown_beside(&f[i]);
		     b++)
			if (f[i].flags & w[b].bit)
				at += (size_t)snprintf(buf + at, len - at, "%s%s %s %s",
						       n++ ? "; " : "", f[i].test, f[i].metric,
						       w[b].words);
}

/* Whether library run @r is of the reviewed drive @me itself (same model and serial: a
 * reference drive's serial is its state directory), and which run of it, into @buf:
 * "same drive, earlier run (2026-12-01, ref-1000)". */
static bool same_drive(const struct lib_run *me, const struct lib_run *r, char *buf, size_t len)
{
	int c;

	if (!same_str(r->model, me->model) || !same_str(r->serial, me->serial))
		return false;
	c = r->started && me->started ? strcmp(r->started, me->started) : 0;
	snprintf(buf, len, "same drive, %s run (%.10s, %s)",
		 !r->started || !me->started ? "another"
		 : c < 0		     ? "an earlier"
		 : c > 0		     ? "a later"
					     : "another",
		 r->started ? r->started : "date unknown", r->label ? r->label : "no label");
	return true;
}

/* Library run @r as a drive of @m. */
static int add_drive(struct sr_model *m, struct lib *l, const struct lib_run *me,
		     const struct lib_run *r, char ***flags, size_t *nflags)
{
	struct lib_figure *f = NULL;
	struct lib_test *lt = NULL;
	size_t nf = 0, nlt = 0, me_dv = 0;
	struct sr_drive *grown, *drv;
	char label[512], what[3072], when[16], mk[2048], same[400];
	bool is_same = same_drive(me, r, same, sizeof(same));
	struct sr_lib_origin *o;
	int rc;

	for (size_t i = 0; i < m->ndrives; i++)
		if (&m->drives[i] == reviewed(m))
			me_dv = i;
	if ((rc = lib_figures(l, r->id, &f, &nf)) || (rc = lib_tests(l, r->id, &lt, &nlt)))
		goto out;
	grown = realloc(m->drives, (m->ndrives + 1) * sizeof(*grown));
	if (!grown) {
		rc = -ENOMEM;
		goto out;
	}
	m->drives = grown;
	drv = &m->drives[m->ndrives++];
	memset(drv, 0, sizeof(*drv));
	snprintf(when, sizeof(when), "%.10s", r->started ? r->started : "");
	snprintf(label, sizeof(label), "%s %s%s", r->model ? r->model : r->label,
		 when[0] ? when : r->label, is_same ? " same drive" : "");
	snprintf(what, sizeof(what),
		 "run %lld of %s, started %s on host %s, firmware %s, profile %s", (long long)r->id,
		 lib_path(l), r->started ? r->started : "when unknown",
		 r->host ? r->host : "unknown", r->firmware ? r->firmware : "unknown",
		 r->profile ? r->profile : "unknown");
	if (is_same)
		snprintf(what + strlen(what), sizeof(what) - strlen(what),
			 "; the reviewed drive itself: %s", same);
	marks(f, nf, mk, sizeof(mk));
	if (mk[0])
		snprintf(what + strlen(what), sizeof(what) - strlen(what),
			 "; marked in the library: %s", mk);
	drv->label = strdup(label);
	drv->library = strdup(what);
	drv->source = strdup(lib_path(l));
	drv->profile = r->profile ? strdup(r->profile) : NULL;
	drv->origin = o = calloc(1, sizeof(*o));
	if (!drv->label || !drv->library || !drv->source || !o) {
		rc = -ENOMEM;
		goto out;
	}
	*o = (struct sr_lib_origin){(long long)r->id,
				    strdup(lib_path(l)),
				    r->started ? strdup(r->started) : NULL,
				    r->host ? strdup(r->host) : NULL,
				    r->firmware ? strdup(r->firmware) : NULL,
				    r->profile ? strdup(r->profile) : NULL,
				    mk[0] ? strdup(mk) : NULL,
				    is_same ? strdup(same) : NULL};
	if (!o->library || (r->started && !o->started) || (r->host && !o->host) ||
	    (r->firmware && !o->firmware) || (r->profile && !o->profile) || (mk[0] && !o->marks) ||
	    (is_same && !o->same)) {
		rc = -ENOMEM;
		goto out;
	}
	{
		char run[32], *date = date_of(r->started);

		snprintf(run, sizeof(run), "%lld", (long long)r->id);
		rc = date ? 0 : -ENOMEM;
		if (!rc)
			rc = sr_drive_add_kv(drv, "library run", run);
		if (!rc)
			rc = sr_drive_add_kv(drv, "model", r->model);
		if (!rc)
			rc = sr_drive_add_kv(drv, "serial", r->serial);
		if (!rc)
			rc = sr_drive_add_kv(drv, "firmware", r->firmware);
		if (!rc)
			rc = sr_drive_add_kv(drv, "run date", date);
		if (!rc)
			rc = sr_drive_add_kv(drv, "profile", r->profile);
		if (!rc)
			rc = sr_drive_add_kv(drv, "transport", r->transport);
		if (!rc)
			rc = sr_drive_add_kv(drv, "host", r->host);
		if (!rc)
			rc = sr_drive_add_kv(drv, "fio", r->fio_version);
		free(date);
	}
	for (size_t i = 0; i < nf && !rc; i++) {
		if (!shown_beside(&f[i]))
			continue;
		rc = apps_of(&f[i], lt, nlt) ? apps_figure(drv, &f[i])
					     : fio_figure(drv, &f[i], lt, nlt);
	}
	if (!rc)
		rc = differences(me, &m->drives[me_dv], r, lt, nlt, label, flags, nflags);
out:
	lib_figures_free(f, nf);
	lib_tests_free(lt, nlt);
	return rc;
}

/* Whether run @id has a headline figure the review's page sets beside it (anyone's fio results
 * outside the catalogue have none, a run of SNIA PTS alone neither: its PTS figures and curves'
 * peaks are not shown beside a review). */
static bool has_figures(struct lib *l, int64_t id)
{
	struct lib_figure *f = NULL;
	size_t nf = 0;

	bool any = false;

	if (lib_figures(l, id, &f, &nf))
		return true; /* the error is met again, and said, when its figures are read */
	for (size_t i = 0; i < nf && !any; i++)
		any = shown_beside(&f[i]);
	lib_figures_free(f, nf);
	return any;
}

static bool wanted(const struct lib_run *me, const struct lib_run *r)
{
	return !lib_run_partial(r) && same_or_none(r->profile, me->profile) &&
	       !same_str(r->run_key, me->run_key);
}

int sr_lib_with_load(struct sr_model *m, const struct sr_lib_with *w, char ***flags, size_t *nflags,
		     struct sr_diag *d)
{
	const struct sr_drive *drv = reviewed(m);
	struct lib_run me = {0}, *runs = NULL, **pick = NULL;
	size_t nr = 0, np = 0, near = 0;
	struct lib *l = NULL;
	char err[1024], where[PATH_MAX];
	int rc;

	if (!drv && pts_only(m)) {
		sr_diag_msg(d,
			    "--with: %s has SNIA PTS results only, and a library drive's PTS "
			    "figures are not set beside a review (its page has no PTS section "
			    "for them; they are ranked by ssdreport library report): --with needs "
			    "a reviewed drive with fio tests or apps results",
			    pts_only(m)->label);
		return -EINVAL;
	}
	if (!drv) {
		sr_diag_msg(d,
			    "--with: no reviewed drive with results to set library drives beside");
		return -EINVAL;
	}
	rc = sr_lib_run_of(drv, NULL, &me);
	if (rc)
		return rc;
	if (lib_default_location(w->library, where, sizeof(where))) {
		sr_diag_msg(d,
			    "--with: no library given (--library FILE or $SSDENG_LIBRARY) and no "
			    "$HOME for the default");
		lib_run_free(&me);
		return -EINVAL;
	}
	rc = lib_open(where, 0, &l, err, sizeof(err));
	if (rc) {
		if (w->library || getenv("SSDENG_LIBRARY"))
			sr_diag_msg(d, "--with: %s", err);
		else
			sr_diag_msg(d, "--with: expected --library FILE (or $SSDENG_LIBRARY): %s",
				    err);
		lib_run_free(&me);
		return rc;
	}
	rc = lib_list(l, NULL, NULL, &runs, &nr);
	if (rc) {
		sr_diag_msg(d, "--with: %s", lib_error(l));
		goto out;
	}
	if (!(pick = calloc(nr + w->nmodels + 1, sizeof(*pick)))) {
		rc = -ENOMEM;
		goto out;
	}
	{
		struct lib_run **order = calloc(nr + 1, sizeof(*order));

		if (!order) {
			rc = -ENOMEM;
			goto out;
		}
		for (size_t i = 0; i < nr; i++)
			order[i] = &runs[i];
		qsort(order, nr, sizeof(*order), cmp_newest);
		for (size_t k = 0; k < w->nmodels && !rc; k++) {
			struct lib_run *found = NULL, *other = NULL;

			for (size_t i = 0; i < nr && !found; i++) {
				if (!order[i]->model || strcasecmp(order[i]->model, w->models[k]))
					continue;
				if (wanted(&me, order[i]))
					found = order[i];
				else if (!other)
					other = order[i];
			}
			if (!found && other) {
				char dt[300];

				lib_run_done_text(other, dt, sizeof(dt));
				sr_diag_msg(d,
					    "--with %s: the library %s has no complete %s-profile "
					    "run of it (its newest is run %lld: %s, profile %s)",
					    w->models[k], lib_path(l),
					    me.profile ? me.profile : "unknown",
					    (long long)other->id, dt[0] ? dt : other->status,
					    other->profile ? other->profile : "unknown");
			} else if (!found)
				sr_diag_msg(d,
					    "--with %s: no such model in the library %s (see "
					    "ssdreport library list)",
					    w->models[k], lib_path(l));
			if (found && !has_figures(l, found->id)) {
				sr_diag_msg(d,
					    "--with %s: run %lld of the library %s has no headline "
					    "figure to show (no test of the catalogue's summary; "
					    "SNIA PTS figures are not set beside a review)",
					    w->models[k], (long long)found->id, lib_path(l));
				rc = -EINVAL;
			} else if (!found) {
				rc = -ENOENT;
			}
			if (!rc && !drive_taken(pick, np, found))
				pick[np++] = found;
		}
		for (size_t i = 0; i < nr && !rc && near < (size_t)w->nearest; i++) {
			struct lib_run *r = order[i];

			if (!wanted(&me, r) || !same_or_none(r->transport, me.transport) ||
			    cap_class(r->capacity_bytes) != cap_class(me.capacity_bytes) ||
			    (same_str(r->model, me.model) && same_str(r->serial, me.serial)) ||
			    drive_taken(pick, np, r) || !has_figures(l, r->id))
				continue;
			pick[np++] = r;
			near++;
		}
		free(order);
	}
	if (!rc && w->nearest && !near) {
		sr_diag_msg(d,
			    "--with %ld: the library %s has no drive to compare %s with: no other "
			    "drive's complete %s-profile run over %s of its capacity class with "
			    "headline figures (see ssdreport library list)",
			    w->nearest, lib_path(l), drv->label,
			    me.profile ? me.profile : "unknown",
			    me.transport ? me.transport : "an unknown transport");
		rc = -EINVAL;
	} else if (!rc && w->nearest && d->stream) {
		if (near < (size_t)w->nearest)
			fprintf(d->stream,
				"ssdreport: warning: --with %ld: the library %s has %zu complete "
				"%s-profile run%s of other %s drives of this capacity class\n",
				w->nearest, lib_path(l), near, me.profile ? me.profile : "unknown",
				near == 1 ? "" : "s",
				me.transport ? me.transport : "(transport unknown)");
	}
	for (size_t i = 0; i < np && !rc; i++) {
		rc = add_drive(m, l, &me, pick[i], flags, nflags);
		if (rc && rc != -ENOMEM)
			sr_diag_msg(d, "--with: %s", lib_error(l));
	}
out:
	free(pick);
	lib_runs_free(runs, nr);
	lib_close(l);
	lib_run_free(&me);
	return rc;
}
