// SPDX-License-Identifier: GPL-2.0-only
/* dev_cache.c on regular files in a scratch directory: entries tied to the node a path names,
 * values claimed once, facts, kept file descriptors, what a forked child inherits, values of
 * any size, and the classification of a device node kept once per process and node. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/dev_cache.h"
#include "host/dev_class.h"
#include "scratch.h"

/* @name in the scratch directory, created empty (replacing what was there: a new inode). */
static const char *fresh(const char *name)
{
	static char path[256];
	char tmp[sizeof(path) + 8];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", scratch, name);
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	fd = open(tmp, O_CREAT | O_WRONLY | O_TRUNC, 0600);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(rename(tmp, path), 0);
	return path;
}

static void test_entry_follows_the_node(void **state)
{
	const char *p = fresh("a");
	uint64_t v = 42, got = 0;

	(void)state;
	ssd_dev_cache_put("nvme", p, &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_get("nvme", p, &got, sizeof(got)), 1);
	assert_int_equal(got, 42);
	/* another size, another kind: not this entry */
	assert_int_equal(ssd_dev_cache_get("nvme", p, &got, sizeof(uint32_t)), 0);
	assert_int_equal(ssd_dev_cache_get("scsi", p, &got, sizeof(got)), 0);

	/* the path now names another node: once the thread is done with the path, a miss */
	p = fresh("a");
	ssd_dev_cache_done(p);
	got = 0;
	assert_int_equal(ssd_dev_cache_get("nvme", p, &got, sizeof(got)), 0);
	assert_int_equal(got, 0);

	/* kept again for the new node, replacing the old entry */
	v = 7;
	ssd_dev_cache_put("nvme", p, &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_get("nvme", p, &got, sizeof(got)), 1);
	assert_int_equal(got, 7);
	ssd_dev_cache_done(p);
}

/* Among many entries (paths that differ in one byte or are prefixes of each other, the same
 * path under several kinds), each look-up finds its own value, and a kind or path never kept,
 * or a name too long to keep, is a miss. */
static void test_find_among_many(void **state)
{
	static const char *const names[] = {"m1", "m10", "m2", "n1", "m1x", "m"};
	static const char *const kinds[] = {"nvme", "scsi", "unused", "told"};
	char paths[6][256];
	uint32_t v, got;
	char longname[300];

	(void)state;
	for (int i = 0; i < 6; i++)
		snprintf(paths[i], sizeof(paths[i]), "%s", fresh(names[i]));
	for (int i = 0; i < 6; i++) {
		for (int k = 0; k < 4; k++) {
			v = (uint32_t)(100 * i + k);
			ssd_dev_cache_put(kinds[k], paths[i], &v, sizeof(v));
		}
	}
	for (int i = 5; i >= 0; i--) {
		for (int k = 3; k >= 0; k--) {
			got = UINT32_MAX;
			assert_int_equal(ssd_dev_cache_get(kinds[k], paths[i], &got, sizeof(got)),
					 1);
			assert_int_equal(got, 100 * i + k);
		}
		assert_int_equal(ssd_dev_cache_get("nvmf", paths[i], &got, sizeof(got)), 0);
		assert_int_equal(ssd_dev_cache_get("nvm", paths[i], &got, sizeof(got)), 0);
		ssd_dev_cache_done(paths[i]);
	}
	assert_int_equal(ssd_dev_cache_get("nvme", fresh("m3"), &got, sizeof(got)), 0);
	/* names an entry cannot hold: nothing kept */
	v = 5;
	ssd_dev_cache_put("toolongkind", paths[0], &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_get("toolongkind", paths[0], &got, sizeof(got)), 0);
	/* kinds are compared as 8-byte words: 7 bytes are kept, 8 are not, and one that shares
	 * the first 7 bytes of a kept kind is another kind */
	ssd_dev_cache_put("abcdefg", paths[0], &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_get("abcdefg", paths[0], &got, sizeof(got)), 1);
	assert_int_equal(got, 5);
	assert_int_equal(ssd_dev_cache_get("abcdefgh", paths[0], &got, sizeof(got)), 0);
	ssd_dev_cache_put("abcdefgh", paths[0], &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_get("abcdefgh", paths[0], &got, sizeof(got)), 0);
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	assert_int_equal(ssd_dev_cache_claim("told", longname, &v, sizeof(v)), 1);
	assert_int_equal(ssd_dev_cache_claim("told", longname, &v, sizeof(v)), 1);
	for (int i = 0; i < 6; i++)
		ssd_dev_cache_done(paths[i]);
}

