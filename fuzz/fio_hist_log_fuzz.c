// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_hist_log_fuzz.c - libFuzzer harness: arbitrary bytes as a fio clat histogram log, read row
 * by row with the reporter's streaming reader (sr_hist_open()/sr_hist_next(), which parses each
 * row in one pass with a look-ahead over runs of empty buckets) through a memfd, so the reader
 * does its real open()/read() path; then merged into 1-s windows (sr_hist_agg_add_file(), rows
 * bounded to 1 h as the reporter bounds them by the run's end) with every window read back.
 * Invariants: a row's non-empty columns are listed in order and are exactly the columns whose
 * count is not 0; a window counts no more jobs than were added.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "parse/fio_hist_log.h"
#include "parse/hist_interval.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int log_fd = -1;
static char log_path[64];

static void check_row(const struct sr_hist_row *row)
{
	unsigned k = 0;

	for (unsigned c = 0; c < row->nbuckets; c++) {
		if (!row->count[c])
			continue;
		if (k >= row->nnz || row->nz[k] != c)
			abort(); /* a non-empty column missing from the list, or out of order */
		k++;
	}
	if (k != row->nnz)
		abort(); /* an empty column listed */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sr_hist_reader *r = NULL;
	struct sr_hist_interval h;
	struct sr_hist_agg *a;
	struct sr_hist_row row;
	char err[256], path[128];

	if (log_fd < 0) {
		log_fd = memfd_create("fuzz_clat_hist.1.log", 0);
		if (log_fd < 0)
			abort();
		snprintf(log_path, sizeof(log_path), "/proc/self/fd/%d", log_fd);
	}
	if (ftruncate(log_fd, 0) != 0 || (size && pwrite(log_fd, data, size, 0) != (ssize_t)size))
		abort();
	if (sr_hist_open(&r, log_path, err, sizeof(err)) != 0)
		return 0;
	while (sr_hist_next(r, &row) > 0) /* to the end, or the first malformed line */
		check_row(&row);
	(void)sr_hist_error(r);
	sr_hist_close(r);

	/* a symlink named like fio's histogram log, as the reporter finds them */
	snprintf(path, sizeof(path), "/tmp/fio_hist_log_fuzz.%d_clat_hist.1.log", (int)getpid());
	unlink(path);
	if (symlink(log_path, path) != 0)
		return 0;
	if (sr_hist_agg_new(&a, 1000) == 0) {
		sr_hist_agg_set_end(a, 3600 * 1000);
		sr_hist_agg_add_file(a, path, 1, size ? 100u * (data[0] & 15u) : 0, err,
				     sizeof(err));
		for (size_t i = 0; i < sr_hist_agg_count(a); i++)
			if (sr_hist_agg_get(a, i, &h) != 0 || h.jobs > sr_hist_agg_jobs(a))
				abort();
		sr_hist_agg_free(a);
	}
	unlink(path);
	return 0;
}
