/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pts_cache.h - the drive's volatile write cache through a SNIA PTS test: set as the variant
 * asks (PTS-E v2.0.2 disabled, PTS-C v2.0 enabled; pts/variant.h) through the drive
 * (drive.h, libssdctl) before the test's first write, and the drive's own setting put back when
 * the test ends however it ends (done, failed, stopped by SIGINT or SIGTERM: rv_pts_run() has
 * one end) and, after a kill, by the --resume that goes on with the test: the setting found is
 * kept in run.json's record (record/run.h "cache"). A drive that refuses is named in the record
 * and the report's header, never tested as compliant.
 */
#ifndef SSDENG_DRIVER_PTS_CACHE_H
#define SSDENG_DRIVER_PTS_CACHE_H

#include <stdbool.h>
#include <stddef.h>

#include "drive/drive.h"
#include "record/run.h"

/* What setting the cache returned: rv_drive_cache_set()'s outcome. */
struct rv_cache_result {
	int rc;		   /* 0, RV_CACHE_REFUSED, or a negative errno */
	int before, after; /* 1, 0, -1 not reported */
	const char *err;   /* the message when rc != 0 */
};

/**
 * rv_pts_cache_applies() - whether the driver sets the cache of a drive of @kind (NVMe and
 * SCSI nodes); otherwise *@why says why not ("a regular file: ...").
 */
bool rv_pts_cache_applies(enum rv_kind kind, const char **why);

/**
 * rv_pts_cache_record() - what a cache change means for the test's record: @rec's cache_*
 * fields, its write_cache sentence, and a not_compliant reason when the drive could not be set.
 * Pure.
 * @rec:     the test's "pts" record
 * @enable:  the setting the variant wants
 * @why_na:  non-NULL: the cache does not apply (@res is not read), why
 * @res:     what rv_drive_cache_set() returned
 * @earlier: the resumed run's record of the test or NULL: when it set the cache, its original
 *           setting is the drive's own (the one read now is the earlier session's change)
 * Return: 0 or -ENOMEM.
 */
int rv_pts_cache_record(struct rec_pts *rec, bool enable, const char *why_na,
			const struct rv_cache_result *res, const struct rec_pts *earlier);

/**
 * rv_pts_cache_apply() - set the cache of the drive at @path (@kind) as the variant wants and
 * record it (rv_pts_cache_record()); @line gets the progress line.
 */
void rv_pts_cache_apply(const char *path, enum rv_kind kind, bool enable,
			const struct rec_pts *earlier, struct rec_pts *rec, char *line, size_t len);

/**
 * rv_pts_cache_after_purge() - the setting again after a purge, which may have reset the
 * drive's features (a format to defaults): set once more when the test set or found it
 * (nothing is sent when it is still as wanted). A drive now refusing is recorded as by
 * rv_pts_cache_record(). @line: the progress line, empty when the purge left it as it was.
 */
void rv_pts_cache_after_purge(const char *path, enum rv_kind kind, struct rec_pts *rec, char *line,
			      size_t len);

/**
 * rv_pts_cache_restore() - put back the drive's own setting @rec recorded, when the test
 * changed it; rec->cache_restored says how it went, and @line (empty when nothing was done)
 * the progress line.
 */
void rv_pts_cache_restore(const char *path, struct rec_pts *rec, char *line, size_t len);

#endif
