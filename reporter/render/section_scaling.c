// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_scaling.c - thread/queue scaling: per workload one chart of IOPS (solid, left axis) and
 * average latency (dashed, right axis) against the T/Q points in the review's order, one colour
 * per drive; then one table with the T/Q points as columns.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

/* Tests of one workload: a run of @tests sharing the entry's workload (they are in order). */
static size_t workload_run(const struct sr_rtest *const *tests, size_t n, size_t from)
{
	size_t k = from + 1;
	const char *w = tests[from]->entry ? tests[from]->entry->workload : NULL;

	while (k < n && tests[k]->entry == tests[from]->entry && w)
		k++;
	return k - from;
}

static const char *workload_name(const struct sr_rtest *t)
{
	return t->entry && t->entry->workload ? t->entry->workload : t->id;
}

/* The entry's title without its T/Q: "8K 70/30 at {threads}T/{depth}Q" -> "8K 70/30". */
static const char *workload_title(const struct sr_rtest *t, char *buf, size_t len)
{
	snprintf(buf, len, "%s", t->entry ? t->entry->title : t->title);
	if (strstr(buf, " at {"))
		*strstr(buf, " at {") = '\0';
	return buf;
}

enum { C_POINT, C_T, C_Q, C_IOPS, C_MEAN, C_MAX, C_N };

static int chart(struct sr_report *r, const struct sr_rtest *const *pts, size_t n)
{
	static const char *const cols[C_N] = {"point", "threads",    "depth",
					      "iops",  "avg_lat_ms", "max_lat_ms"};
	size_t nd = r->m->ndrives, nk = 0, nl = 0;
	struct sr_line *lines = calloc(2 * nd + 1, sizeof(*lines));
	struct sr_key *keys = calloc(2 * nd + 1, sizeof(*keys));
	char(*names)[300] = calloc(nd + 1, sizeof(*names)), name[200], title[300], wl[160];
	struct sr_chart ch;
	int rc = -ENOMEM;

	if (!lines || !keys || !names)
		goto out;
	workload_title(pts[0], wl, sizeof(wl));
	snprintf(name, sizeof(name), "scaling-%s", workload_name(pts[0]));
	snprintf(title, sizeof(title), "%s: IOPS and average latency, %uT/%uQ to %uT/%uQ", wl,
		 pts[0]->threads, pts[0]->depth, pts[n - 1]->threads, pts[n - 1]->depth);
	rc = sr_rep_chart_begin(r, &ch, name, title, 700, 420);
	if (rc)
		goto out;
	snprintf(ch.caption, sizeof(ch.caption), "%.140s: scaling", wl);
	sr_chart_frame(&ch, "drive", "tq", cols, C_N);
	for (size_t dv = 0; dv < nd; dv++) {
		bool any = false;

		sr_chart_series(&ch, r->m->drives[dv].label);
		for (size_t i = 0; i < n; i++) {
			const struct sr_result *res = pts[i]->per_drive[dv];
			struct sr_fig f[3] = {sr_fig_of(res, SR_W_BOTH, SR_M_IOPS, 0),
					      sr_fig_of(res, SR_W_BOTH, SR_M_LAT_MEAN, 0),
					      sr_fig_of(res, SR_W_BOTH, SR_M_LAT_MAX, 0)};
			double v[C_N] = {(double)i,
					 pts[i]->threads,
					 pts[i]->depth,
					 sr_ok(f[0].v) ? f[0].v.v : NAN,
					 sr_ok(f[1].v) ? f[1].v.v / 1e6 : NAN,
					 sr_ok(f[2].v) ? f[2].v.v / 1e6 : NAN};
			char tq[32];

			if (!res)
				continue;
			sr_chart_point(&ch, sr_rtest_tq(pts[i], tq, sizeof(tq)), v);
			any = true;
		}
		if (!any)
			continue;
		keys[nk] = sr_rep_key(r, dv, names[dv], sizeof(names[dv]));
		keys[nk++].title = names[dv];
		lines[nl++] = (struct sr_line){
		    .block = dv, .ycol = C_IOPS, .colour = dv, .dash = 1, .points = true};
		lines[nl++] = (struct sr_line){.block = dv,
					       .ycol = C_MEAN,
					       .colour = dv,
					       .dash = 2,
					       .points = true,
					       .y2 = true};
	}
	if (nk) { /* what the two kinds of line are */
		keys[nk++] = (struct sr_key){.title = "IOPS (left)", .colour = 9, .dash = 1};
		keys[nk++] =
		    (struct sr_key){.title = "average latency, ms (right)", .colour = 9, .dash = 2};
	}
	{
		struct sr_panel p = {.xlabel = "threads / queue depth per thread (T/Q)",
				     .ylabel = "IOPS",
				     .y2label = "average latency (ms)",
				     .xcol = C_POINT,
				     .xtic_text = true,
				     .zero_y = true,
				     .xmin = -0.3,
				     .xmax = (double)n - 0.7,
				     .hline = NAN,
				     .lines = lines,
				     .nlines = nl};

		sr_chart_lines(&ch, &p, 1, 1, keys, nk);
	}
	rc = sr_rep_chart_end(r, &ch, &r->page, 600);
out:
	free(lines);
	free(keys);
	free(names);
	return rc;
}

