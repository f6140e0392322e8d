/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * targets.h - what a run writes results for: each --drive (one drive), each --group (several
 * drives tested at once), or, with --client, the combined client/server results and one
 * directory per fio server. Each is a label (OUT/<label>/); each local drive is classified,
 * sized and mapped to the node its engine needs (drive.h) before anything runs.
 */
#ifndef SSDENG_DRIVER_TARGETS_H
#define SSDENG_DRIVER_TARGETS_H

#include <stddef.h>

#include "catalogue/catalogue.h"
#include "cli/options.h"
#include "targets/target.h"

/**
 * rv_targets_build() - check and describe every drive of @o.
 * @o:        options (drives, groups, clients, engine, span, --yes, --allow-mounted)
 * @profile:  the profile (its default span)
 * @ts:       output (rv_targets_free())
 * @err, @errlen: the refusal, naming the option and drive: a missing device, one the engine
 *            cannot drive, the same drive twice, data without --yes, a mounted filesystem, a
 *            span under 16 MiB
 * Return: 0, -EINVAL (refused: exit status 2), -ENOMEM.
 */
int rv_targets_build(const struct rv_opts *o, const struct catalogue_profile *profile,
		     struct rv_targets *ts, char *err, size_t errlen);

/**
 * rv_targets_identify() - read every local drive's identity (`ssdctl info`) once, for the
 * manifest and drive.json; a drive ssdctl cannot describe gets a note instead.
 */
void rv_targets_identify(struct rv_targets *ts);

void rv_targets_free(struct rv_targets *ts);

/** rv_targets_find() - the target labelled @label, or NULL. */
struct rv_target *rv_targets_find(struct rv_targets *ts, const char *label);

#endif
