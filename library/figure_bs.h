/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * figure_bs.h - the figures a library page ranks, each with its test's block size, read in one
 * statement: what `ssdreport library report` needs of the library's 250 tests a run (a ranking
 * marks a run whose test ran another block size), without reading those rows whole.
 */
#ifndef SSDENG_LIBRARY_FIGURE_BS_H
#define SSDENG_LIBRARY_FIGURE_BS_H

#include <stddef.h>
#include <stdint.h>

#include "library/store.h"

/**
 * lib_figures_bs() - every figure of the library, as lib_figures() gives them (by run, in their
 * order in the run), and the block size of each one's test.
 * @l:   the library
 * @out: the figures (lib_figures_free())
 * @bs:  @out's tests' block sizes, one per figure, in bytes; -1 when the test's is not recorded
 *       or the run holds no such test (free())
 * @n:   how many figures
 *
 * Return: 0 or a negative errno (store.h), nothing returned then.
 */
int lib_figures_bs(struct lib *l, struct lib_figure **out, int64_t **bs, size_t *n);

#endif
