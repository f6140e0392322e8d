/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * batch.h - a run's child rows (its tests, its figures) written several to a statement: one
 * multi-row INSERT per LIB_BATCH_PARAMS parameters instead of one a row, so that adding a run
 * to a PostgreSQL server takes a few round trips, not one per row (internal to library/).
 */
#ifndef SSDENG_LIBRARY_BATCH_H
#define SSDENG_LIBRARY_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "library/backend.h"
#include "library/schema.h"

/* Parameters a statement binds at most: within SQLite's oldest limit (999) and PostgreSQL's
 * (65535). */
#define LIB_BATCH_PARAMS 999

/**
 * lib_insert_rows() - the rows of child table @t (tests or figures) of run @id, in their order
 * (seq 0, 1, ...), in one transaction the caller holds.
 * @l:    the library
 * @t:    the table (lib_tests_table, lib_figures_table)
 * @id:   the run's id
 * @recs: @nrec structs of @size bytes (struct lib_test or lib_figure)
 * @what: what is done, for the message
 *
 * Return: 0 or a negative errno (store.h) with lib_error()'s message; on failure the caller
 * rolls back.
 */
int lib_insert_rows(struct lib *l, const struct lib_table *t, int64_t id, const void *recs,
		    size_t size, size_t nrec, const char *what);

#endif
