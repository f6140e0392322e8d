/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobfile.h - jobfile text as the driver hands it to fio: ${VAR} filled in (for a fio server,
 * which would substitute from its own environment, and to check before the first write that
 * every variable a jobfile uses is set), the job section repeated per drive of a group, and
 * the one-job probe that checks an engine and its option on a drive by reading a few KiB.
 * Pure text functions; jobfiles/README.md describes the rewriting.
 */
#ifndef SSDENG_DRIVER_JOBFILE_H
#define SSDENG_DRIVER_JOBFILE_H

#include <stddef.h>

#include "plan/plan.h"

/**
 * rv_jobfile_expand() - @text with every ${NAME} replaced by its value in @env, and every line
 * holding an optional ${?NAME} either filled in the same way or, when @env does not set NAME,
 * left out whole (a template's option the catalogue row may not have: "bssplit=${?SSD_BSSPLIT}").
 * @text:    a jobfile
 * @env:     the values
 * @out:     output, malloc'ed (the caller frees it), NULL on failure
 * @missing: on -ENOENT, "line 12: ${SSD_RUNTIME}", a required ${NAME} @env does not set (a
 *           comment line's ${NAME} is left as it is and never missing)
 * @mlen:    size of @missing
 * Return: 0; -ENOENT for a variable @env does not set; -ENOMEM.
 */
int rv_jobfile_expand(const char *text, const struct rv_env *env, char **out, char *missing,
		      size_t mlen);

/* A drive of a group: its job section's name and its node. */
struct rv_jobfile_member {
	const char *name; /* "ng0n1", or M of M:DEV */
	const char *node; /* filename= */
};

/**
 * rv_jobfile_group() - @text with its one job section repeated per drive: [M], filename=node,
 * group_reporting=1 and, from the second drive on, new_group=1 (each drive its own fio group,
 * all started together). The [global] section stays as it is.
 * @out: output, malloc'ed
 * Return: 0, -EINVAL when @text has no job section, -ENOMEM.
 */
int rv_jobfile_group(const char *text, const struct rv_jobfile_member *m, size_t n, char **out);

/**
 * rv_jobfile_probe() - a job that reads 16 KiB from offset 0 of @node with @ioengine and
 * @engine_opt (direct=1, as every review jobfile): fio then loads the engine, parses its
 * option and runs its setup on the drive without writing (run it with fio --readonly).
 * Return: 0, or -ENAMETOOLONG.
 */
int rv_jobfile_probe(const char *ioengine, const char *engine_opt, const char *node, char *out,
		     size_t len);

/**
 * rv_jobfile_probe_bs() - the probe job reading one transfer of @bs bytes from offset 0: the
 * engine's setup then refuses a transfer larger than the drive takes (a SNIA PTS 1024 KiB cell
 * on a drive whose largest transfer is 512 KiB) before anything is written.
 * Return: 0, or -ENAMETOOLONG.
 */
int rv_jobfile_probe_bs(const char *ioengine, const char *engine_opt, const char *node,
			unsigned long long bs, char *out, size_t len);

#endif
