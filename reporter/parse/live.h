/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * live.h - `ssdreport --live OUT`: the report of a run still going on. OUT/status.json (read by
 * the record, record/status.h) into the model's struct sr_live: the running test and its
 * progress, the tests done and left, the ETA by the plan and at the measured pace; and each
 * drive folder's latest temperature from the run's telemetry (the record's), so the page can
 * say at its top that the run is live.
 */
#ifndef SSDREPORT_PARSE_LIVE_H
#define SSDREPORT_PARSE_LIVE_H

#include "model/model.h"
#include "util/diag.h"

/* The page reloads itself this often while the run is live, seconds. */
#define SR_LIVE_REFRESH_S 60

/**
 * sr_live_load() - m->live from @out/status.json, and a temperature per drive of @m (load the
 * drives first).
 * @m:   the model
 * @out: the results directory the run writes (ssd-review's --out)
 * @d:   diagnostics (d->err names the file)
 * Return: 0; -ENOENT (no status.json: not a results directory of ssd-review) or -EINVAL (not a
 * status file); -ENOMEM.
 */
int sr_live_load(struct sr_model *m, const char *out, struct sr_diag *d);

#endif
