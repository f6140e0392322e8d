/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * telemetry.h - the drive's own account while a fio run goes on (docs/telemetry.md): a thread
 * samples each drive of the target through its admin path (drive/drive.h rv_drive_tel_*, never
 * the engine's I/O path) every profile's telemetry_interval_s, and appends each sample to the
 * test's OUT/<label>/telemetry/<test>.jsonl (record/telemetry.h); the OCP latency monitor is
 * set up at the start and read and restored at the end. fio runs in its own process: the
 * thread shares nothing with it but the drive.
 */
#ifndef SSDENG_DRIVER_SUITES_TELEMETRY_H
#define SSDENG_DRIVER_SUITES_TELEMETRY_H

#include <stddef.h>

#include "state/run.h"

struct rv_sampler;

/**
 * rv_sampler_start() - start sampling target @ti for test @test_id.
 * @part: a PTS round's or segment's name ("iops-round-03"), or NULL
 * Return: the sampler, or NULL when nothing is sampled (interval 0, no drive ssdctl reads, a
 * fio client run, a thread that could not start: said on stderr once).
 */
struct rv_sampler *rv_sampler_start(struct rv_run *r, size_t ti, const char *test_id,
				    const char *part);

/** rv_sampler_stop() - take a last sample, end the latency monitor, join; NULL is ignored. */
void rv_sampler_stop(struct rv_sampler *s);

#endif
