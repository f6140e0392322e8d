/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * structure.h - anyone's fio results arranged by their job parameters (model/params.h), read from
 * fio's own options, never from file or folder names: the tests no catalogue entry describes
 * (ssd-review's own tests keep their catalogue sections).
 *
 *  - a SWEEP: one parameter varies while the others hold: IOPS and latency against iodepth (one
 *    series per numjobs), against numjobs (iodepth held), against the block size (one series per
 *    rw), against the read mix (rwmixread of a mixed rw). Each source (drive, device, host) is
 *    its own series of the sweep. Sweeps of one axis that hold one series each and differ in one
 *    other parameter alone are one sweep with a series per value of it (a grid of 8 block sizes
 *    by 6 iodepths: IOPS against iodepth, a line per bs). The axes are taken in order (iodepth,
 *    numjobs, bs, mix) and a sweep of a later axis is kept only when it holds a job no earlier
 *    sweep holds: the transpose of a grid (against bs at each iodepth) is not drawn again.
 *  - a COMPARISON: the same job (every parameter but the device and host) on two or more sources:
 *    drives (or runs) of the model, devices (fio's filename=), hosts (client/server).
 *  - REPEATS: the same job on the same source in several documents, one per round of another
 *    tool's PTS script (analyse/rounds.h judges them): in neither of the above.
 */
#ifndef SSDREPORT_ANALYSE_STRUCTURE_H
#define SSDREPORT_ANALYSE_STRUCTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "analyse/review.h"
#include "model/params.h"

/* One result: a test of the review on one drive (one fio group of its file). */
struct sr_point {
	const struct sr_rtest *t;
	size_t drive;  /* index in the model's drives */
	size_t source; /* index in struct sr_structure.sources */
	struct sr_params p;
};

/* A source: a drive of the model, and the device and host fio names. */
struct sr_source {
	size_t drive;
	const char *target, *host; /* as in struct sr_params */
	char label[256];	   /* the drive's label, the device and host where they vary */
};

enum sr_axis { SR_AX_IODEPTH = 0, SR_AX_NUMJOBS, SR_AX_BS, SR_AX_MIX, SR_NAXES };

/* A sweep: points ordered by series (numjobs for iodepth, rw for bs; then source), then x. */
struct sr_sweep {
	enum sr_axis axis;
	sr_param_mask series; /* what its series vary besides the source: the axis's own
			       * (sr_axis_series(), rw and rwmixread for bs), or the one parameter
			       * sweeps of one series each were merged over */
	size_t *pts;	      /* indices into struct sr_structure.pts */
	size_t n;
	size_t nx; /* distinct values of the axis */
};

/* A comparison: one job's points, one per source (the first of a source's repeats kept). */
struct sr_cmp {
	size_t *pts;
	size_t n;
};

struct sr_structure {
	struct sr_point *pts;
	size_t npts;
	struct sr_source *sources;
	size_t nsources;
	struct sr_sweep *sweeps; /* by axis, then by the held parameters */
	size_t nsweeps;
	struct sr_cmp *cmps; /* by job parameters */
	size_t ncmps;
	bool *repeat; /* per point: the same job on the same source in another document too: a
		       * round of a series (analyse/rounds.h), in no sweep or comparison */
	bool *placed; /* per test of the review: in a sweep, a comparison, a repeat or the steady
		       * state */
	bool *steady; /* per test of the review: a job of it ran to steady state (fio's ss=
		       * option, or its "steadystate" object) on some drive */
	size_t nsteady;
};

/**
 * sr_structure_build() - the sweeps and comparisons of the review's tests no entry describes.
 * @rv:  the review (its model's drives give the sources)
 * @out: filled (sr_structure_free())
 * Return: 0 or -ENOMEM.
 */
int sr_structure_build(const struct sr_review *rv, struct sr_structure *out);

/**
 * sr_structure_group() - the sweeps and comparisons of points already made.
 * @s: pts, npts, nsources and repeat filled (the rest zero); sweeps and cmps filled
 * Return: 0 or -ENOMEM.
 */
int sr_structure_group(struct sr_structure *s);

void sr_structure_free(struct sr_structure *s);

/* sr_axis_param() - the parameter an axis varies; sr_axis_series() the one its series vary
 * (SR_NPARAMS: none). */
enum sr_param sr_axis_param(enum sr_axis a);
enum sr_param sr_axis_series(enum sr_axis a);

/* sr_point_x() - the axis value of a point (iodepth, numjobs, bytes, percent read). */
double sr_point_x(const struct sr_point *p, enum sr_axis a);

#endif
