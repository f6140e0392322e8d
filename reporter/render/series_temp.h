/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * series_temp.h - the drive's temperature under a test's throughput (series_temp.c): a panel of
 * a series chart (section_precondition.c) on the throughput's time axis, in seconds from the
 * test's start (run.json's started; fio's logs count from fio's own start, within about a
 * second of it), drawn from the test's telemetry samples (analyse/telemetry.h sr_tel_track()):
 * the composite temperature a solid line per drive, Temperature Sensors 1..8 dashed where
 * sampled, the line broken where samples are missing, the throttle periods shaded in the
 * drive's colour. A group (several drives as one column) draws every one of its drives' samples
 * in its colour, each drive's a run of its own, throttling shaded where any of them throttled,
 * and its caption says so (or which of its drives was not sampled). A test no drive sampled has no
 * such columns nor panel; its caption says "temperature: not sampled" when the report holds
 * telemetry of some other test. A report without telemetry gets none of it: its charts are
 * unchanged byte for byte.
 */
#ifndef SSDREPORT_SERIES_TEMP_H
#define SSDREPORT_SERIES_TEMP_H

#include <stdbool.h>
#include <stddef.h>

#include "render/chart_kinds.h"
#include "render/report_ctx.h"

/* The columns the temperature adds to a series chart's frame: composite, sensors 1..8. */
#define SR_TEMP_NCOLS 9

/* The temperature of one chart: its lines and throttle bands, per drive a range of each. */
struct sr_temp {
	bool any;	       /* some drive with the series has samples within the test: a panel */
	bool reported;	       /* the report holds telemetry of some test */
	struct sr_line *lines; /* per drive: composite, then sensors */
	struct sr_band *bands; /* throttle periods, in the drives' colours */
	size_t *line_of;       /* [2 dv]: first line, [2 dv + 1]: count */
	size_t *band_of;       /* the same for bands */
	size_t nlines, nbands;
	char missing[300]; /* "DRIVE, DRIVE": drives with the series and no sample */
	char members[600]; /* what each group's line holds: "G: a line for each of its drives
			    * (d1, d2) ...", "G: d1 alone (d2 not sampled)" */
	size_t nmissing;
};

/* sr_temp_names() - the temperature's column names ("temp_c", "sensor1_c", ...). */
const char *const *sr_temp_names(void);

/**
 * sr_temp_plan() - what test @t's chart of workload @k draws of the temperature: whether some
 * drive sampled it (@out->any: the frame takes the SR_TEMP_NCOLS columns), which drives with
 * the series did not.
 * @out: filled (sr_temp_free())
 * Return: 0 or -ENOMEM.
 */
int sr_temp_plan(const struct sr_report *r, const struct sr_rtest *t, size_t k,
		 struct sr_temp *out);

/**
 * sr_temp_frame() - write the temperature blocks of chart @ch after the drives' series blocks:
 * block nd + dv for drive dv, a row per answered sample of each of its drives (every sample, also
 * those outside the x range, which the axis leaves out), a break at each gap; an empty block for a
 * drive without the series or samples.
 * @ch:   the chart, its frame begun with SR_TEMP_NCOLS columns from @col0
 * @r:    the report
 * @t:    the test
 * @k:    the workload
 * @col0: the frame's column of the composite temperature
 * @tmax: the chart's x range's end, s (throttle bands are cut to it)
 * @tp:   sr_temp_plan()'s, @tp->any set; its lines and bands filled
 *
 * Return: 0 or -ENOMEM.
 */
int sr_temp_frame(struct sr_chart *ch, const struct sr_report *r, const struct sr_rtest *t,
		  size_t k, size_t col0, double tmax, struct sr_temp *tp);

/* sr_temp_caption() - append to @ch's caption what a group's line holds, then "temperature: not
 * sampled" (every one of the @ndrawn drives) or "... not sampled on DRIVE, ..." when the report
 * holds telemetry; nothing when every drive has samples or the report holds none. */
void sr_temp_caption(struct sr_chart *ch, const struct sr_temp *tp, size_t ndrawn);

void sr_temp_free(struct sr_temp *tp);

/*
 * The same drawing for a chart of another kind (a PTS test's, pts_temp.c): its frame's column
 * @col0 on the composite temperature, SR_TEMP_NCOLS of them, column 0 the seconds from the
 * test's start.
 */

/** sr_temp_points() - the answered samples of test @id of @drv, all drives of a group. */
size_t sr_temp_points(const struct sr_drive *drv, const char *id);

/** sr_temp_alloc() - room in @tp (zeroed) for @nslots drives' lines and @npoints samples' bands.
 * Return: 0 or -ENOMEM (sr_temp_free() either way). */
int sr_temp_alloc(struct sr_temp *tp, size_t nslots, size_t npoints);

/**
 * sr_temp_block() - @drv's samples of test @id into @ch's current block (a row each, every drive
 * of a group one after another, a break at each gap and between drives), its lines (composite
 * solid, sensors dashed) and throttle bands (cut to [0, @tmax] when @tmax > 0, a group's merged)
 * into @tp's slot @slot, drawn in palette colour @colour.
 * Return: 0 or -ENOMEM.
 */
int sr_temp_block(struct sr_chart *ch, const struct sr_drive *drv, const char *id, size_t slot,
		  size_t colour, size_t col0, double tmax, struct sr_temp *tp);

#endif
