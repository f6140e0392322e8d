// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_detail_runs.c - the parts of a test's page below its figures (section_detail.c):
 * every run fio reported, per direction, with its counters and latencies; every percentile it
 * printed; its job options; the steady-state verdicts; the time series as CSV.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/series.h"
#include "output/files.h"
#include "render/format.h"
#include "render/sections.h"

static const char *const dir_name[2] = {"read", "write"};

/* fio prints every direction of a job; one it did no I/O in has nothing to show. */
static bool did_io(const struct sr_dir *x)
{
	return (sr_ok(x->total_ios) && x->total_ios.v > 0) || (sr_ok(x->iops) && x->iops.v > 0) ||
	       (sr_ok(x->io_bytes) && x->io_bytes.v > 0);
}

/* Every run of every drive: per direction what fio counted and measured. */
/* One note for every library drive beside the review with a figure of @t: their names; where each
 * comes from is index.html's table of library drives (section_drives.c). */
static int library_note(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	char *names = NULL;
	size_t len = 0, n = 0;
	FILE *f = open_memstream(&names, &len);

	if (!f)
		return -ENOMEM;
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (r->m->drives[dv].library && t->per_drive[dv])
			fprintf(f, "%s%s", n++ ? ", " : "", r->m->drives[dv].label);
	if (fclose(f) || !names) {
		free(names);
		return -ENOMEM;
	}
	if (n)
		sr_page_text(p, "note",
			     "From the results library, not fio runs of this review: %s (where "
			     "each comes from: the report's Drives section). Only %s headline "
			     "figures are kept there; fio's groups, errors and other latencies of "
			     "%s are not shown.",
			     names, n == 1 ? "its" : "their", n == 1 ? "it" : "them");
	free(names);
	return 0;
}

