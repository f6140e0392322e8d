// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_drives.c - the drives: each one's identity as a spec sheet (model, serial, firmware,
 * capacity in GB and GiB, logical block and metadata size, transport), its health before and
 * after the review with what changed, the sources of published figures, and a linked page with
 * every field drive.json holds.
 */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/format.h"
#include "render/sections.h"

static bool tested(const struct sr_drive *d) { return !d->source && d->info.present; }

static const char *text_or(const char *s) { return s && *s ? s : SR_UNKNOWN; }

static void transport(const struct sr_drive_info *i, char *buf, size_t len)
{
	static const struct {
		const char *id, *name;
	} names[] = {{"nvme", "NVMe"}, {"scsi", "SCSI"}, {"ata", "ATA"}};
	const char *t = i->transport;

	for (size_t k = 0; t && k < sizeof(names) / sizeof(names[0]); k++)
		if (!strcmp(t, names[k].id))
			t = names[k].name;
	if (!t && i->kind && !strcmp(i->kind, "group"))
		t = "a group of drives";
	snprintf(buf, len, "%s%s%s%s", text_or(t), i->interface ? " (" : "",
		 i->interface ? i->interface : "", i->interface ? ")" : "");
}

/* A row of the spec sheet: a text field, an amount of bytes, a block's size in bytes
 * ("4096 B", as a drive states it), or the transport. */
enum field_kind { TEXT, OPTIONAL_TEXT, BYTES, BLOCK, TRANSPORT };

static const struct {
	const char *name;
	enum field_kind kind;
	size_t off; /* of the char * or the struct sr_value in struct sr_drive_info */
} sheet_rows[] = {
    {"Model", TEXT, offsetof(struct sr_drive_info, model)},
    {"Serial", TEXT, offsetof(struct sr_drive_info, serial)},
    {"Firmware", TEXT, offsetof(struct sr_drive_info, firmware)},
    {"Capacity", BYTES, offsetof(struct sr_drive_info, capacity_bytes)},
    {"Logical block", BLOCK, offsetof(struct sr_drive_info, logical_block_bytes)},
    {"Metadata per block", BLOCK, offsetof(struct sr_drive_info, metadata_bytes)},
    {"Transport", TRANSPORT, 0},
    {"Device", TEXT, offsetof(struct sr_drive_info, device)},
    {"Span tested", BYTES, offsetof(struct sr_drive_info, span_bytes)},
    {"IOPS limit", OPTIONAL_TEXT, offsetof(struct sr_drive_info, limit_iops)},
    {"Bandwidth limit", OPTIONAL_TEXT, offsetof(struct sr_drive_info, limit_bandwidth)},
    {"Burst", OPTIONAL_TEXT, offsetof(struct sr_drive_info, limit_burst)},
    {"Group members", OPTIONAL_TEXT, offsetof(struct sr_drive_info, members)},
    {"Note", OPTIONAL_TEXT, offsetof(struct sr_drive_info, note)},
};

/* The field of row @k, NULL for an optional one the drive lacks. */
static const char *field(const struct sr_drive_info *i, size_t k, char *buf, size_t len)
{
	const void *at = (const char *)i + sheet_rows[k].off;

	switch (sheet_rows[k].kind) {
	case TEXT:
		return text_or(*(char *const *)at);
	case OPTIONAL_TEXT:
		return *(char *const *)at;
	case BYTES:
		return sr_fmt_bytes(buf, *(const struct sr_value *)at);
	case BLOCK:
		/* a regular file has no blocks of its own, and a block device without a drive's
		 * identity (a loop device) no metadata the kernel shows: not applicable, not
		 * unknown */
		if (!sr_ok(*(const struct sr_value *)at)) {
			if (i->kind && !strcmp(i->kind, "file"))
				return "n/a (a file)";
			if (i->kind && !strcmp(i->kind, "blk") &&
			    (!i->transport ||
			     (strcmp(i->transport, "nvme") && strcmp(i->transport, "scsi") &&
			      strcmp(i->transport, "ata"))))
				return "n/a (a block device with no drive identity)";
			return SR_UNKNOWN;
		}
		snprintf(buf, len, "%.0f B", ((const struct sr_value *)at)->v);
		return buf;
	default:
		transport(i, buf, len);
		return buf;
	}
}

