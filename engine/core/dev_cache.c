// SPDX-License-Identifier: GPL-2.0-only
/* dev_cache.c - per-process knowledge of devices; see dev_cache.h. */
#include "core/dev_cache.h"
#include "host/dev_class.h"

#include <fcntl.h>
#include <stddef.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEV_CACHE_ENTRIES 64
#define PATH_LEN 256

/* Which node a path named: what stat(2) says about it. */
struct node {
	dev_t dev, rdev;
	ino_t ino;
	mode_t mode;
};

/* Data of this many bytes or fewer is kept inside its entry (a classification, a transport's
 * Identify or READ CAPACITY summary, a flag): adding or replacing it allocates nothing. */
#define INLINE_BYTES 512

struct entry {
	char kind[8]; /* "class" for ssd_classify(), "fact", "fd", else the transport's tag */
	char path[PATH_LEN];
	struct node node; /* unused for facts */
	size_t size;
	void *data; /* @inl, or a malloc'd copy of a larger value; "fd": the int fd and its flags */
	_Alignas(max_align_t) unsigned char inl[INLINE_BYTES];
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct entry entries[DEV_CACHE_ENTRIES];
static unsigned int nentries;

/*
 * The node this thread last read for a path (ssd_dev_cache_done() forgets it), the path known
 * by its length and 64-bit FNV-1a hash. In the initial-exec TLS model: 56 bytes of the static
 * TLS that the C library keeps for libraries loaded later (glibc: 512 bytes, rtld tunable
 * glibc.rtld.optional_static_tls), so a thread's first look costs no allocation of the
 * library's TLS block (about 400 instructions in each job's set-up, as the general-dynamic model
 * did). Two paths a thread looks at that share length and hash would share a node: an entry
 * then seems made for another node (read again) or for the node it was made for (the same
 * node), never another's data.
 */
static __thread struct {
	uint64_t hash;
	size_t len;
	struct node node;
	bool valid;
} seen __attribute__((tls_model("initial-exec")));

/* @path's length (@len) and 64-bit FNV-1a hash. */
static uint64_t path_hash(const char *path, size_t *len)
{
	uint64_t h = 0xcbf29ce484222325ull;
	const unsigned char *p = (const unsigned char *)path;

	for (; *p; p++)
		h = (h ^ *p) * 0x100000001b3ull;
	*len = (size_t)(p - (const unsigned char *)path);
	return h;
}

static void node_of(const struct stat *st, struct node *n)
{
	*n = (struct node){
	    .dev = st->st_dev, .rdev = st->st_rdev, .ino = st->st_ino, .mode = st->st_mode};
}

static bool same_node(const struct node *a, const struct node *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->rdev == b->rdev && a->mode == b->mode;
}

struct kept_fd {
	int fd, oflags;
};

/*
 * fork(2) (fio's jobs are processes unless --thread, forked as each starts): the child reads
 * every path's node afresh, and a kept fd is not handed to it, which closes its copy. The sg driver
 * refuses read() and write() on an fd opened under other credentials (sg_check_file_access()),
 * which a forked process has; the lock is held across the fork so the child finds the cache
 * consistent.
 */
static void fork_prepare(void) { pthread_mutex_lock(&lock); }
static void fork_parent(void) { pthread_mutex_unlock(&lock); }
static void fork_child(void)
{
	/* what the forking thread read of a path may be old when the child opens it */
	seen.valid = false;
	for (unsigned int i = 0; i < nentries; i++) {
		struct kept_fd *k = entries[i].data;

		if (!strcmp(entries[i].kind, "fd") && k && k->fd >= 0) {
			close(k->fd);
			k->fd = -1;
		}
	}
	pthread_mutex_unlock(&lock);
}

/* registered as the library is loaded (once per process, before any job's set-up) */
__attribute__((constructor)) static void atfork_setup(void)
{
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* The node @path names, read once per thread until ssd_dev_cache_done(). */
static int node_now(const char *path, struct node *n)
{
	struct stat st;
	size_t len;
	const uint64_t h = path_hash(path, &len);

	if (seen.valid && seen.hash == h && seen.len == len) {
		*n = seen.node;
		return 0;
	}
	if (stat(path, &st) < 0)
		return -1;
	node_of(&st, n);
	seen.hash = h;
	seen.len = len;
	seen.node = *n;
	seen.valid = true;
	return 0;
}

void ssd_dev_cache_done(const char *path)
{
	size_t len;
	const uint64_t h = path_hash(path, &len);

	if (seen.valid && seen.hash == h && seen.len == len)
		seen.valid = false;
}

/* The entry (@kind, @path), or NULL; under the lock. */
static struct entry *find(const char *kind, const char *path)
{
	for (unsigned int i = 0; i < nentries; i++)
		if (!strcmp(entries[i].kind, kind) && !strcmp(entries[i].path, path))
			return &entries[i];
	return NULL;
}

static bool has(const char *kind, const char *path)
{
	bool found;

	pthread_mutex_lock(&lock);
	found = find(kind, path) != NULL;
	pthread_mutex_unlock(&lock);
	return found;
}

/* Copy the data of (@kind, @path) to @out when it is @size bytes and (@n non-NULL) kept for
 * node @n. */
static int get(const char *kind, const char *path, const struct node *n, void *out, size_t size)
{
	const struct entry *e;
	int found = 0;

	pthread_mutex_lock(&lock);
	e = find(kind, path);
	if (e && e->size == size && (!n || same_node(&e->node, n))) {
		memcpy(out, e->data, size);
		found = 1;
	}
	pthread_mutex_unlock(&lock);
	return found;
}

/* The entry (@kind, @path), added if missing; NULL when the cache is full. Under the lock. */
static struct entry *slot_locked(const char *kind, const char *path)
{
	struct entry *e = find(kind, path);

	if (!e && nentries < DEV_CACHE_ENTRIES) {
		e = &entries[nentries++];
		strcpy(e->kind, kind);
		strcpy(e->path, path);
		e->data = NULL;
	}
	return e;
}

/* Keep @size bytes of @data as (@kind, @path) for node @n (NULL: none), under the lock: in the
 * entry when they fit (INLINE_BYTES, @big NULL), else in @big, a malloc'd buffer of @size bytes
 * the caller made (NULL: nothing kept). Return what is to be freed: a replaced value kept
 * outside its entry, or @big unused. */
static void *store_locked(const char *kind, const char *path, const struct node *n,
			  const void *data, size_t size, void *big)
{
	struct entry *e = slot_locked(kind, path);
	void *old;

	if (!e || (size > INLINE_BYTES && !big))
		return big;
	old = e->data == e->inl ? NULL : e->data;
	e->data = size > INLINE_BYTES ? big : e->inl;
	memcpy(e->data, data, size);
	e->node = n ? *n : (struct node){0};
	e->size = size;
	return old;
}

/* Whether (@kind, @path) fits an entry's names. */
static bool fits(const char *kind, const char *path)
{
	return strlen(kind) < sizeof(entries[0].kind) && strlen(path) < sizeof(entries[0].path);
}

/* A buffer for a value of @size bytes kept outside its entry (above INLINE_BYTES), made before
 * the lock is taken; NULL when it fits inside or memory is short. */
static void *big_for(size_t size) { return size > INLINE_BYTES ? malloc(size) : NULL; }

static void put(const char *kind, const char *path, const struct node *n, const void *data,
		size_t size)
{
	void *big;

	if (!fits(kind, path))
		return;
	big = big_for(size);
	pthread_mutex_lock(&lock);
	big = store_locked(kind, path, n, data, size, big);
	pthread_mutex_unlock(&lock);
	free(big);
}

void ssd_classify(const char *path, struct ssd_host_dev *out)
{
	struct stat st = {0};
	struct node n;

	if (node_now(path, &n) < 0 || !(S_ISBLK(n.mode) || S_ISCHR(n.mode))) {
		ssd_host_classify(path, out);
		return;
	}
	if (get("class", path, &n, out, sizeof(*out)))
		return;
	st.st_mode = n.mode;
	st.st_rdev = n.rdev;
	if (!ssd_host_classify_quick(path, &st, out))
		ssd_host_classify(path, out);
	put("class", path, &n, out, sizeof(*out));
}

int ssd_dev_cache_get(const char *kind, const char *path, void *out, size_t size)
{
	struct node n;

	return has(kind, path) && node_now(path, &n) == 0 && get(kind, path, &n, out, size);
}

void ssd_dev_cache_put(const char *kind, const char *path, const void *data, size_t size)
{
	struct node n;

	if (node_now(path, &n) == 0)
		put(kind, path, &n, data, size);
}

int ssd_dev_cache_claim(const char *kind, const char *path, const void *data, size_t size)
{
	const struct entry *e;
	struct node n;
	void *big;
	int claimed = 1;

	if (node_now(path, &n) < 0 || !fits(kind, path))
		return 1;
	big = big_for(size);
	pthread_mutex_lock(&lock);
	e = find(kind, path);
	if (e && e->size == size && same_node(&e->node, &n) && !memcmp(e->data, data, size))
		claimed = 0;
	else
		big = store_locked(kind, path, &n, data, size, big);
	pthread_mutex_unlock(&lock);
	free(big);
	return claimed;
}

int ssd_dev_cache_fact(const char *key, void *out, size_t size)
{
	return get("fact", key, NULL, out, size);
}

void ssd_dev_cache_put_fact(const char *key, const void *data, size_t size)
{
	put("fact", key, NULL, data, size);
}

void ssd_dev_cache_keep_fd(const char *path, int oflags, int fd)
{
	const struct kept_fd k = {.fd = fd, .oflags = oflags};
	struct entry *e;
	struct node n;

	if (!fits("fd", path) || node_now(path, &n) < 0) {
		close(fd);
		return;
	}
	pthread_mutex_lock(&lock);
	e = find("fd", path);
	if (e && ((const struct kept_fd *)e->data)->fd >= 0)
		e = NULL; /* one per path */
	else
		e = slot_locked("fd", path);
	if (e) {
		e->data = e->inl;
		memcpy(e->data, &k, sizeof(k));
		e->node = n;
		e->size = sizeof(k);
		fd = -1;
	}
	pthread_mutex_unlock(&lock);
	if (fd >= 0)
		close(fd);
}

int ssd_dev_cache_take_fd(const char *path, int oflags)
{
	struct kept_fd *k;
	struct entry *e;
	struct node n;
	int fd = -1;

	if (!has("fd", path) || node_now(path, &n) < 0)
		return -1;
	pthread_mutex_lock(&lock);
	e = find("fd", path);
	k = e ? e->data : NULL;
	if (k && same_node(&e->node, &n) && k->fd >= 0 &&
	    (k->oflags & O_ACCMODE) == (oflags & O_ACCMODE)) {
		fd = k->fd;
		k->fd = -1;
	}
	pthread_mutex_unlock(&lock);
	return fd;
}
