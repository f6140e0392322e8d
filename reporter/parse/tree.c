// SPDX-License-Identifier: GPL-2.0-only
/*
 * tree.c - a folder of folders that hold one set of fio results (tree.h).
 */
#include <errno.h>
#include <stdint.h>
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

/* A block size as a folder name, "4k", "128K", "1m", "512": bytes (k, m, g in 1,024s); 0 when
 * the name is not one. */
static uint64_t bs_name(const char *name)
{
	char *end;
	unsigned long long v;
	uint64_t unit = 1;

	if (!(name[0] >= '0' && name[0] <= '9'))
		return 0;
	errno = 0;
	v = strtoull(name, &end, 10);
	if (errno || !v)
		return 0;
	switch (*end) {
	case 'k':
	case 'K':
		unit = 1ULL << 10, end++;
		break;
	case 'm':
	case 'M':
		unit = 1ULL << 20, end++;
		break;
	case 'g':
	case 'G':
		unit = 1ULL << 30, end++;
		break;
	default:
		break;
	}
	return *end || v > UINT64_MAX / unit ? 0 : v * unit;
}

/* Is @d a block-size folder of a bench-fio tree: named after the block size every one of its
 * jobs ran with (fio's options, not the name alone)? */
static bool bs_folder(const struct sr_drive *d)
{
	uint64_t bs = bs_name(d->label);
	size_t runs = 0;

	for (size_t t = 0; bs && t < d->ntests; t++)
		for (size_t r = 0; r < d->tests[t].nruns; r++, runs++) {
			struct sr_params p;

			sr_params_of(&d->tests[t].runs[r], &p);
			if (p.bs != bs)
				return false;
		}
	return bs && runs;
}

int sr_tree_is_one(const struct sr_model *m, size_t first)
{
	size_t n = 0, k = 0;
	struct job *v;
	int one = 1;

	if (m->ndrives == first + 1)
		return plain(&m->drives[first]) && bs_folder(&m->drives[first]);
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

/* The label @path's last parts give under @pat (@np parts), into @out; false: no match. */
static bool match(char *const *pat, size_t np, const char *path, char *out, size_t len)
{
	const char *parts[64];
	size_t lens[64], n = 0, k = 0;

	for (const char *p = path; *p && n < 64;) {
		const char *e = strchr(p, '/');
		size_t l = e ? (size_t)(e - p) : strlen(p);

		if (l)
			parts[n] = p, lens[n++] = l;
		p += l + (e ? 1 : 0);
	}
	if (n < np)
		return false;
	out[0] = '\0';
	for (size_t i = 0; i < np; i++) {
		const char *x = parts[n - np + i];
		size_t l = lens[n - np + i];

		if (!strcmp(pat[i], "{}")) {
			if (k + l + 2 > len)
				return false;
			if (k)
				out[k++] = '/';
			memcpy(out + k, x, l);
			out[k += l] = '\0';
		} else if (strcmp(pat[i], "*") && (strlen(pat[i]) != l || strncmp(pat[i], x, l))) {
			return false;
		}
	}
	return k > 0;
}

static struct sr_drive *find_or_add(struct sr_drive **v, size_t *n, const char *label,
				    const char *dir)
{
	struct sr_drive *g;

	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*v)[i].label, label))
			return &(*v)[i];
	if (!(g = realloc(*v, (*n + 1) * sizeof(*g))))
		return NULL;
	*v = g;
	memset(&g[*n], 0, sizeof(*g));
	if (!(g[*n].label = strdup(label)) || (dir && !(g[*n].dir = strdup(dir))))
		return NULL;
	return &g[(*n)++];
}

int sr_tree_group_by(struct sr_model *m, const char *pattern, struct sr_diag *d)
{
	char *copy = strdup(pattern), *pat[64], *save = NULL, label[1024];
	struct sr_drive *v = NULL;
	size_t np = 0, n = 0;
	bool any = false;
	int rc = 0;

	if (!copy)
		return -ENOMEM;
	for (char *t = strtok_r(copy, "/", &save); t && np < 64; t = strtok_r(NULL, "/", &save)) {
		pat[np++] = t;
		any |= !strcmp(t, "{}");
	}
	if (!any) {
		free(copy);
		sr_diag_file(d, "--group-by");
		return sr_error(d, NULL, (size_t)-1, "'%s' names no part as the label ({})",
				pattern);
	}
	for (size_t i = 0; i < m->ndrives && !rc; i++) {
		struct sr_drive *src = &m->drives[i], *dst;

		if (!plain(src)) { /* ssd-review's drive: kept as it is */
			struct sr_drive *g = realloc(v, (n + 1) * sizeof(*g));

			if (!g) {
				rc = -ENOMEM;
				break;
			}
			v = g;
			v[n++] = *src;
			memset(src, 0, sizeof(*src));
			continue;
		}
		for (size_t t = 0; t < src->ntests && !rc; t++) {
			struct sr_test *x;
			const char *lab =
			    match(pat, np, src->tests[t].path ? src->tests[t].path : "", label,
				  sizeof(label))
				? label
				: src->label;

			dst = find_or_add(&v, &n, lab, src->dir);
			x = dst ? realloc(dst->tests, (dst->ntests + 1) * sizeof(*x)) : NULL;
			if (!x) {
				rc = -ENOMEM;
				break;
			}
			dst->tests = x;
			dst->tests[dst->ntests++] = src->tests[t];
			memset(&src->tests[t], 0, sizeof(src->tests[t]));
		}
	}
	free(copy);
	if (rc) { /* the model keeps what was not moved; the moved tests are freed with v */
		for (size_t i = 0; i < n; i++)
			sr_drive_free(&v[i]);
		free(v);
		return rc;
	}
	for (size_t i = 0; i < m->ndrives; i++)
		sr_drive_free(&m->drives[i]);
	free(m->drives);
	m->drives = v;
	m->ndrives = n;
	return 0;
}
