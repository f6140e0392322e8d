// SPDX-License-Identifier: GPL-2.0-only
/* testrun.c - one test on one target (testrun.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/engine_report.h"
#include "record/fio_doc.h"
#include "record/json.h"
#include "record/layout.h"
#include "run/child.h"
#include "run/progress.h"
#include "run/reason.h"
#include "run/result.h"
#include "suites/apps_suite.h"
#include "suites/expand.h"
#include "suites/telemetry.h"
#include "suites/testrun.h"
#include "util/proc.h"
#include "util/util.h"

#define STATUS_EVERY_S 5

/* The paths of one test. */
struct paths {
	char dir[PATH_MAX], final[PATH_MAX + 300], partial[PATH_MAX + 310], failed[PATH_MAX + 310],
	    errf[PATH_MAX + 320], eta[PATH_MAX + 330];
	char engine[PATH_MAX + 320];   /* the engine's report (record/engine_report.h), "" none */
	char apps_dir[PATH_MAX + 300]; /* an ssd-apps test's directory, "" for fio */
};

struct rec_test *rv_test(struct rv_run *r, size_t ti, size_t i)
{
	return rv_record_test(&r->rec[ti], i);
}

void rv_test_commit(struct rv_run *r, size_t ti)
{
	rv_record_write(&r->rec[ti], "running", NULL);
	if (ti != 0 || !r->ts.client_mode)
		return;
	/* a client run's servers: their records hold the combined record's tests */
	for (size_t h = r->ts.nrun; h < r->ts.n; h++) {
		for (size_t i = 0; i < r->plan.n; i++)
			rec_test_copy(rv_test(r, h, i), rv_test(r, 0, i));
		rv_record_write(&r->rec[h], "running", NULL);
	}
}

/* Set test @t's status and reason, and rewrite the records. */
static void state(struct rv_run *r, size_t ti, struct rec_test *t, const char *status,
		  const char *reason)
{
	rv_test_state(t, status, reason);
	rv_test_commit(r, ti);
}

static char *now_iso(char *buf, size_t len) { return rv_iso_time(time(NULL), buf, len); }

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st;
	(void)f;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

/* Remove what an earlier attempt of this test left: partial and failed output, its logs, an
 * ssd-apps test's directory. */