/* A column of the drives' tables: a drive, one drive of a group (drive-<name>.json), or a
 * group's whole (its drive.json, its drives' capacities and spans added up). */
struct dcol {
	char head[320];
	const struct sr_drive *drv;
	const struct sr_drive_info *info;
	bool total;
};

/* The columns: each drive; a group's drives, then the group. Return: their number. */
static size_t drive_cols(const struct sr_report *r, const size_t *dvs, size_t n, struct dcol *out)
{
	size_t k = 0;

	for (size_t c = 0; c < n; c++) {
		const struct sr_drive *d = &r->m->drives[dvs[c]];

		for (size_t m = 0; m < d->nmember_info; m++) {
			out[k] = (struct dcol){"", d, &d->member_info[m].info, false};
			snprintf(out[k++].head, sizeof(out->head), "%s/%s", d->label,
				 d->member_info[m].name);
		}
		out[k] = (struct dcol){"", d, &d->info, d->nmember_info > 0};
		if (d->nmember_info)
			snprintf(out[k].head, sizeof(out->head), "%s (total)", d->label);
		else
			sr_rep_drive(r, dvs[c], out[k].head, sizeof(out->head));
		k++;
	}
	return k;
}

/* The drives' columns after an empty corner. */
static void drive_heads(struct sr_table *t, const struct dcol *cols, size_t n)
{
	sr_table_head(t, 0, "");
	for (size_t c = 0; c < n; c++)
		sr_table_head(t, c + 1, cols[c].head);
}

/* The one value the drives of a group share in row @k, "mixed" when they differ, NULL when
 * none has one. */
static const char *shared(const struct sr_drive *g, size_t k, char *buf, size_t len)
{
	char one[SR_FMT_LEN * 2];
	bool any = false;

	for (size_t m = 0; m < g->nmember_info; m++) {
		const char *v = field(&g->member_info[m].info, k, one, sizeof(one));

		if (!g->member_info[m].info.present || !v || !strcmp(v, SR_UNKNOWN))
			continue;
		if (any && strcmp(buf, v))
			return "mixed";
		snprintf(buf, len, "%s", v);
		any = true;
	}
	return any ? buf : NULL;
}

/* Row @k of a group's whole: its drives' capacities and spans added up, what they share, the
 * group's own fields. */
static const char *total_field(const struct sr_drive *g, size_t k, char *buf, size_t len)
{
	const struct sr_drive_info *i = &g->info;
	struct sr_value sum = sr_val(0);

	switch (sheet_rows[k].kind) {
	case BYTES:
		if (sheet_rows[k].off == offsetof(struct sr_drive_info, capacity_bytes) ||
		    sheet_rows[k].off == offsetof(struct sr_drive_info, span_bytes)) {
			for (size_t m = 0; m < g->nmember_info && sr_ok(sum); m++) {
				struct sr_value v = *(
				    const struct sr_value *)((const char *)&g->member_info[m].info +
							     sheet_rows[k].off);
				sum = sr_ok(v) ? sr_val(sum.v + v.v) : v;
			}
			return sr_fmt_bytes(buf,
					    sr_ok(sum) ? sum : (struct sr_value){0, SR_ABSENT});
		}
		return shared(g, k, buf, len) ?: SR_UNKNOWN;
	case TRANSPORT:
		snprintf(buf, len, "a group of %zu drives", g->nmember_info);
		return buf;
	case OPTIONAL_TEXT:
		return field(i, k, buf, len);
	default:
		if (sheet_rows[k].off == offsetof(struct sr_drive_info, serial))
			return SR_NOT_MEASURED;
		if (sheet_rows[k].off == offsetof(struct sr_drive_info, device)) {
			snprintf(buf, len, "%zu drives", g->nmember_info);
			return buf;
		}
		return shared(g, k, buf, len) ?: SR_UNKNOWN;
	}
}

static const char *col_field(const struct dcol *c, size_t k, char *buf, size_t len)
{
	return c->total ? total_field(c->drv, k, buf, len) : field(c->info, k, buf, len);
}

