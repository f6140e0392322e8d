/* SPDX-License-Identifier: GPL-2.0-only */
/* usage.h - ssd-review --help: every option, the checks, locks, results layout, exit status. */
#ifndef SSDENG_DRIVER_USAGE_H
#define SSDENG_DRIVER_USAGE_H

#include <stdio.h>

/** rv_usage() - print the help to @out. */
void rv_usage(FILE *out);

#endif
