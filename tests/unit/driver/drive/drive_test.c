// SPDX-License-Identifier: GPL-2.0-only
/*
 * drive_test.c - driver/drive/drive.c's file targets: the bytes of a file's span never written (its
 * holes up to its length; a missing file has none, fio lays it out by writing) and the room a
 * span needs on its file system (allocated blocks count as held).
 */
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "scratch.h"

#include "drive/drive.h"

#define MIB (1024 * 1024)

/* @scratch/f of @len bytes, its first @data bytes written */
static void make_file(char *path, size_t len, off_t size, size_t data)
{
	char *buf = malloc(data ? data : 1);
	int fd;

	snprintf(path, len, "%s/f", scratch);
	unlink(path);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	memset(buf, 0xa5, data ? data : 1);
	assert_int_equal(pwrite(fd, buf, data, 0), (ssize_t)data);
	assert_int_equal(ftruncate(fd, size), 0);
	assert_int_equal(fsync(fd), 0);
	close(fd);
	free(buf);
}

static void unwritten_holes(void **state)
{
	char path[128];
	long long n;

	(void)state;
	make_file(path, sizeof(path), 4 * MIB, 1 * MIB);
	n = rv_drive_file_unwritten(path, 4 * MIB);
	if (n < 0)
		skip(); /* no SEEK_DATA on this file system */
	assert_int_equal(n, 3 * MIB);
	/* only the span counts */
	assert_int_equal(rv_drive_file_unwritten(path, 2 * MIB), 1 * MIB);
	/* past its end fio writes the layout: not a hole read */
	make_file(path, sizeof(path), 1 * MIB, 1 * MIB);
	assert_int_equal(rv_drive_file_unwritten(path, 4 * MIB), 0);
	unlink(path);
	assert_int_equal(rv_drive_file_unwritten(path, 4 * MIB), 0);
}

static void room(void **state)
{
	char path[128];
	uint64_t need, avail, need2;
	unsigned long id, id2;

	(void)state;
	snprintf(path, sizeof(path), "%s/f", scratch);
	unlink(path);
	assert_int_equal(rv_drive_file_room(path, 8 * MIB, &need, &avail, &id), 0);
	assert_int_equal(need, 8 * MIB); /* a new file: the whole span */
	assert_true(avail > 0);
	make_file(path, sizeof(path), 8 * MIB, 2 * MIB);
	assert_int_equal(rv_drive_file_room(path, 8 * MIB, &need2, &avail, &id2), 0);
	assert_true(need2 <= 6 * MIB && need2 >= 5 * MIB); /* its 2 MiB (and maybe more) held */
	assert_true(id == id2);
	assert_int_equal(rv_drive_file_room("/nonexistent-scratch/f", MIB, &need, &avail, &id) < 0,
			 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(unwritten_holes),
	    cmocka_unit_test(room),
	};
	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
