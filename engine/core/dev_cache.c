// SPDX-License-Identifier: GPL-2.0-only
/* dev_cache.c - per-process knowledge of devices; see dev_cache.h. */
#include "core/dev_cache.h"
#include "host/dev_class.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define DEV_CACHE_ENTRIES 64

struct entry {
	char kind[8]; /* "class" for ssd_classify(), else the transport's tag */
	char path[256];
	dev_t dev, rdev;
	ino_t ino;
	mode_t mode;
	size_t size;
	void *data;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry entries[DEV_CACHE_ENTRIES];
static unsigned int nentries;

static bool same_node(const struct entry *e, const struct stat *st)
{
	return e->dev == st->st_dev && e->ino == st->st_ino && e->rdev == st->st_rdev &&
	       e->mode == st->st_mode;
}

static int get(const char *kind, const char *path, const struct stat *st, void *out, size_t size)
{
	int found = 0;

	pthread_mutex_lock(&lock);
	for (unsigned int i = 0; i < nentries; i++) {
		const struct entry *e = &entries[i];

		if (e->size == size && !strcmp(e->kind, kind) && !strcmp(e->path, path) &&
		    same_node(e, st)) {
			memcpy(out, e->data, size);
			found = 1;
		}
	}
	pthread_mutex_unlock(&lock);
	return found;
}

static void put(const char *kind, const char *path, const struct stat *st, const void *data,
		size_t size)
{
	void *copy;

	if (strlen(kind) >= sizeof(entries[0].kind) || strlen(path) >= sizeof(entries[0].path))
		return;
	copy = malloc(size);
	if (!copy)
		return;
	memcpy(copy, data, size);
	pthread_mutex_lock(&lock);
	if (nentries < DEV_CACHE_ENTRIES) {
		struct entry *e = &entries[nentries++];

		strcpy(e->kind, kind);
		strcpy(e->path, path);
		e->dev = st->st_dev;
		e->ino = st->st_ino;
		e->rdev = st->st_rdev;
		e->mode = st->st_mode;
		e->size = size;
		e->data = copy;
		copy = NULL;
	}
	pthread_mutex_unlock(&lock);
	free(copy);
}

void ssd_classify(const char *path, struct ssd_host_dev *out)
{
	struct stat st;

	if (stat(path, &st) < 0 || !(S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode))) {
		ssd_host_classify(path, out);
		return;
	}
	if (get("class", path, &st, out, sizeof(*out)))
		return;
	ssd_host_classify(path, out);
	put("class", path, &st, out, sizeof(*out));
}

int ssd_dev_cache_get(const char *kind, const char *path, void *out, size_t size)
{
	struct stat st;

	return stat(path, &st) == 0 && get(kind, path, &st, out, size);
}

void ssd_dev_cache_put(const char *kind, const char *path, const void *data, size_t size)
{
	struct stat st;

	if (stat(path, &st) == 0)
		put(kind, path, &st, data, size);
}
