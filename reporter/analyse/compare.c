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
};

static int params_of(const struct sr_drive *drv, const struct sr_test *t, struct params *p)
{
	struct sr_result *r;
	size_t n;

	if (sr_results_of_test(t, &r, &n))
		return -ENOMEM;
	*p = (struct params){.drive = drv->label};
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

/* What a run says about how it was made, for the flags. */
static const char *fio_of(const struct sr_drive *d)
{
	if (d->run.fio_version)
		return d->run.fio_version;
	return d->ntests ? d->tests[0].fio_version : NULL;
}

static void span_of(const struct sr_drive *d, char *buf, size_t len)
{
	struct sr_value v = sr_ok(d->run.span_bytes) ? d->run.span_bytes : d->info.span_bytes;

	if (sr_ok(v))
		snprintf(buf, len, "%.0f bytes", v.v);
	else
		buf[0] = '\0';
}

static void engine_of(const struct sr_drive *d, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s%s", d->run.engine ? d->run.engine : "",
		 d->run.engine_option ? " " : "", d->run.engine_option ? d->run.engine_option : "",
		 d->run.ssdeng_version ? " ssdeng " : "",
		 d->run.ssdeng_version ? d->run.ssdeng_version : "");
}

/* One line of @flags when drive @a's value @va and drive @b's @vb are both known (not NULL) and
 * differ: "nvme0 profile: old/nvme0 quick, new/nvme0 full". Return: 0 or -ENOMEM. */
static int flag_difference(char ***flags, size_t *n, const char *what, const struct sr_drive *a,
			   const char *va, const struct sr_drive *b, const char *vb)
{
	char **grown;

	if (!va || !vb || !strcmp(va, vb))
		return 0;
	grown = realloc(*flags, (*n + 1) * sizeof(**flags));
	if (!grown)
		return -ENOMEM;
	*flags = grown;
	if (asprintf(&grown[*n], "%s %s: %s %s, %s %s", b->run_label ? b->run_label : b->label,
		     what, a->label, va, b->label, vb) < 0)
		return -ENOMEM;
	(*n)++;
	return 0;
}

int sr_compare_flags(const struct sr_model *m, char ***flags, size_t *n)
{
	*flags = NULL;
	*n = 0;
	for (size_t b = 0; b < m->ndrives; b++) {
		const struct sr_drive *db = &m->drives[b], *da = NULL;
		char x[256], y[256];
		int rc = 0;

		for (size_t a = 0; a < b && !da; a++) /* the same drive in an earlier run */
			if (db->run_label && m->drives[a].run_label &&
			    !strcmp(db->run_label, m->drives[a].run_label))
				da = &m->drives[a];
		if (!da)
			continue;
		rc = flag_difference(flags, n, "profile", da, da->profile, db, db->profile);
		span_of(da, x, sizeof(x));
		span_of(db, y, sizeof(y));
		if (!rc)
			rc = flag_difference(flags, n, "span", da, x[0] ? x : NULL, db,
					     y[0] ? y : NULL);
		if (!rc)
			rc = flag_difference(flags, n, "fio version", da, fio_of(da), db,
					     fio_of(db));
		engine_of(da, x, sizeof(x));
		engine_of(db, y, sizeof(y));
		if (!rc)
			rc = flag_difference(flags, n, "engine", da, x[0] ? x : NULL, db,
					     y[0] ? y : NULL);
		if (!rc)
			rc = flag_difference(flags, n, "four corners' random block size", da,
					     da->run.fc_rand_bs, db, db->run.fc_rand_bs);
		if (!rc)
			rc = flag_difference(flags, n, "four corners' sequential block size", da,
					     da->run.fc_seq_bs, db, db->run.fc_seq_bs);
		if (rc)
			return rc;
	}
	return 0;
}

void sr_compare_pair(struct sr_model *m)
{
	/* a stable insertion sort by first appearance of the directory name */
	for (size_t i = 1; i < m->ndrives; i++) {
		struct sr_drive d = m->drives[i];
		size_t first = i, j;

		for (size_t k = 0; k < i && first == i; k++)
			if (d.run_label && m->drives[k].run_label &&
			    !strcmp(d.run_label, m->drives[k].run_label))
				first = k;
		if (first == i)
			continue;
		for (j = first + 1; j < i && m->drives[j].run_label &&
				    !strcmp(m->drives[j].run_label, d.run_label);
		     j++)
			;
		memmove(&m->drives[j + 1], &m->drives[j], (i - j) * sizeof(d));
		m->drives[j] = d;
	}
}
