/* SPDX-License-Identifier: GPL-2.0-only
 *
 * cells.h - the cells of a SNIA PTS round and what fio measured in each, shared by ssd-review
 * (the round's jobfile, its tracking variable after each round) and ssdreport (the tables and
 * plots). A cell is one read/write mix at one block size of a phase (catalogue_pts_phase); in a
 * round's fio JSON each cell is the job named pts_cell_name().
 *
 * Units: IOPS; MB/s = 10^6 bytes/s (as the PTS reports throughput); latency in ns.
 */
#ifndef SSDENG_PTS_CELLS_H
#define SSDENG_PTS_CELLS_H

#include <stdbool.h>
#include <stddef.h>

#include "catalogue/catalogue.h"

/**
 * pts_cell_name() - the fio job name of a cell: "<phase>.r<mix>.<bs>" ("iops.r65.4k").
 * Return: 0, or -ENAMETOOLONG.
 */
int pts_cell_name(const char *phase, int mix, const char *bs, char *out, size_t len);

/**
 * pts_point_name() - the fio job name of a cell at TC @tc / QD @qd of a matrix phase (DIRTH):
 * "<phase>.r<mix>.<bs>.t<tc>q<qd>" ("dirth.r65.8k.t32q32"); @tc 0: pts_cell_name()'s.
 * Return: 0, or -ENAMETOOLONG.
 */
int pts_point_name(const char *phase, int mix, const char *bs, unsigned int tc, unsigned int qd,
		   char *out, size_t len);

/** pts_prewrite_name() - the job name of a matrix round's pre-write: "<phase>.prewrite". */
int pts_prewrite_name(const char *phase, char *out, size_t len);

/* fio's rw of a cell: read/write/rw for sequential, randread/randwrite/randrw for random. */
const char *pts_cell_rw(bool random, int mix);

/**
 * pts_block_bytes() - a phase's block size in bytes: "512" -> 512, "4k" -> 4096, "1m" (a size
 * as record/size.h reads it).
 * Return: bytes, 0 for a size that is not one.
 */
unsigned long long pts_block_bytes(const char *bs);

/**
 * pts_cell_applicable() - whether a cell of block size @bs can run on a drive whose logical
 * block is @lbs bytes: its transfers must be whole logical blocks (a 0.5 KiB cell cannot run on
 * a 4096-byte-block drive; SBC-4 and NVMe address whole blocks). @lbs 0 (a file, unknown):
 * every cell can.
 */
bool pts_cell_applicable(const char *bs, unsigned int lbs);

/* What fio measured in one cell (both directions together). */
struct pts_cell_result {
	bool found;
	double iops;		/* read + write IOPS */
	double mbps;		/* read + write MB/s (10^6 bytes per s) */
	double lat_mean_ns;	/* total latency (fio lat_ns: submission to completion, the PTS's
				 * response time) over every I/O, weighted by count */
	double lat_max_ns;	/* the larger of the directions' total latency (lat_ns) maxima */
	double p99999_ns;	/* 99.999th percentile of completion latency (fio clat_ns: fio's
				 * percentiles are of clat), the larger of the directions' (NaN:
				 * fio did not report it) */
	unsigned long long ios; /* I/Os completed */
	double write_bytes;	/* bytes written (fio write.io_bytes) */
	int error;		/* fio's job error (0 none) */
	double usr_cpu,
	    sys_cpu; /* fio's job usr_cpu and sys_cpu: percent of one CPU over the
		      * job's runtime (group_reporting: the threads' sum); NaN: absent */
};

/**
 * pts_cell_from_fio() - the cell named @name in a round's fio JSON document @fio (an object
 * "jobs": [...] as fio --output-format=json writes it), its figures read by record/fio_keys.h's
 * rules (the ones ssdreport's model is read by).
 * Return: 0; -ENOENT when no job has that name; -EINVAL for a job without read/write figures.
 */
int pts_cell_from_fio(const struct json_object *fio, const char *name, struct pts_cell_result *out);

/**
 * pts_tracking_value() - @metric ("iops", "mbps", "lat_mean") of @c; NaN when not found or
 * when the cell moved no data.
 */
double pts_tracking_value(const struct pts_cell_result *c, const char *metric);

/**
 * pts_tracking_format() - a tracking value for people, in the PTS's units: "52609 IOPS",
 * "812.3 MB/s", "mean latency 588.7 µs" (@v in ns for "lat_mean"), "no value" for NaN.
 * Return: @out.
 */
const char *pts_tracking_format(const char *metric, double v, char *out, size_t len);

#endif
