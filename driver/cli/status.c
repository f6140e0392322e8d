// SPDX-License-Identifier: GPL-2.0-only
/* status.c - ssd-review --status (status.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/status.h"
#include "record/layout.h"
#include "record/folder.h"
#include "record/status.h"
#include "record/telemetry.h"
#include "util/proc.h"
#include "util/util.h"

static const char *hms(long long s, char *buf, size_t len)
{
	if (s < 0)
		return "?";
	return rv_hms((long)s, buf, len);
}

/* "fio pid N (started ...) is still running: CMD" when the run's fio outlived it */
static void leftover_fio(const struct rec_status *st, FILE *out)
{
	char cmd[512];
	long long pid = st->fio_pid;

	if (pid > 0 && rv_proc_same((pid_t)pid, st->fio_starttime)) {
		if (rv_proc_cmdline((pid_t)pid, cmd, sizeof(cmd)) < 0)
			snprintf(cmd, sizeof(cmd), "fio");
		fprintf(out, "its fio is still running: pid %lld: %s (kill %lld stops it)\n", pid,
			cmd, pid);
	}
}

static void show_test(const struct rec_status *st, FILE *out)
{
	char a[32], b[32];

	if (!st->test_id)
		return;
	fprintf(out, "test %lld/%lld: %s · %s (%s) · elapsed %s · eta %s%s%s\n", st->index,
		st->total, st->label ? st->label : "?", st->test_id, st->title ? st->title : "",
		hms(st->elapsed_s, a, sizeof(a)), hms(st->eta_s, b, sizeof(b)),
		st->rate ? " · " : "", st->rate ? st->rate : "");
}

/* "run: D of T tests done (K kept from earlier), F failed[, S skipped] · R running · L left ·
 * elapsed E[ (this session E')]": the tests done are this session's and those kept, so done,
 * failed, skipped, running and left add up to the total; elapsed is the run's, its earlier
 * sessions' time added (status.h run_earlier_s). */
static void show_counts(const struct rec_status *st, bool active, FILE *out)
{
	long long running = active && st->test_id ? 1 : 0, left = rec_status_left(st) - running;
	long long done = (st->done > 0 ? st->done : 0) + (st->kept > 0 ? st->kept : 0);
	char a[32], b[32];

	fprintf(out, "run: %lld of %lld tests done (%lld kept from earlier), %lld failed", done,
		st->total, st->kept, st->failed);
	if (st->skipped > 0)
		fprintf(out, ", %lld skipped", st->skipped);
	if (running)
		fprintf(out, " · %lld running", running);
	fprintf(out, " · %lld left · elapsed %s", left > 0 ? left : 0,
		hms(st->run_elapsed_s < 0   ? -1
		    : st->run_earlier_s > 0 ? st->run_elapsed_s + st->run_earlier_s
					    : st->run_elapsed_s,
		    a, sizeof(a)));
	if (st->run_earlier_s > 0)
		fprintf(out, " (this session %s)", hms(st->run_elapsed_s, b, sizeof(b)));
}

/* Each drive folder's latest temperature (its newest telemetry sample), "–" before any. */
static void show_temperatures(const char *dir, FILE *out)
{
	char **names = NULL, p[PATH_MAX * 2], at[32];
	size_t n = 0;

	if (rec_results_drives(dir, &names, &n) < 0 || !n) {
		rec_names_free(names, n);
		return;
	}
	fprintf(out, "temperature:");
	for (size_t i = 0; i < n; i++) {
		struct rec_tel_sample s;

		rec_path_drive_dir(p, sizeof(p), dir, names[i]);
		fprintf(out, "%s %s ", i ? " ·" : "", names[i]);
		if (rec_telemetry_latest(p, &s) == 0 && s.temperature_c != REC_TEL_NONE) {
			time_t t = (time_t)s.t;
			struct tm tm;

			gmtime_r(&t, &tm);
			strftime(at, sizeof(at), "%H:%M:%S", &tm);
			fprintf(out, "%lld °C (%s UTC)", s.temperature_c, at);
		} else {
			fprintf(out, "–");
		}
		rec_tel_sample_free(&s);
	}
	fprintf(out, "\n");
	rec_names_free(names, n);
}

/* The live report: where, how often, how many rebuilds and their cost. */
static void show_live(const char *dir, const struct rec_status *st, bool active, FILE *out)
{
	if (st->live_every_s <= 0) {
		if (active)
			fprintf(out, "live report: off (--no-live or --no-report)\n");
		return;
	}
	fprintf(out, "live report: %s/report/index.html · %lld rebuilds", dir, st->live_rebuilds);
	if (st->live_failed > 0)
		fprintf(out, " (%lld failed)", st->live_failed);
	fprintf(out, ", %.1f s CPU · last %s · every %ld s while a test runs\n", st->live_cpu_s,
		st->live_built ? st->live_built : "none yet", st->live_every_s);
}

int rv_status_show(const char *dir, FILE *out)
{
	char path[PATH_MAX], err[PATH_MAX + 64], b[32];
	struct rec_status st;
	const char *state;
	int active;

	rec_path_status(path, sizeof(path), dir);
	if (rec_status_read(path, &st, err, sizeof(err))) {
		fprintf(out, "%s: no run has written a status file here (%s)\n", dir, err);
		return 1;
	}
	state = st.state ? st.state : "?";
	active = !strcmp(state, "running") && rv_proc_same((pid_t)st.pid, st.pid_starttime);
	if (active)
		fprintf(out, "ssd-review pid %lld is running in %s since %s (updated %s)\n", st.pid,
			dir, st.started, st.updated);
	else if (!strcmp(state, "running"))
		fprintf(
		    out,
		    "the run in %s (ssd-review pid %lld, started %s) is gone without finishing: "
		    "killed (last update %s)\n",
		    dir, st.pid, st.started, st.updated);
	else
		fprintf(out, "the run in %s ended %s: %s%s%s (exit status %d)\n", dir, st.ended,
			state, st.reason ? ", " : "", st.reason ? st.reason : "", st.exit_status);
	show_test(&st, out);
	show_counts(&st, active, out);
	if (active) {
		fprintf(out, " · eta %s%s by the plan", st.run_eta_lower_bound ? "≥ " : "",
			hms(st.run_eta_s, b, sizeof(b)));
		if (st.pace > 0)
			fprintf(out, " and the measured pace (tests took %.2f× their plan)",
				st.pace);
	}
	fprintf(out, "\n");
	show_live(dir, &st, active, out);
	show_temperatures(dir, out);
	if (active && st.fio_pid > 0)
		fprintf(out, "fio pid %lld\n", st.fio_pid);
	if (!active)
		leftover_fio(&st, out);
	if (!active && strcmp(state, "complete") && st.resume_command)
		fprintf(out, "resume with: %s\n", st.resume_command);
	rec_status_free(&st);
	return active ? 0 : 1;
}
