// SPDX-License-Identifier: GPL-2.0-only
/*
 * report.c - the report: per-test comparison tables, scaling and curve tables, steady-state
 * verdicts, gnuplot charts, report.md and index.html, written atomically (see report.h).
 * Reads only the model (through results.c and series.c).
 */
#include <ctype.h>
#include <errno.h>
#include <libgen.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "render/chart.h"
#include "render/csv.h"
#include "render/report.h"
#include "render/report_dir.h"
#include "analyse/results.h"
#include "analyse/series.h"
#include "render/table.h"

#define MAX_GENERIC_QOS 24

/* A result key: a test id (plus the job name for multi-group files), results per drive. */
struct key {
	char *id;
	int rank;			    /* section order */
	const struct sr_result **per_drive; /* ndrives entries, NULL where the drive lacks it */
};

struct item { /* one thing in the index, in order: a table or a chart */
	struct sr_table *table;
	char chart[128];
	char title[256];
	int section;
};

struct ctx {
	const struct sr_model *m;
	const struct sr_report_opts *o;
	struct sr_diag *d;
	char dir[4096];
	struct key *keys;
	size_t nkeys;
	struct item *items;
	size_t nitems;
	size_t nqos_generic;
};

enum section {
	S_IDENTITY,
	S_STEADY,
	S_PRECOND,
	S_PRIMARY,
	S_SCALING,
	S_CURVE,
	S_FC,
	S_SPEC,
	S_OTHER,
	S_N
};
static const char *const section_title[S_N] = {
    "Drives",
    "Steady state",
    "Preconditioning",
    "Primary results (4K random, 8K 70/30)",
    "Thread/queue scaling",
    "Latency vs I/O rate",
    "Four corners",
    "Spec-sheet verification",
    "Other tests",
};

static int section_of(const char *id)
{
	static const struct {
		const char *prefix;
		int s;
	} map[] = {
	    {"precond-", S_PRECOND}, {"4k-randread", S_PRIMARY}, {"4k-randwrite", S_PRIMARY},
	    {"8k-7030", S_PRIMARY},  {"scale-", S_SCALING},	 {"curve-", S_CURVE},
	    {"fc-", S_FC},	     {"spec-", S_SPEC},
	};
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strncmp(id, map[i].prefix, strlen(map[i].prefix)))
			return map[i].s;
	return S_OTHER;
}

static int add_item(struct ctx *c, struct sr_table *t, const char *chart, const char *title,
		    int section)
{
	struct item *grown = realloc(c->items, (c->nitems + 1) * sizeof(*grown));

	if (!grown) {
		sr_table_free(t);
		return -ENOMEM;
	}
	c->items = grown;
	memset(&grown[c->nitems], 0, sizeof(*grown));
	grown[c->nitems].table = t;
	grown[c->nitems].section = section;
	if (chart)
		snprintf(grown[c->nitems].chart, sizeof(grown->chart), "%s", chart);
	snprintf(grown[c->nitems].title, sizeof(grown->title), "%s", title);
	c->nitems++;
	return 0;
}

/* File-name-safe stem from an id. */
static void stem(char *out, size_t len, const char *prefix, const char *id)
{
	size_t k = snprintf(out, len, "%s", prefix);

	for (; *id && k + 1 < len; id++)
		out[k++] = (isalnum((unsigned char)*id) || *id == '-' || *id == '.') ? *id : '_';
	out[k] = '\0';
}

static double ms(struct sr_value v) { return sr_ok(v) ? v.v / 1e6 : NAN; }

static int set_num(struct sr_table *t, size_t r, size_t col, struct sr_value v, double scale)
{
	char buf[64];

	if (!sr_ok(v))
		return 0;
	return sr_table_set(t, r, col, "%s", sr_fmt_num(buf, round(v.v * scale * 1000) / 1000));
}

/* ---- keys --------------------------------------------------------------------------------- */

static char *key_id(const struct sr_result *r)
{
	char *s;

	if (!r->several_groups)
		return strdup(r->test->id);
	if (asprintf(&s, "%s/%s", r->test->id, r->first->name ? r->first->name : "job") < 0)
		return NULL;
	return s;
}

static struct key *key_get(struct ctx *c, const char *id)
{
	struct key *grown;

