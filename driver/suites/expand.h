/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * expand.h - a test's jobfile as fio gets it on one target: a group's job sections repeated
 * per drive (jobfile.h), a client run's per-host file, the ${VAR}s filled in. Used by the
 * preflight that parses every one, the run of a test and a PTS round.
 */
#ifndef SSDENG_DRIVER_EXPAND_H
#define SSDENG_DRIVER_EXPAND_H

#include <stddef.h>

#include "plan/plan.h"
#include "state/run.h"

/**
 * rv_expand_test() - the jobfile text fio gets for test @i on target @t: the group rewrite,
 * then, for a fio client run (@host not NULL: that host's drive), every ${VAR} filled in.
 * @env:   the test's variables (SSD_DEV and SSD_LOG are replaced for @host)
 * @out:   malloc'ed text
 * @err, @errlen: an unreadable jobfile, a variable the driver does not set
 * Return: 0, -ENOENT, -EINVAL, -ENOMEM.
 */
int rv_expand_test(struct rv_run *r, const struct rv_target *t, size_t i,
		   const struct rv_target *host, const struct rv_env *env, char **out, char *err,
		   size_t errlen);

#endif
