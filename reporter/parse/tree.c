// SPDX-License-Identifier: GPL-2.0-only
/*
 * tree.c - a folder of folders that hold one set of fio results (tree.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/params.h"
#include "parse/tree.h"

struct job {
	struct sr_params p;
	size_t drive;
};

/* The job's identity without where it ran: the device and host are what a comparison varies. */
#define JOB_MASK (SR_P_ALL & ~SR_P_BIT(SR_P_TARGET) & ~SR_P_BIT(SR_P_HOST))

static int by_job(const void *a, const void *b)
{
	const struct job *x = a, *y = b;
	int c = sr_params_cmp(&x->p, &y->p, JOB_MASK);

	return c ? c : (x->drive > y->drive) - (x->drive < y->drive);
}

static bool plain(const struct sr_drive *d)
{
	return !d->info.present && !d->run.present && !d->napps && !d->npts && !d->nidentity;
}

int sr_tree_is_one(const struct sr_model *m, size_t first)
{
	size_t n = 0, k = 0;
	struct job *v;
	int one = 1;

	if (m->ndrives < first + 2)
		return 0;
	for (size_t i = first; i < m->ndrives; i++) {
		if (!plain(&m->drives[i]))
			return 0;
		for (size_t t = 0; t < m->drives[i].ntests; t++)
			n += m->drives[i].tests[t].nruns;
	}
	if (!(v = calloc(n + 1, sizeof(*v))))
		return -ENOMEM;
	for (size_t i = first; i < m->ndrives; i++)
		for (size_t t = 0; t < m->drives[i].ntests; t++)
			for (size_t r = 0; r < m->drives[i].tests[t].nruns; r++) {
				sr_params_of(&m->drives[i].tests[t].runs[r], &v[k].p);
				v[k++].drive = i;
			}
	qsort(v, n, sizeof(*v), by_job);
	for (size_t i = 1; i < n && one; i++)
		one = !(v[i].drive != v[i - 1].drive &&
			!sr_params_cmp(&v[i].p, &v[i - 1].p, JOB_MASK));
	free(v);
	return one;
}

int sr_tree_merge(struct sr_model *m, size_t first, const char *label, const char *dir,
		  size_t *offset)
{
	struct sr_drive *d0 = &m->drives[first];
	size_t n = 0, k = 0;
	struct sr_test *tests;
	char *lab = strdup(label), *dup = dir ? strdup(dir) : NULL;
	char **ids;

	for (size_t i = first; i < m->ndrives; i++)
		n += m->drives[i].ntests;
	tests = calloc(n + 1, sizeof(*tests));
	ids = calloc(n + 1, sizeof(*ids));
	for (size_t i = first; tests && ids && i < m->ndrives; i++)
		for (size_t t = 0; t < m->drives[i].ntests; t++, k++) {
			const struct sr_drive *d = &m->drives[i];
			size_t len = strlen(d->label) + strlen(d->tests[t].id) + 2;

			if (!(ids[k] = malloc(len)))
				break;
			snprintf(ids[k], len, "%s/%s", d->label, d->tests[t].id);
		}
	if (!lab || (dir && !dup) || !tests || !ids || k < n) {
		for (size_t i = 0; ids && i < n; i++)
			free(ids[i]);
		free(ids);
		free(tests);
		free(lab);
		free(dup);
		return -ENOMEM;
	}
	k = 0;
	for (size_t i = first; i < m->ndrives; i++) {
		struct sr_drive *d = &m->drives[i];

		offset[i - first] = k;
		for (size_t t = 0; t < d->ntests; t++, k++) {
			tests[k] = d->tests[t];
			free(tests[k].id);
			tests[k].id = ids[k];
		}
		free(d->tests);
		d->tests = NULL;
		d->ntests = 0;
		if (i > first)
			sr_drive_free(d);
	}
	free(ids);
	d0->tests = tests;
	d0->ntests = n;
	free(d0->label);
	d0->label = lab;
	free(d0->dir);
	d0->dir = dup;
	m->ndrives = first + 1;
	return 0;
}
