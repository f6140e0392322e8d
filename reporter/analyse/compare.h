/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compare.h - "ssdreport compare": results made at different times or places (and by different
 * fio versions) side by side, refused where a test's parameters differ between them.
 */
#ifndef SSDREPORT_COMPARE_H
#define SSDREPORT_COMPARE_H

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_compare_check() - check that every test held by several drives ran the same workload.
 * @m: the model (one drive per results directory)
 * @d: diagnostics; d->err names the test, the parameter and both sides on a mismatch
 *
 * For each test id, every drive holding it is compared with the first one that does, on the
 * first result of the test (results.h): rw, bs (bytes), T/Q (threads x queue depth per thread)
 * and the ssd-review profile from run.json (quick/full; skipped where either side has no
 * run.json). fio versions may differ: the model is in base units whatever fio wrote it.
 *
 * Return: 0 when all match; -EINVAL on the first difference, e.g.
 *   "test fc-4k-randread: bs differs: old/nvme0 4096 B, new/nvme0 8192 B"; -ENOMEM.
 */
int sr_compare_check(const struct sr_model *m, struct sr_diag *d);

#endif
