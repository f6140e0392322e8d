/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * library_with.h - ssdreport --library FILE --with N|MODEL: drives of the results library set
 * beside the reviewed drive as columns of its page (docs/library.md), the way --reference puts
 * published figures there: each is a drive of the model made from the library's stored headline
 * figures (analyse/headline.h), with drv->library saying which run it is.
 */
#ifndef SSDREPORT_CLI_LIBRARY_WITH_H
#define SSDREPORT_CLI_LIBRARY_WITH_H

#include <stddef.h>

#include "model/model.h"
#include "util/diag.h"

/* What --with asked for. */
struct sr_lib_with {
	const char *library;	   /* --library FILE (or $SSDENG_LIBRARY, the default location) */
	long nearest;		   /* --with N: the N closest drives (0: none asked) */
	const char *const *models; /* --with MODEL, each one */
	size_t nmodels;
};

/**
 * sr_lib_with_parse() - one --with argument: a positive number, or a model.
 * @arg: the option's value
 * @w:   where a number goes (w->nearest); a model is left for the caller
 * @d:   diagnostics: "--with 0: expected a positive number of drives or a model"
 *
 * Return: 1 a number, 0 a model, -EINVAL a number that is not positive (or too large).
 */
int sr_lib_with_parse(const char *arg, struct sr_lib_with *w, struct sr_diag *d);

/**
 * sr_lib_with_load() - add the library drives --with asks for to @m as drives after its own.
 * @m:     the model, the reviewed drive(s) loaded; the first drive with results is the one the
 *         closest are chosen for
 * @w:     what to add
 * @flags: compare-style notes where a library run was made differently (span, block size of a
 *         test, fio version), appended (free() each and the array)
 * @nflags: their number
 * @d:     diagnostics; d->err names the library, the option and what is wrong
 *
 * --with N takes complete runs of the reviewed drive's profile, transport and capacity class
 * (the same power of two of gigabytes), not the reviewed run itself, one (the newest) per drive
 * (model and serial), newest first; --with MODEL the newest complete run of that model (any
 * case) and profile. A drive's figures are the library's: each summary figure put into one run of
 * one test (the total of a mixed test as its only side), an application workload's totals, none
 * of the curves (those need every point).
 *
 * Return: 0; -ENOENT (no such library or model; d->err says which), -EINVAL (no drive to
 * compare with), -ENOMEM, or the library's error.
 */
int sr_lib_with_load(struct sr_model *m, const struct sr_lib_with *w, char ***flags, size_t *nflags,
		     struct sr_diag *d);

#endif
