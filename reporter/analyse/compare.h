/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compare.h - "ssdreport compare": results made at different times or places (and by different
 * fio versions) side by side: the same drive of each run next to each other, refused where a
 * test's workload differs between them, flagged where the runs were made differently (profile,
 * span, fio or engine version, four-corners block sizes).
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
 * first result of the test (results.h): rw, bs (bytes) and T/Q (threads x queue depth per
 * thread). How the runs were made may differ (sr_compare_flags() names it): the model is in base
 * units whatever fio wrote it.
 *
 * Return: 0 when all match; -EINVAL on the first difference, e.g.
 *   "test fc-4k-randread: bs differs: old/nvme0 4096 B, new/nvme0 8192 B"; -ENOMEM.
 */
int sr_compare_check(const struct sr_model *m, struct sr_diag *d);

/**
 * sr_compare_flags() - how the runs of one drive were made differently: profile, span, fio
 * version, engine, the four corners' block sizes (run.json and its manifest's request; the fio
 * version also from the fio JSON).
 * @m:     the model, drives loaded by sr_inputs_load_dirs() (drive->run_label set)
 * @flags: out: one line per difference ("nvme0 profile: old/nvme0 quick, new/nvme0 full"),
 *         each and the array to free()
 * @n:     out: their number
 *
 * Return: 0 or -ENOMEM.
 */
int sr_compare_flags(const struct sr_model *m, char ***flags, size_t *n);

/**
 * sr_compare_pair() - order the drives so each drive's runs sit side by side: old/nvme0,
 * new/nvme0, old/sas0, new/sas0 (the order of first appearance, runs in the order given).
 * @m: the model
 */
void sr_compare_pair(struct sr_model *m);

#endif