/* The T/Q points of the family, in order, without repeats ("2T/2Q" ...). */
static size_t tq_columns(const struct sr_rtest *const *tests, size_t n, char (*out)[32])
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		char tq[32];
		bool seen = false;

		sr_rtest_tq(tests[i], tq, sizeof(tq));
		for (size_t j = 0; j < k && !seen; j++)
			seen = !strcmp(out[j], tq);
		if (seen)
			continue;
		/* keep T, then Q ascending across workloads */
		size_t at = k;
		for (size_t j = 0; j < k; j++) {
			unsigned t, q;

			if (sscanf(out[j], "%uT/%uQ", &t, &q) == 2 &&
			    (t > tests[i]->threads ||
			     (t == tests[i]->threads && q > tests[i]->depth))) {
				at = j;
				break;
			}
		}
		memmove(out[at + 1], out[at], (k - at) * sizeof(out[0]));
		snprintf(out[at], sizeof(out[0]), "%s", tq);
		k++;
	}
	return k;
}

struct row_kind {
	const char *what;
	enum sr_which w;
	enum sr_metric m;
	double pct;
};

/* A cell of the table: IOPS to three figures ("245k": sixteen T/Q columns of "244,558" run
 * past the page), the whole number in the CSV; latencies as every table shows them. */
static void iops_cell(struct sr_table *t, size_t row, size_t col, struct sr_fig f, enum sr_metric m,
		      enum sr_lat_unit u, int err)
{
	const struct sr_cell *x;
	char text[SR_FMT_LEN];

	sr_rep_cell(t, row, col, f, m, u, err);
	if (m != SR_M_IOPS || !sr_ok(f.v) || err || sr_table_ok(t) || row >= t->nrows)
		return;
	x = &t->cells[row * t->ncols + col];
	sr_table_num(t, row, col, sr_fmt_short(text, f.v.v), x->csv ? x->csv : x->text);
}