int sr_detail_runs(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	static const char *const heads[] = {"drive",
					    "job",
					    "host",
					    "group",
					    "error",
					    "direction",
					    "IOPS",
					    "MB/s",
					    "I/Os",
					    "data (MB)",
					    "runtime (ms)",
					    "clat min (\xc2\xb5s)",
					    "clat mean (\xc2\xb5s)",
					    "clat max (\xc2\xb5s)",
					    "clat stddev (\xc2\xb5s)",
					    "slat mean (\xc2\xb5s)",
					    "lat mean (\xc2\xb5s)",
					    "sampled IOPS mean",
					    "sampled IOPS stddev"};
	const size_t nh = sizeof(heads) / sizeof(heads[0]);
	char name[300];
	struct sr_table *tab;
	int rc;

	snprintf(name, sizeof(name), "tests/%s-runs", t->stem);
	tab =
	    sr_table_new(name, "Every run fio reported (one row per job entry and direction)", nh);
	if (!tab)
		return -ENOMEM;
	tab->nleft = 3; /* drive, job, host; the group and error numbers, the direction text */
	for (size_t h = 0; h < nh; h++)
		sr_table_head(tab, h, heads[h]);
	sr_table_head(tab, 0, sr_rep_source_noun(r, false));
	sr_table_text(tab, 5);
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		/* published figures are no fio run: listed apart, below */
		const struct sr_result *res = r->m->drives[dv].source ? NULL : t->per_drive[dv];

		for (size_t i = 0; res && i < res->test->nruns; i++) {
			const struct sr_run *run = &res->test->runs[i];

			if (res->several_groups && run->groupid != res->groupid)
				continue;
			for (int d = 0; d < SR_NDIR; d++) {
				static const char *const dn[SR_NDIR] = {"read", "write", "trim",
									"mixed"};
				const struct sr_dir *x = &run->dir[d];
				const struct sr_value v[] = {x->iops,
							     sr_val(x->bw.v / 1e6),
							     x->total_ios,
							     sr_val(x->io_bytes.v / 1e6),
							     x->runtime_ms,
							     sr_val(x->clat.min.v / 1e3),
							     sr_val(x->clat.mean.v / 1e3),
							     sr_val(x->clat.max.v / 1e3),
							     sr_val(x->clat.stddev.v / 1e3),
							     sr_val(x->slat.mean.v / 1e3),
							     sr_val(x->lat.mean.v / 1e3),
							     x->iops_mean,
							     x->iops_stddev};
				const struct sr_value *src[] = {
				    &x->iops,	     &x->bw,	    &x->total_ios, &x->io_bytes,
				    &x->runtime_ms,  &x->clat.min,  &x->clat.mean, &x->clat.max,
				    &x->clat.stddev, &x->slat.mean, &x->lat.mean,  &x->iops_mean,
				    &x->iops_stddev};
				/* the latency each column comes from (NULL: a counter) */
				const struct sr_lat *lat[] = {
				    NULL,     NULL,	NULL,	  NULL,	   NULL, &x->clat, &x->clat,
				    &x->clat, &x->clat, &x->slat, &x->lat, NULL, NULL};
				size_t row;

				/* a failed job keeps its rows: it may have done nothing at all */
				if (!x->present || (!did_io(x) && !run->error))
					continue;
				row = sr_table_row(tab);
				sr_table_set(tab, row, 0, "%s", r->m->drives[dv].label);
				sr_table_set(tab, row, 1, "%s", run->name ? run->name : SR_UNKNOWN);
				sr_table_set(tab, row, 2, "%s",
					     run->host ? run->host : SR_NOT_MEASURED);
				sr_table_set(tab, row, 3, "%d", run->groupid);
				sr_table_set(tab, row, 4, "%d", run->error);
				if (run->error)
					sr_table_mark(tab, row, 4, SR_MARK_FAIL);
				sr_table_set(tab, row, 5, "%s", dn[d]);
				for (size_t k = 0; k < sizeof(v) / sizeof(v[0]); k++) {
					char text[SR_FMT_LEN], csv[SR_FMT_LEN];

					/* no I/O, or fio took no sample of that latency (its "N"
					 * is 0: slat of an engine that does not time submission),
					 * measured nothing: fio's 0 is no figure */
					if (!did_io(x) ||
					    (lat[k] && sr_ok(lat[k]->n) && lat[k]->n.v == 0)) {
						sr_table_num(tab, row, 6 + k, SR_NOT_MEASURED, "");
						continue;
					}
					if (!sr_ok(*src[k])) {
						sr_table_num(
						    tab, row, 6 + k,
						    src[k]->state == SR_INVALID ? SR_UNKNOWN
										: SR_NOT_MEASURED,
						    src[k]->state == SR_INVALID ? SR_UNKNOWN : "");
						continue;
					}
					snprintf(csv, sizeof(csv), "%.9g", v[k].v);
					if (k == 2 || k == 4 || k == 0)
						sr_fmt_int(text, v[k].v);
					else
						sr_fmt_sig(text, v[k].v);
					sr_table_num(tab, row, 6 + k, text, csv);
				}
			}
		}
	}
	rc = tab->nrows ? sr_page_table(p, tab) : 0;
	sr_table_free(tab);
	if (!rc)
		rc = library_note(r, p, t);
	for (size_t dv = 0; !rc && dv < r->m->ndrives; dv++)
		if (r->m->drives[dv].library)
			continue; /* library_note() */
		else if (r->m->drives[dv].source && t->per_drive[dv])
			sr_page_text(p, "note",
				     "Published figures, not a fio run: %s (%s). They are shown "
				     "beside the runs for comparison; fio's groups, errors and "
				     "latencies of them are not known.",
				     r->m->drives[dv].label, r->m->drives[dv].source);
	return rc ? rc : p->err;
}