/* A table of the drives' columns as shown: past SR_DRIVE_COLUMNS columns, a drive per row. */
static int put_drive_table(struct sr_report *r, struct sr_table *t, size_t ncols, size_t nleft)
{
	struct sr_table *x = ncols > SR_DRIVE_COLUMNS ? sr_table_transpose(t, "drive", nleft) : t;
	int rc = x ? sr_page_table(&r->page, x) : -ENOMEM;

	if (x != t)
		sr_table_free(x);
	return rc;
}

static int spec_sheet(struct sr_report *r, const struct dcol *cols, size_t n)
{
	struct sr_table *t = sr_table_new("drives", "Drives", n + 1);
	char buf[SR_FMT_LEN * 2];
	int rc;

	if (!t)
		return -ENOMEM;
	drive_heads(t, cols, n);
	t->nleft = n + 1;
	for (size_t k = 0; k < sizeof(sheet_rows) / sizeof(sheet_rows[0]); k++) {
		bool any = sheet_rows[k].kind != OPTIONAL_TEXT;
		size_t row;

		for (size_t c = 0; c < n && !any; c++) /* group members, notes: only when some */
			any = col_field(&cols[c], k, buf, sizeof(buf)) != NULL;
		if (!any)
			continue;
		row = sr_table_row(t);
		sr_table_set(t, row, 0, "%s", sheet_rows[k].name);
		for (size_t c = 0; c < n; c++) {
			const char *v = col_field(&cols[c], k, buf, sizeof(buf));

			if (v)
				sr_table_set(t, row, c + 1, "%s", v);
		}
	}
	rc = put_drive_table(r, t, n, sizeof(sheet_rows) / sizeof(sheet_rows[0]) + 1);
	sr_table_free(t);
	return rc;
}

/* "0 B → 5.86 GB (+5.86 GB)"; a counter that rose is a warning when @bad_if_up. */
static void change(struct sr_table *t, size_t row, size_t col, struct sr_value a, struct sr_value b,
		   bool bytes, const char *unit, bool bad_if_up)
{
	char x[SR_FMT_LEN], y[SR_FMT_LEN], d[SR_FMT_LEN];

	if (!sr_ok(a) && !sr_ok(b)) {
		sr_table_set(t, row, col, "not reported");
		return;
	}
	if (bytes) {
		sr_fmt_si(x, a);
		sr_fmt_si(y, b);
		sr_fmt_si(d, sr_val(fabs(b.v - a.v)));
	} else {
		sr_fmt_count(x, a);
		sr_fmt_count(y, b);
		sr_fmt_int(d, fabs(b.v - a.v));
	}
	if (sr_ok(a) && sr_ok(b) && b.v != a.v) { /* the difference in the CSV: the page shows
						   * before and after */
		char text[4 * SR_FMT_LEN], csv[6 * SR_FMT_LEN];

		snprintf(text, sizeof(text), "%s%s \xe2\x86\x92 %s%s", x, unit, y, unit);
		snprintf(csv, sizeof(csv), "%s (%c%s%s)", text, b.v > a.v ? '+' : '-', d, unit);
		sr_table_num(t, row, col, text, csv);
	} else if (sr_ok(a) && sr_ok(b))
		sr_table_set(t, row, col, "%s%s, unchanged", y, unit);
	else
		sr_table_set(t, row, col, "%s%s \xe2\x86\x92 %s%s", x, unit, y, unit);
	if (bad_if_up && sr_ok(a) && sr_ok(b) && b.v > a.v)
		sr_table_mark(t, row, col, SR_MARK_WARN);
}

