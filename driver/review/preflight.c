// SPDX-License-Identifier: GPL-2.0-only
/* preflight.c - every test checked before the first write (preflight.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan/jobfile.h"
#include "record/json.h"
#include "record/layout.h"
#include "report/library_check.h"
#include "review/preflight.h"
#include "run/child.h"
#include "run/reason.h"
#include "run/result.h"
#include "suites/apps_suite.h"
#include "suites/expand.h"
#include "suites/pts_suite.h"
#include "util/util.h"

#define PARSE_BATCH 200

/* Write @text to <state>/<name>. */
static int put_file(struct rv_run *r, const char *name, const char *text, char *path, size_t len)
{
	snprintf(path, len, "%s/%s", r->state, name);
	return rec_file_write(path, text, strlen(text));
}

/* The first real line of a file fio wrote to stderr. */
static void first_message(const char *path, int rc, char *out, size_t len)
{
	char *text = NULL;

	rec_file_read(path, &text, NULL);
	rv_reason(text ? text : "", rc, NULL, out, len);
	free(text);
}

/* fio --parse-only over @files[0..@n); on a refusal, find the file. */
static int parse_only(struct rv_run *r, char **files, char **labels, size_t n, char *err,
		      size_t errlen)
{
	char errpath[PATH_MAX + 16], outpath[PATH_MAX + 16], msg[1024];
	char **argv = calloc(n + 4, sizeof(*argv));
	struct rv_spawn s = {.argv = argv, .out_path = outpath, .err_path = errpath};
	int rc;

	if (!argv)
		return -ENOMEM;
	snprintf(errpath, sizeof(errpath), "%s/parse.err", r->state);
	snprintf(outpath, sizeof(outpath), "%s/parse.out", r->state);
	argv[0] = "fio";
	argv[1] = "--parse-only"; /* parses the options, runs no job: nothing is opened */
	for (size_t i = 0; i < n; i++)
		argv[2 + i] = files[i];
	rc = rv_child_run(&s, 300, err, errlen);
	if (rc != 0 && n > 1) {
		/* which one: each alone */
		for (size_t i = 0; i < n && rc; i++)
			if (parse_only(r, files + i, labels + i, 1, err, errlen))
				break;
		free(argv);
		return -EINVAL;
	}
	free(argv);
	if (rc < 0)
		return rc;
	if (rc != 0) {
		first_message(errpath, rc, msg, sizeof(msg));
		snprintf(err, errlen, "%s: fio refuses the job: %s", labels[0], msg);
		return -EINVAL;
	}
	return 0;
}

/* Expand every test for every target into <state>, then let fio parse them. */
static int check_jobfiles(struct rv_run *r, char *err, size_t errlen)
{
	size_t cap = r->plan.n * r->ts.n + 1, n = 0;
	char **files = calloc(cap, sizeof(*files)), **labels = calloc(cap, sizeof(*labels));
	char name[256], path[PATH_MAX + 300], label[512];
	bool parse = !r->ts.client_mode || !r->o->server_engine;
	int rc = files && labels ? 0 : -ENOMEM;

	for (size_t ti = 0; !rc && ti < r->ts.nrun; ti++) {
		const struct rv_target *t = &r->ts.t[ti];

		for (size_t i = 0; !rc && i < r->plan.n; i++) {
			struct rv_env env;
			char *text = NULL;
			const struct rv_target *host = r->ts.client_mode ? &r->ts.t[1] : NULL;

			if (rv_test_is_apps(&r->plan.t[i])) /* ssd-apps: no jobfile */
				continue;
			/* a curve point's rate is known once its max run ran: any value parses */
			rv_test_env(&r->plan.t[i], t->label, t->node, t->span, &r->envc, "1,1",
				    &env);
			for (size_t h = r->ts.nrun; !rc && host && h < r->ts.n; h++) {
				rc = rv_expand_test(r, t, i, &r->ts.t[h], &env, &text, err, errlen);
				free(text);
				text = NULL;
			}
			if (!rc)
				rc = rv_expand_test(r, t, i, host, &env, &text, err, errlen);
			snprintf(name, sizeof(name), "check.%s.%s.fio", t->label,
				 r->plan.t[i].ct->id);
			if (!rc && !(rc = put_file(r, name, text, path, sizeof(path)))) {
				snprintf(label, sizeof(label), "test %s on %s (jobfiles/%s)",
					 r->plan.t[i].ct->id, t->label,
					 r->plan.t[i].ct->entry->jobfile);
				files[n] = strdup(path);
				labels[n] = strdup(label);
				rc = files[n] && labels[n++] ? 0 : -ENOMEM;
			}
			free(text);
		}
	}
	for (size_t i = 0; !rc && parse && i < n; i += PARSE_BATCH)
		rc = parse_only(r, files + i, labels + i, n - i < PARSE_BATCH ? n - i : PARSE_BATCH,
				err, errlen);
	for (size_t i = 0; i < n; i++) {
		unlink(files[i]);
		free(files[i]);
		free(labels[i]);
	}
	free(files);
	free(labels);
	return rc;
}

