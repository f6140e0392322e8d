// SPDX-License-Identifier: GPL-2.0-only
/* folder.c - results directories, drive folders and fio files told apart (folder.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/fio_json.h"
#include "record/folder.h"
#include "record/json.h"
#include "record/layout.h"
#include "record/run.h"
#include "record/status.h"

static bool is_dir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has_file(const char *dir, const char *name)
{
	char p[PATH_MAX];
	struct stat st;

	return snprintf(p, sizeof(p), "%s/%s", dir, name) < (int)sizeof(p) && stat(p, &st) == 0 &&
	       S_ISREG(st.st_mode);
}

/* @dir/status.json is a results directory's status file (its schema, not only its name). */
static bool has_status(const char *dir)
{
	char p[PATH_MAX], err[PATH_MAX + 64];
	json_object *o;
	bool yes;

	if (rec_path_status(p, sizeof(p), dir) || !(o = rec_json_read(p, NULL, err, sizeof(err))))
		return false;
	yes = rec_status_is(o);
	json_object_put(o);
	return yes;
}

int rec_fio_file_kind(const char *path, char *why, size_t whylen)
{
	const size_t cap = 64 << 10;
	char *head = malloc(cap);
	size_t n = 0;
	int fd = head ? rec_file_open(path, NULL) : -ENOMEM, rc = 0;

	while (fd >= 0 && n < cap) {
		ssize_t r = read(fd, head + n, cap - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			rc = r ? -errno : 0;
			break;
		}
		n += (size_t)r;
	}
	if (fd >= 0)
		close(fd);
	else
		rc = fd;
	if (rc)
		rec_file_error(path, rc, why, whylen);
	else
		rc = (int)rec_fio_sniff(head, n, why, whylen);
	free(head);
	return rc;
}

/* A file of a folder that holds fio's JSON though its name does not end in .json. */
static bool fio_by_content(const char *dir, const char *name)
{
	char p[PATH_MAX], why[256];

	return snprintf(p, sizeof(p), "%s/%s", dir, name) < (int)sizeof(p) &&
	       rec_fio_file_kind(p, why, sizeof(why)) == REC_FIO_DOC;
}

/* A folder's own files and subfolders: fio results, and subfolders that are drive folders. */
static void look(const char *dir, bool *results, bool *drive_subfolders)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[PATH_MAX];

	*results = *drive_subfolders = false;
	while (d && (e = readdir(d)) && !*results) {
		enum rec_name k = rec_name_kind(e->d_name);

		if (k == REC_NAME_HIDDEN)
			continue;
		if (k == REC_NAME_RESULT && has_file(dir, e->d_name))
			*results = true;
		else if (k == REC_NAME_OTHER && e->d_type != DT_DIR && has_file(dir, e->d_name) &&
			 fio_by_content(dir, e->d_name))
			*results = true;
		else if (!*drive_subfolders && k != REC_NAME_RESULT_OTHER &&
			 snprintf(p, sizeof(p), "%s/%s", dir, e->d_name) < (int)sizeof(p) &&
			 is_dir(p) && !has_file(p, REC_REPORT_MARKER) &&
			 (has_file(p, REC_RUN_FILE) || has_file(p, REC_DRIVE_FILE)))
			*drive_subfolders = true;
	}
	if (d)
		closedir(d);
}

/* A subfolder with results of its own, for a results directory without the record's files. */
static bool fio_subfolder(const char *dir)
{
	bool results, subs;

	look(dir, &results, &subs);
	return results;
}

enum rec_input rec_input_kind(const char *path)
{
	const char *base = strrchr(path, '/');
	bool results, subs;
	DIR *d;
	struct dirent *e;
	char p[PATH_MAX];

