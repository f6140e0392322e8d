// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_telemetry.c - "The drive's own account": per drive a table of its tests' telemetry
 * (analyse/telemetry.h): host writes, media writes and write amplification with their sources
 * (or "media writes: not reported by this drive"), the temperature range, and a flag on a test
 * during which the drive throttled or raised a critical warning; the OCP latency monitor's
 * buckets where it was read.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

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

static int latmon_lines(struct sr_report *r, size_t dv)
{
	const struct sr_drive *drv = &r->m->drives[dv];
	bool said_not = false;

	for (size_t i = 0; i < drv->ntel; i++) {
		const struct sr_tel_test *x = &drv->tel[i];

		if (!x->latmon_status)
			continue;
		if (strcmp(x->latmon_status, "read")) {
			if (!said_not)
				sr_page_text(&r->page, "note",
					     "OCP latency monitor (log C3h, feature C5h): %s%s%s.",
					     x->latmon_status, x->latmon_message ? ": " : "",
					     x->latmon_message ? x->latmon_message : "");
			said_not = true;
			continue;
		}
		sr_page_text(
		    &r->page, "note",
		    "%s: OCP latency monitor buckets (reads / writes) from %lld, %lld, %lld, "
		    "%lld ms: %lld/%lld, %lld/%lld, %lld/%lld, %lld/%lld.",
		    x->id, x->latmon_thresholds_ms[0], x->latmon_thresholds_ms[1],
		    x->latmon_thresholds_ms[2], x->latmon_thresholds_ms[3], x->latmon_reads[0],
		    x->latmon_writes[0], x->latmon_reads[1], x->latmon_writes[1],
		    x->latmon_reads[2], x->latmon_writes[2], x->latmon_reads[3],
		    x->latmon_writes[3]);
	}
	return r->page.err;
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
			rc = latmon_lines(r, dv);
	}
	return rc ? rc : r->page.err;
}
