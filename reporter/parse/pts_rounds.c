// SPDX-License-Identifier: GPL-2.0-only
/* pts_rounds.c - a results directory's SNIA PTS tests and their rounds' documents
 * (pts_rounds.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/pts.h"
#include "parse/pts_rounds.h"
#include "parse/pts_segments.h"
#include "pts/round.h"
#include "record/fio_doc.h"
#include "record/layout.h"

/* Round @ro of phase @def from its file; a file that cannot be read leaves the round's cells
 * missing (a warning). */
static int read_round(const struct sr_drive *drv, const struct catalogue_pts_phase *def,
		      const struct rec_pts_round *ro, struct sr_pts_round_doc *out,
		      struct sr_diag *d)
{
	char path[8192], err[8800] = "";
	struct pts_round rd = {0};
	int rc = -ENOENT;

	if (ro->file) {
		snprintf(path, sizeof(path), "%s/%s", drv->dir, ro->file);
		rc = pts_round_read(path, def, &rd, err, sizeof(err));
	} else if (!(rd.cells = calloc(catalogue_pts_cells(def) + 1, sizeof(*rd.cells)))) {
		rc = -ENOMEM;
	}
	out->has_file = ro->file != NULL;
	out->cells = rd.cells;
	out->tracking = ro->file ? rd.tracking : NAN;
	out->written = rd.written;
	if (rc == -ENOMEM)
		return rc;
	if (rc)
		sr_diag_warnf(d, "%s: PTS round %d of %s: %s%s%s", drv->dir, ro->round, def->id,
			      ro->file ? "its file cannot be read" : "no file named",
			      ro->file ? ": " : "", ro->file ? err : "");
	return 0;
}

/* The catalogue's phase @id of @e, or NULL. */
static const struct catalogue_pts_phase *phase_def(const struct catalogue_entry *e, const char *id)
{
	for (size_t k = 0; id && k < e->pts->nphases; k++)
		if (!strcmp(e->pts->phases[k].id, id))
			return &e->pts->phases[k];
	return NULL;
}

/* The rounds of every phase of @t's record the catalogue describes, in the catalogue's order of
 * phases (the order their warnings come in). */
static int read_test(const struct sr_drive *drv, struct sr_pts_doc *t, struct sr_diag *d)
{
	const struct rec_pts *p = t->rec.pts;

	if (p->nphases && !(t->rounds = calloc(p->nphases, sizeof(*t->rounds))))
		return -ENOMEM;
	for (size_t k = 0; k < t->entry->pts->nphases; k++) {
		const struct catalogue_pts_phase *def = &t->entry->pts->phases[k];
		size_t j = p->nphases;

		/* the last phase of the record with that id, as a reader matching by id finds */
		for (size_t i = 0; i < p->nphases; i++)
			if (p->phases[i].id && !strcmp(p->phases[i].id, def->id))
				j = i;
		if (j == p->nphases || t->rounds[j] || !p->phases[j].nrounds)
			continue;
		if (!(t->rounds[j] = calloc(p->phases[j].nrounds + 1, sizeof(*t->rounds[j]))))
			return -ENOMEM;
		for (size_t r = 0; r < p->phases[j].nrounds; r++) {
			int rc = read_round(drv, phase_def(t->entry, p->phases[j].id),
					    &p->phases[j].rounds[r], &t->rounds[j][r], d);

			if (rc)
				return rc;
		}
	}
	return 0;
}

static int load_drive(struct sr_drive *drv, const struct catalogue *cat, struct sr_diag *d)
{
	char path[8192], err[8800];
	struct rec_run run;
	int rc = 0;

	rec_path_run(path, sizeof(path), drv->dir);
	if (rec_run_read(path, &run, err, sizeof(err)))
		return 0;
	if (run.ntests && !(drv->pts = calloc(run.ntests + 1, sizeof(*drv->pts))))
		rc = -ENOMEM;
	for (size_t k = 0; !rc && k < run.ntests; k++) {
		struct rec_test *t = &run.tests[k];
		const struct catalogue_entry *e = catalogue_match(cat, t->id ? t->id : "", NULL);
		struct sr_pts_doc *doc;

		if (!e || !e->pts || !t->pts)
			continue;
		doc = &drv->pts[drv->npts++];
		doc->entry = e;
		doc->rec = *t; /* the record moves into the model */
		memset(t, 0, sizeof(*t));
		rc = read_test(drv, doc, d);
		if (!rc)
			rc = sr_pts_segments_load(drv, doc, d);
	}
	rec_run_free(&run);
	return rc;
}

int sr_pts_rounds_load(struct sr_model *m, const struct catalogue *cat, struct sr_diag *d)
{
	int rc = 0;

	for (size_t i = 0; cat && !rc && i < m->ndrives; i++)
		if (m->drives[i].dir)
			rc = load_drive(&m->drives[i], cat, d);
	return rc;
}
