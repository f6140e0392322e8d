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
	uint64_t key; /* key_of() (kind, path): compared before the names */
	/* "class" for ssd_classify(), "fact", "fd", else the transport's tag: up to 7 bytes,
	 * zero-padded, compared as one word (kind_word()) */
	uint64_t kind;
	size_t path_len;
	char path[PATH_LEN];
	struct node node; /* unused for facts */
	size_t size;
	void *data; /* @inl, or a malloc'd copy of a larger value; "fd": the int fd and its flags */
	_Alignas(max_align_t) unsigned char inl[INLINE_BYTES];
};

/*
 * A spin lock, not a mutex: held for a look-up among at most 64 entries and a copy of at most
 * 512 bytes (well under a microsecond), by job threads as they start; a mutex's lock and unlock
 * were 57 of the about 250 instructions of a look-up, a spin lock's are 8.
 */
static pthread_spinlock_t lock;
static struct entry entries[DEV_CACHE_ENTRIES];
static unsigned int nentries;
/* kept fds not yet taken (changed under the lock, read without it): none, and a take looks
 * no further */
static unsigned int nkept;

/*
 * The node this thread last read for a path (ssd_dev_cache_done() forgets it), the path known
 * by its length and 64-bit hash (str_hash()). In the initial-exec TLS model: 56 bytes of the static
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

/* A 64-bit hash of every byte of @s, eight at a time, and its length (@len). */
static inline uint64_t str_hash(const char *s, size_t *len)
{
	const size_t n = strlen(s);
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n, w;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	for (w = 0; i < n; i++)
		w = w << 8 | (unsigned char)s[i];
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	*len = n;
	return h ^ h >> 29;
}

/* An entry's name, hashed once per call: the look-ups compare the hash of each entry, then
 * the kind as a word and the path's length and bytes of the one whose hash is equal. */
struct key {
	const char *path;
	size_t kind_len, path_len;
	uint64_t kind;	    /* kind_word() */
	uint64_t path_hash; /* str_hash() of the path */
	uint64_t hash;	    /* the path's hash mixed with the kind's word */
};

/* @kind's bytes in one zero-padded word: kinds are literals of up to 7 bytes, compared as
 * words. Where the call is inlined with a literal, this folds when compiled; elsewhere it reads
 * at most 8 bytes (no strlen(), no hash loop). @len: the bytes read, 8 when @kind is too long to
 * be kept (fits()). */
static inline uint64_t kind_word(const char *kind, size_t *len)
{
	uint64_t w = 0;
	size_t i = 0;

	for (; i < sizeof(w) && kind[i]; i++)
		w |= (uint64_t)(unsigned char)kind[i] << (8 * i);
	*len = i;
	return w;
}