/* A regular file too small to read 16 KiB from (or new): probe a scratch file beside it. */
static int scratch_file(const struct rv_dev *d, char *path, size_t len)
{
	char dir[PATH_MAX];
	int fd;

	snprintf(dir, sizeof(dir), "%s", d->path);
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	else
		snprintf(dir, sizeof(dir), ".");
	rv_fmt(path, len, "%s/.ssd-review-probe.XXXXXX", dir[0] ? dir : "/");
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	if (ftruncate(fd, 1 << 20) < 0) {
		int e = -errno;

		close(fd);
		unlink(path);
		return e;
	}
	close(fd);
	return 0;
}

/* A zero-I/O probe that takes longer has hung (a fio server in a slow emulated guest starting
 * the engine can take a minute). */
#define PROBE_TIMEOUT_S 300

/* One fio reading 16 KiB of @node (@bs > 0: one transfer of @bs bytes) with the engine and its
 * option, nothing written. */
static int probe(struct rv_run *r, const char *node, const char *client, unsigned long long bs,
		 char *msg, size_t len)
{
	char job[PATH_MAX * 2], jobpath[PATH_MAX + 16], outpath[PATH_MAX + 16],
	    errpath[PATH_MAX + 16], output[PATH_MAX + 32], cl[300], summary[128], problem[256];
	char *argv[8], *text = NULL, stdout_path[PATH_MAX + 16];
	struct rv_spawn s = {.argv = argv, .out_path = stdout_path, .err_path = errpath};
	struct rv_result_doc doc;
	json_object *j = NULL;
	int rc, a = 0;

	if ((bs ? rv_jobfile_probe_bs(r->tools.ioengine, r->tools.engine_opt, node, bs, job,
				      sizeof(job))
		: rv_jobfile_probe(r->tools.ioengine, r->tools.engine_opt, node, job,
				   sizeof(job))) ||
	    put_file(r, "probe.fio", job, jobpath, sizeof(jobpath))) {
		rv_fmt(msg, len, "cannot write the probe job in %s", r->state);
		return -EIO;
	}
	snprintf(outpath, sizeof(outpath), "%s/probe.json", r->state);
	snprintf(errpath, sizeof(errpath), "%s/probe.err", r->state);
	snprintf(stdout_path, sizeof(stdout_path), "%s/probe.out", r->state);
	snprintf(output, sizeof(output), "--output=%s", outpath);
	unlink(outpath);
	argv[a++] = "fio";
	if (!client)
		argv[a++] = "--readonly";
	argv[a++] = "--output-format=json";
	argv[a++] = output;
	if (client) {
		snprintf(cl, sizeof(cl), "--client=%s", client);
		argv[a++] = cl;
	}
	argv[a++] = jobpath;
	argv[a] = NULL;
	rc = rv_child_run(&s, PROBE_TIMEOUT_S, msg, len);
	if (rc < 0)
		return rc;
	rec_file_read(outpath, &text, NULL);
	if (rc == 0 && text &&
	    rv_result_parse(text, &doc, &j, summary, sizeof(summary), problem, sizeof(problem)) ==
		0) {
		json_object_put(j);
		free(text);
		return 0;
	}
	free(text);
	first_message(errpath, rc, msg, len);
	return -EINVAL;
}

