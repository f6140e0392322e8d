// SPDX-License-Identifier: GPL-2.0-only
/* progress.c - elapsed time, ETAs and the progress line (progress.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/progress.h"
#include "util/util.h"

/* fio's "01h:02m:03s", "1d:00h:00m:05s", "00m:02s" in seconds; -1 for "--" or garbage */
static long parse_eta(const char *s, size_t n)
{
	long total = 0;
	size_t i = 0;

	while (i < n) {
		long v = 0;
		size_t d = 0;

		while (i < n && s[i] >= '0' && s[i] <= '9') {
			v = v * 10 + (s[i++] - '0');
			d++;
		}
		if (!d || i >= n)
			return -1;
		switch (s[i++]) {
		case 'd':
			total += v * 86400;
			break;
		case 'h':
			total += v * 3600;
			break;
		case 'm':
			total += v * 60;
			break;
		case 's':
			total += v;
			break;
		default:
			return -1;
		}
		if (i < n && s[i] == ':')
			i++;
	}
	return total;
}

bool rv_fio_status_parse(const char *text, struct rv_fio_status *st)
{
	const char *last = NULL, *eta, *end, *rate;

	st->eta_s = -1;
	st->rate[0] = '\0';
	for (const char *p = text; (p = strstr(p, "Jobs:")); p++)
		last = p;
	if (!last || !(eta = strstr(last, "[eta ")))
		return false;
	end = strchr(eta, ']');
	if (!end)
		return false;
	st->eta_s = parse_eta(eta + 5, (size_t)(end - eta - 5));
	/* the "[... IOPS]" bracket right before "[eta" */
	if (eta - last > 6 && !strncmp(eta - 6, " IOPS]", 6)) {
		for (rate = eta - 7; rate > last && *rate != '['; rate--)
			;
		if (*rate == '[')
			snprintf(st->rate, sizeof(st->rate), "%.*s", (int)(eta - 1 - rate - 1),
				 rate + 1);
	}
	return true;
}

long rv_eta_test(long expected_s, long elapsed_s, long fio_eta_s)
{
	if (fio_eta_s >= 0 && fio_eta_s <= RV_FIO_ETA_MAX_S)
		return fio_eta_s;
	if (expected_s <= 0)
		return -1;
	return expected_s > elapsed_s ? expected_s - elapsed_s : 0;
}

void rv_eta_learn(struct rv_eta_learned *l, long expected_s, long took_s)
{
	if (took_s < 0)
		took_s = 0;
	if (expected_s > 0) {
		l->nknown++;
		l->known_s += took_s;
		l->known_expected_s += expected_s;
	} else {
		l->nunknown++;
		l->unknown_s += took_s;
	}
}

double rv_eta_pace(const struct rv_eta_learned *l)
{
	return l->known_expected_s > 0 ? (double)l->known_s / (double)l->known_expected_s : -1;
}

long rv_eta_run(long current_left, const long *pending, size_t n, const struct rv_eta_learned *l,
		bool *lower_bound)
{
	long total = current_left > 0 ? current_left : 0;
	/* per test, rounded to the nearest second; it may be negative (tests ending early) */
	double over = l && l->nknown ? (double)(l->known_s - l->known_expected_s) / l->nknown : 0;
	double unknown = l && l->nunknown ? (double)l->unknown_s / l->nunknown : -1;
	double sum = 0;

	*lower_bound = current_left < 0;
	for (size_t i = 0; i < n; i++) {
		double t = pending[i] > 0 ? pending[i] + over : unknown;

		if (pending[i] <= 0 && unknown < 0)
			*lower_bound = true;
		else
			sum += t > 0 ? t : 0;
	}
	return total + (long)(sum + 0.5);
}

void rv_progress_line(const struct rv_progress *p, char *out, size_t len)
{
	char el[32], eta[32], rel[32], reta[32];

	rv_hms(p->elapsed_s, el, sizeof(el));
	if (p->eta_s >= 0)
		rv_hms(p->eta_s, eta, sizeof(eta));
	else
		snprintf(eta, sizeof(eta), "?");
	rv_hms(p->run_elapsed_s, rel, sizeof(rel));
	rv_hms(p->run_eta_s, reta, sizeof(reta));
	snprintf(out, len, "[%zu/%zu] %s · %s · elapsed %s · eta %s%s%s · run %s, eta %s%s",
		 p->index, p->total, p->label, p->id, el, eta, p->rate && p->rate[0] ? " · " : "",
		 p->rate ? p->rate : "", rel, p->run_eta_lower_bound ? "≥ " : "", reta);
}

void rv_progress_print(const char *line, bool tty, bool final)
{
	char buf[1024];
	int n;

	if (tty)
		n = snprintf(buf, sizeof(buf), "\r\033[K%s%s", line, final ? "\n" : "");
	else
		n = snprintf(buf, sizeof(buf), "%s\n", line);
	if (n > 0 &&
	    write(STDERR_FILENO, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1) < 0)
		return; /* a terminal gone with an ssh session: the status file still says it */
}
