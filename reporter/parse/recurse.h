/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * recurse.h - ssdreport -R: the folders under an INPUT that hold results, however deep
 * (benchmarks/<host>/<device>/<bs>/<file>.json), each then read as an INPUT named on the command
 * line is (parse/inputs.h: a folder of results, or of folders of results).
 */
#ifndef SSDREPORT_PARSE_RECURSE_H
#define SSDREPORT_PARSE_RECURSE_H

#include <stddef.h>

#include "util/diag.h"

/**
 * sr_inputs_recurse() - expand folders into the folders below them that hold results.
 * @inputs: the command line's INPUTs (folders or files)
 * @n:      their number
 * @out:    a new array of new strings (free each, then the array): a file as given; a folder
 *          as given when it holds a file, or folders directly in it do and none of them holds
 *          folders alone (what ssdreport reads without -R), else the same rule applied to each
 *          folder in it, in name order, at
 *          most SR_RECURSE_DEPTH levels down; hidden entries and symbolic links to folders
 *          are not followed; a folder with nothing below it is kept (its error is the load's)
 * @nout:   their number
 * @d:      diagnostics (a folder that cannot be read is named)
 *
 * Return: 0, -ENOMEM.
 */
int sr_inputs_recurse(const char *const *inputs, size_t n, char ***out, size_t *nout,
		      struct sr_diag *d);

#define SR_RECURSE_DEPTH 16

#endif
