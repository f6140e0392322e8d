/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h - what the subcommands of ssdreport share (cli.c).
 */
#ifndef SSDREPORT_CLI_CLI_H
#define SSDREPORT_CLI_CLI_H

#include <stddef.h>

#include "catalogue/catalogue.h"
#include "util/diag.h"

/**
 * sr_cli_load_catalogue() - the test catalogue: @given (--catalogue), else the one the results
 * were planned from, else catalogue_find(); none found is no error (*@cat NULL, @note says why).
 * Return: 0, -EINVAL (named in @d), -ENOMEM.
 */
int sr_cli_load_catalogue(const char *given, const char *const *inputs, size_t ninputs,
			  struct catalogue **cat, char *note, size_t len, struct sr_diag *d);

/* The exit status of an error: 1 internal (memory, I/O), 2 bad input. */
int sr_cli_exit_code(int rc);

#endif
