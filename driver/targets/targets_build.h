/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * targets_build.h - the state rv_targets_build() keeps while it reads the options, and the
 * list it grows, shared by targets.c (drives and groups) and targets_client.c (fio servers).
 * Internal to targets/.
 */
#ifndef SSDENG_DRIVER_TARGETS_BUILD_H
#define SSDENG_DRIVER_TARGETS_BUILD_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/options.h"
#include "targets/target.h"

struct rv_tbuild {
	const struct rv_opts *o;
	uint64_t limit; /* --span, else the profile's; 0: the whole drive */
	struct rv_targets *ts;
	char *err;
	size_t errlen;
};

/* A new target labelled @label at the end of the list (NULL: out of memory). */
struct rv_target *rv_tb_target(struct rv_tbuild *b, const char *label, enum rv_ttype type);

/* A new drive of @t (NULL: out of memory). */
struct rv_dev *rv_tb_dev(struct rv_target *t);

/* The refusal @fmt with @a and @c into the error buffer; returns -EINVAL. */
int rv_tb_fail(struct rv_tbuild *b, const char *fmt, const char *a, const char *c);

/* Whether a target before the last one has @label. */
bool rv_tb_taken(struct rv_tbuild *b, const char *label);

#endif
