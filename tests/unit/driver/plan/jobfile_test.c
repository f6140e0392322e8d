// SPDX-License-Identifier: GPL-2.0-only
/*
 * jobfile_test.c - driver/plan/jobfile.c: ${VAR} filled in (and a variable the driver does not set
 * found before fio runs), a template's ${?VAR} line filled in or left out, the job section repeated
 * per drive of a group, the probe job.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "plan/jobfile.h"

static const char job[] = "# Env: ${SSD_UNSET} in a comment stays\n"
			  "[global]\n"
			  "ioengine=${SSD_ENGINE}\n"
			  "${SSD_ENGINE_OPT}\n"
			  "filename=${SSD_DEV}\n"
			  "[fc-randread]\n"
			  "rw=randread\n"
			  "size=${SSD_SIZE}\n"
			  "bs=$SSD_BS ${ notavar}\n";

static void expand(void **state)
{
	struct rv_env env = {0};
	char missing[64], *out;

	(void)state;
	rv_env_set(&env, "SSD_ENGINE", "libaio");
	rv_env_set(&env, "SSD_ENGINE_OPT", "userspace_reap=0");
	rv_env_set(&env, "SSD_DEV", "/dev/sdb");
	assert_int_equal(rv_jobfile_expand(job, &env, &out, missing, sizeof(missing)), -ENOENT);
	assert_null(out);
	assert_string_equal(missing, "line 8: ${SSD_SIZE}");
	rv_env_set(&env, "SSD_SIZE", "134217728");
	assert_int_equal(rv_jobfile_expand(job, &env, &out, missing, sizeof(missing)), 0);
	assert_string_equal(out, "# Env: ${SSD_UNSET} in a comment stays\n"
				 "[global]\n"
				 "ioengine=libaio\n"
				 "userspace_reap=0\n"
				 "filename=/dev/sdb\n"
				 "[fc-randread]\n"
				 "rw=randread\n"
				 "size=134217728\n"
				 "bs=$SSD_BS ${ notavar}\n");
	free(out);
	/* a value holding "${...}" is not expanded again */
	rv_env_set(&env, "SSD_DEV", "${SSD_SIZE}");
	assert_int_equal(rv_jobfile_expand("f=${SSD_DEV}", &env, &out, missing, sizeof(missing)),
			 0);
	assert_string_equal(out, "f=${SSD_SIZE}");
	free(out);
}

/* A template's ${?NAME} line: filled in when NAME is set, left out whole when not; the lines
 * around it, line numbers in messages and a last line without a newline as before. */
static void optional_lines(void **state)
{
	static const char tpl[] = "[curve-${SSD_WORKLOAD}]\n"
				  "rw=${SSD_RW}\n"
				  "bs=${?SSD_BS}\n"
				  "bssplit=${?SSD_BSSPLIT}\n"
				  "# ${?SSD_BS} in a comment stays\n"
				  "size=${SSD_SIZE}\n"
				  "random_distribution=${?SSD_RANDOM_DIST}";
	struct rv_env env = {0};
	char missing[64], *out;

	(void)state;
	rv_env_set(&env, "SSD_WORKLOAD", "sql");
	rv_env_set(&env, "SSD_RW", "randrw");
	rv_env_set(&env, "SSD_BSSPLIT", "8k/85:64k/15");
	assert_int_equal(rv_jobfile_expand(tpl, &env, &out, missing, sizeof(missing)), -ENOENT);
	assert_null(out);
	assert_string_equal(missing, "line 6: ${SSD_SIZE}");
	rv_env_set(&env, "SSD_SIZE", "1024");
	assert_int_equal(rv_jobfile_expand(tpl, &env, &out, missing, sizeof(missing)), 0);
	assert_string_equal(out, "[curve-sql]\n"
				 "rw=randrw\n"
				 "bssplit=8k/85:64k/15\n"
				 "# ${?SSD_BS} in a comment stays\n"
				 "size=1024\n");
	free(out);
	rv_env_set(&env, "SSD_RANDOM_DIST", "zoned:80/10:20/90");
	rv_env_set(&env, "SSD_BS", "4k");
	assert_int_equal(rv_jobfile_expand(tpl, &env, &out, missing, sizeof(missing)), 0);
	assert_string_equal(out, "[curve-sql]\n"
				 "rw=randrw\n"
				 "bs=4k\n"
				 "bssplit=8k/85:64k/15\n"
				 "# ${?SSD_BS} in a comment stays\n"
				 "size=1024\n"
				 "random_distribution=zoned:80/10:20/90");
	free(out);
	/* a set optional variable on a line with an unset required one is still missing */
	assert_int_equal(
	    rv_jobfile_expand("x=${?SSD_BS}${SSD_NOPE}\n", &env, &out, missing, sizeof(missing)),
	    -ENOENT);
	assert_string_equal(missing, "line 1: ${SSD_NOPE}");
}

static void group(void **state)
{
	const struct rv_jobfile_member m[] = {{"d1", "/dev/ng0n1"}, {"d2", "/dev/ng1n1"}};
	char *out;

	(void)state;
	assert_int_equal(rv_jobfile_group(job, m, 2, &out), 0);
	assert_string_equal(out, "# Env: ${SSD_UNSET} in a comment stays\n"
				 "[global]\n"
				 "ioengine=${SSD_ENGINE}\n"
				 "${SSD_ENGINE_OPT}\n"
				 "filename=${SSD_DEV}\n"
				 "\n[d1]\nfilename=/dev/ng0n1\ngroup_reporting=1\n"
				 "rw=randread\nsize=${SSD_SIZE}\nbs=$SSD_BS ${ notavar}\n"
				 "\n[d2]\nfilename=/dev/ng1n1\ngroup_reporting=1\nnew_group=1\n"
				 "rw=randread\nsize=${SSD_SIZE}\nbs=$SSD_BS ${ notavar}\n");
	free(out);
	assert_int_equal(rv_jobfile_group("[global]\nrw=read\n", m, 2, &out), -EINVAL);
}

static void probe(void **state)
{
	char out[512], tiny[16];

	(void)state;
	assert_int_equal(rv_jobfile_probe("external:/lib/libssdeng.so", "transport=auto",
					  "/dev/ng0n1", out, sizeof(out)),
			 0);
	assert_string_equal(out, "[probe]\nioengine=external:/lib/libssdeng.so\n"
				 "transport=auto\nfilename=/dev/ng0n1\nrw=read\nbs=4k\n"
				 "size=16k\ndirect=1\nthread\n");
	assert_int_equal(rv_jobfile_probe("libaio", "x=1", "/dev/sdb", tiny, sizeof(tiny)),
			 -ENAMETOOLONG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(expand),
	    cmocka_unit_test(optional_lines),
	    cmocka_unit_test(group),
	    cmocka_unit_test(probe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
