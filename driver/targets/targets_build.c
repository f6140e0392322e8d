// SPDX-License-Identifier: GPL-2.0-only
/* targets_build.c - the list of targets as rv_targets_build() grows it (targets_build.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/targets_build.h"

struct rv_target *rv_tb_target(struct rv_tbuild *b, const char *label, enum rv_ttype type)
{
	struct rv_targets *ts = b->ts;
	struct rv_target *g = realloc(ts->t, (ts->n + 1) * sizeof(*g));

	if (!g)
		return NULL;
	ts->t = g;
	g = &ts->t[ts->n++];
	memset(g, 0, sizeof(*g));
	snprintf(g->label, sizeof(g->label), "%s", label);
	g->type = type;
	return g;
}

struct rv_dev *rv_tb_dev(struct rv_target *t)
{
	struct rv_dev *d = realloc(t->devs, (t->ndevs + 1) * sizeof(*d));

	if (!d)
		return NULL;
	t->devs = d;
	d = &t->devs[t->ndevs++];
	memset(d, 0, sizeof(*d));
	return d;
}

int rv_tb_fail(struct rv_tbuild *b, const char *fmt, const char *a, const char *c)
{
	snprintf(b->err, b->errlen, fmt, a, c);
	return -EINVAL;
}

bool rv_tb_taken(struct rv_tbuild *b, const char *label)
{
	for (size_t i = 0; i + 1 < b->ts->n; i++)
		if (!strcmp(b->ts->t[i].label, label))
			return true;
	return false;
}
