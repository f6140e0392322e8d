// SPDX-License-Identifier: GPL-2.0-only
/* pts_verdict.c - a SNIA PTS test's verdict in words (pts_verdict.h). */
#include <stdio.h>
#include <string.h>

#include "suites/pts_verdict.h"
#include "util/util.h"

/* One phase's end; @span: the test's span (bytes). */
static void phase_verdict(const struct rec_pts_phase *ph, double span, char *out, size_t len)
{
	const char *st = ph->status ? ph->status : "";
	size_t n = ph->nrounds;

	rv_addf(out, len, "%s: ", ph->id ? ph->id : "?");
	if (!strcmp(st, "steady") && ph->window)
		rv_addf(out, len, "steady state reached (rounds %d-%d of %zu)", ph->window_first,
			ph->window_last, n);
	else if (!strcmp(st, "steady state not achieved"))
		rv_addf(out, len, "STEADY STATE NOT ACHIEVED in %zu rounds", n);
	else if (!strcmp(st, "written") && span > 0 && ph->bytes_written == ph->bytes_written)
		rv_addf(out, len, "%.2f x the span written in %zu round%s",
			ph->bytes_written / span, n, n == 1 ? "" : "s");
	else if (!strcmp(st, "round limit"))
		rv_addf(out, len,
			"stopped at the round limit (%zu rounds) before the span was written "
			"the times asked",
			n);
	else
		rv_addf(out, len, "%s (%zu round%s)", *st ? st : "incomplete", n,
			n == 1 ? "" : "s");
}

void rv_pts_verdict(const struct rec_pts *p, char *out, size_t len)
{
	size_t done = 0;

	if (!len)
		return;
	out[0] = '\0';
	for (size_t k = 0; k < p->nphases; k++) {
		if (k)
			rv_addf(out, len, "; ");
		phase_verdict(&p->phases[k], (double)p->span_bytes, out, len);
	}
	if (!p->segments_kind)
		return;
	for (size_t k = 0; k < p->nsegments; k++)
		done += p->segments[k].status && !strcmp(p->segments[k].status, "done");
	rv_addf(out, len, "%ssegments: ", p->nphases ? "; " : "");
	if (p->segments_status && !strcmp(p->segments_status, "not run"))
		rv_addf(out, len, "not run");
	else
		rv_addf(out, len, "%zu of %lld done", done, p->segments_planned);
}