static int health(struct sr_report *r, const struct dcol *all, size_t nall)
{
	static const struct {
		const char *name;
		size_t off;
		bool bytes;
		const char *unit;
		bool bad_if_up;
	} rows[] = {
	    {"Data written", offsetof(struct sr_health, data_written_bytes), true, "", false},
	    {"Data read", offsetof(struct sr_health, data_read_bytes), true, "", false},
	    {"Media errors", offsetof(struct sr_health, media_errors), false, "", true},
	    {"Error log entries", offsetof(struct sr_health, error_log_entries), false, "", true},
	    {"Percentage used", offsetof(struct sr_health, percentage_used), false, " %", true},
	    {"Available spare", offsetof(struct sr_health, available_spare_pct), false, " %",
	     false},
	    {"Temperature", offsetof(struct sr_health, temperature_c), false,
	     " \xc2\xb0"
	     "C",
	     false},
	    {"Power-on hours", offsetof(struct sr_health, power_on_hours), false, " h", false},
	    {"Unsafe shutdowns", offsetof(struct sr_health, unsafe_shutdowns), false, "", true},
	    {"Critical warning", offsetof(struct sr_health, critical_warning), false, "", true},
	};
	struct dcol *cols = calloc(nall + 1, sizeof(*cols));
	struct sr_table *t = NULL;
	size_t n = 0;
	int rc;

	for (size_t c = 0; cols && c < nall; c++) /* the drives: a group's whole is read of none */
		if (!all[c].total)
			cols[n++] = all[c];
	t = cols ? sr_table_new("drives-health", "Health before \xe2\x86\x92 after the review",
				n + 1)
		 : NULL;
	if (!t) {
		free(cols);
		return -ENOMEM;
	}
	drive_heads(t, cols, n);
	t->nleft = n + 1; /* "0 B → 5.86 GB", "not reported": text, a drive per column or row */
	for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++) {
		size_t row = sr_table_row(t);

		sr_table_set(t, row, 0, "%s", rows[k].name);
		for (size_t c = 0; c < n; c++) {
			const struct sr_drive_info *i = cols[c].info;
			const struct sr_value *a = (const void *)((const char *)&i->before +
								  rows[k].off),
					      *b = (const void *)((const char *)&i->after +
								  rows[k].off);

			change(t, row, c + 1, *a, *b, rows[k].bytes, rows[k].unit,
			       rows[k].bad_if_up);
		}
	}
	sr_table_note(t, "Read from the drive (ssdctl health) before the first test and after the "
			 "last; yellow: a counter of errors, wear or unsafe shutdowns rose.");
	rc = put_drive_table(r, t, n, sizeof(rows) / sizeof(rows[0]) + 1);
	sr_table_free(t);
	free(cols);
	return rc;
}

/* Every field of drive.json, drives as columns: drives.html. */
static int all_fields(struct sr_report *r)
{
	struct sr_page p;
	struct sr_table *t =
	    sr_table_new("tests/drives", "Every field of drive.json", r->m->ndrives + 1);
	char head[300];
	int rc;

	if (!t)
		return -ENOMEM;
	sr_table_head(t, 0, "field");
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		sr_table_head(t, dv + 1, sr_rep_drive(r, dv, head, sizeof(head)));
	t->nleft = r->m->ndrives + 1;
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		for (size_t i = 0; i < r->m->drives[dv].nidentity; i++) {
			const struct sr_kv *kv = &r->m->drives[dv].identity[i];
			size_t row = t->nrows;

			for (size_t k = 0; k < t->nrows; k++)
				if (t->cells[k * t->ncols].text &&
				    !strcmp(t->cells[k * t->ncols].text, kv->key))
					row = k;
			if (row == t->nrows) {
				row = sr_table_row(t);
				sr_table_set(t, row, 0, "%s", kv->key);
			}
			sr_table_set(t, row, dv + 1, "%s", kv->value);
		}
	rc = sr_page_open(&p, r->dir, "tests/drives.html", false, "Drives: every field");
	if (rc) {
		sr_table_free(t);
		return rc;
	}
	sr_page_link(&p, "../index.html#drives", "\xe2\x86\x90 back to the report");
	sr_page_heading(&p, 1, NULL, "Drives: every field of drive.json and the published files");
	rc = sr_page_table(&p, t);
	sr_table_free(t);
	return sr_page_close(&p) ?: rc;
}

/* The drives from the results library beside the review (ssdreport --with), one row each: where
 * each comes from (its run in the library, when and where it ran, its firmware and profile) and
 * the marks the library keeps on its figures; the library itself in the caption when all come
 * from one. */