/* The key of (@kind, @path): inlined at every call, so a literal @kind costs nothing. */
static inline __attribute__((always_inline)) struct key key_of(const char *kind, const char *path)
{
	struct key k = {.path = path};

	k.kind = kind_word(kind, &k.kind_len);
	k.path_hash = str_hash(path, &k.path_len);
	k.hash = (k.path_hash ^ k.kind) * 0x9e3779b97f4a7c15ull;
	return k;
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
static void fork_prepare(void) { pthread_spin_lock(&lock); }
static void fork_parent(void) { pthread_spin_unlock(&lock); }
static void fork_child(void)
{
	size_t len;
	const uint64_t kind_fd = kind_word("fd", &len);

	/* what the forking thread read of a path may be old when the child opens it */
	seen.valid = false;
	for (unsigned int i = 0; i < nentries; i++) {
		struct kept_fd *k = entries[i].data;

		if (entries[i].kind == kind_fd && k && k->fd >= 0) {
			close(k->fd);
			k->fd = -1;
		}
	}
	__atomic_store_n(&nkept, 0, __ATOMIC_RELAXED);
	pthread_spin_unlock(&lock);
}

/* run as the library is loaded (once per process, before any job's set-up) */
__attribute__((constructor)) static void dev_cache_setup(void)
{
	pthread_spin_init(&lock, PTHREAD_PROCESS_PRIVATE);
	pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* Whether this thread knows the node @k's path names (node_now() makes no stat(2)). */
static bool seen_is(const struct key *k)
{
	return seen.valid && seen.hash == k->path_hash && seen.len == k->path_len;
}

/* The node @k's path names, read once per thread until ssd_dev_cache_done(). */
static int node_now(const struct key *k, struct node *n)
{
	struct stat st;

	if (seen_is(k)) {
		*n = seen.node;
		return 0;
	}
	if (stat(k->path, &st) < 0)
		return -1;
	node_of(&st, n);
	seen.hash = k->path_hash;
	seen.len = k->path_len;
	seen.node = *n;
	seen.valid = true;
	return 0;
}

void ssd_dev_cache_done(const char *path)
{
	size_t len;
	const uint64_t h = str_hash(path, &len);

	if (seen.valid && seen.hash == h && seen.len == len)
		seen.valid = false;
}

/* The entry @k, or NULL; under the lock. */
static struct entry *find(const struct key *k)
{
	for (unsigned int i = 0; i < nentries; i++) {
		struct entry *e = &entries[i];

		if (e->key == k->hash && e->kind == k->kind && e->path_len == k->path_len &&
		    !memcmp(e->path, k->path, k->path_len))
			return e;
	}
	return NULL;
}

static bool has(const struct key *k)
{
	bool found;

	pthread_spin_lock(&lock);
	found = find(k) != NULL;
	pthread_spin_unlock(&lock);
	return found;
}

/* Copy the data of entry @k to @out when it is @size bytes and (@n non-NULL) kept for node
 * @n. */
static int get(const struct key *k, const struct node *n, void *out, size_t size)
{
	const struct entry *e;
	int found = 0;

	pthread_spin_lock(&lock);
	e = find(k);
	if (e && e->size == size && (!n || same_node(&e->node, n))) {
		memcpy(out, e->data, size);
		found = 1;
	}
	pthread_spin_unlock(&lock);
	return found;
}

/* The entry @k (its names fit(), added if missing; NULL when the cache is full. Under the
 * lock. */
static struct entry *slot_locked(const struct key *k)
{
	struct entry *e = find(k);

	if (!e && nentries < DEV_CACHE_ENTRIES) {
		e = &entries[nentries++];
		e->key = k->hash;
		e->kind = k->kind;
		e->path_len = k->path_len;
		memcpy(e->path, k->path, k->path_len + 1);
		e->data = NULL;
	}
	return e;
}

/* Keep @size bytes of @data as (@kind, @path) for node @n (NULL: none), under the lock: in the
 * entry when they fit (INLINE_BYTES, @big NULL), else in @big, a malloc'd buffer of @size bytes
 * the caller made (NULL: nothing kept). Return what is to be freed: a replaced value kept
 * outside its entry, or @big unused. */
static void *store_locked(const struct key *k, const struct node *n, const void *data, size_t size,
			  void *big)
{
	struct entry *e = slot_locked(k);
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

/* Whether @k's names fit an entry's. */
static bool fits(const struct key *k)
{
	return k->kind_len < sizeof(entries[0].kind) && k->path_len < sizeof(entries[0].path);
}

/* A buffer for a value of @size bytes kept outside its entry (above INLINE_BYTES), made before
 * the lock is taken; NULL when it fits inside or memory is short. */
static void *big_for(size_t size) { return size > INLINE_BYTES ? malloc(size) : NULL; }

static void put(const struct key *k, const struct node *n, const void *data, size_t size)
{
	void *big;

	if (!fits(k))
		return;
	big = big_for(size);
	pthread_spin_lock(&lock);
	big = store_locked(k, n, data, size, big);
	pthread_spin_unlock(&lock);
	free(big);
}

void ssd_classify(const char *path, struct ssd_host_dev *out)
{
	const struct key k = key_of("class", path);
	struct stat st = {0};
	struct node n;

	if (node_now(&k, &n) < 0 || !(S_ISBLK(n.mode) || S_ISCHR(n.mode))) {
		ssd_host_classify(path, out);
		return;
	}
	if (get(&k, &n, out, sizeof(*out)))
		return;
	st.st_mode = n.mode;
	st.st_rdev = n.rdev;
	if (!ssd_host_classify_quick(path, &st, out))
		ssd_host_classify(path, out);
	put(&k, &n, out, sizeof(*out));
}

int ssd_dev_cache_get(const char *kind, const char *path, void *out, size_t size)
{
	const struct key k = key_of(kind, path);
	struct node n;

	/* no stat(2) for a path nothing was kept for: looked for first, unless the node is known */
	return (seen_is(&k) || has(&k)) && node_now(&k, &n) == 0 && get(&k, &n, out, size);
}

void ssd_dev_cache_put(const char *kind, const char *path, const void *data, size_t size)
{
	const struct key k = key_of(kind, path);
	struct node n;

	if (node_now(&k, &n) == 0)
		put(&k, &n, data, size);
}

/* Whether @a and @b are the same device: a block or character node's device number (an alias
 * made with mknod(2) is another inode), else the same file (dev and inode). */
static bool same_device(const struct node *a, const struct node *b)
{
	if ((a->mode & S_IFMT) != (b->mode & S_IFMT))
		return false;
	if (S_ISBLK(a->mode) || S_ISCHR(a->mode))
		return a->rdev == b->rdev;
	return a->dev == b->dev && a->ino == b->ino;
}

/* An entry of @k's kind kept for the device @n names with the value @data (@size bytes); under
 * the lock. */
static const struct entry *find_device(const struct key *k, const struct node *n, const void *data,
				       size_t size)
{
	for (unsigned int i = 0; i < nentries; i++) {
		const struct entry *e = &entries[i];

		if (e->kind == k->kind && e->size == size && same_device(&e->node, n) &&
		    !memcmp(e->data, data, size))
			return e;
	}
	return NULL;
}

int ssd_dev_cache_claim(const char *kind, const char *path, const void *data, size_t size)
{
	const struct key k = key_of(kind, path);
	struct node n;
	void *big;
	int claimed = 1;

	if (node_now(&k, &n) < 0 || !fits(&k))
		return 1;
	big = big_for(size);
	pthread_spin_lock(&lock);
	if (find_device(&k, &n, data, size))
		claimed = 0;
	else
		big = store_locked(&k, &n, data, size, big);
	pthread_spin_unlock(&lock);
	free(big);
	return claimed;
}

int ssd_dev_cache_fact(const char *key, void *out, size_t size)
{
	const struct key k = key_of("fact", key);

	return get(&k, NULL, out, size);
}

void ssd_dev_cache_put_fact(const char *key, const void *data, size_t size)
{
	const struct key k = key_of("fact", key);

	put(&k, NULL, data, size);
}

void ssd_dev_cache_keep_fd(const char *path, int oflags, int fd)
{
	const struct kept_fd k = {.fd = fd, .oflags = oflags};
	const struct key key = key_of("fd", path);
	struct entry *e;
	struct node n;

	if (!fits(&key) || node_now(&key, &n) < 0) {
		close(fd);
		return;
	}
	pthread_spin_lock(&lock);
	e = find(&key);
	if (e && ((const struct kept_fd *)e->data)->fd >= 0)
		e = NULL; /* one per path */
	else
		e = slot_locked(&key);
	if (e) {
		e->data = e->inl;
		memcpy(e->data, &k, sizeof(k));
		e->node = n;
		e->size = sizeof(k);
		fd = -1;
		__atomic_add_fetch(&nkept, 1, __ATOMIC_RELAXED);
	}
	pthread_spin_unlock(&lock);
	if (fd >= 0)
		close(fd);
}

int ssd_dev_cache_take_fd(const char *path, int oflags)
{
	struct key key;
	struct kept_fd *k;
	struct entry *e;
	struct node n;
	int fd = -1;

	if (!__atomic_load_n(&nkept, __ATOMIC_RELAXED))
		return -1;
	key = key_of("fd", path);
	if ((!seen_is(&key) && !has(&key)) || node_now(&key, &n) < 0)
		return -1;
	pthread_spin_lock(&lock);
	e = find(&key);
	k = e ? e->data : NULL;
	if (k && same_node(&e->node, &n) && k->fd >= 0 &&
	    (k->oflags & O_ACCMODE) == (oflags & O_ACCMODE)) {
		fd = k->fd;
		k->fd = -1;
		__atomic_sub_fetch(&nkept, 1, __ATOMIC_RELAXED);
	}
	pthread_spin_unlock(&lock);
	return fd;
}