/* What several threads claim at once: each value taken once per node. */
struct claim_arg {
	const char *path;
	int claimed;
};

static void *claim_told(void *arg)
{
	struct claim_arg *a = arg;
	const uint32_t v = 1;

	a->claimed = ssd_dev_cache_claim("told", a->path, &v, sizeof(v));
	ssd_dev_cache_done(a->path);
	return NULL;
}

static void test_claim_once_per_value_and_node(void **state)
{
	const char *p = fresh("c");
	struct claim_arg args[8];
	pthread_t t[8];
	uint32_t v = 1, got = 0;
	int sum = 0;

	(void)state;
	for (int i = 0; i < 8; i++) {
		args[i] = (struct claim_arg){.path = p};
		assert_int_equal(pthread_create(&t[i], NULL, claim_told, &args[i]), 0);
	}
	for (int i = 0; i < 8; i++) {
		assert_int_equal(pthread_join(t[i], NULL), 0);
		sum += args[i].claimed;
	}
	assert_int_equal(sum, 1);
	assert_int_equal(ssd_dev_cache_get("told", p, &got, sizeof(got)), 1);
	assert_int_equal(got, 1);
	/* the same value again: not claimed; another value: claimed and kept */
	assert_int_equal(ssd_dev_cache_claim("told", p, &v, sizeof(v)), 0);
	v = 2;
	assert_int_equal(ssd_dev_cache_claim("told", p, &v, sizeof(v)), 1);
	assert_int_equal(ssd_dev_cache_get("told", p, &got, sizeof(got)), 1);
	assert_int_equal(got, 2);
	/* a new node at the path: claimed again */
	p = fresh("c");
	ssd_dev_cache_done(p);
	assert_int_equal(ssd_dev_cache_claim("told", p, &v, sizeof(v)), 1);
	ssd_dev_cache_done(p);
}

/* A claim holds for the device, whatever path names it: a hard link and a symlink to a claimed
 * file find the claim; another file with the same value does not. */
static void test_claim_per_device(void **state)
{
	char orig[256], hard[280], sym[280];
	uint32_t v = 7;

	(void)state;
	snprintf(orig, sizeof(orig), "%s", fresh("dev"));
	snprintf(hard, sizeof(hard), "%s.hard", orig);
	snprintf(sym, sizeof(sym), "%s.sym", orig);
	unlink(hard);
	unlink(sym);
	assert_int_equal(link(orig, hard), 0);
	assert_int_equal(symlink(orig, sym), 0);
	assert_int_equal(ssd_dev_cache_claim("told", orig, &v, sizeof(v)), 1);
	ssd_dev_cache_done(orig);
	assert_int_equal(ssd_dev_cache_claim("told", hard, &v, sizeof(v)), 0);
	ssd_dev_cache_done(hard);
	assert_int_equal(ssd_dev_cache_claim("told", sym, &v, sizeof(v)), 0);
	ssd_dev_cache_done(sym);
	/* another file, the same value: its own claim */
	assert_int_equal(ssd_dev_cache_claim("told", fresh("dev2"), &v, sizeof(v)), 1);
	ssd_dev_cache_done(fresh("dev2"));
	/* the same file, another value (another transport): claimed */
	v = 8;
	assert_int_equal(ssd_dev_cache_claim("told", hard, &v, sizeof(v)), 1);
	ssd_dev_cache_done(hard);
}

