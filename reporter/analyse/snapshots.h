/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * snapshots.h - the review's four preconditioning metrics per interval from fio
 * --status-interval output: consecutive JSON documents are cumulative snapshots of one run, so
 * the I/Os, mean and stddev of the completions between two of them follow from the two
 * N/mean/stddev triples (sr_nms_between(), stats.h).
 *
 * Per interval (k-1, k] (the first from the start of the run to snapshot 0), summed over the
 * jobs of the document (the "All clients" entry left out), per direction read and write:
 *   IOPS    = (total_ios_k - total_ios_k-1) / (runtime_k - runtime_k-1), runtime the largest
 *             per-direction "runtime" of the document (ms);
 *   latency = completion latency (clat) N/mean/stddev of the jobs combined (sr_nms_combine()),
 *             then the interval's part (sr_nms_between());
 *   max     = a snapshot holds only the running maximum: the interval's maximum is known exactly
 *             when the running maximum grew in it (it is then the new maximum), else only that
 *             it is <= the running maximum, and it is left absent. The read+write maximum is
 *             given when a known direction maximum is >= every unknown direction's bound.
 * Then sr_precond_metrics(): throughput R+W, average weighted by IOPS, mean of the two stddevs.
 */
#ifndef SSDREPORT_SNAPSHOTS_H
#define SSDREPORT_SNAPSHOTS_H

#include <stddef.h>

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_snapshot_intervals() - the four metrics between consecutive snapshots.
 * @docs: the documents of one file, oldest first (sr_fio_json_parse() with all = true)
 * @n:    number of documents
 * @out:  out: @n intervals (t_s = the later snapshot's runtime, s), caller frees
 * @d:    diagnostics (errors name d->file)
 *
 * Return: 0; -EINVAL when the documents do not hold the same jobs, the runtime does not grow or
 * a count goes backwards (not snapshots of one run); -ENOMEM.
 */
int sr_snapshot_intervals(const struct sr_test *docs, size_t n, struct sr_interval **out,
			  struct sr_diag *d);

#endif
