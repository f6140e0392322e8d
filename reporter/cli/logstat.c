// SPDX-License-Identifier: GPL-2.0-only
/*
 * logstat.c - the hidden `ssdreport logstat` subcommand (see logstat.h).
 */
#include "cli/logstat.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_log.h"

struct file_stat {
	uint64_t rows[SR_DDIR_NR];
	double sum[SR_DDIR_NR];
	uint64_t t_first, t_last;
};

static int stat_file(const char *path, unsigned int flags, struct file_stat *st,
		     enum sr_log_kind *kind)
{
	struct sr_log_opts opts = {.lat_unit = SR_LAT_NS, .flags = flags};
	struct sr_log_reader *r;
	struct sr_log_row row;
	uint64_t total = 0;
	char err[512];
	int ret;

	memset(st, 0, sizeof(*st));
	ret = sr_log_open(&r, path, &opts, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "ssdreport: logstat: %s\n", err);
		return ret == -ENOMEM ? 1 : 2;
	}
	*kind = sr_log_reader_kind(r);
	while ((ret = sr_log_next(r, &row)) > 0) {
		if (total++ == 0)
			st->t_first = row.time_ms;
		st->t_last = row.time_ms;
		st->rows[row.ddir]++;
		st->sum[row.ddir] += row.value;
	}
	if (ret < 0)
		fprintf(stderr, "ssdreport: logstat: %s\n", sr_log_error(r));
	sr_log_close(r);
	return ret < 0 ? 2 : 0;
}

static void print_stat(const char *path, enum sr_log_kind kind, const struct file_stat *st)
{
	uint64_t total = st->rows[0] + st->rows[1] + st->rows[2];
	int d;

	printf("%s,%s,%llu,%llu,%llu,%llu,", path, sr_log_kind_name(kind),
	       (unsigned long long)total, (unsigned long long)st->rows[0],
	       (unsigned long long)st->rows[1], (unsigned long long)st->rows[2]);
	if (total)
		printf("%llu,%llu", (unsigned long long)st->t_first,
		       (unsigned long long)st->t_last);
	else
		putchar(',');
	for (d = 0; d < SR_DDIR_NR; d++) {
		putchar(',');
		if (st->rows[d])
			printf("%.1f", st->sum[d] / (double)st->rows[d]);
	}
	putchar('\n');
}

int sr_logstat_main(int argc, char **argv)
{
	unsigned int flags = 0;
	struct file_stat *st = NULL;
	enum sr_log_kind *kind = NULL;
	int i = 1, rc = 0;

	if (i + 1 < argc && strcmp(argv[i], "--flags") == 0) {
		flags = (unsigned int)strtoul(argv[i + 1], NULL, 0);
		i += 2;
	}
	if (i >= argc) {
		fputs("usage: ssdreport logstat [--flags N] FILE...\n", stderr);
		return 2;
	}
	/* every file first: a failure leaves no partial CSV on stdout */
	st = calloc((size_t)(argc - i), sizeof(*st));
	kind = calloc((size_t)(argc - i), sizeof(*kind));
	if (!st || !kind) {
		rc = 1;
		goto out;
	}
	for (int k = i; k < argc; k++) {
		int ret = stat_file(argv[k], flags, &st[k - i], &kind[k - i]);

		if (ret)
			rc = ret;
	}
	if (rc)
		goto out;
	puts("file,kind,rows,read_rows,write_rows,trim_rows,t_first_ms,t_last_ms,read_mean,"
	     "write_mean,trim_mean");
	for (int k = i; k < argc; k++)
		print_stat(argv[k], kind[k - i], &st[k - i]);
out:
	free(st);
	free(kind);
	return rc;
}
