// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_run.c - the application test on one drive, step by step, and the cleanup every exit path
 * goes through: sysbench stopped, every server stopped (SIGTERM, then SIGKILL), the filesystem
 * unmounted and the mount point we made removed, the result written. A signal (SIGINT, SIGTERM,
 * SIGHUP) makes the step in progress fail with -EINTR and takes the same path.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "apps.h"
#include "apps_calc.h"
#include "record/layout.h"

/* record the failure of @step (the first one wins) */
static int fail(struct apps_run *run, const char *step, int r, const char *msg)
{
	if (!run->failed_step) {
		run->failed_step = step;
		run->status = r == -EINTR || apps_interrupted() ? "interrupted" : "failed";
		snprintf(run->error, sizeof(run->error), "%s", msg);
	}
	return r;
}

/* a disk-full failure says so, with the filesystem's figures */
static bool looks_full(const char *text)
{
	return strstr(text, "No space left") || strstr(text, "error 1114") ||
	       strstr(text, "is full") || strstr(text, "OS error code 28") ||
	       strstr(text, "errno 28") || strstr(text, "Disk full");
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
	apps_db_errors(db, server, sizeof(server));
	if ((text && looks_full(text)) || looks_full(server))
		snprintf(
		    full, sizeof(full),
		    "the filesystem on %s is full (%s of %s were available before the tables); ",
		    run->dev.block, apps_human_bytes(run->fs.avail, a, sizeof(a)),
		    apps_human_bytes(run->fs.size, s, sizeof(s)));
	snprintf(msg, len, "%sdb%u: sysbench %s %s %d: %s; mariadbd error log: %s", full, db->id,
		 phase == APPS_SB_PREPARE  ? "prepare"
		 : phase == APPS_SB_WARMUP ? "warm-up run"
					   : "run",
		 WIFEXITED(status) ? "exited with status" : "killed by signal",
		 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status),
		 fatal[0] ? fatal : "(no output)", server);
	free(text);
}

/*
 * Run @phase of sysbench on every instance at once; the first failure (or a signal, or the
 * timeout) stops the others.
 */