/* Every completion-latency percentile fio printed, per run and direction, in µs. */
int sr_detail_percentiles(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	double pcts[128];
	struct sr_fig f[128];
	enum sr_lat_unit u;
	double hi;
	size_t np = 0;
	char name[300], h[64];
	struct sr_table *tab;
	int rc;

	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		for (size_t i = 0; t->per_drive[dv] && i < t->per_drive[dv]->test->nruns; i++)
			for (int d = 0; d < SR_NDIR; d++) {
				const struct sr_lat *l =
				    &t->per_drive[dv]->test->runs[i].dir[d].clat;

				if (!sr_rep_run_in(t->per_drive[dv],
						   &t->per_drive[dv]->test->runs[i]))
					break;

				for (size_t k = 0; k < l->npct; k++) {
					size_t at = 0;

					while (at < np && pcts[at] < l->pct[k].pct - 1e-9)
						at++;
					if ((at < np && fabs(pcts[at] - l->pct[k].pct) < 1e-9) ||
					    np == 128)
						continue;
					memmove(&pcts[at + 1], &pcts[at],
						(np - at) * sizeof(double));
					pcts[at] = l->pct[k].pct;
					np++;
				}
			}
	if (!np)
		return 0;
	snprintf(name, sizeof(name), "tests/%s-percentiles", t->stem);
	tab = sr_table_new(
	    name, "Completion latency percentiles fio printed, in the unit each row names", 4 + np);
	if (!tab)
		return -ENOMEM;
	sr_table_lead(
	    tab, (const char *const[]){sr_rep_source_noun(r, false), "job", "direction", "unit"},
	    4);
	for (size_t k = 0; k < np; k++) {
		snprintf(h, sizeof(h), "p%g", pcts[k]);
		sr_table_head(tab, 4 + k, h);
	}
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		for (size_t i = 0; t->per_drive[dv] && i < t->per_drive[dv]->test->nruns; i++)
			for (int d = 0; d < 2; d++) {
				const struct sr_dir *x = &t->per_drive[dv]->test->runs[i].dir[d];
				size_t row;

				if (!sr_rep_run_in(t->per_drive[dv],
						   &t->per_drive[dv]->test->runs[i]))
					break;
				if (!x->present || !x->clat.npct)
					continue;
				row = sr_table_row(tab);
				sr_table_set(tab, row, 0, "%s", r->m->drives[dv].label);
				sr_table_set(tab, row, 1, "%s",
					     t->per_drive[dv]->test->runs[i].name
						 ? t->per_drive[dv]->test->runs[i].name
						 : SR_UNKNOWN);
				sr_table_set(tab, row, 2, "%s", dir_name[d]);
				/* a unit per row, as the summary's: 1.58 s, not 1,580,000 µs */
				for (size_t k = 0; k < np; k++)
					f[k] = sr_pct_fig(
					    sr_lat_pct(&x->clat, pcts[k]), pcts[k], x->clat.max,
					    sr_ok(x->clat.n) ? x->clat.n : x->total_ios);
				/* µs while every figure fits in 6 digits (under 100 ms), else ms,
				 * past 100 s s: a row's cells stay narrow */
				hi = 0;
				for (size_t k = 0; k < np; k++)
					if (sr_ok(f[k].v) && f[k].v.v > hi)
						hi = f[k].v.v;
				u = hi < 1e8 ? SR_UNIT_US : hi < 1e11 ? SR_UNIT_MS : SR_UNIT_S;
				sr_table_set(tab, row, 3, "%s", sr_lat_unit_name(u));
				for (size_t k = 0; k < np; k++)
					sr_rep_cell(tab, row, 4 + k, f[k], SR_M_PCT, u, 0);
			}
	sr_rep_table_notes(tab);
	rc = sr_page_table(p, tab);
	sr_table_free(tab);
	return rc;
}

/* The fio options of each drive's first run, as fio printed them. */
/* The drives (of @t's results) whose first job entry sets option @key to @value, as a list. */
static size_t drives_with(const struct sr_report *r, const struct sr_rtest *t, const char *key,
			  const char *value, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = '\0';
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_result *res = t->per_drive[dv];

		for (size_t i = 0; res && i < res->first->noptions; i++) {
			const struct sr_kv *kv = &res->first->options[i];

			if (strcmp(kv->key, key) || strcmp(kv->value, value))
				continue;
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", n ? " " : "",
				 r->m->drives[dv].label);
			n++;
			break;
		}
	}
	return n;
}

/*
 * fio's job options: a row per option and value, with the drives that ran with it ("all" on the
 * page when every drive did; the CSV names them), options in the order fio printed them. Eight
 * drives' columns of the same values (and of log paths that differ only by the drive's name)
 * would run far past the page.
 */
