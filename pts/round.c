// SPDX-License-Identifier: GPL-2.0-only
/* round.c - a SNIA PTS round from its file (round.h). */
#include "pts/round.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record/fio_doc.h"

int pts_round_read(const char *path, const struct catalogue_pts_phase *ph, struct pts_round *r,
		   char *err, size_t errlen)
{
	size_t ncells = catalogue_pts_cells(ph);
	struct rec_fio_doc doc;
	char name[160], track[160];
	int rc;

	r->tracking = NAN;
	r->written = 0.0;
	if (!(r->cells = calloc(ncells + 1, sizeof(*r->cells))))
		return -ENOMEM;
	for (size_t c = 0; c < ncells; c++)
		r->cells[c].lat_mean_ns = r->cells[c].lat_max_ns = r->cells[c].p99999_ns =
		    r->cells[c].usr_cpu = r->cells[c].sys_cpu = NAN;
	if ((rc = rec_fio_doc_read(path, &doc, err, errlen)))
		return rc;
	pts_point_name(ph->id, ph->track_mix, ph->track_bs, (unsigned int)ph->track_tc,
		       (unsigned int)ph->track_qd, track, sizeof(track));
	for (size_t c = 0; c < ncells; c++) {
		size_t np = catalogue_pts_points(ph), mb = c / np, k = c % np;
		struct pts_cell_result *cr = &r->cells[c];

		pts_point_name(ph->id, ph->mixes[mb / ph->nbs], ph->block_sizes[mb % ph->nbs],
			       ph->ntc ? ph->tc[k / ph->nqd] : 0, ph->ntc ? ph->qd[k % ph->nqd] : 0,
			       name, sizeof(name));
		if (pts_cell_from_fio(doc.json, name, cr))
			continue;
		r->written += cr->write_bytes;
		if (!strcmp(name, track))
			r->tracking = pts_tracking_value(cr, ph->track_metric);
	}
	rec_fio_doc_free(&doc);
	return 0;
}

void pts_round_free(struct pts_round *r)
{
	free(r->cells);
	r->cells = NULL;
}
