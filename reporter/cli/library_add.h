/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * library_add.h - a drive of the model as a run of the results library: its identity and record
 * (drive.json, run.json), its tests, and its headline figures (analyse/headline.h).
 */
#ifndef SSDREPORT_CLI_LIBRARY_ADD_H
#define SSDREPORT_CLI_LIBRARY_ADD_H

#include "analyse/analysis.h"
#include "library/store.h"

/* What the user says of anyone's fio results (they have no drive.json). */
struct sr_lib_given {
	const char *model, *firmware, *label;
};

/* A run's rows, ready for lib_add_run(). */
struct sr_lib_rows {
	struct lib_run run;
	struct lib_test *tests;
	size_t ntests;
	struct lib_figure *figs;
	size_t nfigs;
};

/**
 * sr_lib_rows_of() - drive @dv of the analysed model as library rows.
 * @an:    the analysis (its review's model)
 * @cat:   the catalogue (NULL: no headline figures)
 * @dv:    the drive
 * @given: --model, --firmware, --label (fields NULL when not given)
 * @out:   the rows (sr_lib_rows_free())
 *
 * The run's key is its manifest id; results without one are keyed by a hash of their fio files'
 * contents (read here). Return: 0, -ENOMEM, or -errno of a file that cannot be read.
 */
int sr_lib_rows_of(const struct sr_analysis *an, const struct catalogue *cat, size_t dv,
		   const struct sr_lib_given *given, struct sr_lib_rows *out);

/**
 * sr_lib_run_of() - the `runs` row of drive @drv (drive.json, run.json, its results' files):
 * what sr_lib_rows_of() stores, without tests and figures (no analysis needed).
 * @drv:   the drive
 * @given: what the user said of anyone's fio results, or NULL
 * @u:     out (lib_run_free())
 *
 * Return: 0, -ENOMEM, or an error reading a result file for the content key.
 */
int sr_lib_run_of(const struct sr_drive *drv, const struct sr_lib_given *given, struct lib_run *u);

void sr_lib_rows_free(struct sr_lib_rows *r);

#endif