static int table(struct sr_report *r, const struct catalogue_family *f,
		 const struct sr_rtest *const *tests, size_t n)
{
	static const struct row_kind kinds[] = {
	    {"IOPS", SR_W_BOTH, SR_M_IOPS, 0},
	    {"avg latency", SR_W_BOTH, SR_M_LAT_MEAN, 0},
	    {"max latency", SR_W_BOTH, SR_M_LAT_MAX, 0},
	    {"read p99", SR_W_READ, SR_M_PCT, 99},
	    {"write p99", SR_W_WRITE, SR_M_PCT, 99},
	};
	char(*tq)[32] = calloc(n + 1, sizeof(*tq)), name[160], title[300], wl[160];
	struct sr_fig *f_row = calloc(n + 1, sizeof(*f_row));
	size_t ntq = tq ? tq_columns(tests, n, tq) : 0;
	/* one workload is named in the caption; the drive leads each row, the column kept in view
	 * when the T/Q points run past the page */
	bool one = workload_run(tests, n, 0) == n;
	size_t lead = one ? 2 : 3, at = one ? 0 : 1;
	struct sr_table *t;
	int rc;

	snprintf(name, sizeof(name), "family-%s", f ? f->id : "scaling");
	if (one)
		snprintf(title, sizeof(title), "Thread/queue scaling of %s: T/Q points as columns",
			 workload_title(tests[0], wl, sizeof(wl)));
	else
		snprintf(title, sizeof(title), "Thread/queue scaling: T/Q points as columns");
	t = sr_table_new(name, title, lead + ntq);
	if (!t || !tq || !f_row) {
		sr_table_free(t);
		free(tq);
		free(f_row);
		return -ENOMEM;
	}
	if (one)
		sr_table_lead(t, (const char *const[]){"drive", "figure"}, 2);
	else
		sr_table_lead(t, (const char *const[]){"workload", "drive", "figure"}, 3);
	for (size_t c = 0; c < ntq; c++)
		sr_table_head(t, lead + c, tq[c]);
	for (size_t i = 0; i < n;) {
		size_t k = workload_run(tests, n, i);

		for (size_t dv = 0; dv < r->m->ndrives; dv++) {
			if (!sr_rep_column(r, dv, tests + i, k))
				continue;
			for (size_t m = 0; m < sizeof(kinds) / sizeof(kinds[0]); m++) {
				enum sr_lat_unit u;
				bool any = false;
				size_t row;
				char drive[300];

				for (size_t j = 0; j < k; j++) {
					f_row[j] = sr_rep_fig(tests[i + j], dv, kinds[m].w,
							      kinds[m].m, kinds[m].pct);
					any |= sr_ok(f_row[j].v);
				}
				if (!any && m >= 3) /* no reads, or no writes */
					continue;
				u = sr_rep_lat_unit(f_row, k);
				row = sr_table_row(t);
				if (!one)
					sr_table_set(t, row, 0, "%s", workload_name(tests[i]));
				sr_table_set(t, row, at, "%s",
					     sr_rep_drive(r, dv, drive, sizeof(drive)));
				if (kinds[m].m == SR_M_IOPS)
					sr_table_set(t, row, at + 1, "%s", kinds[m].what);
				else
					sr_table_set(t, row, at + 1, "%s (%s)", kinds[m].what,
						     sr_lat_unit_name(u));
				for (size_t c = 0; c < ntq; c++)
					sr_table_set(t, row, lead + c, SR_NOT_MEASURED);
				for (size_t j = 0; j < k; j++) {
					const struct sr_result *res = tests[i + j]->per_drive[dv];
					char p[32];

					sr_rtest_tq(tests[i + j], p, sizeof(p));
					for (size_t c = 0; c < ntq; c++) {
						char href[300];

						if (strcmp(tq[c], p))
							continue;
						iops_cell(t, row, lead + c, f_row[j], kinds[m].m, u,
							  res ? res->error : 0);
						if (kinds[m].m == SR_M_IOPS) /* the point's page */
							sr_table_link(t, row, lead + c,
								      sr_rep_detail(tests[i + j],
										    href,
										    sizeof(href)));
					}
				}
			}
		}
		i += k;
	}
	sr_rep_table_notes(t);
	sr_table_note(t, "%s%sEach IOPS figure links to its T/Q point's test page.",
		      t->note ? t->note : "", t->note ? " " : "");
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	free(tq);
	free(f_row);
	return rc;
}

int sr_section_scaling(struct sr_report *r, const struct catalogue_family *f,
		       const struct sr_rtest *const *tests, size_t n)
{
	int rc = 0;

	sr_page_grid(&r->page, true);
	for (size_t i = 0; i < n && !rc;) {
		size_t k = workload_run(tests, n, i);

		rc = chart(r, tests + i, k);
		i += k;
	}
	if (!rc)
		rc = table(r, f, tests, n);
	sr_page_grid(&r->page, false);
	return rc ? rc : r->page.err;
}