int sr_detail_options(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	char name[300], *drives = NULL;
	struct sr_table *tab;
	size_t nd = 0, len = 64;
	int rc;

	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (t->per_drive[dv]) {
			nd++;
			len += strlen(r->m->drives[dv].label) + 1;
		}
	snprintf(name, sizeof(name), "tests/%s-options", t->stem);
	tab = sr_table_new(name, "fio job options (global options, then the job's own)", 3);
	drives = malloc(len);
	if (!tab || !drives) {
		sr_table_free(tab);
		free(drives);
		return -ENOMEM;
	}
	sr_table_lead(tab, (const char *const[]){"option", "value", sr_rep_source_noun(r, true)},
		      3);
	/* each option where it first appears, its values (one row each) together */
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		for (size_t i = 0; t->per_drive[dv] && i < t->per_drive[dv]->first->noptions; i++) {
			const char *key = t->per_drive[dv]->first->options[i].key;
			bool seen = false;

			for (size_t q = 0; q < tab->nrows && !seen; q++)
				seen = !strcmp(tab->cells[q * 3].text, key);
			for (size_t dw = dv; !seen && dw < r->m->ndrives; dw++) {
				const struct sr_result *res = t->per_drive[dw];

				for (size_t j = 0; res && j < res->first->noptions; j++) {
					const struct sr_kv *kv = &res->first->options[j];
					bool had = false;
					size_t row, k, first = tab->nrows;
					char all[32];

					if (strcmp(kv->key, key))
						continue;
					while (first > 0 &&
					       !strcmp(tab->cells[(first - 1) * 3].text, key))
						first--;
					for (size_t q = first; q < tab->nrows && !had; q++)
						had =
						    !strcmp(tab->cells[q * 3 + 1].text, kv->value);
					if (had)
						break;
					row = sr_table_row(tab);
					sr_table_set(tab, row, 0, "%s", key);
					sr_table_set(tab, row, 1, "%s", kv->value);
					k = drives_with(r, t, key, kv->value, drives, len);
					snprintf(all, sizeof(all), "all %zu", nd);
					sr_table_num(tab, row, 2, k == nd && nd > 1 ? all : drives,
						     drives);
					break;
				}
			}
		}
	rc = tab->nrows ? sr_page_table(p, tab) : 0;
	sr_table_free(tab);
	free(drives);
	return rc;
}

/* fio's own steady-state verdict (ss=) and the SNIA PTS one, per drive and workload, where
 * there is one. */
int sr_detail_steady(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	static const char *const heads[] = {"drive",
					    "workload",
					    "fio ss criterion",
					    "fio ss attained",
					    "measured (as fio printed it)",
					    "window (s)",
					    "SNIA PTS",
					    "rounds"};
	char name[300], buf[SR_FMT_LEN];
	struct sr_table *tab;
	int rc;

	snprintf(name, sizeof(name), "tests/%s-steady-state", t->stem);
	tab = sr_table_new(name, "Steady state", sizeof(heads) / sizeof(heads[0]));
	if (!tab)
		return -ENOMEM;
	tab->nleft = 4;
	for (size_t h = 0; h < sizeof(heads) / sizeof(heads[0]); h++)
		sr_table_head(tab, h, heads[h]);
	sr_table_head(tab, 0, sr_rep_source_noun(r, false));
	sr_table_text(tab, 6); /* the SNIA verdict and the rounds it used are text */
	sr_table_text(tab, 7);
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_result *res = t->per_drive[dv];

		const struct sr_series *se;

		for (size_t k = 0; res && (se = sr_rep_series_any(res, k)); k++) {
			const struct sr_fio_ss *ss = NULL;
			struct sr_snia snia;
			size_t row;

			for (size_t i = 0; i < se->nruns && !ss; i++)
				if (res->test->runs[se->runs[i]].fio_ss.present)
					ss = &res->test->runs[se->runs[i]].fio_ss;
			sr_series_snia(res->test, se, &snia);
			if (!ss && !snia.evaluated)
				continue;
			row = sr_table_row(tab);
			sr_table_set(tab, row, 0, "%s", r->m->drives[dv].label);
			sr_table_set(tab, row, 1, "%s", se->name ? se->name : SR_UNKNOWN);
			for (size_t c = 2; c < sizeof(heads) / sizeof(heads[0]); c++)
				sr_table_set(tab, row, c,
					     SR_NOT_MEASURED); /* none: "–", never blank */
			if (ss) {
				sr_table_set(tab, row, 2, "%s", ss->ss ? ss->ss : SR_UNKNOWN);
				sr_table_set(tab, row, 3, "%s", ss->attained ? "yes" : "no");
				sr_table_set(tab, row, 4, "%s",
					     ss->criterion_text ? ss->criterion_text
					     : sr_ok(ss->criterion)
						 ? sr_fmt_sig(buf, ss->criterion.v)
						 : SR_UNKNOWN);
				sr_table_set(tab, row, 5, "%s",
					     sr_ok(ss->duration_s)
						 ? sr_fmt_int(buf, ss->duration_s.v)
						 : SR_UNKNOWN);
			}
			if (snia.evaluated) {
				sr_table_set(tab, row, 6, "%s (range %.1f %%, excursion %.1f %%)",
					     snia.attained ? "attained" : "not attained",
					     snia.range_pct, snia.excursion_pct);
				sr_table_set(tab, row, 7, "%s (%zu)", sr_snia_basis_note(&snia),
					     snia.nrounds);
			}
		}
	}
	rc = tab->nrows ? sr_page_table(p, tab) : 0;
	sr_table_free(tab);
	return rc;
}

