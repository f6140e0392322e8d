/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fake_tree.h - scratch directory trees for unit tests (fake sysfs, /proc, result dirs), under a
 * root made by ft_new(). Header-only: each test is one binary. Failures fail the cmocka test.
 */
#ifndef SSDENG_FAKE_TREE_H
#define SSDENG_FAKE_TREE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ft_new() - make a fresh directory from @pattern ("/tmp/name.XXXXXX") in @root (64 bytes). */
static inline int ft_new(char root[64], const char *pattern)
{
	snprintf(root, 64, "%s", pattern);
	return mkdtemp(root) ? 0 : -1;
}

/* ft_mk() - @rel under @root: a file holding @content, or with @content NULL a directory and
 * any missing parents (mkdir -p). */
static inline void ft_mk(const char *root, const char *rel, const char *content)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (content) {
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		fputs(content, f);
		assert_int_equal(fclose(f), 0);
		return;
	}
	for (char *s = path + strlen(root) + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		mkdir(path, 0755);
		*s = '/';
	}
	assert_true(mkdir(path, 0755) == 0 || access(path, F_OK) == 0);
}

/* ft_link() - a symlink @rel under @root pointing at @target (as written). */
static inline void ft_link(const char *root, const char *target, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(symlink(target, path), 0);
}

/* ft_remove() - remove the tree at @root. Return 0, or -1 when rm fails. */
static inline int ft_remove(const char *root)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

#endif
