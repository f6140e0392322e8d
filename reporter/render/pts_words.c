// SPDX-License-Identifier: GPL-2.0-only
/*
 * pts_words.c - a PTS phase said in words on every page that names it (pts_page.h): its verdict
 * ("STEADY STATE NOT ACHIEVED") and its rounds ("5 rounds; measurement window: rounds 1-5").
 */
#include <math.h>
#include <stdio.h>

#include "model/pts.h"
#include "render/format.h"
#include "render/pts_page.h"

const char *sr_pts_verdict_text(const struct sr_pts_phase *ph)
{
	switch (ph->verdict) {
	case SR_PTS_STEADY:
		return "steady state reached";
	case SR_PTS_NOT_STEADY:
		return "STEADY STATE NOT ACHIEVED";
	case SR_PTS_WRITTEN:
		return "the span written the times asked";
	case SR_PTS_ROUND_LIMIT:
		return "stopped at the round limit before the span was written the times asked";
	default:
		return "incomplete";
	}
}

void sr_pts_rounds_text(const struct sr_pts_phase *ph, char *out, size_t len)
{
	char gb[SR_FMT_LEN];

	if (ph->def->stop_written)
		snprintf(out, len, "%zu sample%s, %s written (%.2f x the span)", ph->nrounds,
			 ph->nrounds == 1 ? "" : "s", sr_fmt_si(gb, sr_val(ph->written)),
			 ph->span_bytes > 0 ? ph->written / ph->span_bytes : NAN);
	else if (ph->has_window)
		snprintf(out, len, "%zu rounds; measurement window: rounds %zu-%zu", ph->nrounds,
			 ph->w.first + 1, ph->w.last + 1);
	else
		snprintf(out, len, "%zu round%s (fewer than the 5 of a window)", ph->nrounds,
			 ph->nrounds == 1 ? "" : "s");
}
