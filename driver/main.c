// SPDX-License-Identifier: GPL-2.0-only
/*
 * main.c - ssd-review: run the review suites of docs/METHODOLOGY.md with fio on drives, groups
 * of drives or fio servers, from the test catalogue, with results that carry their origin
 * (--help; driver/README.md for the results directory).
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/status.h"
#include "cli/usage.h"
#include "record/layout.h"
#include "report/library_check.h"
#include "review/resume.h"
#include "review/review.h"
#include "run/child.h"
#include "suites/apps_suite.h"
#include "suites/pts_plan.h"
#include "suites/pts_suite.h"
#include "util/proc.h"
#include "util/util.h"

/* " (group: a=/dev/ng0n1 b=/dev/ng1n1)" / " (clients: h1=host:8765:/dev/ng0n1 ...)" */
static void members_text(const struct rv_run *r, const struct rv_target *t, char *out, size_t len)
{
	out[0] = '\0';
	if (t->type == RV_T_GROUP) {
		snprintf(out, len, " (group:");
		for (size_t i = 0; i < t->ndevs; i++)
			snprintf(out + strlen(out), len - strlen(out), " %s=%s", t->devs[i].name,
				 t->devs[i].node);
		snprintf(out + strlen(out), len - strlen(out), ")");
	} else if (t->type == RV_T_CLIENTS) {
		snprintf(out, len, " (clients:");
		for (size_t h = r->ts.nrun; h < r->ts.n; h++)
			snprintf(out + strlen(out), len - strlen(out), " %s=%s:%d:%s",
				 r->ts.t[h].label, r->ts.t[h].host, r->ts.t[h].port,
				 r->ts.t[h].device);
		snprintf(out + strlen(out), len - strlen(out), ")");
	}
}

/* An ssd-apps test in --dry-run: "LABEL ID ssd-apps run --dev ..." (or why it is skipped). */
static void dry_run_apps(const struct rv_run *r, size_t ti, size_t i, const char *members)
{
	char *argv[RV_APPS_ARGC], buf[RV_APPS_ARGC][PATH_MAX + 64];
	const char *skip = rv_apps_skip_reason(r, ti);

	printf("%s %s", r->ts.t[ti].label, r->plan.t[i].ct->id);
	if (skip) {
		printf(" skipped: %s%s\n", skip, members);
		return;
	}
	rv_apps_argv(r, ti, i, argv, buf);
	for (size_t k = 0; argv[k]; k++)
		printf(" %s", argv[k]);
	printf("%s\n", members);
}

/* --dry-run with --resume: under a PTS test that runs, what it keeps and runs again. */
static void dry_run_pts_resume(struct rv_run *r, size_t ti, size_t i)
{
	const struct rec_test *e = rv_record_earlier_test(&r->rec[ti], r->plan.t[i].ct->id);
	char text[2048];

	if (!e || !e->pts)
		return;
	rv_pts_resume_text(r->plan.t[i].ct->entry->pts, e->pts, r->rec[ti].dir, text, sizeof(text));
	if (text[0])
		printf("  %s\n", text);
}

/* --dry-run: "LABEL ID jobfiles/JOBFILE VAR=value ..." per test, in run order; under a PTS test
 * its cells, rounds and segments; last the plan's least duration. With --resume a test the run
 * would keep is "LABEL ID kept (--resume)", and the least duration is that of the rest. */