static int sb_phase(struct apps_run *run, enum apps_sb_phase phase, unsigned int timeout_s,
		    const char *step)
{
	pid_t pid[APPS_MAX_INSTANCES];
	int status[APPS_MAX_INSTANCES], st;
	bool done[APPS_MAX_INSTANCES] = {false};
	double end = apps_now() + timeout_s;
	char msg[APPS_ERRLEN];
	unsigned int i, n = run->ndb, left = run->ndb, bad = 0;
	int r = 0;

	for (i = 0; i < run->ndb; i++) {
		pid[i] = apps_sb_start(run->o, &run->db[i], phase);
		if (pid[i] < 0) {
			snprintf(msg, sizeof(msg), "cannot start sysbench: %s",
				 strerror((int)-pid[i]));
			r = fail(run, step, (int)pid[i], msg);
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
			if (!WIFEXITED(status[i]) || WEXITSTATUS(status[i])) {
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
		return fail(run, step, r, msg);
	}
	if (r == -EINTR) {
		snprintf(msg, sizeof(msg), "interrupted by signal %d during sysbench %s",
			 apps_interrupted(), step);
		return fail(run, step, r, msg);
	}
	if (r == -ETIMEDOUT) {
		snprintf(msg, sizeof(msg), "sysbench %s did not finish within %u s", step,
			 timeout_s);
		return fail(run, step, r, msg);
	}
	return r;
}

/*
 * mariadb-install-db on the first instance; the others get a copy of its fresh data directory
 * (the same files install-db would write, without bootstrapping a server once per instance:
 * under the lab's emulation that bootstrap is the slowest step of the quick profile)
 */
static int install_all(struct apps_run *run)
{
	char msg[APPS_ERRLEN], log[700], tail[1536], src[320], *text;
	struct apps_db *db = &run->db[0];
	unsigned int i;
	int st, r;
	pid_t pid;

	pid = apps_db_install_start(run->o, db);
	if (pid < 0) {
		snprintf(msg, sizeof(msg), "db1: cannot start %s: %s", run->o->install_db,
			 strerror((int)-pid));
		return fail(run, "install", (int)pid, msg);
	}
	r = apps_wait(pid, 1800, &st);
	if (r || !WIFEXITED(st) || WEXITSTATUS(st)) {
		rec_path_apps_file(log, sizeof(log), db->outdir, REC_APPS_INSTALL_LOG);
		tail[0] = '\0';
		if (apps_read_file(log, &text, NULL) == 0) {
			apps_tail_lines(text, 6, tail, sizeof(tail));
			free(text);
		}
		snprintf(msg, sizeof(msg), "db1: %s %s: %s", run->o->install_db,
			 r == -EINTR	   ? "interrupted"
			 : r == -ETIMEDOUT ? "timed out"
					   : "failed",
			 tail);
		return fail(run, "install", r ? r : -ECHILD, msg);
	}
	snprintf(src, sizeof(src), "%s/.", db->datadir);
	for (i = 1; i < run->ndb; i++) {
		char *cp[] = {"cp", "-a", src, run->db[i].datadir, NULL};

		if (mkdir(run->db[i].dir, 0755) || mkdir(run->db[i].tmpdir, 0750)) {
			snprintf(msg, sizeof(msg), "cannot create %s: %s", run->db[i].dir,
				 strerror(errno));
			return fail(run, "install", -errno, msg);
		}
		rec_path_apps_file(log, sizeof(log), run->db[i].outdir, REC_APPS_INSTALL_LOG);
		r = apps_run_cmd(cp, log, 1800, msg, sizeof(msg));
		if (r)
			return fail(run, "install", r, msg);
	}
	return 0;
}

static int start_all(struct apps_run *run)
{
	char msg[APPS_ERRLEN];
	unsigned int i;
	int r;

	for (i = 0; i < run->ndb; i++) {
		r = apps_db_start(run->o, &run->db[i], msg, sizeof(msg));
		if (r)
			return fail(run, "start", r, msg);
		r = apps_db_read_settings(run->o, &run->db[i], msg, sizeof(msg));
		if (!r)
			r = apps_db_query(run->o, &run->db[i],
					  "CREATE DATABASE IF NOT EXISTS sbtest", NULL, 0, msg,
					  sizeof(msg));
		if (r)
			return fail(run, "start", r, msg);
	}
	return 0;
}

/* parse every instance's measured run */
static int parse_all(struct apps_run *run)
{
	char path[700], msg[APPS_ERRLEN], perr[256], *text;
	struct apps_db *db;
	unsigned int i;
	int r;

	for (i = 0; i < run->ndb; i++) {
		db = &run->db[i];
		apps_sb_path(db, APPS_SB_RUN, path, sizeof(path));
		r = apps_read_file(path, &text, NULL);
		if (r) {
			snprintf(msg, sizeof(msg), "db%u: cannot read %s: %s", db->id, path,
				 strerror(-r));
			return fail(run, "parse", r, msg);
		}
		r = sb_parse(text, &db->report, perr, sizeof(perr));
		free(text);
		if (r) {
			snprintf(msg, sizeof(msg), "db%u: %s: %s", db->id, path, perr);
			return fail(run, "parse", r, msg);
		}
		db->have_report = true;
		db->p95_ms = apps_instance_pct(&db->report, 95, &db->p95_from_hist);
		db->p99_ms = apps_instance_pct(&db->report, 99, &db->p99_from_hist);
	}
	return 0;
}

/* everything started is stopped, everything mounted unmounted; the first failure is kept */
static void cleanup(struct apps_run *run)
{
	char msg[APPS_ERRLEN];
	double t = apps_now();
	unsigned int i;

	for (i = 0; i < run->ndb; i++)
		if (run->db[i].pid > 0)
			apps_db_stop(&run->db[i], run->o->stop_timeout_s);
	run->t_stop = apps_now() - t;
	if (apps_fs_unmount(&run->fs, msg, sizeof(msg))) {
		fprintf(stderr, "ssd-apps: %s\n", msg);
		fail(run, "unmount", -EBUSY, msg);
	}
}

static int check_programs(struct apps_run *run)
{
	const char *p[] = {run->o->mariadbd, run->o->install_db, run->o->client, run->o->sysbench};
	char msg[512];
	unsigned int i;

	for (i = 0; i < 4; i++) {
		if (!apps_which(p[i])) {
			snprintf(msg, sizeof(msg),
				 "%s not found (Debian packages mariadb-server and sysbench: "
				 "scripts/install-deps)",
				 p[i]);
			return fail(run, "programs", -ENOENT, msg);
		}
	}
	if (apps_sb_version(run->o, run->sysbench_version, sizeof(run->sysbench_version)))
		snprintf(run->sysbench_version, sizeof(run->sysbench_version), "unknown");
	return 0;
}

/* the steps that touch the drive, in order; the first failure returns */
static int steps(struct apps_run *run)
{
	struct apps_opts *o = run->o;
	char msg[APPS_ERRLEN], what[300];
	double t;
	unsigned int i, sb_tmo;
	int r;

	run->space_need = apps_space_need(o->instances, o->tables, o->table_size);
	if (run->dev.size) {
		snprintf(what, sizeof(what), "the drive %s", run->dev.block);
		r = apps_space_check(run->space_need, run->dev.size, what, o->instances, o->tables,
				     o->table_size, msg, sizeof(msg));
		if (r)
			return fail(run, "space", r, msg);
	}
	r = apps_fs_choose(o->fs, &run->fs, msg, sizeof(msg));
	if (r)
		return fail(run, "mkfs", r, msg);
	if (o->mnt)
		snprintf(run->fs.mnt, sizeof(run->fs.mnt), "%s", o->mnt);
	t = apps_now();
	r = apps_fs_make(&run->fs, run->dev.block, o->mount_opts, o->out, msg, sizeof(msg));
	run->t_mkfs = apps_now() - t;
	if (r)
		return fail(run, "mkfs", r, msg);
	snprintf(what, sizeof(what), "the %s filesystem on %s", run->fs.type, run->dev.block);
	r = apps_space_check(run->space_need, run->fs.avail, what, o->instances, o->tables,
			     o->table_size, msg, sizeof(msg));
	if (r)
		return fail(run, "space", r, msg);

	run->ndb = o->instances;
	for (i = 0; i < run->ndb; i++) {
		apps_db_init(&run->db[i], i + 1, run->fs.mnt, o->out, o->port_base);
		if (mkdir(run->db[i].outdir, 0755) && errno != EEXIST) {
			snprintf(msg, sizeof(msg), "cannot create %s: %s", run->db[i].outdir,
				 strerror(errno));
			return fail(run, "install", -errno, msg);
		}
		unlink(run->db[i].errlog);
	}
	t = apps_now();
	r = install_all(run);
	run->t_install = apps_now() - t;
	if (r)
		return r;
	t = apps_now();
	r = start_all(run);
	run->t_start = apps_now() - t;
	if (r)
		return r;
	t = apps_now();
	/* at least 1000 rows a second per instance, or something is wrong */
	r = sb_phase(run, APPS_SB_PREPARE, 3600 + (unsigned int)(o->tables * o->table_size / 1000),
		     "prepare");
	run->t_prepare = apps_now() - t;
	if (r)
		return r;
	if (o->warmup_s) {
		t = apps_now();
		r = sb_phase(run, APPS_SB_WARMUP, o->warmup_s + 300 + o->warmup_s / 10, "warmup");
		run->t_warmup = apps_now() - t;
		if (r)
			return r;
	}
	sb_tmo = o->time_s + 300 + o->time_s / 10;
	t = apps_now();
	r = sb_phase(run, APPS_SB_RUN, sb_tmo, "run");
	run->t_run = apps_now() - t;
	if (r)
		return r;
	return parse_all(run);
}

/* a short human summary on stdout */
static void print_summary(const struct apps_run *run)
{
	struct sb_report r[APPS_MAX_INSTANCES];
	struct apps_total t;
	unsigned int i;

	printf("ssd-apps: %s (%s), %s, %u instance%s × %u tables × %llu rows, %u threads, %u s\n",
	       run->dev.given, run->dev.block, run->fs.type, run->ndb, run->ndb == 1 ? "" : "s",
	       run->o->tables, (unsigned long long)run->o->table_size, run->o->threads,
	       run->o->time_s);
	for (i = 0; i < run->ndb; i++) {
		const struct apps_db *db = &run->db[i];

		r[i] = db->report;
		printf("  db%u: %.2f TPS, %.2f QPS, avg %.2f ms, p95 %.2f ms, p99 %.2f ms, %llu "
		       "errors, "
		       "%llu reconnects\n",
		       db->id, db->report.tps, db->report.qps, db->report.lat_avg_ms, db->p95_ms,
		       db->p99_ms, (unsigned long long)db->report.errors,
		       (unsigned long long)db->report.reconnects);
	}
	if (apps_total(r, run->ndb, &t) == 0) {
		printf("  total: %.2f TPS, %.2f QPS, avg %.2f ms, p95 %.2f ms, p99 %.2f ms (%s)\n",
		       t.tps, t.qps, t.lat_avg_ms, t.lat_p95_ms, t.lat_p99_ms,
		       apps_pct_method_name(t.p99_method));
		apps_total_free(&t);
	}
}

int apps_run(struct apps_opts *o)
{
	struct apps_run *run;
	char msg[APPS_ERRLEN];
	double t0 = apps_now();
	time_t now = time(NULL);
	int r, rc;
	unsigned int i;

	run = calloc(1, sizeof(*run));
	if (!run) {
		fprintf(stderr, "ssd-apps: out of memory\n");
		return APPS_EXIT_FAILED;
	}
	run->o = o;
	run->status = "done";
	strftime(run->started_at, sizeof(run->started_at), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	if (mkdir(o->out, 0755) && errno != EEXIST) {
		fprintf(stderr, "ssd-apps: cannot create --out %s: %s\n", o->out, strerror(errno));
		free(run);
		return APPS_EXIT_USAGE;
	}
	apps_signals_install();
	r = apps_dev_resolve(o->dev, &run->dev, msg, sizeof(msg));
	if (!r && !o->allow_mounted)
		r = apps_dev_check_unused(&run->dev, msg, sizeof(msg));
	if (r) {
		fail(run, "device", r, msg);
		run->status = "refused";
		rc = APPS_EXIT_USAGE;
		goto out;
	}
	r = check_programs(run);
	if (!r)
		r = steps(run);
	cleanup(run);
	rc = run->failed_step ? APPS_EXIT_FAILED : APPS_EXIT_OK;
out:
	run->t_total = apps_now() - t0;
	if (apps_result_write(run, msg, sizeof(msg))) {
		fprintf(stderr, "ssd-apps: %s\n", msg);
		rc = APPS_EXIT_FAILED;
	}
	if (run->failed_step)
		fprintf(stderr, "ssd-apps: %s: %s: %s\n", o->dev, run->failed_step, run->error);
	else
		print_summary(run);
	for (i = 0; i < run->ndb; i++)
		sb_report_free(&run->db[i].report);
	free(run);
	return rc;
}
