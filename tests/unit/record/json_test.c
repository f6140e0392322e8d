// SPDX-License-Identifier: GPL-2.0-only
/*
 * json_test.c - record/json.c: files read whole and replaced atomically (no .tmp left, a
 * directory refused, a FIFO, socket or device refused without blocking), JSON written as the record
 * writes it and read back, the faults named, optional members read as absent rather than as errors.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cmocka.h>

#include "scratch.h"

#include "record/json.h"

static void files(void **state)
{
	char path[128], tmp[140], *text;
	size_t len;
	json_object *o;

	(void)state;
	snprintf(path, sizeof(path), "%s/a.json", scratch);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	assert_int_equal(rec_file_write(path, "old", 3), 0);
	assert_int_equal(rec_file_write(path, "{\"a\": 1}", 8), 0);
	assert_int_equal(access(tmp, F_OK), -1);
	assert_int_equal(rec_file_read(path, &text, &len), 0);
	assert_int_equal(len, 8);
	assert_string_equal(text, "{\"a\": 1}");
	free(text);
	assert_int_equal(rec_file_read(scratch, &text, &len), -EISDIR);
	assert_null(text);
	o = json_tokener_parse("{\"p\": \"a/b\", \"n\": null}");
	assert_int_equal(rec_json_write(path, o), 0);
	json_object_put(o);
	assert_int_equal(rec_file_read(path, &text, &len), 0);
	assert_string_equal(text, "{\n  \"p\": \"a/b\",\n  \"n\": null\n}\n"); /* '/' not escaped */
	free(text);
	unlink(path);
}

/* A FIFO without a writer, a socket and a character device are refused at once, never read. */
static void not_regular(void **state)
{
	char path[128], *text;
	const char *what = NULL;
	struct sockaddr_un sa = {.sun_family = AF_UNIX};
	int sk;

	(void)state;
	snprintf(path, sizeof(path), "%s/fifo.json", scratch);
	assert_int_equal(mkfifo(path, 0600), 0);
	assert_int_equal(rec_file_open(path, &what), -EINVAL);
	assert_string_equal(what, "a FIFO");
	assert_int_equal(rec_file_read(path, &text, NULL), -EINVAL);
	assert_null(text);
	unlink(path);
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s/sock.json", scratch);
	sk = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_true(sk >= 0);
	assert_int_equal(bind(sk, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(rec_file_open(sa.sun_path, &what), -ENXIO); /* open() refuses a socket */
	close(sk);
	unlink(sa.sun_path);
	assert_int_equal(rec_file_open("/dev/null", &what), -EINVAL);
	assert_string_equal(what, "a character device");
	assert_int_equal(rec_file_open(scratch, &what), -EISDIR);
	assert_string_equal(what, "a directory");
}

static void reading(void **state)
{
	char path[128], err[256];
	bool missing = false;
	json_object *o;

	(void)state;
	snprintf(path, sizeof(path), "%s/none.json", scratch);
	assert_null(rec_json_read(path, &missing, err, sizeof(err)));
	assert_true(missing);
	assert_non_null(strstr(err, "none.json: No such file or directory"));
	snprintf(path, sizeof(path), "%s/bad.json", scratch);
	assert_int_equal(rec_file_write(path, "{\"a\": x}", 8), 0);
	assert_null(rec_json_read(path, &missing, err, sizeof(err)));
	assert_false(missing);
	assert_non_null(strstr(err, "bad.json: not JSON ("));
	assert_non_null(strstr(err, "at offset 6)"));
	assert_int_equal(rec_file_write(path, "[1]", 3), 0);
	o = rec_json_read(path, NULL, err, sizeof(err));
	assert_non_null(o);
	json_object_put(o);
	unlink(path);
}

static void members(void **state)
{
	json_object *o2,
	    *o = json_tokener_parse("{\"s\": \"x\", \"i\": 7, \"b\": false, \"n\": null,"
				    " \"d\": 2.5, \"o\": {}}");
	double v = -1;
	int rc = 0;
	char *c;

	(void)state;
	assert_string_equal(rec_json_str(o, "s"), "x");
	assert_null(rec_json_str(o, "i"));
	assert_null(rec_json_get(o, "n"));
	assert_null(rec_json_get(o, "missing"));
	assert_null(rec_json_get(json_object_object_get(o, "s"), "x")); /* not an object */
	assert_true(rec_json_num(o, "i", &v) && v == 7);
	assert_true(rec_json_num(o, "b", &v) && v == 0);
	assert_false(rec_json_num(o, "s", &v));
	assert_int_equal(rec_json_i64_or(o, "i", -1), 7);
	assert_int_equal(rec_json_i64_or(o, "d", -1), 2);
	assert_int_equal(rec_json_i64_or(o, "n", -1), -1);
	c = rec_json_strdup(o, "s", &rc);
	assert_string_equal(c, "x");
	assert_int_equal(rc, 0);
	assert_int_equal(rec_str_set(&c, "y"), 0);
	assert_string_equal(c, "y");
	assert_int_equal(rec_str_set(&c, NULL), 0);
	assert_null(c);
	assert_null(rec_json_text(NULL));
	assert_null(rec_json_i64(-1));
	o2 = rec_json_text("t");
	assert_string_equal(json_object_get_string(o2), "t");
	json_object_put(o2);
	json_object_put(o);
	o = rec_json_i64(5);
	assert_int_equal(json_object_get_int64(o), 5);
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(files),
	    cmocka_unit_test(not_regular),
	    cmocka_unit_test(reading),
	    cmocka_unit_test(members),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