static void dry_run(struct rv_run *r)
{
	char members[4096], text[2048], hms[32];
	long total = 0;
	size_t kept = 0;

	for (size_t s = 0; s < r->plan.n;) {
		size_t e = s;

		while (e < r->plan.n && r->plan.t[e].ct->step == r->plan.t[s].ct->step)
			e++;
		for (size_t ti = 0; ti < r->ts.nrun; ti++) {
			const struct rv_target *t = &r->ts.t[ti];

			members_text(r, t, members, sizeof(members));
			for (size_t i = s; i < e; i++) {
				struct rv_env env;

				if (r->o->resume && rv_review_keeps(r, ti, i)) {
					printf("%s %s kept (--resume: the run resumed completed "
					       "it)%s\n",
					       t->label, r->plan.t[i].ct->id, members);
					kept++;
					continue;
				}
				total += r->plan.t[i].expected_s;
				if (rv_test_is_apps(&r->plan.t[i])) {
					dry_run_apps(r, ti, i, members);
					continue;
				}
				rv_test_env(&r->plan.t[i], t->label, t->node, t->span, &r->envc,
					    NULL, &env);
				printf("%s %s jobfiles/%s", t->label, r->plan.t[i].ct->id,
				       r->plan.t[i].ct->entry->jobfile);
				/* SSD_ENGINE and SSD_ENGINE_OPT are the same for every test */
				for (size_t k = 2; k < env.n; k++)
					printf(" %s=%s", env.v[k].name, env.v[k].value);
				printf("%s\n", members);
				if (r->plan.t[i].ct->entry->pts) {
					rv_pts_plan_text(
					    r->plan.t[i].ct, r->o->profile, t->devs[0].probe.lbs,
					    r->plan.t[i].expected_s, text, sizeof(text));
					printf("  %s\n", text);
					if (r->o->resume)
						dry_run_pts_resume(r, ti, i);
				}
			}
		}
		s = e;
	}
	if (r->o->resume) {
		printf("plan: %zu test%s on %zu target%s: %zu kept (--resume), %zu to run, at "
		       "least %s "
		       "in all (the catalogue's durations of those to run, a PTS test that keeps "
		       "phases counted whole; fio's start-up, the queue's drain after each run, "
		       "fills and purges not counted)\n",
		       r->plan.n, r->plan.n == 1 ? "" : "s", r->ts.nrun, r->ts.nrun == 1 ? "" : "s",
		       kept, r->plan.n * r->ts.nrun - kept, rv_hms(total, hms, sizeof(hms)));
		return;
	}
	printf(
	    "plan: %zu test%s on %zu target%s, at least %s per target (the catalogue's durations; "
	    "fio's start-up, the queue's drain after each run, fills and purges not "
	    "counted)\n",
	    r->plan.n, r->plan.n == 1 ? "" : "s", r->ts.nrun, r->ts.nrun == 1 ? "" : "s",
	    rv_hms(r->ts.nrun ? total / (long)r->ts.nrun : total, hms, sizeof(hms)));
}

static void rm_state(const char *dir)
{
	char path[PATH_MAX * 2];
	struct dirent *e;
	DIR *d;

	if (!dir[0] || !(d = opendir(dir)))
		return;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			unlink(path);
		}
	closedir(d);
	rmdir(dir);
}

