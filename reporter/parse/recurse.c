// SPDX-License-Identifier: GPL-2.0-only
/* recurse.c - the folders under an INPUT that hold results (recurse.h). */
#include "parse/recurse.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "record/folder.h"

struct list {
	char **v;
	size_t n;
};

static int push(struct list *l, const char *s)
{
	char **v = realloc(l->v, (l->n + 1) * sizeof(*v));

	if (!v)
		return -ENOMEM;
	l->v = v;
	if (!(v[l->n] = strdup(s)))
		return -ENOMEM;
	l->n++;
	return 0;
}

/* The visible entries of @dir that are regular files (@files) and folders (@dirs, full paths, in
 * the record's order of names: rec_names_cmp). Return: 0, -errno. */
static int scan(const char *dir, struct list *files, struct list *dirs)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	int rc = 0;

	if (!dp)
		return -errno;
	while (!rc && (e = readdir(dp))) {
		char path[4096];
		struct stat st;

		if (e->d_name[0] == '.' ||
		    snprintf(path, sizeof(path), "%s/%s", dir, e->d_name) >= (int)sizeof(path) ||
		    lstat(path, &st))
			continue;
		if (S_ISREG(st.st_mode))
			rc = files ? push(files, path) : 0;
		else if (S_ISDIR(st.st_mode))
			rc = push(dirs, path);
	}
	closedir(dp);
	if (!rc && dirs->n > 1)
		qsort(dirs->v, dirs->n, sizeof(*dirs->v), rec_names_cmp);
	return rc;
}

static void drop(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/*
 * Does the folder of @files and @dirs hold results as a whole: a regular file in it, or folders
 * directly in it that hold files (a results directory of drive folders, a bench-fio tree of
 * block-size folders)? Not when a folder in it holds no file but folders of its own (T/ with
 * T/loop0/4k/ beside T/single/): T/ is then a folder of such folders, each walked on its own.
 */
static bool holds_results(const struct list *files, const struct list *dirs)
{
	bool any = false, deeper = false;

	if (files->n)
		return true;
	for (size_t i = 0; i < dirs->n; i++) {
		struct list f = {0}, sub = {0};

		if (!scan(dirs->v[i], &f, &sub)) {
			any |= f.n > 0;
			deeper |= !f.n && sub.n > 0;
		}
		drop(&f);
		drop(&sub);
	}
	return any && !deeper;
}

/* Append to @out the folders at and under @dir that hold results; how many in *@found. */
static int walk(const char *dir, int depth, struct list *out, size_t *found, struct sr_diag *d)
{
	struct list files = {0}, dirs = {0};
	int rc = scan(dir, &files, &dirs);

	if (rc == -ENOMEM)
		goto out;
	if (rc) {
		if (d->stream)
			fprintf(d->stream, "ssdreport: %s: cannot read the folder: %s\n", dir,
				strerror(-rc));
		rc = 0;
		goto out;
	}
	if (holds_results(&files, &dirs)) {
		rc = push(out, dir);
		*found += !rc;
		goto out;
	}
	for (size_t i = 0; !rc && depth < SR_RECURSE_DEPTH && i < dirs.n; i++)
		rc = walk(dirs.v[i], depth + 1, out, found, d);
out:
	drop(&files);
	drop(&dirs);
	return rc;
}

int sr_inputs_recurse(const char *const *inputs, size_t n, char ***out, size_t *nout,
		      struct sr_diag *d)
{
	struct list l = {0};
	int rc = 0;

	for (size_t i = 0; !rc && i < n; i++) {
		struct stat st;
		size_t found = 0;

		if (stat(inputs[i], &st) || !S_ISDIR(st.st_mode)) {
			rc = push(&l, inputs[i]);
			continue;
		}
		rc = walk(inputs[i], 0, &l, &found, d);
		if (!rc && !found)
			rc = push(&l, inputs[i]);
	}
	if (rc) {
		drop(&l);
		return rc;
	}
	*out = l.v;
	*nout = l.n;
	return 0;
}
