/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * report.h - "ssdreport -o DIR": the model rendered as a review (render/sections.h says what the
 * page holds): index.html and report.md, one CSV per table, gnuplot charts (.gp + .dat + .csv +
 * .png + .svg), a detail page per test under tests/, written atomically.
 */
#ifndef SSDREPORT_REPORT_H
#define SSDREPORT_REPORT_H

#include <stdbool.h>

#include "analyse/analysis.h"
#include "render/report_opts.h"
#include "util/diag.h"
#include "model/model.h"

/**
 * sr_report_write() - write the whole report, atomically: a temporary directory in the same
 * parent is filled and swapped with @o->outdir only when everything succeeded
 * (output/report_dir.h).
 * @m: the model
 * @a: its analysis (sr_analyse() with @o->cat), done before: nothing is computed here
 * @o: options
 * @d: diagnostics (d->err set on failure)
 *
 * Return: 0; -EEXIST when @o->outdir exists and is not a report, -ENOENT when its parent
 * directory is missing (bad input; nothing touched);
 * -ENOMEM, -ENOSPC or -EIO on an I/O failure or when gnuplot fails (internal failure).
 */
int sr_report_write(const struct sr_model *m, const struct sr_analysis *a,
		    const struct sr_report_opts *o, struct sr_diag *d);

#endif