/* The run's own facts: times, ids, paths, the command that resumes it. */
static int init_run(struct rv_run *r, char *err, size_t errlen)
{
	const struct rv_opts *o = r->o;
	const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	const char *every = getenv("SSD_PROGRESS_EVERY");
	char exe[PATH_MAX], cmd[sizeof(r->me.command)] = "";
	ssize_t n;

	if (!getcwd(r->cwd, sizeof(r->cwd)))
		snprintf(r->cwd, sizeof(r->cwd), "/");
	rv_abspath(NULL, o->out, r->out_abs, sizeof(r->out_abs));
	r->t0 = time(NULL);
	rv_iso_time(r->t0, r->started, sizeof(r->started));
	r->pid = getpid();
	rv_proc_starttime(r->pid, &r->starttime);
	r->argv = json_object_new_array();
	for (size_t i = 0; i < o->argv.n; i++) {
		json_object_array_add(r->argv, json_object_new_string(o->argv.v[i]));
		if (i)
			strncat(cmd, " ", sizeof(cmd) - strlen(cmd) - 1);
		rv_shell_quote(o->argv.v[i], cmd, sizeof(cmd));
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	exe[n > 0 ? n : 0] = '\0';
	rv_shell_quote(n > 0 ? exe : o->argv.v[0], r->resume_cmd, sizeof(r->resume_cmd));
	strncat(r->resume_cmd, " --resume --out ",
		sizeof(r->resume_cmd) - strlen(r->resume_cmd) - 1);
	rv_shell_quote(r->out_abs, r->resume_cmd, sizeof(r->resume_cmd));
	r->me = (struct rv_lock_holder){.pid = r->pid, .starttime = r->starttime};
	snprintf(r->me.started, sizeof(r->me.started), "%s", r->started);
	snprintf(r->me.command, sizeof(r->me.command), "%s", cmd);
	snprintf(r->state, sizeof(r->state), "%s/ssd-review.XXXXXX", tmp);
	if (!mkdtemp(r->state)) {
		snprintf(err, errlen, "cannot make a directory in %s: %s", tmp, strerror(errno));
		r->state[0] = '\0';
		return -EINVAL;
	}
	rec_path_status(r->status_path, sizeof(r->status_path), r->out_abs);
	r->tty = isatty(STDERR_FILENO);
	r->progress_every = every && atol(every) > 0 ? atol(every) : 30;
	r->total = r->plan.n * r->ts.nrun;
	r->rrun = (struct rv_record_run){
	    .command = r->argv,
	    .cwd = r->cwd,
	    .fio = r->tools.fio_version,
	    .kernel = r->tools.kernel,
	    .ssdeng = r->tools.ssdeng_version,
	    .ioengine = r->tools.ioengine,
	    .started = r->started,
	    .suite = o->suite,
	    .profile = o->profile,
	    .engine = o->engine,
	    .engine_option = r->tools.engine_opt,
	    .resume = o->resume,
	    .resume_command = r->resume_cmd,
	    .pid = r->pid,
	};
	r->st = (struct rec_status){
	    .state = "running",
	    .pid = r->pid,
	    .pid_starttime = r->starttime,
	    .command = r->argv,
	    .resume_command = r->resume_cmd,
	    .out = r->out_abs,
	    .started = r->started,
	    .total = r->total,
	    .run_eta_s = -1,
	    .exit_status = -1,
	};
	return 0;
}

/* Plan, drives and tools: everything --dry-run needs. */
static int prepare(struct rv_run *r, char *err, size_t errlen)
{
	int rc;

	/* the results directory's absolute path: --dry-run prints paths under it too */
	rv_abspath(NULL, r->o->out, r->out_abs, sizeof(r->out_abs));
	if ((rc = rv_plan_build(r->o, &r->plan, err, errlen)) ||
	    (rc = rv_pts_check_opts(r->o, &r->plan, err, errlen)) ||
	    (rc = rv_targets_build(r->o, r->plan.profile, &r->ts, err, errlen)) ||
	    (rc = rv_tools_find(r->o, &r->tools, err, errlen)) ||
	    (rc = rv_pts_check_targets(r, err, errlen)) || (rc = rv_apps_refuse(r, err, errlen)))
		return rc;
	r->envc = (struct rv_env_ctx){
	    .fio_engine = r->tools.ioengine,
	    .engine_opt = r->tools.engine_opt,
	    .log_window = r->tools.log_window,
	    .out = r->o->out,
	    .hist_coarseness = r->plan.profile->hist_coarseness,
	    .pts_variant = pts_variant_info((enum pts_variant)r->o->pts_variant),
	};
	return 0;
}

static int purge(struct rv_run *r)
{
	const struct rv_dev *d = &r->ts.t[0].devs[0];
	char err[1024];

	fprintf(stderr, "ssd-review: purging %s (%s)\n", d->path, r->o->purge);
	if (rv_drive_purge(d->path, r->o->purge, r->o->confirm, false, err, sizeof(err)) == 0)
		return 0;
	fprintf(stderr, "ssd-review: ssdctl purge failed: %s; nothing was run\n", err);
	rv_write_records(r, "failed", r->started);
	return -EIO;
}

static int run(struct rv_run *r, char *err, size_t errlen)
{
	char sig[32];
	int rc;

	if ((rc = init_run(r, err, errlen)) || (rc = rv_setup_check(r, err, errlen))) {
		if (!rv_stop_signal)
			return RV_EXIT_USAGE;
		/* a probe or check stopped by the signal: its failure is not the drive's */
		snprintf(err, errlen, "interrupted before the first test (%s); nothing was written",
			 rv_sig_name(rv_stop_signal, sig, sizeof(sig)));
		fprintf(stderr, "ssd-review: %s\n", err);
		err[0] = '\0';
		return RV_EXIT_INTERRUPTED;
	}
	if ((rc = rv_setup_write(r, err, errlen)))
		return RV_EXIT_USAGE;
	if (r->ts.client_mode)
		fprintf(
		    stderr,
		    "ssd-review: %zu tests (%s, %s) on %zu fio server(s) at once with %s -> %s/\n",
		    r->total, r->o->suite, r->o->profile, r->ts.n - r->ts.nrun, r->o->engine,
		    r->o->out);
	else
		fprintf(
		    stderr,
		    "ssd-review: %zu tests (%s, %s) on %zu drive(s) or group(s) with %s -> %s/\n",
		    r->total, r->o->suite, r->o->profile, r->ts.nrun, r->o->engine, r->o->out);
	/* PTS tests purge the drive themselves, at the start of each */
	if (r->o->purge && !rv_pts_in_plan(&r->plan, NULL) && purge(r))
		return RV_EXIT_FAILED;
	rv_review_run(r);
	return rv_review_end(r);
}

/* The profiles of the curves suite, from catalogue @c: the workload of each flat-out curve
 * row, in run order, wrapped at 100 columns. */
static void help_curves(const struct catalogue *c, const char *path)
{
	size_t n = 0, col = 4;

	for (size_t i = 0; i < c->nentries; i++)
		n += !strcmp(c->entries[i].family->id, "curve") && c->entries[i].rate_max;
	printf("\nCurve profiles (from %s): %zu, each curve-<profile>-max then its points\n   ",
	       path, n);
	for (size_t i = 0; i < c->nentries; i++) {
		const struct catalogue_entry *e = &c->entries[i];
		size_t w;

		if (strcmp(e->family->id, "curve") || !e->rate_max || !e->workload)
			continue;
		w = strlen(e->workload) + 2;
		if (col + w > 100) {
			printf("\n   ");
			col = 4;
		}
		printf(" %s%s", e->workload, --n ? "," : "\n");
		col += w;
	}
}

/* --help's last part: the curve profiles and the PTS tests' durations on each profile, as the
 * catalogue (--catalogue, else the one ssd-review would read) gives them. */
static void help_catalogue(const struct rv_opts *o)
{
	struct catalogue *c = NULL;
	char path[PATH_MAX], err[1024], text[4096];

	if (o->catalogue)
		snprintf(path, sizeof(path), "%s", o->catalogue);
	else if (catalogue_find(path, sizeof(path)) < 0) {
		printf("\nCurve profiles, SNIA PTS durations: no test catalogue found (looked at "
		       "%s)\n",
		       path);
		return;
	}
	if (catalogue_load(path, &c, err, sizeof(err)) < 0) {
		printf("\nCurve profiles, SNIA PTS durations: %s\n", err);
		return;
	}
	help_curves(c, path);
	rv_pts_durations_text(c, text, sizeof(text));
	printf("\nSNIA PTS durations per profile (from %s):\n%s", path, text);
	catalogue_free(c);
}

int main(int argc, char **argv)
{
	struct rv_opts o;
	struct rv_run r;
	char err[16384];
	int code;

	memset(&r, 0, sizeof(r));
	if (rv_opts_parse(argc, argv, &o, err, sizeof(err))) {
		fprintf(stderr, "ssd-review: %s\n", err);
		rv_opts_free(&o);
		return RV_EXIT_USAGE;
	}
	if (o.help) {
		rv_usage(stdout);
		help_catalogue(&o);
		rv_opts_free(&o);
		return RV_EXIT_OK;
	}
	if (o.status_dir) {
		code = rv_status_show(o.status_dir, stdout);
		rv_opts_free(&o);
		return code;
	}
	if (rv_signals_install() < 0) {
		fprintf(stderr, "ssd-review: cannot install signal handlers: %s\n",
			strerror(errno));
		rv_opts_free(&o);
		return RV_EXIT_USAGE;
	}
	if (o.resume && !o.drives.n && !o.groups.n && !o.clients.n) {
		if (rv_resume_from_manifest(&o, err, sizeof(err))) {
			fprintf(stderr, "ssd-review: %s\n", err);
			rv_opts_free(&o);
			return RV_EXIT_USAGE;
		}
		fprintf(stderr, "ssd-review: resuming the run of %s\n", o.out);
	}
	r.o = &o;
	err[0] = '\0';
	if (prepare(&r, err, sizeof(err))) {
		code = RV_EXIT_USAGE;
	} else if (o.dry_run) {
		/* --library as the run would check it: a dry run says what the run would refuse */
		if (o.library && r.tools.ssdreport[0] &&
		    rv_library_check(r.tools.ssdreport, o.library, err, sizeof(err))) {
			code = RV_EXIT_USAGE;
		} else if (o.resume && rv_resume_read_earlier(&r, err, sizeof(err))) {
			code = RV_EXIT_USAGE;
		} else {
			dry_run(&r);
			code = RV_EXIT_OK;
		}
	} else {
		code = run(&r, err, sizeof(err));
	}
	if (code == RV_EXIT_USAGE && err[0])
		fprintf(stderr, "ssd-review: %s\n", err);
	rm_state(r.state);
	rv_run_free(&r);
	rv_opts_free(&o);
	return code;
}