	if (!is_dir(path)) {
		struct stat st;

		if (stat(path, &st) != 0)
			return REC_INPUT_NONE;
		switch (rec_name_kind(base ? base + 1 : path)) {
		case REC_NAME_RUN:
		case REC_NAME_DRIVE:
		case REC_NAME_STATUS:
		case REC_NAME_CATALOGUE:
			return REC_INPUT_RECORD_FILE;
		default:
			return REC_INPUT_FIO_FILE;
		}
	}
	if (has_file(path, REC_REPORT_MARKER))
		return REC_INPUT_NONE;
	if (has_status(path))
		return REC_INPUT_RESULTS;
	if (has_file(path, REC_RUN_FILE) || has_file(path, REC_DRIVE_FILE))
		return REC_INPUT_DRIVE;
	look(path, &results, &subs);
	if (results)
		return REC_INPUT_DRIVE;
	if (subs)
		return REC_INPUT_RESULTS;
	/* folders of fio results without the record's files (results/<drive>/<test>.json) */
	if (!(d = opendir(path)))
		return REC_INPUT_NONE;
	while ((e = readdir(d)) && !subs)
		subs = rec_name_kind(e->d_name) != REC_NAME_HIDDEN &&
		       snprintf(p, sizeof(p), "%s/%s", path, e->d_name) < (int)sizeof(p) &&
		       is_dir(p) && !has_file(p, REC_REPORT_MARKER) && fio_subfolder(p);
	closedir(d);
	return subs ? REC_INPUT_RESULTS : REC_INPUT_NONE;
}

const char *rec_input_name(enum rec_input k)
{
	static const char *const names[] = {
	    [REC_INPUT_NONE] = "no results",
	    [REC_INPUT_RESULTS] = "a results directory",
	    [REC_INPUT_DRIVE] = "a drive folder",
	    [REC_INPUT_FIO_FILE] = "a fio output file",
	    [REC_INPUT_RECORD_FILE] = "a document of ssd-review's record",
	};

	return names[k];
}

/* A fio client run's per-host copy: its run.json names the combined results' folder. */
static bool server_copy(const char *sub)
{
	char p[PATH_MAX], err[PATH_MAX + 64];
	struct rec_run r;
	bool yes;

	if (rec_path_run(p, sizeof(p), sub) || rec_run_read(p, &r, err, sizeof(err)))
		return false;
	yes = r.members_kind == REC_MEMBERS_SERVER;
	rec_run_free(&r);
	return yes;
}

int rec_names_cmp(const void *a, const void *b)
{
	return strverscmp(*(char *const *)a, *(char *const *)b);
}

int rec_results_drives(const char *dir, char ***names, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **v = NULL, p[PATH_MAX];
	size_t k = 0;

	*names = NULL;
	*n = 0;
	if (!d)
		return -errno;
	while ((e = readdir(d))) {
		char **g;

		if (rec_name_kind(e->d_name) == REC_NAME_HIDDEN ||
		    rec_path_drive_dir(p, sizeof(p), dir, e->d_name) ||
		    rec_input_kind(p) != REC_INPUT_DRIVE || server_copy(p))
			continue;
		if (!(g = realloc(v, (k + 1) * sizeof(*v))) || !(g[k] = strdup(e->d_name))) {
			rec_names_free(g ? g : v, k);
			closedir(d);
			return -ENOMEM;
		}
		v = g;
		k++;
	}
	closedir(d);
	if (k)
		qsort(v, k, sizeof(*v), rec_names_cmp);
	*names = v;
	*n = k;
	return 0;
}

void rec_names_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

int rec_input_catalogue(const char *path, char *out, size_t len)
{
	char parent[PATH_MAX], *slash;
	enum rec_input k = rec_input_kind(path);

	if (k == REC_INPUT_DRIVE) {
		if (!realpath(path, parent) || !(slash = strrchr(parent, '/')) || slash == parent)
			return -ENOENT;
		*slash = '\0';
		if (rec_input_kind(parent) != REC_INPUT_RESULTS)
			return -ENOENT;
		path = parent;
	} else if (k != REC_INPUT_RESULTS) {
		return -ENOENT;
	}
	if (rec_path_catalogue(out, len, path))
		return -ENAMETOOLONG;
	return has_file(path, REC_CATALOGUE_FILE) ? 0 : -ENOENT;
}
