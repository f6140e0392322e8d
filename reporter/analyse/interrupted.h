/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interrupted.h - whether a job's figures are those of a run cut short: fio printed that it was
 * terminating on a signal (its "fio: terminating on signal N" line in the output), or a
 * time_based job ran for less than its runtime by more than its ramp time and a tolerance
 * (fio's "elapsed" counts the ramp: a job stopped early still writes its JSON, figures of the
 * time it ran). Pure: reads the model.
 */
#ifndef SSDREPORT_INTERRUPTED_H
#define SSDREPORT_INTERRUPTED_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"

/* What a time_based job may fall short of its runtime before it counts as interrupted: fio's
 * "elapsed" is whole seconds, and jobs stop a little apart. */
#define SR_INTERRUPTED_TOL_S 2.0
#define SR_INTERRUPTED_TOL_FRAC 0.02

/**
 * sr_run_interrupted() - whether run @r of test @t was cut short, and why.
 * @t:   the test (its fio_signal)
 * @r:   one of its runs (elapsed_s, runtime_s, ramp_s, time_based)
 * @why: out, may be NULL: "fio was terminating on signal 2", "ran 49 s of its 300 s runtime
 *       (time_based, ramp 0 s)"
 * @len: size of @why
 *
 * Return: true when interrupted: fio's signal line, or time_based with a runtime, an elapsed
 * time, and runtime - elapsed > ramp + max(SR_INTERRUPTED_TOL_S, SR_INTERRUPTED_TOL_FRAC *
 * runtime), unless fio's steady state (ss=) was attained, which ends a job early by design.
 */
bool sr_run_interrupted(const struct sr_test *t, const struct sr_run *r, char *why, size_t len);

#endif
