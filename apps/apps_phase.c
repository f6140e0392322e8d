// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_phase.c - what every workload's steps share (apps.h): a step's failure recorded, the
 * wait for the program that makes the first instance's data, and a sysbench phase run on the
 * instances at once with its failure said from sysbench's and the server's own words
 * (sysbench 1.0.20 can exit 0 after a FATAL line).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "apps.h"
#include "apps_calc.h"

int apps_fail(struct apps_run *run, const char *step, int r, const char *msg)
{
	if (!run->failed_step) {
		run->failed_step = step;
		run->status = r == -EINTR || apps_interrupted() ? "interrupted" : "failed";
		snprintf(run->error, sizeof(run->error), "%s", msg);
	}
	return r;
}

int apps_install_wait(struct apps_run *run, pid_t pid, const char *what)
{
	char msg[APPS_ERRLEN], path[700], tail[1536] = "", *text;
	int st, r;

	if (pid < 0) {
		snprintf(msg, sizeof(msg), "db1: cannot start %s: %s", what, strerror((int)-pid));
		return apps_fail(run, "install", (int)pid, msg);
	}
	r = apps_wait(pid, 1800, &st);
	if (!r && WIFEXITED(st) && !WEXITSTATUS(st))
		return 0;
	rec_path_apps_file(path, sizeof(path), run->db[0].outdir, run->wl->install_log);
	if (apps_read_file(path, &text, NULL) == 0) {
		apps_tail_lines(text, 6, tail, sizeof(tail));
		free(text);
	}
	snprintf(msg, sizeof(msg), "db1: %s %s: %s", what,
		 r == -EINTR	   ? "interrupted"
		 : r == -ETIMEDOUT ? "timed out"
				   : "failed",
		 tail);
	return apps_fail(run, "install", r ? r : -ECHILD, msg);
}

/* a disk-full failure says so, with the filesystem's figures */
static bool looks_full(const char *text)
{
	return strstr(text, "No space left") || strstr(text, "error 1114") ||
	       strstr(text, "is full") || strstr(text, "OS error code 28") ||
	       strstr(text, "errno 28") || strstr(text, "Disk full");
}

static const char *phase_words(enum apps_sb_phase phase)
{
	return phase == APPS_SB_PREPARE	 ? "prepare"
	       : phase == APPS_SB_WARMUP ? "warm-up run"
	       : phase == APPS_SB_RUN	 ? "run"
					 : "check";
}

/* the message of a failed sysbench phase of instance @db: its own lines and the server's */
static void sb_failure(struct apps_run *run, struct apps_db *db, enum apps_sb_phase phase,
		       int status, char *msg, size_t len)
{
	char path[700], fatal[1536] = "", server[1536] = "", full[256] = "", a[32], s[32];
	char *text = NULL;

	apps_sb_path(db, phase, path, sizeof(path));
	if (apps_read_file(path, &text, NULL) == 0) {
		if (!sb_fatal_lines(text, fatal, sizeof(fatal)))
			apps_tail_lines(text, 4, fatal, sizeof(fatal));
	}
	apps_log_errors(db->errlog, run->wl->log_marks, server, sizeof(server));
	if ((text && looks_full(text)) || looks_full(server))
		snprintf(
		    full, sizeof(full),
		    "the filesystem on %s is full (%s of %s were available before the tables); ",
		    run->dev.block, apps_human_bytes(run->fs.avail, a, sizeof(a)),
		    apps_human_bytes(run->fs.size, s, sizeof(s)));
	snprintf(msg, len, "%sdb%u: sysbench %s %s %d: %s; %s log: %s", full, db->id,
		 phase_words(phase),
		 !WIFEXITED(status)	    ? "killed by signal"
		 : WEXITSTATUS(status) == 0 ? "failed, though it exited with status"
					    : "exited with status",
		 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
		 fatal[0] ? fatal : "(no output)", run->wl->server, server);
	free(text);
}

/* whether the output of instance @db's sysbench @phase says it failed (see sb_reported_fatal) */
static bool sb_output_fatal(const struct apps_db *db, enum apps_sb_phase phase)
{
	char path[700], *text = NULL;
	bool fatal;

	apps_sb_path(db, phase, path, sizeof(path));
	if (apps_read_file(path, &text, NULL))
		return false;
	fatal = sb_reported_fatal(text);
	free(text);
	return fatal;
}

int apps_sb_phase(struct apps_run *run, enum apps_sb_phase phase, unsigned int count,
		  unsigned int timeout_s, const char *step)
{
	pid_t pid[APPS_MAX_INSTANCES];
	int status[APPS_MAX_INSTANCES], st;
	bool done[APPS_MAX_INSTANCES] = {false};
	double end = apps_now() + timeout_s;
	char msg[APPS_ERRLEN];
	unsigned int i, n = count, left = count, bad = 0;
	int r = 0;

	for (i = 0; i < count; i++) {
		pid[i] = run->wl->sb_start(run, &run->db[i], phase);
		if (pid[i] < 0) {
			snprintf(msg, sizeof(msg), "cannot start sysbench: %s",
				 strerror((int)-pid[i]));
			r = apps_fail(run, step, (int)pid[i], msg);
			n = i; /* only those started are stopped below */
			break;
		}
	}
	while (left && !r) {
		for (i = 0; i < n; i++) {
			if (done[i] || waitpid(pid[i], &status[i], WNOHANG) != pid[i])
				continue;
			done[i] = true;
			left--;
			if (!WIFEXITED(status[i]) || WEXITSTATUS(status[i]) ||
			    sb_output_fatal(&run->db[i], phase)) {
				bad = i;
				r = -ECHILD;
				break;
			}
		}
		if (!r && left && apps_interrupted())
			r = -EINTR;
		else if (!r && left && apps_now() > end)
			r = -ETIMEDOUT;
		if (!r && left)
			usleep(100000);
	}
	if (r) {
		for (i = 0; i < n; i++)
			if (!done[i])
				apps_terminate(pid[i], &st);
	}
	if (r == -ECHILD) {
		sb_failure(run, &run->db[bad], phase, status[bad], msg, sizeof(msg));
		return apps_fail(run, step, r, msg);
	}
	if (r == -EINTR) {
		snprintf(msg, sizeof(msg), "interrupted by signal %d during sysbench %s",
			 apps_interrupted(), step);
		return apps_fail(run, step, r, msg);
	}
	if (r == -ETIMEDOUT) {
		snprintf(msg, sizeof(msg), "sysbench %s did not finish within %u s", step,
			 timeout_s);
		return apps_fail(run, step, r, msg);
	}
	return r;
}

/* the first @n servers started at once, then each waited for */
