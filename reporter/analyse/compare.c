// SPDX-License-Identifier: GPL-2.0-only
/* compare.c - refuse to compare tests whose workload differs (see compare.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/compare.h"
#include "analyse/results.h"

/* The parameters a comparison must hold equal. */
struct params {
	const char *drive;
	const char *rw;
	unsigned long long bs;
	unsigned threads, qd;
	const char *profile;
};

static int params_of(const struct sr_drive *drv, const struct sr_test *t, struct params *p)
{
	struct sr_result *r;
	size_t n;

	if (sr_results_of_test(t, &r, &n))
		return -ENOMEM;
	*p = (struct params){.drive = drv->label, .profile = drv->profile};
	if (n) {
		p->rw = r[0].first->rw ? r[0].first->rw : "?";
		p->bs = r[0].first->bs;
		p->threads = r[0].threads;
		p->qd = r[0].qd;
	}
	sr_results_free(r, n);
	return 0;
}

static int differs(const char *id, const struct params *a, const struct params *b,
		   struct sr_diag *d)
{
	if (strcmp(a->rw ? a->rw : "", b->rw ? b->rw : "")) {
		sr_diag_msg(d, "compare: test %s: rw differs: %s %s, %s %s", id, a->drive, a->rw,
			    b->drive, b->rw);
		return -EINVAL;
	}
	if (a->bs != b->bs) {
		sr_diag_msg(d, "compare: test %s: bs differs: %s %llu B, %s %llu B", id, a->drive,
			    a->bs, b->drive, b->bs);
		return -EINVAL;
	}
	if (a->threads != b->threads || a->qd != b->qd) {
		sr_diag_msg(d, "compare: test %s: T/Q differs: %s %uT/%uQ, %s %uT/%uQ", id,
			    a->drive, a->threads, a->qd, b->drive, b->threads, b->qd);
		return -EINVAL;
	}
	if (a->profile && b->profile && strcmp(a->profile, b->profile)) {
		sr_diag_msg(d, "compare: test %s: profile differs: %s %s, %s %s", id, a->drive,
			    a->profile, b->drive, b->profile);
		return -EINVAL;
	}
	return 0;
}

int sr_compare_check(const struct sr_model *m, struct sr_diag *d)
{
	for (size_t a = 0; a < m->ndrives; a++) {
		for (size_t i = 0; i < m->drives[a].ntests; i++) {
			const struct sr_test *ta = &m->drives[a].tests[i];
			struct params pa;
			bool seen_before = false;

			/* the first drive holding this id is the reference */
			for (size_t b = 0; b < a && !seen_before; b++)
				for (size_t j = 0; j < m->drives[b].ntests && !seen_before; j++)
					seen_before = !strcmp(m->drives[b].tests[j].id, ta->id);
			if (seen_before)
				continue;
			if (params_of(&m->drives[a], ta, &pa))
				return -ENOMEM;
			for (size_t b = a + 1; b < m->ndrives; b++) {
				for (size_t j = 0; j < m->drives[b].ntests; j++) {
					const struct sr_test *tb = &m->drives[b].tests[j];
					struct params pb;
					int rc;

					if (strcmp(tb->id, ta->id))
						continue;
					if (params_of(&m->drives[b], tb, &pb))
						return -ENOMEM;
					rc = differs(ta->id, &pa, &pb, d);
					if (rc)
						return rc;
				}
			}
		}
	}
	return 0;
}