static void clear_stale(const struct paths *p, const char *id)
{
	char logs[PATH_MAX + 8], path[PATH_MAX * 2];
	struct dirent *e;
	DIR *d;

	unlink(p->partial);
	unlink(p->failed);
	unlink(p->errf);
	if (p->engine[0]) /* appended to: an earlier attempt's lines would stay */
		unlink(p->engine);
	if (p->apps_dir[0]) {
		unlink(p->eta);
		nftw(p->apps_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
	}
	if (rec_path_logs(logs, sizeof(logs), p->dir) || !(d = opendir(logs)))
		return;
	while ((e = readdir(d)))
		if (rec_log_of(e->d_name, id)) {
			snprintf(path, sizeof(path), "%s/%s", logs, e->d_name);
			unlink(path);
		}
	closedir(d);
}

/* A curve point's rate from its flat-out run's result; false (skip) when there is none. */
static bool curve_rate(const struct paths *p, const char *max_id, int pct, char *rate, size_t len)
{
	char path[PATH_MAX * 2], err[PATH_MAX + 600];
	struct rec_fio_doc doc;
	int rc;

	if (rec_path_result(path, sizeof(path), p->dir, max_id, REC_RESULT_DONE) ||
	    rec_fio_doc_read(path, &doc, err, sizeof(err)))
		return false;
	rc = rv_result_rate(doc.json, pct, rate, len);
	rec_fio_doc_free(&doc);
	return rc == 0;
}

/* fio's command line for the test: its jobfile expanded by the driver (a template's optional
 * lines are the driver's, not fio's) into the scratch directory, one per host with --client. */
static int fio_argv(struct rv_run *r, size_t ti, size_t i, const struct rv_env *env,
		    const struct paths *p, char **argv, char (*buf)[PATH_MAX + 64], char *err,
		    size_t errlen)
{
	const struct rv_target *t = &r->ts.t[ti];
	const struct catalogue_test *ct = r->plan.t[i].ct;
	size_t a = 0, b = 0;
	char *text;
	int rc;

	argv[a++] = "fio";
	rv_fmt(buf[b], sizeof(buf[b]), "--output=%s", p->partial);
	argv[a++] = buf[b++];
	snprintf(buf[b], sizeof(buf[b]), "--output-format=%s", ct->entry->output);
	argv[a++] = buf[b++];
	argv[a++] = "--eta=always";
	argv[a++] = "--eta-newline=1";
	for (size_t h = r->ts.client_mode ? r->ts.nrun : 0; h < (r->ts.client_mode ? r->ts.n : 1);
	     h++) {
		const struct rv_target *host = r->ts.client_mode ? &r->ts.t[h] : NULL;

		rc = rv_expand_test(r, t, i, host, env, &text, err, errlen);
		if (rc)
			return rc;
		rv_fmt(buf[b], sizeof(buf[b]), "%s/%s.%s.fio", r->state,
		       host ? host->label : t->label, ct->id);
		rc = rec_file_write(buf[b], text, strlen(text));
		free(text);
		if (rc) {
			snprintf(err, errlen, "cannot write %s: %s", buf[b], strerror(-rc));
			return rc;
		}
		if (host) {
			snprintf(buf[b + 1], sizeof(buf[b + 1]), "--client=%s,%d", host->host,
				 host->port);
			argv[a++] = buf[b + 1];
		}
		argv[a++] = buf[b];
		b += 2;
	}
	argv[a] = NULL;
	return 0;
}

/* The tail of fio's status output: its ETA and rate. */
static void fio_status(const char *eta_path, struct rv_fio_status *st)
{
	char buf[2048];
	int fd = open(eta_path, O_RDONLY | O_CLOEXEC);
	off_t end;
	ssize_t n = 0;

	st->eta_s = -1;
	st->rate[0] = '\0';
	if (fd < 0)
		return;
	end = lseek(fd, 0, SEEK_END);
	if (end > 0)
		n = pread(fd, buf, sizeof(buf) - 1,
			  end > (off_t)sizeof(buf) - 1 ? end - (off_t)sizeof(buf) + 1 : 0);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	rv_fio_status_parse(buf, st);
}

/* The lock files say which fio this run has running (or none). */
static void note_fio(struct rv_run *r, pid_t pid, unsigned long long start)
{
	r->me.fio_pid = pid;
	r->me.fio_starttime = start;
	r->st.fio_pid = pid;
	r->st.fio_starttime = start;
	for (size_t i = 0; i < r->nlocks; i++)
		rv_lock_update(&r->locks[i], &r->me);
}

/* Wait for fio, showing progress and keeping the status file current. */
static void watch(struct rv_run *r, struct rv_child *c, const struct paths *p, size_t index,
		  const long *pending, size_t npending, long expected,
		  const struct rv_fio_call *in_test)
{
	time_t t0 = time(NULL), last_print = 0, last_status = t0;
	struct rv_fio_status fs;
	char line[1024];

	while (!rv_child_poll(c, 250)) {
		time_t now = time(NULL);
		struct rv_progress pr = {.index = index, .total = r->total};

		rv_live_poll(r, false, true);

		if (!(r->tty ? now > last_print : now - t0 - last_print >= r->progress_every) &&
		    now - last_status < STATUS_EVERY_S)
			continue;
		fio_status(p->eta, &fs);
		pr.label = r->st.label;
		pr.id = r->st.test_id;
		pr.elapsed_s = now - t0;
		pr.eta_s = rv_eta_test(expected, pr.elapsed_s, fs.eta_s);
		if (in_test) { /* the whole test's: the rounds before and the ones still to come */
			pr.elapsed_s += in_test->test_before_s;
			if (pr.eta_s >= 0)
				pr.eta_s += in_test->test_after_s;
		}
		pr.rate = fs.rate;
		pr.run_elapsed_s = now - r->t0;
		pr.run_eta_s =
		    rv_eta_run(pr.eta_s, pending, npending, &r->eta, &pr.run_eta_lower_bound);
		if (in_test && in_test->test_after_lower_bound)
			pr.run_eta_lower_bound = true;
		r->st.elapsed_s = pr.elapsed_s;
		r->st.eta_s = pr.eta_s;
		r->st.rate = fs.rate;
		r->st.run_elapsed_s = pr.run_elapsed_s;
		r->st.run_eta_s = pr.run_eta_s;
		r->st.run_eta_lower_bound = pr.run_eta_lower_bound;
		if (now - last_status >= STATUS_EVERY_S) {
			rv_status_update(r);
			last_status = now;
		}
		if (r->tty ? now > last_print : now - t0 - last_print >= r->progress_every) {
			rv_progress_line(&pr, line, sizeof(line));
			rv_progress_print(line, r->tty, false);
			last_print = r->tty ? now : now - t0;
		}
	}
	r->st.rate = NULL;
}

/* Keep fio's complete result: the JSON document as <id>.json, text around it in the log. */
static int keep_result(struct rv_run *r, size_t ti, const struct paths *p, const char *id,
		       char *summary, size_t slen, char *problem, size_t plen)
{
	struct rv_result_doc doc;
	json_object *j;
	char *text = NULL, path[PATH_MAX * 2], dir[PATH_MAX + 80];
	int rc;

	if (rec_file_read(p->partial, &text, NULL) < 0) {
		snprintf(problem, plen, "fio wrote no output file");
		return -EINVAL;
	}
	if ((rc = rv_result_parse(text, &doc, &j, summary, slen, problem, plen))) {
		free(text);
		return rc;
	}
	if (doc.pre_len) {
		int fd = open(p->errf, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);

		if (fd >= 0) {
			if (write(fd, text, doc.pre_len) < 0)
				fprintf(stderr, "ssd-review: %s: %s\n", p->errf, strerror(errno));
			close(fd);
		}
	}
	rc = rec_file_write(p->final, text + doc.start, doc.len);
	free(text);
	if (rc) {
		rv_fmt(problem, plen, "cannot write %s: %s", p->final, strerror(-rc));
		json_object_put(j);
		return rc;
	}
	unlink(p->partial);
	for (size_t h = r->ts.nrun; ti == 0 && r->ts.client_mode && h < r->ts.n; h++) {
		const struct rv_target *t = &r->ts.t[h];
		json_object *mine = rv_result_host(j, t->host, t->port, t->node);

		rec_path_drive_dir(dir, sizeof(dir), r->out_abs, t->label);
		if (!mine || rec_path_result(path, sizeof(path), dir, id, REC_RESULT_DONE) ||
		    rec_json_write(path, mine))
			fprintf(stderr,
				"ssd-review: %s: cannot split the client/server JSON per "
				"host\n",
				id);
		json_object_put(mine);
	}
	json_object_put(j);
	return 0;
}

/*
 * @head with the transports a fallback put on the test's files, as the engine reported them
 * (" · nvme-ioctl (nvme-uring refused: ...)"); @head alone without a report or a fallback. A
 * report that cannot be read is said on stderr.
 */
static void head_transport(const struct paths *p, const char *head, char *out, size_t len)
{
	struct rec_engine_report rep;
	char fell[768], err[PATH_MAX + 400];
	int rc;

	snprintf(out, len, "%s", head);
	if (!p->engine[0])
		return;
	rc = rec_engine_report_read(p->engine, &rep, err, sizeof(err));
	if (rc && rc != -ENOENT)
		fprintf(stderr, "ssd-review: %s\n", err);
	if (!rc && rec_engine_report_fallbacks(&rep, fell, sizeof(fell)))
		snprintf(out, len, "%s · %s", head, fell);
	rec_engine_report_free(&rep);
}

/* The test ended: done, failed or interrupted; its record and progress line. */
static int finish(struct rv_run *r, size_t ti, size_t i, const struct paths *p,
		  const struct rv_child *c, time_t t0, const char *test_head)
{
	const char *id = r->plan.t[i].ct->id;
	char now[32], hms[32], line[3072], summary[128], problem[512], reason[1024], sig[32];
	char head[1536];
	struct rec_test *t = rv_test(r, ti, i);
	char *text = NULL;
	long el = time(NULL) - t0;

	rec_str_set(&t->ended, now_iso(now, sizeof(now)));
	t->seconds = el;
	t->fio_rc = c->code;
	t->has_fio_rc = true;
	rec_str_set(&t->manifest_id, rec_json_str(r->rec[ti].run.manifest, "id"));
	head_transport(p, test_head, head, sizeof(head));
	if (rv_stop_signal) {
		clear_stale(p, id);
		snprintf(reason, sizeof(reason), "%s: %s stopped, result discarded",
			 rv_sig_name(rv_stop_signal, sig, sizeof(sig)),
			 p->apps_dir[0] ? "ssd-apps" : "fio");
		state(r, ti, t, "interrupted", reason);
		snprintf(line, sizeof(line), "%s · interrupted after %s", head,
			 rv_hms(el, hms, sizeof(hms)));
		rv_progress_print(line, r->tty, true);
		return RV_TEST_INTERRUPTED;
	}
	problem[0] = '\0';
	if (p->apps_dir[0] ? rv_apps_outcome(p->apps_dir, rv_apps_workload(&r->plan.t[i]), c->code,
					     summary, sizeof(summary), problem, sizeof(problem))
			   : c->code == 0 && keep_result(r, ti, p, id, summary, sizeof(summary),
							 problem, sizeof(problem)) == 0) {
		if (p->apps_dir[0])
			rv_apps_used(p->apps_dir, rv_apps_workload(&r->plan.t[i]), &t->params);
		state(r, ti, t, "done", NULL);
		r->done++;
		snprintf(line, sizeof(line), "%s · done in %s · %s", head,
			 rv_hms(el, hms, sizeof(hms)), summary);
		rv_progress_print(line, r->tty, true);
		return RV_TEST_DONE;
	}
	if (p->apps_dir[0] && problem[0]) {
		rv_fmt(reason, sizeof(reason), "%s", problem);
	} else {
		/* fio's failure, or an ssd-apps that wrote no apps.json: its stderr says why */
		if (c->code != 0)
			problem[0] = '\0';
		if (access(p->partial, F_OK) == 0)
			rename(p->partial, p->failed);
		rec_file_read(p->errf, &text, NULL);
		rv_reason(text ? text : "", c->code, problem[0] ? problem : NULL, reason,
			  sizeof(reason));
		free(text);
	}
	state(r, ti, t, "failed", reason);
	r->failed++;
	snprintf(line, sizeof(line), "%s · FAILED (%s exit %d): %s", head,
		 p->apps_dir[0] ? "ssd-apps" : "fio", c->code, reason);
	rv_progress_print(line, r->tty, true);
	return RV_TEST_FAILED;
}

/* What a test that reads would read of @t's files that was never written (holes of a sparse
 * file: zeroes of the file system, not the drive's), -1 when none or not known. */
static long long unwritten(const struct rv_target *t, const struct rec_params *p)
{
	long long sum = 0, n;

	if (p->apps || !p->rw ||
	    !(strstr(p->rw, "read") || !strcmp(p->rw, "rw") || !strcmp(p->rw, "randrw")) ||
	    (t->type != RV_T_DRIVE && t->type != RV_T_GROUP))
		return -1;
	for (size_t k = 0; k < t->ndevs; k++)
		if (t->devs[k].probe.kind == RV_KIND_FILE &&
		    (n = rv_drive_file_unwritten(t->devs[k].path, t->devs[k].span)) > 0)
			sum += n;
	return sum > 0 ? sum : -1;
}

/* rv_test_run() with @argv and @argbuf for fio's command line. */
static int run_one(struct rv_run *r, size_t ti, size_t i, size_t index, const long *pending,
		   size_t npending, char **argv, char (*argbuf)[PATH_MAX + 64])
{
	const struct rv_target *t = &r->ts.t[ti];
	const struct rv_test *test = &r->plan.t[i];
	const struct catalogue_test *ct = test->ct;
	struct rec_test *rec = rv_test(r, ti, i);
	char head[512], rate[64] = "", now[32], line[1024], err[1024];
	struct rv_env env;
	struct paths p;
	struct rv_child c;
	struct rv_sampler *tel;
	struct rv_spawn s = {.argv = argv,
			     .env = &env,
			     .out_path = p.eta,
			     .err_path = p.errf,
			     .keep_fds = r->lock_fds,
			     .nkeep = r->nlocks};
	time_t t0;

	snprintf(head, sizeof(head), "[%zu/%zu] %s · %s", index, r->total, t->label, ct->id);
	rec_path_drive_dir(p.dir, sizeof(p.dir), r->out_abs, t->label);
	rec_path_result(p.final, sizeof(p.final), p.dir, ct->id, REC_RESULT_DONE);
	rec_path_result(p.partial, sizeof(p.partial), p.dir, ct->id, REC_RESULT_PARTIAL);
	rec_path_result(p.failed, sizeof(p.failed), p.dir, ct->id, REC_RESULT_FAILED);
	rec_path_log(p.errf, sizeof(p.errf), p.dir, ct->id, NULL,
		     rv_test_is_apps(test) ? REC_LOG_APPS_STDERR : REC_LOG_FIO_STDERR);
	snprintf(p.eta, sizeof(p.eta), "%s/eta", r->state);
	p.apps_dir[0] = '\0';
	if (rv_test_is_apps(test))
		p.engine[0] = '\0';
	else
		rec_path_log(p.engine, sizeof(p.engine), p.dir, ct->id, NULL, REC_LOG_ENGINE);
	if (rv_test_is_apps(test)) { /* its progress and summary kept in the logs */
		rv_apps_dir(r, ti, i, p.apps_dir, sizeof(p.apps_dir));
		rec_path_log(p.eta, sizeof(p.eta), p.dir, ct->id, NULL, REC_LOG_APPS_STDOUT);
	}
	clear_stale(&p, ct->id);
	if (rv_test_is_apps(test) && rv_apps_skip_reason(r, ti)) {
		state(r, ti, rec, "skipped", rv_apps_skip_reason(r, ti));
		r->skipped++;
		snprintf(line, sizeof(line), "%s · skipped: %s", head, rv_apps_skip_reason(r, ti));
		rv_progress_print(line, r->tty, true);
		return RV_TEST_FAILED;
	}
	if (ct->rate_from && !curve_rate(&p, ct->rate_from, ct->rate_pct, rate, sizeof(rate))) {
		state(r, ti, rec, "skipped", "no max run result to take the rate from");
		r->skipped++;
		snprintf(line, sizeof(line), "%s · skipped: no %s result", head, ct->rate_from);
		rv_progress_print(line, r->tty, true);
		return RV_TEST_FAILED;
	}
	if (rv_stop_signal)
		return RV_TEST_INTERRUPTED;
	rv_test_env(test, t->label, t->node, t->span, &r->envc, rate[0] ? rate : NULL, &env);
	if (rate[0])
		rec_str_set(&rec->rate_iops_per_job, rate);
	rv_test_state(rec, "running", NULL);
	rec_str_set(&rec->started, now_iso(now, sizeof(now)));
	rec->unwritten_bytes = unwritten(t, &rec->params);
	if (rv_test_is_apps(test)) {
		rv_apps_params(r, i, &rec->params);
		rv_apps_argv(r, ti, i, argv, argbuf);
		s.env = NULL;
		s.stop_grace_s = RV_APPS_STOP_GRACE_S;
	}
	rv_test_commit(r, ti);
	if ((!rv_test_is_apps(test) &&
	     fio_argv(r, ti, i, &env, &p, argv, argbuf, err, sizeof(err))) ||
	    rv_child_spawn(&c, &s, err, sizeof(err))) {
		memset(&c, 0, sizeof(c));
		c.code = 127;
		c.done = true;
		rec_file_write(p.errf, err, strlen(err));
		return finish(r, ti, i, &p, &c, time(NULL), head);
	}
	t0 = time(NULL);
	r->st.index = index;
	r->st.label = t->label;
	r->st.test_id = ct->id;
	r->st.title = ct->title;
	r->st.test_started = now;
	r->st.expected_s = test->expected_s;
	r->st.elapsed_s = 0;
	r->st.eta_s = test->expected_s > 0 ? test->expected_s : -1;
	r->st.run_eta_s =
	    rv_eta_run(r->st.eta_s, pending, npending, &r->eta, &r->st.run_eta_lower_bound);
	note_fio(r, c.pid, c.starttime);
	rv_status_update(r);
	tel = rv_sampler_start(r, ti, ct->id, NULL);
	watch(r, &c, &p, index, pending, npending, test->expected_s, NULL);
	rv_sampler_stop(tel);
	note_fio(r, 0, 0);
	r->st.test_id = NULL;
	return finish(r, ti, i, &p, &c, t0, head);
}

int rv_test_run(struct rv_run *r, size_t ti, size_t i, size_t index, const long *pending,
		size_t npending)
{
	size_t nargs = 2 * r->ts.n + 8 > RV_APPS_ARGC ? 2 * r->ts.n + 8 : RV_APPS_ARGC;
	char(*argbuf)[PATH_MAX + 64] = calloc(nargs, sizeof(*argbuf));
	char **argv = calloc(nargs, sizeof(*argv));
	int outcome;

	if (!argbuf || !argv) {
		free(argbuf);
		free(argv);
		fprintf(stderr, "ssd-review: out of memory\n");
		return RV_TEST_FAILED;
	}
	outcome = run_one(r, ti, i, index, pending, npending, argv, argbuf);
	free(argbuf);
	free(argv);
	return outcome;
}

/* One fio run of a test's part (rv_fio_call()): @s spawns it, @p holds its directory and the
 * engine's report; the rest as rv_fio_call(). */
static int fio_part(struct rv_run *r, size_t ti, const struct rv_fio_call *fc, struct rv_spawn *s,
		    struct paths *p, char *outarg, size_t outlen, char *fmt, size_t fmtlen,
		    char *summary, size_t slen, char *reason, size_t rlen)
{
	char problem[512] = "", sig[32];
	struct rv_child c;
	struct rv_sampler *tel;
	char *text = NULL;

	rv_fmt(p->final, sizeof(p->final), "%s", fc->final);
	rec_path_result_of(p->partial, sizeof(p->partial), p->final, REC_RESULT_PARTIAL);
	rec_path_result_of(p->failed, sizeof(p->failed), p->final, REC_RESULT_FAILED);
	rv_fmt(p->errf, sizeof(p->errf), "%s", fc->errf);
	snprintf(p->eta, sizeof(p->eta), "%s/eta", r->state);
	rv_fmt(outarg, outlen, "--output=%s", p->partial);
	snprintf(fmt, fmtlen, "--output-format=%s", fc->output);
	unlink(p->partial);
	unlink(p->failed);
	if (rv_stop_signal)
		return RV_TEST_INTERRUPTED;
	if (rv_child_spawn(&c, s, reason, rlen))
		return RV_TEST_FAILED;
	note_fio(r, c.pid, c.starttime);
	rv_status_update(r);
	{ /* the part: the run's file name without .json ("iops-round-03") */
		const char *base =
		    strrchr(fc->final, '/') ? strrchr(fc->final, '/') + 1 : fc->final;
		char part[128];

		snprintf(part, sizeof(part), "%.*s",
			 (int)(strlen(base) > 5 ? strlen(base) - 5 : strlen(base)), base);
		tel = rv_sampler_start(r, ti, r->st.test_id, part);
	}
	watch(r, &c, p, fc->index, fc->pending, fc->npending, fc->expected_s, fc);
	rv_sampler_stop(tel);
	note_fio(r, 0, 0);
	if (rv_stop_signal) {
		unlink(p->partial);
		snprintf(reason, rlen, "%s: fio stopped, result discarded",
			 rv_sig_name(rv_stop_signal, sig, sizeof(sig)));
		return RV_TEST_INTERRUPTED;
	}
	if (c.code == 0 && keep_result(r, ti, p, "", summary, slen, problem, sizeof(problem)) == 0)
		return RV_TEST_DONE;
	if (c.code != 0)
		problem[0] = '\0';
	if (access(p->partial, F_OK) == 0)
		rename(p->partial, p->failed);
	rec_file_read(p->errf, &text, NULL);
	rv_reason(text ? text : "", c.code, problem[0] ? problem : NULL, reason, rlen);
	free(text);
	return RV_TEST_FAILED;
}

int rv_fio_call(struct rv_run *r, size_t ti, const struct rv_fio_call *fc, char *summary,
		size_t slen, char *reason, size_t rlen)
{
	char fmt[64], outarg[PATH_MAX + 400];
	char *argv[] = {"fio", outarg, fmt, "--eta=always", "--eta-newline=1", (char *)fc->jobfile,
			NULL};
	struct paths p;
	struct rv_spawn s = {.argv = argv,
			     .out_path = p.eta,
			     .err_path = p.errf,
			     .keep_fds = r->lock_fds,
			     .nkeep = r->nlocks};
	struct rv_env *env = calloc(1, sizeof(*env));
	int rc;

	summary[0] = reason[0] = '\0';
	if (!env) {
		snprintf(reason, rlen, "out of memory");
		return RV_TEST_FAILED;
	}
	rec_path_drive_dir(p.dir, sizeof(p.dir), r->out_abs, r->ts.t[ti].label);
	/* the engine reports its transports into the test's one report, part after part (the
	 * reporter reads it as the test's: parse/run_status.c) */
	p.engine[0] = '\0';
	if (r->st.test_id &&
	    !rec_path_log(p.engine, sizeof(p.engine), p.dir, r->st.test_id, NULL, REC_LOG_ENGINE) &&
	    !rv_env_set(env, "SSDENG_REPORT", p.engine))
		s.env = env;
	rc = fio_part(r, ti, fc, &s, &p, outarg, sizeof(outarg), fmt, sizeof(fmt), summary, slen,
		      reason, rlen);
	free(env);
	return rc;
}
