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
		r->cells[c].lat_mean_ns = r->cells[c].lat_max_ns = r->cells[c].p99999_ns = NAN;
	if ((rc = rec_fio_doc_read(path, &doc, err, errlen)))
		return rc;
	pts_cell_name(ph->id, ph->track_mix, ph->track_bs, track, sizeof(track));
	for (size_t m = 0; m < ph->nmixes; m++)
		for (size_t b = 0; b < ph->nbs; b++) {
			struct pts_cell_result *c = &r->cells[m * ph->nbs + b];

			pts_cell_name(ph->id, ph->mixes[m], ph->block_sizes[b], name, sizeof(name));
			if (pts_cell_from_fio(doc.json, name, c))
				continue;
			r->written += c->write_bytes;
			if (!strcmp(name, track))
				r->tracking = pts_tracking_value(c, ph->track_metric);
		}
	rec_fio_doc_free(&doc);
	return 0;
}

void pts_round_free(struct pts_round *r)
{
	free(r->cells);
	r->cells = NULL;
}
