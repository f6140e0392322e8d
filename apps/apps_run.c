// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_run.c - the application test on one drive, step by step, whatever the workload
 * (struct apps_workload says what its steps do), and the cleanup every exit path goes through:
 * sysbench stopped, every server stopped (its clean-shutdown signal, then SIGKILL), the
 * filesystem unmounted and the mount point we made removed, the result written. A signal
 * (SIGINT, SIGTERM, SIGHUP) makes the step in progress fail with -EINTR and takes the same path.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "apps.h"
#include "apps_calc.h"
#include "tpcc_parse.h"

static int start_all(struct apps_run *run, unsigned int n)
{
	double t = apps_now();
	unsigned int i;
	int r = 0;

	for (i = 0; i < n && !r; i++)
		r = run->wl->spawn(run, &run->db[i]);
	for (i = 0; i < n && !r; i++)
		r = run->wl->ready(run, &run->db[i]);
	run->t_start += apps_now() - t;
	return r;
}

/*
 * The first instance loaded, its server is stopped (a clean shutdown: its files are whole) and
 * its directory copied to the other instances: the files their own load would have written,
 * for a copy's cost instead of the load's (under the lab's emulation the load is the slowest
 * step, and in the full profile it takes hours).
 */
static int copy_loaded(struct apps_run *run)
{
	char msg[APPS_ERRLEN], log[700];
	struct apps_db *db = &run->db[0];
	double t = apps_now();
	int fd, r;

	if (apps_db_stop(db, run->wl->stop_signal, run->o->stop_timeout_s)) {
		snprintf(msg, sizeof(msg), "db1: %s did not stop within %u s after the load: %s",
			 run->wl->server, run->o->stop_timeout_s, db->stop_how);
		return apps_fail(run, "copy", -ETIMEDOUT, msg);
	}
	for (unsigned int i = 1; i < run->ndb; i++) {
		char *cp[] = {"cp", "-a", db->dir, run->db[i].dir, NULL};

		rec_path_apps_file(log, sizeof(log), run->db[i].outdir, REC_APPS_COPY_LOG);
		r = apps_run_cmd(cp, log, 0, msg, sizeof(msg));
		if (r)
			return apps_fail(run, "copy", r, msg);
	}
	fd = open(run->fs.mnt, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) { /* the copies on the drive before the servers start */
		syncfs(fd);
		close(fd);
	}
	run->t_copy = apps_now() - t;
	return 0;
}

/* every instance's measured run: sysbench's report, and what else the workload reads in it */
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
			return apps_fail(run, "parse", r, msg);
		}
		r = sb_parse(text, &db->report, perr, sizeof(perr));
		if (!r && run->wl->parse)
			r = run->wl->parse(run, db, text, perr, sizeof(perr));
		free(text);
		if (r) {
			snprintf(msg, sizeof(msg), "db%u: %s: %s", db->id, path, perr);
			return apps_fail(run, "parse", r, msg);
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
			apps_db_stop(&run->db[i], run->wl->stop_signal, run->o->stop_timeout_s);
	run->t_stop = apps_now() - t;
	if (apps_fs_unmount(&run->fs, msg, sizeof(msg))) {
		fprintf(stderr, "ssd-apps: %s\n", msg);
		apps_fail(run, "unmount", -EBUSY, msg);
	}
}

static int check_programs(struct apps_run *run)
{
	char msg[APPS_ERRLEN];
	int r = run->wl->programs(run, msg, sizeof(msg));

	if (r)
		return apps_fail(run, "programs", r, msg);
	if (apps_sb_version(run->o, run->sysbench_version, sizeof(run->sysbench_version)))
		snprintf(run->sysbench_version, sizeof(run->sysbench_version), "unknown");
	return 0;
}

/* MemAvailable of /proc/meminfo in bytes, 0 when unknown */
static uint64_t mem_available(void)
{
	unsigned long long kib = 0;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1)
			break;
	fclose(f);
	return (uint64_t)kib << 10;
}