static void test_facts(void **state)
{
	uint64_t v = 3, got = 0;

	(void)state;
	assert_int_equal(ssd_dev_cache_fact("/sys/module/x/parameters/y", &got, sizeof(got)), 0);
	ssd_dev_cache_put_fact("/sys/module/x/parameters/y", &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_fact("/sys/module/x/parameters/y", &got, sizeof(got)), 1);
	assert_int_equal(got, 3);
	assert_int_equal(ssd_dev_cache_fact("/sys/module/x/parameters/y", &got, 4), 0);
}

static void test_kept_fd_taken_once(void **state)
{
	const char *p = fresh("b");
	int fd = open(p, O_RDWR | O_CLOEXEC), second = open(p, O_RDWR | O_CLOEXEC);

	(void)state;
	assert_true(fd >= 0 && second >= 0);
	ssd_dev_cache_keep_fd(p, O_RDWR, fd);
	/* one per path: the second is closed */
	ssd_dev_cache_keep_fd(p, O_RDWR, second);
	assert_int_equal(fcntl(second, F_GETFD), -1);
	assert_int_equal(errno, EBADF);
	/* another access mode does not take it */
	assert_int_equal(ssd_dev_cache_take_fd(p, O_RDONLY), -1);
	assert_int_equal(ssd_dev_cache_take_fd(p, O_RDWR), fd);
	assert_int_equal(ssd_dev_cache_take_fd(p, O_RDWR), -1);
	assert_true(fcntl(fd, F_GETFD) >= 0);
	close(fd);
	ssd_dev_cache_done(p);
}

/* A forked child gets neither the kept fd nor the parent's look at the path: a path replaced
 * after the parent read it is a miss in the child. */
static void test_fork_child_looks_again(void **state)
{
	const char *p = fresh("c");
	uint64_t v = 9, got = 0;
	int fd = open(p, O_RDWR | O_CLOEXEC), status = -1;
	pid_t pid;

	(void)state;
	assert_true(fd >= 0);
	ssd_dev_cache_put("scsi", p, &v, sizeof(v));
	ssd_dev_cache_keep_fd(p, O_RDWR, fd);
	assert_int_equal(ssd_dev_cache_get("scsi", p, &got, sizeof(got)), 1);
	p = fresh("c"); /* replaced; this thread still goes by its earlier look */
	assert_int_equal(ssd_dev_cache_get("scsi", p, &got, sizeof(got)), 1);

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		int bad = 0;

		bad |= ssd_dev_cache_get("scsi", p, &got, sizeof(got)) != 0;
		bad |= ssd_dev_cache_take_fd(p, O_RDWR) != -1;
		bad |= fcntl(fd, F_GETFD) != -1; /* the child's copy is closed */
		_exit(bad);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	/* the parent keeps its fd */
	assert_int_equal(ssd_dev_cache_take_fd(p, O_RDWR), fd);
	close(fd);
	ssd_dev_cache_done(p);
}

/* Values kept inside their entry and larger ones kept apart read back the same, each
 * replacing the other. */
static void test_values_of_any_size(void **state)
{
	const char *p = fresh("d");
	static unsigned char big[2000], got[2000];
	uint64_t v = 5, small = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 7 + 1);
	ssd_dev_cache_put("nvme", p, big, sizeof(big));
	assert_int_equal(ssd_dev_cache_get("nvme", p, got, sizeof(got)), 1);
	assert_memory_equal(got, big, sizeof(big));
	ssd_dev_cache_put("nvme", p, &v, sizeof(v));
	assert_int_equal(ssd_dev_cache_get("nvme", p, got, sizeof(got)), 0);
	assert_int_equal(ssd_dev_cache_get("nvme", p, &small, sizeof(small)), 1);
	assert_int_equal(small, 5);
	big[0] ^= 0xff;
	ssd_dev_cache_put("nvme", p, big, 513); /* one byte past what an entry holds */
	memset(got, 0, sizeof(got));
	assert_int_equal(ssd_dev_cache_get("nvme", p, got, 513), 1);
	assert_memory_equal(got, big, 513);
	ssd_dev_cache_put("nvme", p, big, 512);
	assert_int_equal(ssd_dev_cache_get("nvme", p, got, 512), 1);
	assert_memory_equal(got, big, 512);
	ssd_dev_cache_done(p);
}

