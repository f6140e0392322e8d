// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_telemetry.c - "The drive's own account": per drive a table of its tests' telemetry
 * (analyse/telemetry.h): host writes, media writes and write amplification with their sources
 * (or "media writes: not reported by this drive"), the temperature range, and a flag on a test
 * during which the drive throttled or raised a critical warning; the OCP latency monitor's
 * buckets where it was read, each test's beside fio's completions in the same latency ranges
 * (analyse/latmon.h), and why not (once per drive and answer) where it was not.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analyse/latmon.h"
#include "analyse/telemetry.h"
#include "render/format.h"
#include "render/sections.h"

#define NOT_REPORTED "media writes: not reported by this drive"

/* The critical warning bits in words (NVMe Base 2.0 Figure 207, bits 0..5). */
static void warning_words(unsigned bits, char *buf, size_t len)
{
	static const char *const names[] = {
	    "available spare below threshold",
	    "temperature outside threshold",
	    "reliability degraded",
	    "media read only",
	    "volatile memory backup failed",
	    "persistent memory region read only",
	};
	size_t n = 0;

	buf[0] = '\0';
	for (unsigned b = 0; b < 8; b++)
		if (bits & (1u << b))
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? ", " : "",
					      b < 6 ? names[b] : "reserved bit");
}

/**
 * sr_tel_flag() - the flag of a test whose drive throttled or raised a critical warning
 * during it: "critical warning 0x02 (temperature outside threshold)", "thermal throttling
 * (12 s)"; "" when neither.
 */
const char *sr_tel_flag(const struct sr_tel_figures *f, char *buf, size_t len)
{
	char words[256];
	size_t n = 0;

	buf[0] = '\0';
	if (f->warning_bits) {
		warning_words(f->warning_bits, words, sizeof(words));
		n += (size_t)snprintf(buf, len, "critical warning 0x%02x (%s)", f->warning_bits,
				      words);
	}
	if (f->throttled && n < len) {
		if (f->throttle_s > 0)
			snprintf(buf + n, len - n, "%sthermal throttling (%lld s)", n ? "; " : "",
				 f->throttle_s);
		else
			snprintf(buf + n, len - n, "%sthermal throttling", n ? "; " : "");
	}
	return buf;
}

