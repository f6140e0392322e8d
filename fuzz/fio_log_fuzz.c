// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_log_fuzz.c - libFuzzer harness: arbitrary bytes as a fio interval log, read row by row
 * with the reporter's streaming reader (sr_log_open()/sr_log_next()). The first byte picks the
 * layout flags (SR_LOGF_*) the caller would pass; the rest is the file, served from a memfd so
 * the reader does its real open()/read() path. The same bytes are also tried as a log file
 * name (sr_log_parse_name()), and merged into 1-s windows by the interval aggregator
 * (sr_log_agg_add_file(), as the iops, bw or clat log that bits 5-6 of the first byte pick),
 * with the log_avg_msec that the last byte picks (fio's timing: log_interval.h); every
 * window's figures are read back.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "parse/fio_log.h"
#include "parse/log_interval.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int log_fd = -1;
static char log_path[64];

static void try_name(const uint8_t *data, size_t size)
{
	char name[256];
	struct sr_log_name n;
	size_t k = size < sizeof(name) - 1 ? size : sizeof(name) - 1;

	memcpy(name, data, k);
	name[k] = '\0';
	sr_log_parse_name(name, &n);
}

/* The memfd as a log of the kind @sel picks, merged into windows; each window read back. */
static void aggregate(uint8_t sel, uint8_t avg, struct sr_log_opts *opts)
{
	static const uint32_t avg_ms[4] = {0, 100, 250, 1000};
	static const char *const kind[4] = {"iops", "bw", "clat", "iops"};
	struct sr_log_interval iv;
	struct sr_log_agg *a;
	char path[128], err[256];

	/* a symlink named like a fio log, so the aggregator can tell its kind */
	snprintf(path, sizeof(path), "/tmp/fio_log_fuzz.%d_%s.1.log", (int)getpid(),
		 kind[(sel >> 5) & 3]);
	unlink(path);
	if (symlink(log_path, path) != 0)
		return;
	opts->avg_ms = avg_ms[avg & 3];
	if (sr_log_agg_new(&a, 1000) == 0) {
		sr_log_agg_set_end(a, 3600 * 1000); /* the reporter bounds rows by the run's end */
		sr_log_agg_add_file(a, path, opts, err, sizeof(err));
		for (size_t i = 0; i < sr_log_agg_count(a); i++)
			if (sr_log_agg_get(a, i, &iv) != 0 ||
			    iv.iops_jobs > sr_log_agg_jobs(a, SR_LOG_IOPS) ||
			    iv.bw_jobs > sr_log_agg_jobs(a, SR_LOG_BW) ||
			    iv.lat_jobs > sr_log_agg_jobs(a, SR_LOG_CLAT))
				abort(); /* no window holds more jobs than were added */
		sr_log_agg_free(a);
	}
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sr_log_opts opts = {0};
	struct sr_log_reader *r = NULL;
	struct sr_log_row row;
	char err[256];

	try_name(data, size);
	if (size < 1)
		return 0;
	if (log_fd < 0) {
		log_fd = memfd_create("fuzz_clat.1.log", 0);
		if (log_fd < 0)
			abort();
		snprintf(log_path, sizeof(log_path), "/proc/self/fd/%d", log_fd);
	}
	opts.flags = data[0] & 0xfu;
	opts.lat_unit = (data[0] & 0x10) ? SR_LAT_US : SR_LAT_NS;
	if (ftruncate(log_fd, 0) != 0 ||
	    pwrite(log_fd, data + 1, size - 1, 0) != (ssize_t)(size - 1))
		abort();
	if (sr_log_open(&r, log_path, &opts, err, sizeof(err)) != 0)
		return 0;
	/* read to the end, or to the first malformed line as the reporter does */
	while (sr_log_next(r, &row) > 0)
		;
	(void)sr_log_error(r);
	sr_log_close(r);
	aggregate(data[0], data[size - 1], &opts);
	return 0;
}
