// SPDX-License-Identifier: GPL-2.0-only
/*
 * report.c - the report, written atomically: the sections of the model and its analysis
 * (analyse/analysis.h) written into a temporary directory (render/section_table.h), the directory
 * swapped into place (output/report_dir.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output/files.h"
#include "render/report.h"
#include "output/report_dir.h"
#include "render/section_table.h"

static int build(struct sr_report *r)
{
	int rc = sr_out_mkdir(r->dir, "tests");

	if (rc) {
		sr_diag_msg(r->d, "%s/tests: %s", r->dir, strerror(-rc));
		return -EIO;
	}
	rc = sr_page_open_refresh(&r->page, r->dir, "index.html", true, r->o->title,
				  r->m->live ? r->m->live->refresh_s : 0);
	if (rc) {
		sr_diag_msg(r->d, "%s/index.html: %s", r->dir, strerror(-rc));
		return rc;
	}
	rc = sr_sections_write(r);
	if (r->page.html) {
		int crc = sr_page_close(&r->page);

		if (!rc && crc) {
			sr_diag_msg(r->d, "%s/index.html: %s", r->dir, strerror(-crc));
			rc = crc;
		}
	}
	return rc;
}

int sr_report_write(const struct sr_model *m, const struct sr_analysis *a,
		    const struct sr_report_opts *o, struct sr_diag *d)
{
	struct sr_report r = {.m = m, .o = o, .cat = o->cat, .an = a, .rv = &a->rv, .d = d};
	int rc;

	sr_out_reuse_from(o->reuse_charts ? o->outdir : NULL);
	rc = sr_report_dir_begin(o->outdir, r.dir, sizeof(r.dir), d);
	if (rc)
		return rc == -ENOMEM || rc == -ENOSPC || rc == -EEXIST || rc == -ENOENT ? rc : -EIO;
	rc = build(&r);
	for (size_t i = 0; i < r.ndrawn; i++) {
		free(r.drawn[i].name);
		free(r.drawn[i].caption);
	}
	free(r.drawn);
	if (!rc)
		rc = sr_report_dir_commit(r.dir, o->outdir, d);
	if (rc) {
		if (rc != -ENOMEM && rc != -EIO && rc != -ENOSPC)
			rc = -EIO;
		sr_report_dir_remove(r.dir);
	}
	return rc;
}
