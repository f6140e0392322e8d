/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * run_plan.h - the whole plan of the suite a run asked for (run.json's manifest.request: suite,
 * sweep, four-corners block sizes, T/Q points, curve points) on a profile, as the driver planned
 * it (driver/plan/plan.c): what a subset run (ssd-review --only) is measured against.
 */
#ifndef SSDENG_REPORTER_RUN_PLAN_H
#define SSDENG_REPORTER_RUN_PLAN_H

#include <stddef.h>

#include "catalogue/catalogue.h"
#include "model/model.h"

/**
 * sr_run_plan() - catalogue_plan() of @ri's request on @profile.
 * @cat:     the catalogue, or NULL
 * @ri:      run.json of the run
 * @profile: the profile to plan on ("quick", "full"), or NULL
 * @out, @n: the tests (catalogue_plan_free())
 * @err, @errlen: catalogue_plan()'s message
 * Return: 0; -EINVAL without a catalogue, a suite or a profile (@err empty), or catalogue_plan()'s
 * error.
 */
int sr_run_plan(const struct catalogue *cat, const struct sr_run_info *ri, const char *profile,
		struct catalogue_test **out, size_t *n, char *err, size_t errlen);

#endif