	for (size_t i = 0; i < c->nkeys; i++)
		if (!strcmp(c->keys[i].id, id))
			return &c->keys[i];
	grown = realloc(c->keys, (c->nkeys + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	c->keys = grown;
	grown[c->nkeys] = (struct key){.id = strdup(id),
				       .rank = section_of(id),
				       .per_drive = calloc(c->m->ndrives, sizeof(void *))};
	if (!grown[c->nkeys].id || !grown[c->nkeys].per_drive)
		return NULL;
	return &c->keys[c->nkeys++];
}

static int cmp_key(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	return x->rank != y->rank ? x->rank - y->rank : strcmp(x->id, y->id);
}

static int build_keys(struct ctx *c)
{
	const struct sr_model *m = c->m;

	for (size_t dv = 0; dv < m->ndrives; dv++) {
		const struct sr_drive *drv = &m->drives[dv];

		for (size_t t = 0; t < drv->ntests; t++) {
			struct sr_result *r;
			size_t n;

			if (sr_results_of_test(&drv->tests[t], &r, &n))
				return -ENOMEM;
			for (size_t i = 0; i < n; i++) {
				char *id = key_id(&r[i]);
				struct key *k = id ? key_get(c, id) : NULL;
				free(id);
				if (!k)
					return -ENOMEM;
				if (!k->per_drive[dv]) {
					struct sr_result *copy = malloc(sizeof(*copy));
					if (!copy)
						return -ENOMEM;
					*copy = r[i];
					k->per_drive[dv] = copy;
				} else {
					sr_result_release(&r[i]);
				}
			}
			free(r);
		}
	}
	qsort(c->keys, c->nkeys, sizeof(*c->keys), cmp_key);
	return 0;
}

/* ---- per-test comparison tables ----------------------------------------------------------- */

static const char *const dir_name[2] = {"read", "write"};

/* One column of a test table: a drive's result, or one member of a drive's group/client run. */
struct col {
	const struct sr_result *r;
	char head[256];
};

/* A drive without the result keeps its (empty) column when it is a tested drive: the gap says the
 * test is missing; published figures and a drive with no tests have nothing to miss. */
static bool column_when_missing(const struct sr_drive *drv) { return !drv->source && drv->ntests; }

/* Columns: per drive; a drive whose result has members gets one column per member, then its total.
 */
static struct col *test_columns(const struct ctx *c, const struct key *k, size_t *ncols)
{
	const struct sr_model *m = c->m;
	size_t n = 0;
	struct col *cols;

	for (size_t dv = 0; dv < m->ndrives; dv++)
		n += 1 + (k->per_drive[dv] ? k->per_drive[dv]->nmembers : 0);
	cols = calloc(n + 1, sizeof(*cols));
	if (!cols)
		return NULL;
	n = 0;
	for (size_t dv = 0; dv < m->ndrives; dv++) {
		const struct sr_result *r = k->per_drive[dv];
		const char *pub = m->drives[dv].source ? " (published)" : "";

		if (!r && !column_when_missing(&m->drives[dv]))
			continue;

		for (size_t i = 0; r && i < r->nmembers; i++) {
			cols[n].r = &r->members[i];
			snprintf(cols[n++].head, sizeof(cols->head), "%s/%s", m->drives[dv].label,
				 r->members[i].member);
		}
		cols[n].r = r;
		snprintf(cols[n++].head, sizeof(cols->head), "%s%s%s", m->drives[dv].label,
			 r && r->nmembers ? " (total)" : "", pub);
	}
	*ncols = n;
	return cols;
}

static int test_table(struct ctx *c, const struct key *k)
{
	char name[160], title[320];
	struct sr_table *t;
	bool any[2] = {false, false}, fio_ss = false;
	size_t ncols = 0;
	struct col *cols = test_columns(c, k, &ncols);
	int rc = 0;

	if (!cols)
		return -ENOMEM;
	stem(name, sizeof(name), "test-", k->id);
	snprintf(title, sizeof(title), "%s: drives side by side (latency = completion latency, ms)",
		 k->id);
	t = sr_table_new(name, title, ncols + 1);
	if (!t) {
		free(cols);
		return -ENOMEM;
	}
	rc = sr_table_head(t, 0, "metric");
	for (size_t dv = 0; dv < ncols && !rc; dv++) {
		const struct sr_result *r = cols[dv].r;
		rc = sr_table_head(t, dv + 1, cols[dv].head);
		for (int d = 0; r && d < 2; d++)
			any[d] |= r->dir[d].present;
		for (size_t i = 0; r && i < r->test->nruns; i++)
			fio_ss |= r->test->runs[i].fio_ss.present;
	}
	{
		long row = sr_table_row(t);
		if (row < 0)
			goto nomem;
		sr_table_set(t, row, 0, "workload (rw, bs, T/Q)");
		for (size_t dv = 0; dv < ncols; dv++) {
			const struct sr_result *r = cols[dv].r;
			if (r && sr_table_set(t, row, dv + 1, "%s %llu B %uT/%uQ",
					      r->first->rw ? r->first->rw : "?",
					      (unsigned long long)r->first->bs, r->threads, r->qd))
				goto nomem;
		}
	}
	for (int d = 0; d < 2 && !rc; d++) {
		static const char *const label[] = {"IOPS",	   "MB/s",	     "avg latency",
						    "max latency", "latency stddev", "p99",
						    "p99.9",	   "p99.99",	     "p99.999"};
		if (!any[d])
			continue;
		for (size_t l = 0; l < sizeof(label) / sizeof(label[0]); l++) {
			long row = sr_table_row(t);
			if (row < 0 || sr_table_set(t, row, 0, "%s %s", dir_name[d], label[l]))
				goto nomem;
			for (size_t dv = 0; dv < ncols; dv++) {
				const struct sr_result *r = cols[dv].r;
				const struct sr_dir_fig *f;
				struct sr_value v;
				double scale = 1e-6;

				if (!r || !r->dir[d].present)
					continue;
				f = &r->dir[d];
				switch (l) {
				case 0:
					v = f->iops;
					scale = 1;
					break;
				case 1:
					v = f->bw;
					break; /* bytes/s -> MB/s (10^6) */
				case 2:
					v = f->mean;
					break;
				case 3:
					v = f->max;
					break;
				case 4:
					v = f->sd;
					break;
				default:
					v = f->qos[l - 5];
					break;
				}
				if (set_num(t, row, dv + 1, v, scale))
					goto nomem;
			}
		}
	}
	if (fio_ss) {
		long row = sr_table_row(t);
		if (row < 0 || sr_table_set(t, row, 0, "fio steady state"))
			goto nomem;
		for (size_t dv = 0; dv < ncols; dv++) {
			const struct sr_result *r = cols[dv].r;
			const struct sr_fio_ss *ss = r ? &r->first->fio_ss : NULL;
			char buf[64];
			if (ss && ss->present &&
			    sr_table_set(
				t, row, dv + 1, "%s (%s, criterion %s%%)",
				ss->attained ? "attained" : "not attained", ss->ss ? ss->ss : "?",
				sr_ok(ss->criterion) ? sr_fmt_num(buf, ss->criterion.v) : "?"))
				goto nomem;
		}
	}
	free(cols);
	return add_item(c, t, NULL, title, k->rank);
nomem:
	free(cols);
	sr_table_free(t);
	return -ENOMEM;
}

/* ---- charts ------------------------------------------------------------------------------- */

static int chart_done(struct ctx *c, struct sr_chart *ch, int section)
{
	char err[512] = "";
	int rc = sr_chart_close(ch, c->dir, c->o->charts, err, sizeof(err));

	if (rc) {
		sr_diag_msg(c->d, "%s", err[0] ? err : strerror(-rc));
		return rc;
	}
	return add_item(c, NULL, ch->name, ch->title, section);
}

static int chart_start(struct ctx *c, struct sr_chart *ch, const char *name, const char *title,
		       int w, int h)
{
	int rc;

	memset(ch, 0, sizeof(*ch));
	snprintf(ch->name, sizeof(ch->name), "%s", name);
	snprintf(ch->title, sizeof(ch->title), "%s", title);
	ch->width = w;
	ch->height = h;
	ch->quiet = !c->d->stream; /* -q */
	rc = sr_chart_open(ch, c->dir);
	if (rc)
		sr_diag_msg(c->d, "%s/%s.dat: %s", c->dir, name, strerror(-rc));
	return rc;
}

/* Lines "index i" for every drive with data, one plot command. */
static void plot_lines(FILE *gp, const char *name, const struct sr_model *m, const bool *has,
		       const char *using, const char *extra)
{
	bool first = true;

	fprintf(gp, "  plot ");
	for (size_t dv = 0; dv < m->ndrives; dv++) {
		if (!has[dv])
			continue;
		fprintf(gp, "%s\"%s.dat\" index %zu using %s with %s lc %zu title ",
			first ? "" : ", \\\n       ", name, dv, using, extra, dv + 1);
		sr_gp_str(gp, m->drives[dv].label);
		first = false;
	}
	fprintf(gp, "\n");
}

/* Series @k of test @id on drive @drv, when it has a line to draw (2 intervals or more). */
static const struct sr_series *precond_series(const struct sr_drive *drv, const char *id, size_t k,
					      const struct sr_test **test)
{
	for (size_t t = 0; t < drv->ntests; t++)
		if (!strcmp(drv->tests[t].id, id) && k < drv->tests[t].nseries &&
		    drv->tests[t].series[k].niv >= 2) {
			*test = &drv->tests[t];
			return &drv->tests[t].series[k];
		}
	return NULL;
}

/* The chart of workload @k of test @id (series.h: one series per workload), one line per drive. */
static int precond_chart(struct ctx *c, const char *id, size_t k)
{
	const struct sr_model *m = c->m;
	struct sr_chart ch;
	char name[160], title[320], wl[24] = "";
	bool *has = calloc(m->ndrives, sizeof(bool)), col_ok[4] = {false};
	double bound[4] = {0}; /* largest error bound of the max and stddev panels, ns */
	struct sr_snia *snia = calloc(m->ndrives, sizeof(*snia));
	int rc;

	if (!has || !snia) {
		free(has);
		free(snia);
		return -ENOMEM;
	}
	if (k) /* a later workload of the test: its own chart and table */
		snprintf(wl, sizeof(wl), "-w%zu", k + 1);
	stem(name, sizeof(name), "precond-", !strncmp(id, "precond-", 8) ? id + 8 : id);
	snprintf(name + strlen(name), sizeof(name) - strlen(name), "%s", wl);
	snprintf(title, sizeof(title),
		 "%s%s: preconditioning, one line per drive (steady-state window marked)", id, wl);
	rc = chart_start(c, &ch, name, title, 1200, 850);
	if (rc)
		goto out;
	for (size_t dv = 0; dv < m->ndrives; dv++) {
		const struct sr_drive *drv = &m->drives[dv];
		fprintf(ch.dat,
			"# drive %s: t_s throughput_iops avg_lat_ms max_lat_ms lat_sd_ms "
			"max_lat_err_ms lat_sd_err_ms (error bounds from clat histogram logs; "
			"NaN rows: intervals not every job ran through)\n",
			drv->label);
		const struct sr_test *tt = NULL;
		const struct sr_series *se = precond_series(drv, id, k, &tt);

		if (se) {
			has[dv] = true;
			sr_series_snia(tt, se, &snia[dv]);
			for (size_t i = 0; i < se->niv; i++) {
				const struct sr_interval *iv = &se->iv[i];

				if (sr_interval_partial(iv)) { /* not every job ran through it */
					fprintf(ch.dat, "NaN NaN NaN NaN NaN NaN NaN\n");
					continue;
				}
				col_ok[0] |= sr_ok(iv->iops);
				col_ok[1] |= sr_ok(iv->lat_mean);
				col_ok[2] |= sr_ok(iv->lat_max);
				col_ok[3] |= sr_ok(iv->lat_sd);
				sr_dat_num(ch.dat, iv->t_s);
				fputc(' ', ch.dat);
				sr_dat_num(ch.dat, sr_ok(iv->iops) ? iv->iops.v : NAN);
				fputc(' ', ch.dat);
				sr_dat_num(ch.dat, ms(iv->lat_mean));
				fputc(' ', ch.dat);
				sr_dat_num(ch.dat, ms(iv->lat_max));
				fputc(' ', ch.dat);
				sr_dat_num(ch.dat, ms(iv->lat_sd));
				fputc(' ', ch.dat);
				sr_dat_num(ch.dat, ms(iv->lat_max_err));
				fputc(' ', ch.dat);
				sr_dat_num(ch.dat, ms(iv->lat_sd_err));
				fputc('\n', ch.dat);
				if (sr_ok(iv->lat_max_err) && iv->lat_max_err.v > bound[2])
					bound[2] = iv->lat_max_err.v;
				if (sr_ok(iv->lat_sd_err) && iv->lat_sd_err.v > bound[3])
					bound[3] = iv->lat_sd_err.v;
			}
		}
		if (!has[dv])
			fputs("NaN NaN NaN NaN NaN NaN NaN\n",
			      ch.dat); /* keeps gnuplot's index numbering */
		fputs("\n\n", ch.dat);
	}
	{
		static const char *const panel[4][2] = {{"throughput (R+W IOPS)", "2"},
							{"average latency (ms)", "3"},
							{"maximum latency (ms)", "4"},
							{"latency standard deviation (ms)", "5"}};
		FILE *gp = ch.gp;
		fprintf(gp, "  set multiplot layout 2,2 title ");
		sr_gp_str(gp, title);
		fprintf(gp, "\n  set grid\n  set key top right\n  set xlabel \"time (s)\"\n");
		for (size_t dv = 0; dv < m->ndrives; dv++)
			if (has[dv] && snia[dv].evaluated && isfinite(snia[dv].first_s))
				fprintf(gp,
					"  set object %zu rect from %.9g, graph 0 to %.9g, graph 1 "
					"behind "
					"fc lt %zu fs transparent solid 0.12 noborder\n",
					dv + 1, snia[dv].first_s, snia[dv].last_s, dv + 1);
		for (int p = 0; p < 4; p++) {
			char using[16];
			fprintf(gp, "  set title \"%s", panel[p][0]);
			if (bound[p] > 0) /* histogram midpoints: say how far off they can be */
				fprintf(gp, ", from clat histograms, error <= %.3g ms",
					bound[p] / 1e6);
			fprintf(gp, "\"\n  set ylabel \"%s\"\n", panel[p][0]);
			snprintf(using, sizeof(using), "1:%s", panel[p][1]);
			if (col_ok[p]) {
				plot_lines(gp, name, m, has, using, "lines");
				continue;
			}
			/* no log of this kind: an empty panel that says so */
			fprintf(gp, "  set label 9 \"no data (no log of this kind)\" at graph 0.5, "
				    "graph 0.5 center\n"
				    "  set xrange [0:1]\n  set yrange [0:1]\n  plot 2 notitle\n"
				    "  unset label 9\n  set autoscale xy\n");
		}
		fprintf(gp, "  unset multiplot\n");
	}
	rc = chart_done(c, &ch, S_PRECOND);
	if (!rc) {
		/* steady-state verdict rows */
		struct sr_table *t;
		char tn[200];
		stem(tn, sizeof(tn), "steady-state-", id);
		snprintf(tn + strlen(tn), sizeof(tn) - strlen(tn), "%s", wl);
		t = sr_table_new(tn, "steady state", 7);
		if (!t) {
			rc = -ENOMEM;
			goto out;
		}
		sr_table_head(t, 0, "drive");
		sr_table_head(t, 1, "test");
		sr_table_head(t, 2, "SNIA PTS (5 rounds, range <= 20%, excursion <= 10%)");
		sr_table_head(t, 3, "window (s)");
		sr_table_head(t, 4, "range % / excursion %");
		sr_table_head(t, 5, "fio ss");
		sr_table_head(t, 6, "rounds");
		snprintf(t->title, strlen(t->title) + 1, "%s", "steady state");
		free(t->title);
		if (asprintf(&t->title, "%s%s: steady state", id, wl) < 0)
			t->title = NULL;
		for (size_t dv = 0; dv < m->ndrives; dv++) {
			long row;
			if (!has[dv])
				continue;
			row = sr_table_row(t);
			if (row < 0)
				break;
			sr_table_set(t, row, 0, "%s", m->drives[dv].label);
			sr_table_set(t, row, 1, "%s", id);
			if (snia[dv].evaluated) {
				sr_table_set(t, row, 2, "%s",
					     snia[dv].attained ? "attained" : "not attained");
				if (isfinite(snia[dv].first_s))
					sr_table_set(t, row, 3, "%g..%g", snia[dv].first_s,
						     snia[dv].last_s);
				else
					sr_table_set(t, row, 3, "rounds %g..%g",
						     snia[dv].first_round, snia[dv].last_round);
				sr_table_set(t, row, 4, "%.2f / %.2f", snia[dv].range_pct,
					     snia[dv].excursion_pct);
			} else {
				sr_table_set(t, row, 2, "fewer than 5 rounds");
			}
			sr_table_set(t, row, 6, "%s (%zu)", sr_snia_basis_note(&snia[dv]),
				     snia[dv].nrounds);
			{ /* fio's verdict on the workload: its last entry with one */
				const struct sr_test *te = NULL;
				const struct sr_series *se =
				    precond_series(&m->drives[dv], id, k, &te);

				for (size_t i = 0; se && i < se->nruns; i++) {
					const struct sr_fio_ss *ss = &te->runs[se->runs[i]].fio_ss;
					if (ss->present)
						sr_table_set(t, row, 5, "%s (%s)",
							     ss->attained ? "attained"
									  : "not attained",
							     ss->ss ? ss->ss : "?");
				}
			}
		}
		rc = t->title ? add_item(c, t, NULL, t->title, S_STEADY) : -ENOMEM;
	}
out:
	free(has);
	free(snia);
	return rc;
}

static int precond_charts(struct ctx *c)
{
	int rc = 0;

	/* one chart per (test id, workload) that has a series on some drive */
	for (size_t dv = 0; dv < c->m->ndrives && !rc; dv++)
		for (size_t t = 0; t < c->m->drives[dv].ntests && !rc; t++) {
			const struct sr_test *te = &c->m->drives[dv].tests[t], *t0;

			for (size_t k = 0; k < te->nseries && !rc; k++) {
				bool done = te->series[k].niv < 2;

				for (size_t d0 = 0; d0 < dv && !done; d0++)
					done = precond_series(&c->m->drives[d0], te->id, k, &t0);
				if (!done)
					rc = precond_chart(c, te->id, k);
			}
		}
	return rc;
}

/* Total IOPS (read + write) of a result, NaN when neither is valid. */
static double total_iops(const struct sr_result *r)
{
	double s = 0;
	bool ok = false;

	for (int d = 0; d < 2; d++)
		if (r->dir[d].present && sr_ok(r->dir[d].iops)) {
			s += r->dir[d].iops.v;
			ok = true;
		}
	return ok ? s : NAN;
}

/* I/O-weighted mean clat of read and write, ns. */
static double mean_lat(const struct sr_result *r)
{
	double s = 0, w = 0;

	for (int d = 0; d < 2; d++)
		if (r->dir[d].present && sr_ok(r->dir[d].mean) && sr_ok(r->dir[d].iops)) {
			s += r->dir[d].mean.v * r->dir[d].iops.v;
			w += r->dir[d].iops.v;
		}
	return w > 0 ? s / w : NAN;
}

static double max_lat(const struct sr_result *r)
{
	double mx = NAN;

	for (int d = 0; d < 2; d++)
		if (r->dir[d].present && sr_ok(r->dir[d].max) && !(r->dir[d].max.v <= mx))
			mx = r->dir[d].max.v;
	return mx;
}

/* ---- scaling (scale-<wl>-t<T>q<Q>) and curves (curve-<profile>-<pct|max>) ----------------- */

struct point {
	const struct key *k;
	double x1, x2; /* sort keys: T, Q / pct (max = 1000) */
	char label[32];
};

static int cmp_point(const void *a, const void *b)
{
	const struct point *x = a, *y = b;
	if (x->x1 != y->x1)
		return x->x1 < y->x1 ? -1 : 1;
	return (x->x2 > y->x2) - (x->x2 < y->x2);
}

/* Parse "scale-WL-tTqQ" or "curve-PROFILE-PCT"; @family gets WL/PROFILE. */
static bool parse_series_id(const char *id, const char *prefix, char *family, size_t flen,
			    struct point *p)
{
	const char *last = strrchr(id, '-');
	size_t plen = strlen(prefix);
	unsigned a, b;

	if (strncmp(id, prefix, plen) || !last || last <= id + plen || strchr(id, '/'))
		return false;
	snprintf(family, flen, "%.*s", (int)(last - id - plen), id + plen);
	if (!strcmp(prefix, "scale-")) {
		if (sscanf(last + 1, "t%uq%u", &a, &b) != 2)
			return false;
		p->x1 = a;
		p->x2 = b;
		snprintf(p->label, sizeof(p->label), "%uT/%uQ", a, b);
	} else {
		if (!strcmp(last + 1, "max")) {
			p->x1 = 1000;
			snprintf(p->label, sizeof(p->label), "max");
		} else if (sscanf(last + 1, "%u", &a) == 1) {
			p->x1 = a;
			snprintf(p->label, sizeof(p->label), "%u%%", a);
		} else {
			return false;
		}
		p->x2 = 0;
	}
	return true;
}

static int family_render(struct ctx *c, const char *prefix, const char *family)
{
	const struct sr_model *m = c->m;
	bool scale = !strcmp(prefix, "scale-");
	struct point *pts = calloc(c->nkeys + 1, sizeof(*pts));
	bool *has = calloc(m->ndrives + 1, sizeof(bool));
	bool *iops_line = calloc(m->ndrives + 1, sizeof(bool)),
	     *lat_line = calloc(m->ndrives + 1, sizeof(bool));
	size_t *first_col = calloc(m->ndrives + 1, sizeof(size_t)), ncols = 0, per;
	bool mixed = false;
	char name[200], title[320], fam[128];
	struct sr_table *t = NULL;
	struct sr_chart ch;
	size_t n = 0;
	bool any = false;
	int rc = -ENOMEM;

	if (!pts || !has || !first_col || !iops_line || !lat_line)
		goto out;
	for (size_t i = 0; i < c->nkeys; i++) {
		struct point p = {.k = &c->keys[i]};
		if (parse_series_id(c->keys[i].id, prefix, fam, sizeof(fam), &p) &&
		    !strcmp(fam, family))
			pts[n++] = p;
	}
	qsort(pts, n, sizeof(*pts), cmp_point);
	for (size_t i = 0; i < n; i++)
		for (size_t dv = 0; dv < m->ndrives; dv++) {
			const struct sr_result *r = pts[i].k->per_drive[dv];

			has[dv] |= r != NULL;
			mixed |= r && r->dir[0].present && r->dir[1].present;
		}
	per = mixed ? 5 : 4; /* reads and writes: a read p99 and a write p99 column */
	for (size_t dv = 0; dv < m->ndrives; dv++) { /* first table column of each drive, 0: none */
		first_col[dv] =
		    has[dv] || column_when_missing(&m->drives[dv]) ? 1 + per * ncols : 0;
		ncols += first_col[dv] ? 1 : 0;
	}
	/* table */
	stem(name, sizeof(name), scale ? "scaling-" : "curve-", family);
	snprintf(title, sizeof(title),
		 scale ? "%s: thread/queue scaling (IOPS, latency in ms)"
		       : "%s: latency vs I/O rate (IOPS, latency in ms)",
		 family);
	t = sr_table_new(name, title, 1 + per * ncols);
	if (!t)
		goto out;
	sr_table_head(t, 0, scale ? "T/Q" : "rate (% of max)");
	for (size_t dv = 0; dv < m->ndrives; dv++) {
		char h[300];
		static const char *const what[] = {"IOPS", "avg lat", "max lat", "p99 lat"};
		static const char *const what_mixed[] = {"IOPS", "avg lat", "max lat", "read p99",
							 "write p99"};
		for (size_t w = 0; w < per && first_col[dv]; w++) {
			snprintf(h, sizeof(h), "%s %s", m->drives[dv].label,
				 mixed ? what_mixed[w] : what[w]);
			sr_table_head(t, first_col[dv] + w, h);
		}
	}
	for (size_t i = 0; i < n; i++) {
		long row = sr_table_row(t);
		if (row < 0)
			goto out;
		sr_table_set(t, row, 0, "%s", pts[i].label);
		for (size_t dv = 0; dv < m->ndrives; dv++) {
			const struct sr_result *r = pts[i].k->per_drive[dv];
			struct sr_value p99 = {0, SR_ABSENT};
			size_t col = first_col[dv];
			if (!r)
				continue;
			for (int d = 0; d < 2;
			     d++) /* the one direction; both in their columns when mixed */
				if (r->dir[d].present && sr_ok(r->dir[d].qos[0])) {
					p99 = r->dir[d].qos[0];
					if (mixed)
						set_num(t, row, col + 3 + d, p99, 1e-6);
				}
			if (!mixed)
				set_num(t, row, col + 3, p99, 1e-6);
			set_num(t, row, col,
				(struct sr_value){total_iops(r),
						  isfinite(total_iops(r)) ? SR_VALID : SR_ABSENT},
				1);
			set_num(t, row, col + 1,
				(struct sr_value){mean_lat(r),
						  isfinite(mean_lat(r)) ? SR_VALID : SR_ABSENT},
				1e-6);
			set_num(t, row, col + 2,
				(struct sr_value){max_lat(r),
						  isfinite(max_lat(r)) ? SR_VALID : SR_ABSENT},
				1e-6);
		}
	}
	rc = add_item(c, t, NULL, title, scale ? S_SCALING : S_CURVE);
	t = NULL;
	if (rc)
		goto out;
	/* chart: a line only where it has points (gnuplot warns on, or fails over, empty ones) */
	for (size_t i = 0; i < n; i++)
		for (size_t dv = 0; dv < m->ndrives; dv++) {
			const struct sr_result *r = pts[i].k->per_drive[dv];
			bool iops = r && isfinite(total_iops(r)), lat = r && isfinite(mean_lat(r));

			iops_line[dv] |= iops;
			lat_line[dv] |= scale ? lat : iops && lat; /* a curve point needs both */
			any |= lat_line[dv] || (scale && iops_line[dv]);
		}
	if (!any)
		goto out;
	snprintf(title, sizeof(title),
		 scale ? "%s: thread/queue scaling" : "%s: average latency vs IOPS", family);
	rc = chart_start(c, &ch, name, title, 1100, 650);
	if (rc)
		goto out;
	for (size_t dv = 0; dv < m->ndrives; dv++) {
		fprintf(ch.dat, "# drive %s: %s\n", m->drives[dv].label,
			scale ? "index label iops avg_lat_ms"
			      : "iops avg_lat_ms rate_pct(1000=max)");
		if (!has[dv])
			fputs(scale ? "0 \"\" NaN NaN\n" : "NaN NaN NaN\n",
			      ch.dat); /* keeps index numbering */
		for (size_t i = 0; i < n; i++) {
			const struct sr_result *r = pts[i].k->per_drive[dv];
			if (!r)
				continue;
			if (scale)
				fprintf(ch.dat, "%zu \"%s\" ", i, pts[i].label);
			sr_dat_num(ch.dat, total_iops(r));
			fputc(' ', ch.dat);
			sr_dat_num(ch.dat, mean_lat(r) / 1e6);
			if (!scale)
				fprintf(ch.dat, " %g", pts[i].x1);
			fputc('\n', ch.dat);
		}
		fputs("\n\n", ch.dat);
	}
	fprintf(ch.gp, "  set title ");
	sr_gp_str(ch.gp, title);
	fprintf(ch.gp, "\n  set grid\n  set key outside right\n");
	if (scale) {
		fprintf(
		    ch.gp,
		    "  set xlabel \"threads/queue depth (T/Q)\"\n  set ylabel \"IOPS\"\n"
		    "  set y2label \"average latency (ms)\"\n  set y2tics\n  set ytics nomirror\n"
		    "  set xtics rotate by -45\n  set yrange [0:*]\n  set y2range [0:*]\n  plot ");
		for (size_t dv = 0, first = 1; dv < m->ndrives; dv++) {
			char lt[300];

			if (iops_line[dv]) {
				fprintf(ch.gp,
					"%s\"%s.dat\" index %zu using 1:3:xtic(2) with linespoints "
					"lc %zu title ",
					first ? "" : ", \\\n       ", name, dv, dv + 1);
				sr_gp_str(ch.gp, m->drives[dv].label);
				first = 0;
			}
			if (lat_line[dv]) {
				fprintf(ch.gp,
					"%s\"%s.dat\" index %zu using 1:4%s axes x1y2 with "
					"linespoints dt 2 lc %zu title ",
					first ? "" : ", \\\n       ", name, dv,
					iops_line[dv] ? "" : ":xtic(2)", dv + 1);
				snprintf(lt, sizeof(lt), "%s avg lat", m->drives[dv].label);
				sr_gp_str(ch.gp, lt);
				first = 0;
			}
		}
		fputc('\n', ch.gp);
	} else {
		fprintf(
		    ch.gp,
		    "  set xlabel \"IOPS\"\n  set ylabel \"average latency (ms)\"\n  set yrange "
		    "[0:*]\n"
		    "  set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "
		    "\"red\"\n"
		    "  set label 1 \"1 ms\" at graph 0.01, first 1 offset 0,0.7 tc rgb \"red\"\n");
		plot_lines(ch.gp, name, m, lat_line, "1:2", "linespoints");
	}
	rc = chart_done(c, &ch, scale ? S_SCALING : S_CURVE);
out:
	sr_table_free(t);
	free(pts);
	free(has);
	free(first_col);
	free(iops_line);
	free(lat_line);
	return rc;
}

static int families(struct ctx *c, const char *prefix)
{
	char seen[64][128];
	size_t nseen = 0;
	int rc = 0;

	for (size_t i = 0; i < c->nkeys && !rc; i++) {
		struct point p;
		char fam[128];
		bool dup = false;

		if (!parse_series_id(c->keys[i].id, prefix, fam, sizeof(fam), &p))
			continue;
		for (size_t j = 0; j < nseen; j++)
			dup |= !strcmp(seen[j], fam);
		if (dup || nseen == 64)
			continue;
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", fam);
		rc = family_render(c, prefix, fam);
	}
	return rc;
}

/* ---- grouped bars: primary results and four corners --------------------------------------- */

struct bar {
	const char *id;
	int dir;
	bool mbps;
	const char *label;
};

/* A bar's value for one drive: IOPS, R+W IOPS (dir < 0) or MB/s; NaN when the drive has none. */
static double bar_value(const struct sr_result *r, const struct bar *b)
{
	const struct sr_dir_fig *f;

	if (r && b->dir < 0)
		return total_iops(r);
	if (!r || !r->dir[b->dir].present)
		return NAN;
	f = &r->dir[b->dir];
	if (b->mbps)
		return sr_ok(f->bw) ? f->bw.v / 1e6 : NAN;
	return sr_ok(f->iops) ? f->iops.v : NAN;
}

static int bars_chart(struct ctx *c, const char *name, const char *title, const struct bar *bars,
		      size_t nb, int section)
{
	const struct sr_model *m = c->m;
	const struct key **k = calloc(nb, sizeof(*k));
	bool *has = calloc(m->ndrives + 1, sizeof(bool));
	struct sr_chart ch;
	size_t found = 0, nhas = 0;
	int rc = 0;

	if (!k || !has) {
		free(k);
		free(has);
		return -ENOMEM;
	}
	for (size_t b = 0; b < nb; b++)
		for (size_t i = 0; i < c->nkeys; i++)
			if (!strcmp(c->keys[i].id, bars[b].id)) {
				k[b] = &c->keys[i];
				found++;
			}
	for (size_t b = 0; b < nb; b++)
		for (size_t dv = 0; dv < m->ndrives && k[b]; dv++)
			has[dv] |= isfinite(bar_value(k[b]->per_drive[dv], &bars[b]));
	for (size_t dv = 0; dv < m->ndrives; dv++)
		nhas += has[dv];
	if (!found || !nhas) /* nothing to plot: gnuplot would only warn */
		goto out;
	rc = chart_start(c, &ch, name, title, 1000, 600);
	if (rc)
		goto out;
	fprintf(ch.dat, "# test");
	for (size_t dv = 0; dv < m->ndrives; dv++)
		fprintf(ch.dat, " \"%s\"", m->drives[dv].label);
	fputc('\n', ch.dat);
	for (size_t b = 0; b < nb; b++) {
		if (!k[b])
			continue;
		fprintf(ch.dat, "\"%s\"", bars[b].label);
		for (size_t dv = 0; dv < m->ndrives; dv++) {
			fputc(' ', ch.dat);
			sr_dat_num(ch.dat, bar_value(k[b]->per_drive[dv], &bars[b]));
		}
		fputc('\n', ch.dat);
	}
	fprintf(ch.gp, "  set title ");
	sr_gp_str(ch.gp, title);
	fprintf(ch.gp,
		"\n  set style data histogram\n  set style histogram clustered gap 1\n"
		"  set style fill solid 0.8 border -1\n  set grid ytics\n  set yrange [0:*]\n"
		"  set key outside right\n  set ylabel \"%s\"\n  plot ",
		bars[0].mbps ? "MB/s" : "IOPS");
	for (size_t dv = 0, first = 1; dv < m->ndrives; dv++) {
		if (!has[dv]) /* no bar at all (published figures for other tests): not plotted */
			continue;
		fprintf(ch.gp, "%s\"%s.dat\" using %zu:xtic(1) lc %zu title ", first ? "" : ", ",
			name, dv + 2, dv + 1);
		sr_gp_str(ch.gp, m->drives[dv].label);
		first = 0;
	}
	fputc('\n', ch.gp);
	rc = chart_done(c, &ch, section);
out:
	free(k);
	free(has);
	return rc;
}

static int bar_charts(struct ctx *c)
{
	static const struct bar primary[] = {
	    {"4k-randread", 0, false, "4K random read"},
	    {"4k-randwrite", 1, false, "4K random write"},
	    {"8k-7030", -1, false, "8K 70/30 (R+W)"},
	};
	static const struct bar fc_iops[] = {
	    {"fc-4k-randread", 0, false, "4K random read"},
	    {"fc-4k-randwrite", 1, false, "4K random write"},
	};
	static const struct bar fc_mbps[] = {
	    {"fc-64k-read", 0, true, "64K sequential read"},
	    {"fc-64k-write", 1, true, "64K sequential write"},
	};
	int rc =
	    bars_chart(c, "primary-iops", "Primary results: IOPS per drive", primary, 3, S_PRIMARY);

	if (!rc)
		rc = bars_chart(c, "fc-iops", "Four corners: 4K random IOPS", fc_iops, 2, S_FC);
	if (!rc)
		rc =
		    bars_chart(c, "fc-mbps", "Four corners: 64K sequential MB/s", fc_mbps, 2, S_FC);
	return rc;
}

/* ---- QoS exceedance ----------------------------------------------------------------------- */

static int qos_chart(struct ctx *c, const struct key *k)
{
	const struct sr_model *m = c->m;
	bool *has = calloc(2 * m->ndrives + 1, sizeof(bool)), any = false;
	char name[200], title[320];
	struct sr_chart ch;
	int rc;

	if (!has)
		return -ENOMEM;
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (int d = 0; d < 2; d++) {
			const struct sr_result *r = k->per_drive[dv];
			if (r && r->dir[d].present && r->dir[d].dist && r->dir[d].dist->npct >= 2)
				has[2 * dv + d] = any = true;
		}
	if (!any) {
		free(has);
		return 0;
	}
	stem(name, sizeof(name), "qos-", k->id);
	snprintf(title, sizeof(title), "%s: completion latency exceedance (QoS)", k->id);
	rc = chart_start(c, &ch, name, title, 1000, 650);
	if (rc)
		goto out;
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (int d = 0; d < 2; d++) {
			const struct sr_result *r = k->per_drive[dv];
			fprintf(ch.dat, "# drive %s %s: clat_ms exceedance_pct percentile\n",
				m->drives[dv].label, dir_name[d]);
			if (has[2 * dv + d])
				for (size_t i = 0; i < r->dir[d].dist->npct; i++) {
					const struct sr_pct *p = &r->dir[d].dist->pct[i];
					if (p->pct >= 100)
						continue;
					sr_dat_num(ch.dat, p->ns / 1e6);
					fprintf(ch.dat, " %.9g %.9g\n", 100.0 - p->pct, p->pct);
				}
			else
				fputs("NaN NaN NaN\n", ch.dat); /* keeps index numbering */
			fputs("\n\n", ch.dat);
		}
	fprintf(ch.gp, "  set title ");
	sr_gp_str(ch.gp, title);
	fprintf(ch.gp,
		"\n  set logscale xy\n  set grid\n  set key outside right\n"
		"  set xlabel \"completion latency (ms)\"\n  set ylabel \"I/Os slower (%%)\"\n"
		"  set format y \"%%g\"\n  plot ");
	for (size_t i = 0, first = 1; i < 2 * m->ndrives; i++) {
		char lt[300];
		if (!has[i])
			continue;
		snprintf(lt, sizeof(lt), "%s %s", m->drives[i / 2].label, dir_name[i % 2]);
		fprintf(ch.gp,
			"%s\"%s.dat\" index %zu using 1:2 with linespoints lc %zu dt %d title ",
			first ? "" : ", \\\n       ", name, i, i / 2 + 1, i % 2 ? 2 : 1);
		sr_gp_str(ch.gp, lt);
		first = 0;
	}
	fputc('\n', ch.gp);
	rc = chart_done(c, &ch, k->rank);
out:
	free(has);
	return rc;
}

/* ---- tests that did not complete (run.json) ------------------------------------------------ */

static int status_table(struct ctx *c)
{
	const struct sr_model *m = c->m;
	struct sr_table *t;
	size_t n = 0;
	long row;

	for (size_t dv = 0; dv < m->ndrives; dv++)
		n += m->drives[dv].nnotes;
	if (!n)
		return 0;
	t = sr_table_new("incomplete", "Tests that did not complete (from run.json)", 4);
	if (!t)
		return -ENOMEM;
	sr_table_head(t, 0, "drive");
	sr_table_head(t, 1, "test");
	sr_table_head(t, 2, "status");
	sr_table_head(t, 3, "what happened");
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (size_t i = 0; i < m->drives[dv].nnotes; i++) {
			const struct sr_run_note *note = &m->drives[dv].notes[i];

			row = sr_table_row(t);
			if (row < 0) {
				sr_table_free(t);
				return -ENOMEM;
			}
			sr_table_set(t, row, 0, "%s", m->drives[dv].label);
			sr_table_set(t, row, 1, "%s", note->id);
			sr_table_set(t, row, 2, "%s", note->status);
			sr_table_set(t, row, 3, "%s", note->reason);
		}
	return add_item(c, t, NULL, t->title, S_IDENTITY);
}

/* ---- identity ----------------------------------------------------------------------------- */

static int identity_table(struct ctx *c)
{
	const struct sr_model *m = c->m;
	struct sr_table *t =
	    sr_table_new("drives", "Drives (identity from drive.json)", m->ndrives + 1);
	long row;

	if (!t)
		return -ENOMEM;
	sr_table_head(t, 0, "");
	for (size_t dv = 0; dv < m->ndrives; dv++)
		sr_table_head(t, dv + 1, m->drives[dv].label);
	row = sr_table_row(t);
	if (row < 0)
		goto nomem;
	sr_table_set(t, row, 0, "tests");
	for (size_t dv = 0; dv < m->ndrives; dv++)
		sr_table_set(t, row, dv + 1, "%zu", m->drives[dv].ntests);
	row = sr_table_row(t);
	if (row < 0)
		goto nomem;
	sr_table_set(t, row, 0, "fio version");
	for (size_t dv = 0; dv < m->ndrives; dv++)
		if (m->drives[dv].ntests && m->drives[dv].tests[0].fio_version)
			sr_table_set(t, row, dv + 1, "%s", m->drives[dv].tests[0].fio_version);
	for (size_t dv = 0; dv < m->ndrives; dv++)
		for (size_t i = 0; i < m->drives[dv].nidentity; i++) {
			const struct sr_kv *kv = &m->drives[dv].identity[i];
			long found = -1;
			for (size_t r = 0; r < t->nrows; r++)
				if (t->cells[r * t->ncols] &&
				    !strcmp(t->cells[r * t->ncols], kv->key))
					found = (long)r;
			if (found < 0) {
				found = sr_table_row(t);
				if (found < 0)
					goto nomem;
				sr_table_set(t, found, 0, "%s", kv->key);
			}
			sr_table_set(t, found, dv + 1, "%s", kv->value);
		}
	return add_item(c, t, NULL, t->title, S_IDENTITY);
nomem:
	sr_table_free(t);
	return -ENOMEM;
}

/* ---- output files ------------------------------------------------------------------------- */

static FILE *out_file(struct ctx *c, const char *name)
{
	char p[4400];
	FILE *f;

	if ((size_t)snprintf(p, sizeof(p), "%s/%s", c->dir, name) >= sizeof(p))
		return NULL;
	f = fopen(p, "w");
	if (!f)
		sr_diag_msg(c->d, "%s: %s", p, strerror(errno));
	return f;
}

static int close_file(struct ctx *c, FILE *f, const char *name)
{
	if (fclose(f) != 0) {
		sr_diag_msg(c->d, "%s/%s: %s", c->dir, name, strerror(errno));
		return -EIO;
	}
	return 0;
}

static int write_outputs(struct ctx *c)
{
	FILE *md, *html;
	int rc = 0;

	for (size_t i = 0; i < c->nitems; i++) {
		char fn[200];
		FILE *f;
		if (!c->items[i].table)
			continue;
		snprintf(fn, sizeof(fn), "%s.csv", c->items[i].table->name);
		f = out_file(c, fn);
		if (!f)
			return -EIO;
		sr_table_csv(f, c->items[i].table);
		rc = close_file(c, f, fn);
		if (rc)
			return rc;
	}
	md = out_file(c, "report.md");
	if (!md)
		return -EIO;
	fprintf(md, "# %s\n\n", c->o->title);
	for (int s = 0; s < S_N; s++) {
		bool head = false;
		for (size_t i = 0; i < c->nitems; i++) {
			if (c->items[i].section != s)
				continue;
			if (!head)
				fprintf(md, "## %s\n\n", section_title[s]);
			head = true;
			if (c->items[i].table)
				sr_table_md(md, c->items[i].table);
			else
				fprintf(md,
					"![%s](%s.png) ([svg](%s.svg), [gnuplot](%s.gp), "
					"[data](%s.dat))\n\n",
					c->items[i].title, c->items[i].chart, c->items[i].chart,
					c->items[i].chart, c->items[i].chart);
		}
	}
	rc = close_file(c, md, "report.md");
	if (rc)
		return rc;
	html = out_file(c, "index.html");
	if (!html)
		return -EIO;
	fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", html);
	sr_html_text(html, c->o->title);
	fputs("</title>\n<style>body{font-family:sans-serif;margin:1em "
	      "2em}table{border-collapse:collapse;"
	      "margin:1em 0}td,th{border:1px solid #bbb;padding:2px 6px}td.n{text-align:right}"
	      "caption{text-align:left;font-weight:bold}img{max-width:100%}</style>\n</"
	      "head><body>\n<h1>",
	      html);
	sr_html_text(html, c->o->title);
	fputs("</h1>\n<p>Latencies are completion latencies (clat) in ms; MB/s = 10<sup>6</sup> "
	      "bytes/s. "
	      "Tables also in <a href=\"report.md\">report.md</a> and one CSV each.</p>\n<ul>\n",
	      html);
	for (int s = 0; s < S_N; s++)
		for (size_t i = 0; i < c->nitems; i++)
			if (c->items[i].section == s) {
				fprintf(html, "<li><a href=\"#s%d\">", s);
				sr_html_text(html, section_title[s]);
				fputs("</a></li>\n", html);
				break;
			}
	fputs("</ul>\n", html);
	for (int s = 0; s < S_N; s++) {
		bool head = false;
		for (size_t i = 0; i < c->nitems; i++) {
			const struct item *it = &c->items[i];
			if (it->section != s)
				continue;
			if (!head) {
				fprintf(html, "<h2 id=\"s%d\">", s);
				sr_html_text(html, section_title[s]);
				fputs("</h2>\n", html);
			}
			head = true;
			if (it->table) {
				sr_table_html(html, it->table);
			} else {
				fprintf(html,
					"<figure><a href=\"%s.svg\"><img src=\"%s.png\" alt=\"",
					it->chart, it->chart);
				sr_html_text(html, it->title);
				fputs("\"></a><figcaption>", html);
				sr_html_text(html, it->title);
				fprintf(
				    html,
				    " (<a href=\"%s.svg\">svg</a>, <a href=\"%s.gp\">gnuplot</a>, "
				    "<a href=\"%s.dat\">data</a>)</figcaption></figure>\n",
				    it->chart, it->chart, it->chart);
			}
		}
	}
	fputs("</body></html>\n", html);
	return close_file(c, html, "index.html");
}

static int build(struct ctx *c)
{
	int rc = build_keys(c);
	size_t nqos = 0;

	if (!rc)
		rc = identity_table(c);
	if (!rc)
		rc = status_table(c);
	if (!rc)
		rc = precond_charts(c);
	for (size_t i = 0; i < c->nkeys && !rc; i++) {
		rc = test_table(c, &c->keys[i]);
		if (!rc && (c->keys[i].rank != S_OTHER || nqos++ < MAX_GENERIC_QOS) &&
		    c->keys[i].rank != S_SCALING && c->keys[i].rank != S_CURVE)
			rc = qos_chart(c, &c->keys[i]);
	}
	if (!rc)
		rc = families(c, "scale-");
	if (!rc)
		rc = families(c, "curve-");
	if (!rc)
		rc = bar_charts(c);
	if (!rc)
		rc = write_outputs(c);
	return rc;
}

static void ctx_free(struct ctx *c)
{
	for (size_t i = 0; i < c->nkeys; i++) {
		for (size_t dv = 0; dv < c->m->ndrives; dv++) {
			struct sr_result *r = (struct sr_result *)c->keys[i].per_drive[dv];
			if (r)
				sr_result_release(r);
			free(r);
		}
		free(c->keys[i].per_drive);
		free(c->keys[i].id);
	}
	free(c->keys);
	for (size_t i = 0; i < c->nitems; i++)
		sr_table_free(c->items[i].table);
	free(c->items);
}

int sr_report_write(const struct sr_model *m, const struct sr_report_opts *o, struct sr_diag *d)
{
	struct ctx c = {.m = m, .o = o, .d = d};
	int rc;

	rc = sr_report_dir_begin(o->outdir, c.dir, sizeof(c.dir), d);
	if (rc)
		return rc == -ENOMEM || rc == -ENOSPC || rc == -EEXIST || rc == -ENOENT ? rc : -EIO;
	rc = build(&c);
	if (!rc)
		rc = sr_report_dir_commit(c.dir, o->outdir, d);
	if (rc) {
		if (rc != -ENOMEM && rc != -EIO && rc != -ENOSPC)
			rc = -EIO;
		sr_report_dir_remove(c.dir);
	}
	ctx_free(&c);
	return rc;
}