/* @link in the scratch directory, made to point at @target (replacing what was there). */
static const char *link_to(const char *name, const char *target)
{
	static char path[256];
	char tmp[sizeof(path) + 8];

	snprintf(path, sizeof(path), "%s/%s", scratch, name);
	snprintf(tmp, sizeof(tmp), "%s.new", path);
	unlink(tmp);
	assert_int_equal(symlink(target, tmp), 0);
	assert_int_equal(rename(tmp, path), 0);
	return path;
}

static void *classify_in_thread(void *arg)
{
	static struct ssd_host_dev h;

	ssd_classify(arg, &h);
	ssd_dev_cache_done(arg);
	return &h;
}

/* A device node is classified once per process and node: the answer, the classifier's own, is
 * kept for the path and taken by every thread while the path names that node; a path moved to
 * another node is classified again; a regular file every time (its size changes). */
static void test_classification_once_per_node(void **state)
{
	const char *p = link_to("dev", "/dev/null");
	struct ssd_host_dev h, direct, kept, *other;
	pthread_t t;
	char *copy;
	int fd;

	(void)state;
	ssd_classify(p, &h);
	ssd_host_classify(p, &direct);
	assert_memory_equal(&h, &direct, sizeof(h));
	assert_int_equal(h.kind, SSD_HOST_KIND_CHR);
	assert_int_equal(h.minor, 3);
	assert_int_equal(ssd_dev_cache_get("class", p, &kept, sizeof(kept)), 1);
	assert_memory_equal(&kept, &direct, sizeof(kept));
	ssd_dev_cache_done(p);

	/* another thread takes the kept answer: one marked as kept is what it gets */
	kept.capacity_known = true;
	kept.capacity_bytes = 4242;
	ssd_dev_cache_put("class", p, &kept, sizeof(kept));
	ssd_dev_cache_done(p);
	copy = strdup(p);
	assert_int_equal(pthread_create(&t, NULL, classify_in_thread, copy), 0);
	assert_int_equal(pthread_join(t, (void **)&other), 0);
	assert_true(other->capacity_known);
	assert_int_equal(other->capacity_bytes, 4242);

	/* the path moved to another node: classified afresh, and that answer kept */
	p = link_to("dev", "/dev/zero");
	ssd_classify(p, &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_CHR);
	assert_int_equal(h.minor, 5);
	assert_false(h.capacity_known);
	assert_int_equal(ssd_dev_cache_get("class", p, &kept, sizeof(kept)), 1);
	assert_int_equal(kept.minor, 5);
	ssd_dev_cache_done(p);
	free(copy);

	/* a regular file: its size now, never a kept answer */
	p = fresh("e");
	ssd_classify(p, &h);
	assert_int_equal(h.kind, SSD_HOST_KIND_FILE);
	assert_int_equal(h.capacity_bytes, 0);
	fd = open(p, O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "abc", 3), 3);
	close(fd);
	ssd_classify(p, &h);
	assert_int_equal(h.capacity_bytes, 3);
	assert_int_equal(ssd_dev_cache_get("class", p, &kept, sizeof(kept)), 0);
	ssd_dev_cache_done(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_entry_follows_the_node),
	    cmocka_unit_test(test_claim_once_per_value_and_node),
	    cmocka_unit_test(test_claim_per_device),
	    cmocka_unit_test(test_facts),
	    cmocka_unit_test(test_kept_fd_taken_once),
	    cmocka_unit_test(test_fork_child_looks_again),
	    cmocka_unit_test(test_values_of_any_size),
	    cmocka_unit_test(test_classification_once_per_node),
	    cmocka_unit_test(test_find_among_many),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