/* the space and memory the workload needs, before anything is written */
static int check_needs(struct apps_run *run, char *load, size_t llen, char *model, size_t mlen)
{
	struct apps_opts *o = run->o;
	char msg[APPS_ERRLEN], what[300];
	int r;

	run->wl->needs(run, load, llen, model, mlen);
	if (run->dev.size) {
		snprintf(what, sizeof(what), "the drive %s", run->dev.block);
		r = apps_space_check(run->space_need, run->dev.size, what, run->wl->subject, load,
				     model, msg, sizeof(msg));
		if (r)
			return apps_fail(run, "space", r, msg);
	}
	run->memory_avail = mem_available();
	r = apps_memory_check(run->memory_need, run->memory_avail, load, o->buffer_pool, o->threads,
			      msg, sizeof(msg));
	return r ? apps_fail(run, "memory", r, msg) : 0;
}

/* the steps that touch the drive, in order; the first failure returns */
static int steps(struct apps_run *run)
{
	struct apps_opts *o = run->o;
	char msg[APPS_ERRLEN], what[300], load[256], model[256];
	double t;
	unsigned int i;
	int r;

	r = check_needs(run, load, sizeof(load), model, sizeof(model));
	if (r)
		return r;
	r = apps_fs_choose(o->fs, &run->fs, msg, sizeof(msg));
	if (r)
		return apps_fail(run, "mkfs", r, msg);
	if (o->mnt)
		snprintf(run->fs.mnt, sizeof(run->fs.mnt), "%s", o->mnt);
	t = apps_now();
	r = apps_fs_make(&run->fs, run->dev.block, o->mount_opts, o->out, msg, sizeof(msg));
	run->t_mkfs = apps_now() - t;
	if (r)
		return apps_fail(run, "mkfs", r, msg);
	snprintf(what, sizeof(what), "the %s filesystem on %s", run->fs.type, run->dev.block);
	r = apps_space_check(run->space_need, run->fs.avail, what, run->wl->subject, load, model,
			     msg, sizeof(msg));
	if (r)
		return apps_fail(run, "space", r, msg);

	run->ndb = o->instances;
	for (i = 0; i < run->ndb; i++) {
		apps_db_init(&run->db[i], i + 1, run->fs.mnt, o->out, o->port_base,
			     run->wl->errlog);
		run->wl->paths(&run->db[i]);
		if (mkdir(run->db[i].outdir, 0755) && errno != EEXIST) {
			snprintf(msg, sizeof(msg), "cannot create %s: %s", run->db[i].outdir,
				 strerror(errno));
			return apps_fail(run, "install", -errno, msg);
		}
		unlink(run->db[i].errlog);
	}
	t = apps_now();
	r = run->wl->install(run);
	run->t_install = apps_now() - t;
	if (r || (r = start_all(run, 1)))
		return r;
	t = apps_now();
	r = apps_sb_phase(run, APPS_SB_PREPARE, 1, run->wl->prepare_timeout_s(o), "prepare");
	run->t_prepare = apps_now() - t;
	if (r)
		return r;
	run->loaded = true;
	if (run->ndb > 1 && ((r = copy_loaded(run)) || (r = start_all(run, run->ndb))))
		return r;
	if (o->warmup_s) {
		t = apps_now();
		r = apps_sb_phase(run, APPS_SB_WARMUP, run->ndb,
				  o->warmup_s + 300 + o->warmup_s / 10, "warmup");
		run->t_warmup = apps_now() - t;
		if (r)
			return r;
	}
	t = apps_now();
	r = apps_sb_phase(run, APPS_SB_RUN, run->ndb, o->time_s + 300 + o->time_s / 10, "run");
	run->t_run = apps_now() - t;
	if (r)
		return r;
	r = parse_all(run);
	if (r || !run->wl->check)
		return r;
	t = apps_now();
	r = run->wl->check(run);
	run->t_check = apps_now() - t;
	return r;
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
	run->wl = apps_workload_find(o->workload);
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
		apps_fail(run, "device", r, msg);
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
	if (run->wl->write(run, msg, sizeof(msg))) {
		fprintf(stderr, "ssd-apps: %s\n", msg);
		rc = APPS_EXIT_FAILED;
	}
	if (run->failed_step)
		fprintf(stderr, "ssd-apps: %s: %s: %s\n", o->dev, run->failed_step, run->error);
	else
		run->wl->summary(run);
	for (i = 0; i < run->ndb; i++) {
		sb_report_free(&run->db[i].report);
		tpcc_instance_free(run->db[i].tpcc);
	}
	free(run);
	return rc;
}
