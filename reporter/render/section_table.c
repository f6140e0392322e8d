// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_table.c - the report's sections, one table (section_table.h): the page's order, each
 * row's writer, and the writer of each family by its chart kinds.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "render/pts_page.h"
#include "render/section_table.h"
#include "render/sections.h"

/* Which writer draws a family, by the chart kinds the catalogue gives the family. */
static const struct {
	const char *chart; /* a chart kind of jobfiles/catalogue.json "families" */
	sr_section_fn write;
} writers[] = {
    {"precondition", sr_section_precondition},
    {"primary", sr_section_primary},
    {"scaling", sr_section_scaling},
    {"latency-vs-rate", sr_section_curve},
    {"four-corners", sr_section_four_corners},
    {"spec-sheet", sr_section_spec},
    {"apps", sr_section_apps},
};

static sr_section_fn writer_of(const struct catalogue_family *f)
{
	for (size_t c = 0; c < f->ncharts; c++)
		for (size_t w = 0; w < sizeof(writers) / sizeof(writers[0]); w++)
			if (!strcmp(f->charts[c], writers[w].chart))
				return writers[w].write;
	return sr_section_other; /* a table, and the time series of its tests */
}

/* The family of a test run.json records (its "family", else its catalogue entry's). */
static bool in_family(const struct sr_report *r, const struct sr_run_test *t, const char *family)
{
	const struct catalogue_entry *e;

	if (t->family)
		return !strcmp(t->family, family);
	e = r->cat ? catalogue_match(r->cat, t->id, NULL) : NULL;
	return e && !strcmp(e->family->id, family);
}

/* The tests of family @f the run planned that did not complete, one line each (@say: write
 * them, else only count). Return: how many. */
static size_t not_done(struct sr_report *r, const struct catalogue_family *f, bool say)
{
	size_t n = 0;

	for (size_t dv = 0; f && dv < r->m->ndrives; dv++) {
		const struct sr_drive *drv = &r->m->drives[dv];

		for (size_t i = 0; i < drv->run.ntests; i++) {
			const struct sr_run_test *t = &drv->run.tests[i];

			/* a SNIA PTS test's own section (pts.html) says it did not complete */
			if (!sr_run_test_not_done(t) || t->pts || !in_family(r, t, f->id))
				continue;
			n++;
			if (say)
				sr_page_text(
				    &r->page, "warn",
				    "%s%s%s%s on %s did not complete: %s; no figure of it is "
				    "shown.",
				    t->title ? t->title : t->id, t->title ? " (" : "",
				    t->title ? t->id : "", t->title ? ")" : "", drv->label,
				    t->status);
		}
	}
	return n;
}

/* Keep the tests that are in no sweep nor comparison (analyse/structure.h). Return: how many. */
static size_t unplaced(const struct sr_report *r, const struct sr_rtest **tests, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!r->an->st.placed || !r->an->st.placed[tests[i] - r->rv->tests])
			tests[k++] = tests[i];
	return k;
}

/* A family's section, or "Other tests" (@s->family NULL): its heading and method, the tests the
 * run planned that did not complete, then its writer. */
static int family(struct sr_report *r, const struct sr_section *s)
{
	const struct catalogue_family *f = s->family;
	const struct sr_rtest **tests;
	long n = sr_review_family(r->rv, f ? f->id : NULL, &tests);
	char anchor[128];
	int rc = 0;

	bool apps = f && sr_section_apps_has(r, f);

	if (n < 0)
		return (int)n;
	if (!f) /* tests in a sweep or a comparison are shown there */
		n = (long)unplaced(r, tests, (size_t)n);
	if (n == 0 && !apps && !not_done(r, f, false)) {
		free(tests);
		return 0; /* a family the run did not include is left out */
	}
	sr_page_heading(&r->page, 2, sr_rep_anchor(f, anchor, sizeof(anchor)), s->title);
	if (s->method)
		sr_page_text(&r->page, "note", "Method: %s.", s->method);
	not_done(r, f, true);
	if (n > 0 || apps)
		rc = (f ? writer_of(f) : sr_section_other)(r, f, tests, (size_t)n);
	free(tests);
	return rc ? rc : r->page.err;
}

/* The page, in order. The row "families" stands for one row per family of the catalogue, in its
 * order, each titled as the catalogue titles it. */
static const struct sr_section layout[] = {
    {"live", NULL, NULL, "index.html", NULL, sr_section_live},
    {"header", NULL, NULL, "index.html", NULL, sr_section_header},
    {"summary", NULL, NULL, "index.html", NULL, sr_section_summary},
    {"drives", NULL, NULL, "index.html (every field on tests/drives.html)", NULL,
     sr_section_drives},
    {"telemetry", "The drive's own account", NULL, "index.html", NULL, sr_section_telemetry},
    {"families", NULL, NULL, "index.html", NULL, NULL},
    {"steady-state", "Preconditioning and steady state", NULL, "index.html", NULL,
     sr_section_steady},
    {"rounds", "Rounds of one job (SNIA PTS steady state)", NULL, "index.html", NULL,
     sr_section_rounds},
    {"repeats", "Repeats of one job", NULL, "index.html", NULL, sr_section_repeats},
    {"sweeps", "Sweeps", NULL, "index.html", NULL, sr_section_sweeps},
    {"comparisons", "Comparisons", NULL, "index.html", NULL, sr_section_comparisons},
    {"other", "Other tests", NULL, "index.html", NULL, NULL},
    {"pts", NULL, NULL, "index.html and pts.html", NULL, sr_section_pts},
    {"details", NULL, NULL, "tests/<test>.html", NULL, sr_section_details},
};

long sr_sections(const struct catalogue *cat, struct sr_section **out)
{
	size_t nfam = cat ? cat->nfamilies : 0, n = 0;
	struct sr_section *s = calloc(sizeof(layout) / sizeof(layout[0]) + nfam, sizeof(*s));

	*out = s;
	if (!s)
		return -ENOMEM;
	for (size_t i = 0; i < sizeof(layout) / sizeof(layout[0]); i++) {
		if (strcmp(layout[i].id, "families")) {
			s[n++] = layout[i];
			continue;
		}
		for (size_t k = 0; k < nfam; k++, n++) {
			const struct catalogue_family *f = &cat->families[k];

			s[n] = layout[i];
			s[n].id = f->id;
			s[n].title = f->title;
			s[n].method = f->method;
			s[n].family = f;
		}
	}
	return (long)n;
}

int sr_sections_write(struct sr_report *r)
{
	struct sr_section *s;
	long n = sr_sections(r->cat, &s);
	int rc = n < 0 ? (int)n : 0;

	for (long i = 0; !rc && i < n; i++)
		rc = s[i].write ? s[i].write(r) : family(r, &s[i]);
	free(s);
	return rc;
}