static int drive_table(struct sr_report *r, size_t dv)
{
	static const char *const heads[] = {
	    "test",	    "samples", "temperature (°C)",  "host writes",
	    "media writes", "WAF",     "media writes from", "flag"};
	const struct sr_drive *drv = &r->m->drives[dv];
	struct sr_table *t;
	char name[300], title[400];
	int rc;

	sr_rep_drive(r, dv, name, sizeof(name));
	snprintf(title, sizeof(title), "%s: the drive's own account per test", name);
	if (!(t = sr_table_new("telemetry", title, sizeof(heads) / sizeof(heads[0]))))
		return -ENOMEM;
	sr_table_lead(t, heads, 1);
	for (size_t c = 1; c < sizeof(heads) / sizeof(heads[0]); c++)
		sr_table_head(t, c, heads[c]);
	sr_table_text(t, 6);
	sr_table_text(t, 7);
	for (size_t i = 0; i < drv->ntel; i++) {
		const struct sr_tel_test *x = &drv->tel[i];
		struct sr_tel_figures f;
		char buf[SR_FMT_LEN], flag[400];
		size_t row = sr_table_row(t);

		sr_tel_figures(x, sr_tel_fio_written(drv, x->id), &f);
		sr_table_set(t, row, 0, "%s%s%s", x->id, x->member ? " · " : "",
			     x->member ? x->member : "");
		sr_table_set(t, row, 1, "%zu%s", x->nsamples,
			     x->nerrors ? " (some unanswered)" : "");
		if (sr_ok(f.temp_min_c))
			sr_table_set(t, row, 2, "%.0f – %.0f", f.temp_min_c.v, f.temp_max_c.v);
		else
			sr_table_set(t, row, 2, "not reported");
		sr_table_set(t, row, 3, "%s%s%s%s", sr_fmt_bytes(buf, f.host_bytes),
			     f.host_source ? " (" : "", f.host_source ? f.host_source : "",
			     f.host_source ? ")" : "");
		if (f.media_source) {
			if (f.pages && sr_ok(f.host_pages))
				sr_table_set(t, row, 4, "%.0f NAND pages, the host's %.0f",
					     f.media_pages.v, f.host_pages.v);
			else if (f.pages)
				sr_table_set(t, row, 4, "%.0f NAND pages", f.media_pages.v);
			else
				sr_table_set(t, row, 4, "%s", sr_fmt_bytes(buf, f.media_bytes));
			if (sr_ok(f.waf))
				sr_table_set(t, row, 5, "%.2f", f.waf.v);
			else
				sr_table_set(t, row, 5, "no host writes");
			sr_table_set(t, row, 6, "%s", f.media_source);
		} else {
			sr_table_set(t, row, 4, "not reported");
			sr_table_set(t, row, 5, "—");
			sr_table_set(t, row, 6, NOT_REPORTED);
		}
		sr_tel_flag(&f, flag, sizeof(flag));
		sr_table_set(t, row, 7, "%s", flag[0] ? flag : "none");
		if (flag[0])
			sr_table_mark(t, row, 7, SR_MARK_FAIL);
	}
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

/* Why a drive's monitor was not read, once per distinct answer: "not supported" with the
 * drive's words once per drive; a failure with the tests it failed in. */
static void latmon_not_read(struct sr_report *r, const struct sr_drive *drv)
{
	for (size_t i = 0; i < drv->ntel; i++) {
		const struct sr_tel_test *x = &drv->tel[i];
		const char *msg = x->latmon_message ? x->latmon_message : "";
		char tests[600];
		size_t n = 0, ntests = 0;
		bool seen = false;

		if (!x->latmon_status || !strcmp(x->latmon_status, "read"))
			continue;
		for (size_t k = 0; k < i && !seen; k++) {
			const struct sr_tel_test *y = &drv->tel[k];

			seen = y->latmon_status && !strcmp(y->latmon_status, x->latmon_status) &&
			       !strcmp(y->latmon_message ? y->latmon_message : "", msg);
		}
		if (seen)
			continue;
		tests[0] = '\0';
		for (size_t k = i; k < drv->ntel; k++) {
			const struct sr_tel_test *y = &drv->tel[k];

			if (!y->latmon_status || strcmp(y->latmon_status, x->latmon_status) ||
			    strcmp(y->latmon_message ? y->latmon_message : "", msg))
				continue;
			if (n < sizeof(tests))
				n += (size_t)snprintf(
				    tests + n, sizeof(tests) - n, "%s%s%s%s", ntests ? ", " : "",
				    y->id, y->member ? " · " : "", y->member ? y->member : "");
			ntests++;
		}
		if (!strcmp(x->latmon_status, "not supported"))
			sr_page_text(&r->page, "note",
				     "OCP latency monitor (log C3h, feature C5h): not supported by "
				     "this drive%s%s.",
				     *msg ? ": " : "", msg);
		else
			sr_page_text(&r->page, "note",
				     "OCP latency monitor (log C3h, feature C5h): %s%s%s, in %s.",
				     x->latmon_status, *msg ? ": " : "", msg, tests);
	}
}

/* A count of the drive's: "not reported", "≥ 4294967295" (saturated), or the number. */
static void drive_cell(struct sr_table *t, size_t row, size_t col, long long n)
{
	if (n < 0)
		sr_table_set(t, row, col, "not reported");
	else if (n >= SR_LM_SATURATED)
		sr_table_set(t, row, col, "≥ %lld", n);
	else
		sr_table_set(t, row, col, "%lld", n);
}

/* fio's I/Os in a range: "123", "120 – 125" (bounds), "—" (no fio side). */
static void fio_cell(struct sr_table *t, size_t row, size_t col, const struct sr_lm_dir *d,
		     int range)
{
	if (d->src == SR_LM_FIO_NONE || d->src == SR_LM_FIO_MIXED)
		sr_table_set(t, row, col, "—");
	else if (d->lo[range] == d->hi[range])
		sr_table_set(t, row, col, "%llu", (unsigned long long)d->lo[range]);
	else
		sr_table_set(t, row, col, "%llu – %llu", (unsigned long long)d->lo[range],
			     (unsigned long long)d->hi[range]);
}

static const char *fmt_ms(double ns, char *buf, size_t len)
{
	snprintf(buf, len, "%g", ns / 1e6);
	return buf;
}

/* What fio's side of a direction is and what the two accounts say together. */
static size_t dir_words(const struct sr_lm_cmp *c, int k, char *buf, size_t len)
{
	static const char *const dname[] = {"Reads", "Writes"};
	const struct sr_lm_dir *d = &c->dir[k];
	char a[32], range[64], ramp[96];
	long long n = d->drive[SR_LM_ABOVE_A];

	if (c->ramp_s > 0)
		snprintf(ramp, sizeof(ramp), "its ramp_time of %g s, another process", c->ramp_s);
	else
		snprintf(ramp, sizeof(ramp), "another process");

	fmt_ms(c->edge_ns[0], a, sizeof(a));
	if (d->lo[SR_LM_ABOVE_A] == d->hi[SR_LM_ABOVE_A])
		snprintf(range, sizeof(range), "%llu", (unsigned long long)d->lo[SR_LM_ABOVE_A]);
	else
		snprintf(range, sizeof(range), "%llu – %llu",
			 (unsigned long long)d->lo[SR_LM_ABOVE_A],
			 (unsigned long long)d->hi[SR_LM_ABOVE_A]);
	switch (d->agree) {
	case SR_LM_AGREE:
		return (size_t)snprintf(
		    buf, len,
		    " %s: the drive's %lld at or above %s ms %s fio's %s: the "
		    "accounts agree.",
		    dname[k], n, a,
		    d->lo[SR_LM_ABOVE_A] == d->hi[SR_LM_ABOVE_A] ? "match" : "lie within", range);
	case SR_LM_HOST_MORE:
		return (size_t)snprintf(
		    buf, len,
		    " %s: fio completed more at or above %s ms (%s) than the drive counted "
		    "(%lld): time spent in the host or waiting in the submission queue, which "
		    "the drive does not time.",
		    dname[k], a, range, n);
	case SR_LM_DRIVE_MORE:
		return (size_t)snprintf(
		    buf, len,
		    " %s: the drive counted more at or above %s ms (%lld) than fio completed "
		    "(%s): I/O fio did not measure (%s) or commands split from fio's I/Os.",
		    dname[k], a, n, range, ramp);
	default:
		return 0;
	}
}

static void latmon_note(struct sr_table *t, const struct sr_lm_cmp *c)
{
	char buf[1400];
	size_t n;
	bool pct = c->dir[0].src == SR_LM_FIO_PCT || c->dir[1].src == SR_LM_FIO_PCT;
	bool none = c->dir[0].src == SR_LM_FIO_NONE && c->dir[1].src == SR_LM_FIO_NONE;

	if (!c->edges_ok)
		n = (size_t)snprintf(buf, sizeof(buf),
				     "The drive's thresholds were not reported in ascending "
				     "order: fio's side is not computed.");
	else if (c->dir[0].src == SR_LM_FIO_MIXED)
		n = (size_t)snprintf(buf, sizeof(buf),
				     "fio reported reads and writes together "
				     "(unified_rw_reporting): no fio side per direction.");
	else if (none)
		n = (size_t)snprintf(buf, sizeof(buf),
				     "The report holds no fio result of this test%s: no fio side.",
				     c->tel->member ? " for this drive of the group" : "");
	else if (pct)
		n = (size_t)snprintf(
		    buf, sizeof(buf),
		    "fio's side is derived from its completion-latency percentiles, minimum and "
		    "maximum (the test's output has no json+ bins): bounds, not counts.");
	else
		n = (size_t)snprintf(
		    buf, sizeof(buf),
		    "fio's side is counted from its completion-latency histogram (json+ bins); "
		    "a bin across a threshold counts on either side, hence a range.");
	for (int k = 0; k < 2 && n < sizeof(buf); k++)
		n += dir_words(c, k, buf + n, sizeof(buf) - n);
	sr_table_note(t, "%s", buf);
}

/* One test's buckets beside fio's completions in the same latency ranges. */
static int latmon_table(struct sr_report *r, size_t dv, const struct sr_lm_cmp *c)
{
	static const char *const heads[] = {"range", "latency (ms)", "drive",
					    "fio",   "drive",	     "fio"};
	static const char *const rname[] = {"below A",	"bucket 0", "bucket 1",
					    "bucket 2", "bucket 3", "every bucket"};
	const struct sr_tel_test *x = c->tel;
	struct sr_table *t;
	char name[300], title[600], stem[400], a[32], b[32];
	int rc;

	sr_rep_drive(r, dv, name, sizeof(name));
	snprintf(title, sizeof(title),
		 "%s: %s%s%s: the drive's latency monitor beside fio's completion latencies", name,
		 x->id, x->member ? " · " : "", x->member ? x->member : "");
	if (dv)
		snprintf(stem, sizeof(stem), "latmon-%zu-%s%s%s", dv + 1, x->id,
			 x->member ? "-" : "", x->member ? x->member : "");
	else
		snprintf(stem, sizeof(stem), "latmon-%s%s%s", x->id, x->member ? "-" : "",
			 x->member ? x->member : "");
	if (!(t = sr_table_new(stem, title, 6)))
		return -ENOMEM;
	sr_table_lead(t, heads, 1);
	for (size_t k = 1; k < 6; k++)
		sr_table_head(t, k, heads[k]);
	sr_table_text(t, 1);
	sr_table_group(t, 2, "reads");
	sr_table_group(t, 3, "reads");
	sr_table_group(t, 4, "writes");
	sr_table_group(t, 5, "writes");
	for (int rg = 0; rg < SR_LM_NRANGES; rg++) {
		size_t row = sr_table_row(t);

		sr_table_set(t, row, 0, "%s", rname[rg]);
		if (!c->edges_ok)
			sr_table_set(t, row, 1, "not reported");
		else if (rg == SR_LM_BELOW)
			sr_table_set(t, row, 1, "< %s", fmt_ms(c->edge_ns[0], a, sizeof(a)));
		else if (rg == SR_LM_B3 || rg == SR_LM_ABOVE_A)
			sr_table_set(t, row, 1, "≥ %s",
				     fmt_ms(c->edge_ns[rg == SR_LM_B3 ? SR_LM_BUCKETS - 1 : 0], a,
					    sizeof(a)));
		else
			sr_table_set(t, row, 1, "%s – %s",
				     fmt_ms(c->edge_ns[rg - SR_LM_B0], a, sizeof(a)),
				     fmt_ms(c->edge_ns[rg - SR_LM_B0 + 1], b, sizeof(b)));
		for (int k = 0; k < 2; k++) {
			if (rg == SR_LM_BELOW)
				sr_table_set(t, row, 2 + 2 * (size_t)k, "not counted");
			else
				drive_cell(t, row, 2 + 2 * (size_t)k, c->dir[k].drive[rg]);
			if (c->edges_ok)
				fio_cell(t, row, 3 + 2 * (size_t)k, &c->dir[k], rg);
			else
				sr_table_set(t, row, 3 + 2 * (size_t)k, "—");
		}
	}
	latmon_note(t, c);
	rc = sr_page_table(&r->page, t);
	sr_table_free(t);
	return rc;
}

static int latmon_section(struct sr_report *r, size_t dv)
{
	const struct sr_lm_drive *lm = r->an && r->an->latmon ? &r->an->latmon[dv] : NULL;
	int rc = 0;

	latmon_not_read(r, &r->m->drives[dv]);
	if (!lm || !lm->n)
		return r->page.err;
	sr_page_text(
	    &r->page, "note",
	    "OCP latency monitor (log C3h, feature C5h; OCP Datacenter NVMe SSD Specification "
	    "2.0, Appendix C): enabled at the start of each fio run with the drive's own "
	    "thresholds A < B < C < D, it counts each read and write whose latency, from "
	    "fetching the command to posting its completion, is at least A: bucket 0 from A "
	    "to B, 1 from B to C, 2 from C to D, 3 from D. Beside it, the I/Os fio completed "
	    "in the same ranges of its completion latency, which runs from submission to "
	    "reaping and so is the longer of the two. Where a job has a ramp_time, the drive "
	    "counts its I/O too; fio's figures leave it out.");
	for (size_t i = 0; i < lm->n && !rc; i++)
		rc = latmon_table(r, dv, &lm->cmp[i]);
	return rc ? rc : r->page.err;
}

int sr_section_telemetry(struct sr_report *r)
{
	bool any = false;
	int rc = 0;

	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		any |= r->m->drives[dv].ntel > 0;
	if (!any)
		return 0;
	sr_page_heading(&r->page, 2, "telemetry", "The drive's own account");
	sr_page_text(
	    &r->page, "note",
	    "Sampled through the drive's admin path while each test ran "
	    "(docs/telemetry.md): host writes against the writes the drive made to its "
	    "media, their ratio (write amplification, WAF), the temperature range, and a "
	    "flag where the drive throttled or raised a critical warning during the test.");
	for (size_t dv = 0; dv < r->m->ndrives && !rc; dv++) {
		if (!r->m->drives[dv].ntel)
			continue;
		rc = drive_table(r, dv);
		if (!rc)
			rc = latmon_section(r, dv);
	}
	return rc ? rc : r->page.err;
}