static int library_drives(struct sr_report *r)
{
	static const char *const heads[] = {
	    "drive", "run",	 "library", "started",
	    "host",  "firmware", "profile", "marked in the library"};
	const char *one = NULL;
	char title[1200];
	bool several = false, marked = false;
	struct sr_table *t;
	size_t n = 0, c;
	int rc;

	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_lib_origin *o = r->m->drives[dv].origin;

		if (!r->m->drives[dv].library || !o)
			continue;
		n++;
		several |= one && strcmp(one, o->library);
		one = o->library;
		marked |= o->marks != NULL;
	}
	if (!n)
		return 0;
	if (several)
		snprintf(title, sizeof(title),
			 "Drives from the results library, not measured in this review");
	else
		snprintf(title, sizeof(title),
			 "Drives from the results library %s, not measured in this review", one);
	if (!(t = sr_table_new("drives-library", title, 6 + several + marked)))
		return -ENOMEM;
	sr_table_lead(t, heads, 1);
	c = 1;
	for (size_t h = 1; h < 8; h++) {
		if ((h == 2 && !several) || (h == 7 && !marked))
			continue;
		sr_table_head(t, c, heads[h]);
		if (h != 1)
			sr_table_text(t, c);
		c++;
	}
	for (size_t dv = 0; dv < r->m->ndrives; dv++) {
		const struct sr_drive *d = &r->m->drives[dv];
		const struct sr_lib_origin *o = d->origin;
		size_t row;

		if (!d->library || !o)
			continue;
		row = sr_table_row(t);
		c = 0;
		sr_table_set(t, row, c++, "%s (library)", d->label);
		sr_table_set(t, row, c++, "%lld", o->run);
		if (several)
			sr_table_set(t, row, c++, "%s", o->library);
		sr_table_set(t, row, c++, "%s", text_or(o->started));
		sr_table_set(t, row, c++, "%s", text_or(o->host));
		sr_table_set(t, row, c++, "%s", text_or(o->firmware));
		sr_table_set(t, row, c++, "%s", text_or(o->profile));
		if (marked)
			sr_table_set(t, row, c++, "%s", o->marks ? o->marks : "");
	}
	sr_table_note(t,
		      "Their figures are the ones the library keeps (each drive's own report's "
		      "headline figures), shown in the columns marked (library); run: its number "
		      "in ssdreport library list.");
	rc = sr_table_ok(t) ? sr_table_ok(t) : sr_page_table(&r->page, t);
	sr_table_free(t);
	for (size_t dv = 0; dv < r->m->ndrives && !rc; dv++) { /* the reviewed drive itself */
		const struct sr_drive *d = &r->m->drives[dv];

		if (d->library && d->origin && d->origin->same)
			sr_page_text(
			    &r->page, "note",
			    "%s (library): %s: the drive reviewed here (the same model and "
			    "serial), not another drive to compare with.",
			    d->label, d->origin->same);
	}
	return rc;
}

int sr_section_drives(struct sr_report *r)
{
	size_t *dvs = calloc(r->m->ndrives + 1, sizeof(size_t)), n = 0, ncols = 0, room = 0;
	struct dcol *cols = NULL;
	bool described = false;
	int rc = 0;

	if (!dvs)
		return -ENOMEM;
	sr_page_heading(&r->page, 2, "drives", "Drives");
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (tested(&r->m->drives[dv])) {
			dvs[n++] = dv;
			room += 1 + r->m->drives[dv].nmember_info;
		}
	cols = calloc(room + 1, sizeof(*cols));
	if (!cols) {
		free(dvs);
		return -ENOMEM;
	}
	ncols = drive_cols(r, dvs, n, cols);
	sr_page_grid(&r->page, true);
	if (n)
		rc = spec_sheet(r, cols, ncols);
	else /* anyone's fio results: what fio names */
		rc = sr_drives_fio(r);
	if (!rc && n)
		rc = health(r, cols, ncols);
	sr_page_grid(&r->page, false);
	free(cols);
	if (!rc)
		rc = library_drives(r);
	for (size_t dv = 0; dv < r->m->ndrives && !rc; dv++) {
		const struct sr_drive *d = &r->m->drives[dv];

		if (d->library)
			continue; /* library_drives() */
		if (d->source)
			sr_page_text(&r->page, "note", "%s (published): %s Source: %s", d->label,
				     d->nidentity ? d->identity[0].value : "", d->source);
	}
	for (size_t dv = 0; dv < r->m->ndrives && !rc && !described; dv++)
		described = r->m->drives[dv].nidentity > 0;
	if (!rc && described)
		rc = all_fields(r);
	if (!rc && described)
		sr_page_link(&r->page, "tests/drives.html", "Every field of drive.json");
	free(dvs);
	return rc ? rc : r->page.err;
}
