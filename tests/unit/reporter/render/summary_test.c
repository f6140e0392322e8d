// SPDX-License-Identifier: GPL-2.0-only
/* summary_test.c - the summary CSV rows, checked field by field against the case files. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cases.h"
#include "render/summary.h"

static char *rows_of(const char *rel)
{
	struct sr_diag d = {0};
	struct sr_test t = {0};
	char p[4096], *out = NULL;
	size_t len = 0;
	FILE *f;

	case_path(p, sizeof(p), rel);
	if (sr_fio_json_load(p, &t, &d))
		fail_msg("%s: %s", p, d.err);
	f = open_memstream(&out, &len);
	sr_summary_rows(f, "F", &t);
	fclose(f);
	sr_test_free(&t);
	return out;
}

static void header_exact(void **state)
{
	(void)state;
	assert_string_equal(
	    sr_summary_header,
	    "file,job,host,rw,bs,numjobs,iodepth,read_iops,write_iops,read_bw_bytes,"
	    "write_bw_bytes,read_clat_mean_ns,read_clat_p99_ns,read_clat_max_ns,"
	    "write_clat_mean_ns,write_clat_p99_ns,write_clat_max_ns");
}

/* fio 2.18: usec -> ns, bw 292 KiB/s -> 299008 B/s, write did no I/O: IOPS/bw 0, latency empty. */
static void fio2_row(void **state)
{
	char *s = rows_of("c01-fioplot-fio218-usec-dup-percentile-keys/randread-01.json");

	(void)state;
	assert_string_equal(s, "F,random-io,,randread,4096,1,1,73.184143,0,299008,0,13636394.809,"
			       "22912000,26160000,,,\n");
	free(s);
}

/* client/server: one row per host entry plus "All clients" (p99 absent -> empty). */
static void client_server_rows(void **state)
{
	char *s = rows_of("c14-pbench-fio37-client-server-preamble/fio-result.txt");
	char *last, *first_nl = strchr(s, '\n');
	size_t lines = 0;

	(void)state;
	for (char *p = s; *p; p++)
		lines += *p == '\n';
	assert_int_equal(lines, 11);
	assert_true(!strncmp(s, "F,job-/tmp/fio,host-b,read,", 27));
	assert_non_null(first_nl);
	assert_non_null(strstr(s, ",7951.016328,0,"));
	s[strlen(s) - 1] = '\0';
	last = strrchr(s, '\n') + 1;
	assert_true(
	    !strncmp(last, "F,All clients,host-a,", 21)); /* fio 3.7 names the last client */
	assert_non_null(strstr(last, ",93198.150858,0,"));
	assert_non_null(strstr(last, ",3413511.909894,,")); /* mean, then empty p99 */
	free(s);
}

/* a job name with commas is quoted (RFC 4180) */
static void quoted_name(void **state)
{
	char *s =
	    rows_of("c08-fioanalyzer-fio340-truncated-jobname/fio_results_example_readwrite.json");

	(void)state;
	assert_true(!strncmp(s, "F,\"hourly_automated_test,pattern:read,", 38));
	assert_non_null(strstr(s, "\",,readwrite,4096,1,1,10084.191581,10056.894311,"));
	free(s);
}

/* no options in fio 2.1.4 output: rw, bs, numjobs, iodepth empty, not fio's defaults */
static void unknown_options_empty(void **state)
{
	char *s = rows_of("c06-pkb-fio214-5jobs-no-timestamp/fio-parser-sample-result.json");

	(void)state;
	assert_true(!strncmp(s, "F,sequential_write,,,,,,0,133,", 30));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(header_exact),	     cmocka_unit_test(fio2_row),
	    cmocka_unit_test(client_server_rows),    cmocka_unit_test(quoted_name),
	    cmocka_unit_test(unknown_options_empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
