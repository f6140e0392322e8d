// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_opts_test.c - apps/apps_opts.c: the profiles' values (full = docs/METHODOLOGY.md §5), each
 * option overriding its profile whatever the order, and bad usage refused naming the option.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "apps.h"

static int parse(struct apps_opts *o, char *err, size_t len, ...)
{
	char *argv[64];
	int argc = 0;
	va_list ap;

	argv[argc++] = "run";
	va_start(ap, len);
	while ((argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	err[0] = '\0';
	return apps_opts_parse(argc, argv, o, err, len);
}

static void test_quick_default(void **state)
{
	struct apps_opts o;
	char err[256];

	(void)state;
	assert_int_equal(
	    parse(&o, err, sizeof(err), "--dev", "/dev/ng0n1", "--out", "r", "--yes", NULL), 0);
	assert_string_equal(o.profile, "quick");
	assert_string_equal(o.workload, "oltp");
	assert_int_equal(o.instances, 2);
	assert_int_equal(o.tables, 4);
	assert_int_equal(o.table_size, 10000);
	assert_int_equal(o.threads, 4);
	assert_int_equal(o.warmup_s, 5);
	assert_int_equal(o.time_s, 20);
	assert_int_equal(o.buffer_pool, 16ULL << 20);
	assert_string_equal(o.flush_method, "O_DIRECT");
	assert_string_equal(o.fs, "auto");
	assert_string_equal(o.mount_opts, "noatime");
	assert_int_equal(o.port_base, 0);
	assert_false(o.allow_mounted);
}

static void test_full_and_overrides(void **state)
{
	struct apps_opts o;
	char err[256];

	(void)state;
	/* options before --profile still win over the profile */
	assert_int_equal(parse(&o, err, sizeof(err), "--tables", "8", "--dev", "/dev/sg1", "--out",
			       "r", "--profile", "full", "--yes", "--threads=16", "--buffer-pool",
			       "2G", "--server-opt", "--innodb-log-file-size=1G", "--port-base",
			       "3310", "--fs", "ext4", "--allow-mounted", NULL),
			 0);
	assert_string_equal(o.profile, "full");
	assert_int_equal(o.instances, 2);
	assert_int_equal(o.tables, 8);
	assert_int_equal(o.table_size, 10000000);
	assert_int_equal(o.threads, 16);
	assert_int_equal(o.warmup_s, 7200);
	assert_int_equal(o.time_s, 3600);
	assert_int_equal(o.buffer_pool, 2ULL << 30);
	assert_int_equal(o.nserver_opts, 1);
	assert_string_equal(o.server_opts[0], "--innodb-log-file-size=1G");
	assert_int_equal(o.port_base, 3310);
	assert_string_equal(o.fs, "ext4");
	assert_true(o.allow_mounted);
}

/* the TPC-C-like workload: its profiles (full as the reviews ran SQL Server: 1,500 warehouses,
 * 2.5 h + 30 min), its own options, and the oltp ones refused with it (and the other way) */
static void test_tpcc(void **state)
{
	struct apps_opts o;
	char err[256];

	(void)state;
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--workload", "tpcc", NULL),
			 0);
	assert_string_equal(o.workload, "tpcc");
	assert_int_equal(o.instances, 2);
	assert_int_equal(o.warehouses, 1);
	assert_int_equal(o.items, 10000);
	assert_int_equal(o.customers, 300);
	assert_int_equal(o.threads, 4);
	assert_int_equal(o.warmup_s, 5);
	assert_int_equal(o.time_s, 20);
	assert_int_equal(o.buffer_pool, 16ULL << 20);
	assert_int_equal(o.max_wal_size, 128ULL << 20);
	assert_int_equal(o.port_base, 55432);
	assert_string_equal(o.pg_user, "postgres");
	assert_null(o.pg_bindir);
	assert_null(o.tpcc_lua);
	assert_int_equal(parse(&o, err, sizeof(err), "--warehouses", "12", "--dev", "d", "--out",
			       "r", "--yes", "--profile=full", "--workload=tpcc", "--pg-user", "pg",
			       "--pg-bindir", "/opt/pg/bin", "--max-wal-size", "1G", NULL),
			 0);
	assert_int_equal(o.warehouses, 12);
	assert_int_equal(o.items, 100000);
	assert_int_equal(o.customers, 3000);
	assert_int_equal(o.threads, 32);
	assert_int_equal(o.warmup_s, 9000);
	assert_int_equal(o.time_s, 1800);
	assert_int_equal(o.buffer_pool, 4ULL << 30);
	assert_int_equal(o.max_wal_size, 1ULL << 30);
	assert_string_equal(o.pg_user, "pg");
	assert_string_equal(o.pg_bindir, "/opt/pg/bin");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--workload", "tpcc", "--tables", "4", NULL),
			 -EINVAL);
	assert_string_equal(err, "--tables belongs to the oltp workload; --workload is tpcc");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--warehouses", "4", NULL),
			 -EINVAL);
	assert_string_equal(err, "--warehouses belongs to the tpcc workload; --workload is oltp");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--workload", "tpcc", "--items", "100001", NULL),
			 -EINVAL);
	assert_string_equal(err, "--items 100001: must be a whole number from 1 to 100000");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--workload", "tpcc", "--port-base", "0", NULL),
			 -EINVAL);
	assert_string_equal(err, "--port-base 0: tpcc's servers need a port (1 to 65535)");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--workload", "tpch", NULL),
			 -EINVAL);
	assert_string_equal(err, "--workload tpch: oltp or tpcc");
}

static void test_refusals(void **state)
{
	struct apps_opts o;
	char err[256];

	(void)state;
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "/dev/sda", "--out", "r", NULL),
			 -EPERM);
	assert_non_null(strstr(err, "add --yes"));
	assert_int_equal(parse(&o, err, sizeof(err), "--out", "r", "--yes", NULL), -EINVAL);
	assert_string_equal(err, "--dev DEV is required");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--yes", NULL), -EINVAL);
	assert_string_equal(err, "--out DIR is required");
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--instances", "0", NULL),
			 -EINVAL);
	assert_string_equal(err, "--instances 0: must be a whole number from 1 to 16");
	assert_int_equal(
	    parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes", "--time", "-5", NULL),
	    -EINVAL);
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--buffer-pool", "12X", NULL),
			 -EINVAL);
	assert_non_null(strstr(err, "--buffer-pool 12X"));
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--profile", "huge", NULL),
			 -EINVAL);
	assert_string_equal(err, "--profile huge: quick or full");
	assert_int_equal(
	    parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes", "--fs", "btrfs", NULL),
	    -EINVAL);
	assert_int_equal(parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes",
			       "--server-opt", "innodb_log_file_size=1G", NULL),
			 -EINVAL);
	assert_int_equal(
	    parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes", "--bogus", NULL),
	    -EINVAL);
	assert_non_null(strstr(err, "--bogus: unknown option"));
	assert_int_equal(
	    parse(&o, err, sizeof(err), "--dev", "d", "--out", "r", "--yes", "extra", NULL),
	    -EINVAL);
	assert_int_equal(parse(&o, err, sizeof(err), "--help", NULL), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_quick_default),
	    cmocka_unit_test(test_full_and_overrides),
	    cmocka_unit_test(test_tpcc),
	    cmocka_unit_test(test_refusals),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