/* A number of the series CSV: at most @sig significant digits, never in exponent form. */
static void series_num(FILE *f, double v, int sig)
{
	if (fabs(v) >= 1e5)
		fprintf(f, ",%.0f", v);
	else
		fprintf(f, ",%.*g", sig, v);
}

/*
 * The time series of each drive, as CSV beside the page: every interval, hours of them for a
 * review's preconditioning (so each row is kept short: the workload by its number, figures to
 * the digits they carry: IOPS whole, latencies to 5 significant digits, 10 ns under 1 ms).
 */
int sr_detail_series_csv(struct sr_report *r, struct sr_page *p, const struct sr_rtest *t)
{
	char path[4400], text[600];
	size_t nk = sr_rep_nseries(r, t);
	FILE *f;

	if (!sr_rep_has_series(r, t))
		return 0;
	/* gzip: one row per second per drive and workload is megabytes a test (8 drives' 6-hour
	 * preconditionings: 8 MB), most of a report; compressed a sixth or less */
	snprintf(path, sizeof(path), "tests/%s-series.csv.gz", t->stem);
	f = sr_out_open_gz(r->dir, path);
	if (!f)
		return -errno;
	/* a partial interval (not every job ran through it) is listed with its job count and
	 * marked, so no reader takes it for the workload's figure */
	fputs("drive,workload,t_s,round,jobs,jobs_expected,partial,throughput_iops,throughput_bps,"
	      "avg_lat_ms,max_lat_ms,lat_sd_ms\n",
	      f);
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		for (size_t k = 0; k < nk; k++) {
			const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);

			for (size_t i = 0; se && i < se->niv; i++) {
				const struct sr_interval *iv = &se->iv[i];
				const struct sr_value v[5] = {iv->iops, iv->bw, iv->lat_mean,
							      iv->lat_max, iv->lat_sd};

				fprintf(f, "%s,%zu,%.9g,%u,%u,%u,%d", r->m->drives[dv].label, k + 1,
					iv->t_s, iv->round + 1, iv->jobs, iv->jobs_expected,
					sr_interval_partial(iv));
				for (int c = 0; c < 5; c++)
					if (!sr_ok(v[c]))
						fputc(',', f);
					else if (c < 2)
						series_num(f, v[c].v, 7);
					else
						series_num(f, v[c].v / 1e6, 5);
				fputc('\n', f);
			}
		}
	if (fclose(f))
		return -errno;
	snprintf(path, sizeof(path), "%s-series.csv.gz", t->stem);
	snprintf(text, sizeof(text),
		 "The time series (1-s intervals) as gzip-compressed CSV (zcat or gunzip gives the "
		 "CSV; pandas.read_csv and most spreadsheet tools read it as it is)");
	for (size_t k = 0; k < nk; k++) /* the workloads by their numbers */
		for (size_t dv = 0; dv < r->m->ndrives; dv++) {
			const struct sr_series *se = sr_rep_series(t->per_drive[dv], k);

			if (!se)
				continue;
			snprintf(text + strlen(text), sizeof(text) - strlen(text),
				 "%s workload %zu: %s", k ? "," : ";", k + 1,
				 se->name ? se->name : SR_UNKNOWN);
			break;
		}
	sr_page_link(p, path, text);
	return 0;
}
