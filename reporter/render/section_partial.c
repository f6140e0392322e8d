// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_partial.c - the header's banner for a partial review (ssd-review --only): which of the
 * suite's tests ran and which --only left out (the suite's plan on the run's profile, from the
 * catalogue with the manifest's request, as the driver planned it: driver/plan/plan.c), and what
 * that means for the figures: a fill the suite runs before a chosen test was left out, so those
 * tests ran on the drive as it was.
 */
#include <stdlib.h>
#include <string.h>

#include "model/run_plan.h"
#include "render/sections.h"

/* Whether @id is one of @only's tests (", " between them, manifest.info.only). */
static bool chosen(const char *only, const char *id)
{
	size_t l = strlen(id);

	for (const char *p = only; (p = strstr(p, id)); p += l)
		if ((p == only || p[-1] == ' ') && (p[l] == '\0' || p[l] == ','))
			return true;
	return false;
}

/* @s appended to @buf (@len bytes) after ", " unless first. */
static void add(char *buf, size_t len, const char *s)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
}

static void banner(struct sr_report *r, const struct sr_drive *drv)
{
	const struct sr_run_info *ri = &drv->run;
	const char *profile = ri->profile ? ri->profile : drv->profile;
	struct catalogue_test *t = NULL;
	size_t n = 0, nran = 0;
	char ran[1024] = "", left[1024] = "", fills[1024] = "", err[512];

	if (sr_run_plan(r->cat, ri, profile, &t, &n, err, sizeof(err))) {
		sr_page_text(&r->page, "warn",
			     "A partial review of %s: ssd-review --only ran %s alone; the rest of "
			     "its suite (%s) was left out%s.",
			     drv->label, ri->only, ri->suite ? ri->suite : SR_UNKNOWN,
			     r->cat ? "" : " (no catalogue to name its tests)");
		return;
	}
	for (size_t k = 0; k < n; k++) {
		bool later = false;

		if (chosen(ri->only, t[k].id)) {
			add(ran, sizeof(ran), t[k].id);
			nran++;
			continue;
		}
		add(left, sizeof(left), t[k].id);
		if (strcmp(t[k].entry->family->id, "prep"))
			continue;
		for (size_t j = k + 1; j < n && !later; j++)
			later = chosen(ri->only, t[j].id);
		if (later) { /* a fill the chosen tests would have run after */
			char f[400];

			snprintf(f, sizeof(f), "%s (%s)", t[k].id, t[k].title);
			add(fills, sizeof(fills), f);
		}
	}
	sr_page_text(
	    &r->page, "warn",
	    "A partial review of %s: ssd-review --only ran %zu of the %s suite's %zu tests "
	    "on the %s profile (%s); --only left out %s, which were not run: no figure "
	    "of theirs is on this page.",
	    drv->label, nran, ri->suite, n, profile, ran[0] ? ran : "none of them",
	    left[0] ? left : "none");
	if (fills[0])
		sr_page_text(
		    &r->page, "warn",
		    "No fill before the tests of %s: the suite runs %s before them, and "
		    "--only left it out, so they ran on the drive as it was (whatever earlier "
		    "writes left there), not as the whole suite prepares it; their figures "
		    "are not a whole review's.",
		    drv->label, fills);
	catalogue_plan_free(t, n);
}

void sr_section_partial(struct sr_report *r)
{
	for (size_t dv = 0; dv < r->m->ndrives; dv++)
		if (!r->m->drives[dv].source && r->m->drives[dv].run.only)
			banner(r, &r->m->drives[dv]);
}
