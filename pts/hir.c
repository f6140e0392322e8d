// SPDX-License-Identifier: GPL-2.0-only
/* hir.c - the HIR test's wait-state segment plan and its per-state means (hir.h). */
#include "pts/hir.h"

#include <errno.h>
#include <math.h>

const unsigned int pts_hir_idle_s[PTS_HIR_STATES] = {5, 10, 15, 25, 50};

struct pts_hir_params pts_hir_standard(void)
{
	return (struct pts_hir_params){
	    .write_s = PTS_HIR_WRITE_S,
	    .idle_s = pts_hir_idle_s,
	    .n_states = PTS_HIR_STATES,
	    .repeats = PTS_HIR_REPEATS,
	    .baseline_s = PTS_HIR_BASELINE_S,
	};
}

static int check(const struct pts_hir_params *p)
{
	if (!p->write_s || !p->idle_s || !p->n_states || !p->repeats || !p->baseline_s)
		return -EINVAL;
	for (size_t s = 0; s < p->n_states; s++) {
		/* a wait state is named by its idle time in write segments: 5/10/15/25/50 s of a
		 * 5 s segment are wait states 1, 2, 3, 5, 10 */
		if (!p->idle_s[s] || p->idle_s[s] % p->write_s)
			return -EINVAL;
		if (s > 0 && p->idle_s[s] <= p->idle_s[s - 1])
			return -EINVAL;
	}
	return 0;
}

size_t pts_hir_plan_len(const struct pts_hir_params *p)
{
	return check(p) ? 0 : p->n_states * (2 * (size_t)p->repeats + 1);
}

unsigned long long pts_hir_duration_s(const struct pts_hir_params *p)
{
	unsigned long long t = 0;

	if (check(p))
		return 0;
	for (size_t s = 0; s < p->n_states; s++)
		t += (unsigned long long)p->repeats * (p->write_s + p->idle_s[s]) + p->baseline_s;
	return t;
}

int pts_hir_plan(const struct pts_hir_params *p, struct pts_hir_segment *out, size_t max)
{
	unsigned long long t = 0;
	size_t k = 0;

	if (check(p))
		return -EINVAL;
	if (max < pts_hir_plan_len(p))
		return -ENOSPC;
	for (unsigned int s = 0; s < p->n_states; s++) {
		unsigned int ws = p->idle_s[s] / p->write_s;

		for (unsigned int r = 1; r <= p->repeats; r++) {
			out[k++] = (struct pts_hir_segment){PTS_HIR_WRITE, s, ws, r, t, p->write_s};
			t += p->write_s;
			out[k++] =
			    (struct pts_hir_segment){PTS_HIR_IDLE, s, ws, r, t, p->idle_s[s]};
			t += p->idle_s[s];
		}
		out[k++] = (struct pts_hir_segment){PTS_HIR_BASELINE, s, ws, 0, t, p->baseline_s};
		t += p->baseline_s;
	}
	return (int)k;
}

int pts_hir_state_means(const struct pts_hir_segment *plan, size_t n, const double *iops,
			double *means, size_t n_states)
{
	for (size_t i = 0; i < n; i++)
		if (plan[i].kind == PTS_HIR_WRITE && plan[i].state >= n_states)
			return -EINVAL;
	for (size_t s = 0; s < n_states; s++) {
		double sum = 0.0;
		size_t count = 0;

		for (size_t i = 0; i < n; i++) {
			if (plan[i].kind != PTS_HIR_WRITE || plan[i].state != s || isnan(iops[i]))
				continue;
			sum += iops[i];
			count++;
		}
		means[s] = count ? sum / (double)count : NAN;
	}
	return 0;
}
