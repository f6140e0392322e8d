// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_log_fuzz.c - libFuzzer harness: arbitrary bytes as a fio interval log, read row by row
 * with the reporter's streaming reader (sr_log_open()/sr_log_next()). The first byte picks the
 * layout flags (SR_LOGF_*) the caller would pass; the rest is the file, served from a memfd so
 * the reader does its real open()/read() path. The same bytes are also tried as a log file
 * name (sr_log_parse_name()).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "parse/fio_log.h"

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
	return 0;
}
