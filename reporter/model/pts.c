// SPDX-License-Identifier: GPL-2.0-only
/* pts.c - a drive's SNIA PTS tests and their rounds' documents, released (pts.h). */
#include <stdlib.h>

#include "model/pts.h"

void sr_pts_docs_free(struct sr_pts_doc *docs, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		struct sr_pts_doc *t = &docs[i];
		size_t nphases = t->rec.pts ? t->rec.pts->nphases : 0;

		for (size_t k = 0; t->rounds && k < nphases; k++) {
			for (size_t r = 0; t->rounds[k] && r < t->rec.pts->phases[k].nrounds; r++)
				free(t->rounds[k][r].cells);
			free(t->rounds[k]);
		}
		free(t->rounds);
		for (size_t k = 0; t->segs && k < t->rec.pts->nsegments; k++) {
			free(t->segs[k].samples);
			free(t->segs[k].hist.bins);
		}
		free(t->segs);
		rec_test_free(&t->rec);
	}
	free(docs);
}