static int probe_drives(struct rv_run *r, char *err, size_t errlen)
{
	char msg[1024], scratch[PATH_MAX];
	unsigned long long maxbs = rv_pts_max_block(&r->plan);

	for (size_t ti = 0; ti < r->ts.nrun; ti++) {
		const struct rv_target *t = &r->ts.t[ti];

		for (size_t k = 0; k < t->ndevs; k++) {
			const struct rv_dev *d = &t->devs[k];
			bool small = d->probe.kind == RV_KIND_FILE && d->probe.size < 16384;
			int rc;

			if (rv_drive_check_writable(d->node, msg, sizeof(msg)) < 0) {
				snprintf(err, errlen, "%s: %s", d->what, msg);
				return -EINVAL;
			}
			if (small && (rc = scratch_file(d, scratch, sizeof(scratch))) < 0) {
				snprintf(err, errlen, "%s: cannot make a probe file beside it: %s",
					 d->what, strerror(-rc));
				return -EINVAL;
			}
			rc = probe(r, small ? scratch : d->node, NULL, 0, msg, sizeof(msg));
			if (small)
				unlink(scratch);
			if (rc < 0) {
				snprintf(err, errlen,
					 "%s: a read-only probe with %s (%s) fails: %s", d->what,
					 r->o->engine, r->tools.engine_opt, msg);
				return -EINVAL;
			}
			/* the largest transfer of the PTS cells, on a drive (a file takes any) */
			if (maxbs > 16384 && d->probe.kind != RV_KIND_FILE &&
			    probe(r, d->node, NULL, maxbs, msg, sizeof(msg)) < 0) {
				snprintf(
				    err, errlen,
				    "%s: the SNIA PTS tests need %llu-byte transfers; a read-only "
				    "probe of one with %s (%s) fails: %s (with ssdeng, "
				    "--engine-opt transport=block lets the kernel split them)",
				    d->what, maxbs, r->o->engine, r->tools.engine_opt, msg);
				return -EINVAL;
			}
		}
	}
	return 0;
}

/* Room for each file target's span on its file system (files sharing one added up), before
 * the first write: a full file system would fail the filling and leave the reads a sparse
 * file. */
static int file_room(struct rv_run *r, char *err, size_t errlen)
{
	struct fs {
		unsigned long id;
		uint64_t need;
	} fs[64];
	size_t nfs = 0;

	for (size_t ti = 0; ti < r->ts.nrun; ti++)
		for (size_t k = 0; k < r->ts.t[ti].ndevs; k++) {
			const struct rv_dev *d = &r->ts.t[ti].devs[k];
			uint64_t need, avail;
			unsigned long id;
			size_t f;

			if (d->probe.kind != RV_KIND_FILE ||
			    rv_drive_file_room(d->path, d->span, &need, &avail, &id) < 0)
				continue;
			for (f = 0; f < nfs && fs[f].id != id; f++)
				;
			if (f == nfs && nfs < sizeof(fs) / sizeof(fs[0]))
				fs[nfs++] = (struct fs){id, 0};
			if (f == nfs)
				continue;
			fs[f].need += need;
			if (fs[f].need > avail) {
				snprintf(err, errlen,
					 "%s: its file system has %llu MiB free, and the review's "
					 "spans on it need %llu MiB more than their files hold: "
					 "free space there, or give a smaller --span",
					 d->what, (unsigned long long)(avail >> 20),
					 (unsigned long long)((fs[f].need + (1 << 20) - 1) >> 20));
				return -EINVAL;
			}
		}
	return 0;
}

/* Each fio server answers and runs the probe on its drive with the engine. */
static int probe_servers(struct rv_run *r, char *err, size_t errlen)
{
	char msg[1024], hp[300];

	for (size_t h = r->ts.nrun; h < r->ts.n; h++) {
		const struct rv_target *t = &r->ts.t[h];

		snprintf(hp, sizeof(hp), "%s,%d", t->host, t->port);
		if (probe(r, t->node, hp, 0, msg, sizeof(msg)) < 0) {
			snprintf(
			    err, errlen,
			    "--client %s: the fio server %s:%d cannot run the engine %s on %s: "
			    "%s (is 'fio --server' running there, with libssdeng.so installed: "
			    "make install PREFIX=... ; see --server-engine)",
			    t->label, t->host, t->port, r->tools.ioengine, t->node, msg);
			return -EINVAL;
		}
	}
	return 0;
}

int rv_preflight(struct rv_run *r, char *err, size_t errlen)
{
	const struct rv_opts *o = r->o;
	int rc;

	if ((rc = check_jobfiles(r, err, errlen)))
		return rc == -ENOMEM ? rc : -EINVAL;
	if (r->ts.client_mode)
		rc = probe_servers(r, err, errlen);
	else if (!(rc = file_room(r, err, errlen)))
		rc = probe_drives(r, err, errlen);
	if (rc)
		return rc;
	if (o->library && r->tools.ssdreport[0] &&
	    (rc = rv_library_check(r->tools.ssdreport, o->library, err, errlen)))
		return rc;
	if (o->purge) {
		const struct rv_dev *d = &r->ts.t[0].devs[0];
		char msg[1024];

		fprintf(stderr, "ssd-review: checking the purge of %s (ssdctl purge --dry-run)\n",
			d->path);
		if (rv_drive_purge(d->path, o->purge, o->confirm, true, msg, sizeof(msg)) < 0) {
			snprintf(err, errlen, "--purge %s: %s", o->purge, msg);
			return -EINVAL;
		}
	}
	return 0;
}
