// SPDX-License-Identifier: GPL-2.0-only
/* resume.c - earlier results, resuming, moving aside, leftover fio (resume.h). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "manifest.h"
#include "proc.h"
#include "record/layout.h"
#include "resume.h"
#include "status.h"
#include "util.h"

bool rv_holds_results(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	bool any = false;

	if (!d)
		return false;
	while (!any && (e = readdir(d)))
		any = strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return any;
}

/* The manifest of OUT/<name>/run.json, or NULL. */
static json_object *manifest_of(const char *out, const char *name, json_object **run)
{
	char path[PATH_MAX * 2], dir[PATH_MAX + 300], err[PATH_MAX + 64];
	json_object *m = NULL;

	rec_path_drive_dir(dir, sizeof(dir), out, name);
	rec_path_run(path, sizeof(path), dir);
	*run = rv_json_read(path, err, sizeof(err));
	if (*run && json_object_object_get_ex(*run, "manifest", &m) &&
	    json_object_is_type(m, json_type_object))
		return m;
	return NULL;
}

/* Options of the saved command that do not carry over to its resumption. */
static int skip_saved(const char *a)
{
	static const char *const with_value[] = {"--out", "--purge", "--confirm", NULL};
	static const char *const flags[] = {"--resume", "--overwrite", "--dry-run", NULL};

	for (size_t i = 0; with_value[i]; i++) {
		size_t n = strlen(with_value[i]);

		if (!strcmp(a, with_value[i]))
			return 2;
		if (!strncmp(a, with_value[i], n) && a[n] == '=')
			return 1;
	}
	for (size_t i = 0; flags[i]; i++)
		if (!strcmp(a, flags[i]))
			return 1;
	return 0;
}

/* The run's manifest in @out: the one command every OUT/<label>/run.json names. */
static int find_run(const char *out, json_object **command, char *cwd, size_t cwdlen, char *err,
		    size_t errlen)
{
	DIR *d = opendir(out);
	struct dirent *e;
	char seen[2048] = "";
	int n = 0;

	*command = NULL;
	if (!d) {
		snprintf(err, errlen, "--resume: cannot read %s: %s", out, strerror(errno));
		return -EINVAL;
	}
	while ((e = readdir(d))) {
		json_object *run = NULL, *m, *cmd = NULL;
		const char *c;

		if (e->d_name[0] == '.' || !(m = manifest_of(out, e->d_name, &run))) {
			if (e->d_name[0] != '.')
				json_object_put(run);
			continue;
		}
		json_object_object_get_ex(m, "command", &cmd);
		c = cmd ? json_object_to_json_string_ext(cmd, JSON_C_TO_STRING_PLAIN) : "";
		if (!*command) {
			*command = json_object_get(cmd);
			snprintf(cwd, cwdlen, "%s",
				 rv_json_str(m, "cwd") ? rv_json_str(m, "cwd") : "/");
		} else if (strcmp(c, json_object_to_json_string_ext(*command,
								    JSON_C_TO_STRING_PLAIN))) {
			n++;
		}
		snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), "\n  %s: %s", e->d_name,
			 c);
		json_object_put(run);
	}
	closedir(d);
	if (!*command) {
		snprintf(err, errlen,
			 "--resume: %s holds no run.json with a manifest: give the run's options "
			 "with --resume",
			 out);
		return -EINVAL;
	}
	if (n) {
		json_object_put(*command);
		*command = NULL;
		snprintf(err, errlen,
			 "--resume: %s holds the results of several runs; give the options of the "
			 "one to resume with --resume:%s",
			 out, seen);
		return -EINVAL;
	}
	return 0;
}

int rv_resume_from_manifest(struct rv_opts *o, char *err, size_t errlen)
{
	char out[PATH_MAX], cwd[PATH_MAX];
	json_object *command;
	struct rv_opts saved;
	char **argv;
	size_t n, k = 0;
	int rc;

	rv_abspath(NULL, o->out, out, sizeof(out));
	if ((rc = find_run(out, &command, cwd, sizeof(cwd), err, errlen)))
		return rc;
	n = json_object_array_length(command);
	argv = calloc(n + 4, sizeof(*argv));
	if (!argv) {
		json_object_put(command);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		const char *a = json_object_get_string(json_object_array_get_idx(command, i));
		int skip = i ? skip_saved(a) : 0;

		if (skip) {
			i += (size_t)skip - 1;
			continue;
		}
		argv[k++] = (char *)a;
	}
	argv[k++] = "--resume";
	argv[k++] = "--out";
	argv[k++] = out;
	rc = rv_opts_parse((int)k, argv, &saved, err, errlen);
	free(argv);
	json_object_put(command);
	if (rc) {
		rv_opts_free(&saved);
		return -EINVAL;
	}
	if (chdir(cwd) < 0) {
		snprintf(
		    err, errlen,
		    "--resume: the run's directory %s: %s; give the run's options with --resume",
		    cwd, strerror(errno));
		rv_opts_free(&saved);
		return -EINVAL;
	}
	saved.no_report |= o->no_report;
	saved.dry_run |= o->dry_run;
	/* the run was allowed to write its drives when it started (a new file needs no --yes,
	 * and what it holds now is the run's own data) */
	saved.yes = true;
	saved.allow_mounted |= o->allow_mounted;
	rv_opts_free(o);
	*o = saved;
	return 0;
}

/* A command line whose program is fio ("fio --output=...", "/usr/bin/fio ..."). */
static bool is_fio(const char *cmd)
{
	size_t n = strcspn(cmd, " ");
	const char *base = cmd;

	for (const char *p = cmd; p < cmd + n; p++)
		if (*p == '/')
			base = p + 1;
	return (size_t)(cmd + n - base) == 3 && !strncmp(base, "fio", 3);
}

int rv_leftover_fio(const char *out_abs, char *err, size_t errlen)
{
	char path[PATH_MAX + 16], e[PATH_MAX + 64], cmd[512];
	json_object *st, *fio = NULL, *pid = NULL, *start = NULL;
	int rc = 0;

	rec_path_status(path, sizeof(path), out_abs);
	if (!(st = rv_json_read(path, e, sizeof(e))))
		return 0;
	/* while its driver runs, the fio is that run's: the lock on OUT names it */
	if (json_object_object_get_ex(st, "fio", &fio) && fio &&
	    !rv_proc_same((pid_t)json_object_get_int64(json_object_object_get(st, "pid")),
			  (unsigned long long)json_object_get_int64(
			      json_object_object_get(st, "pid_starttime"))) &&
	    json_object_object_get_ex(fio, "pid", &pid) &&
	    json_object_object_get_ex(fio, "starttime", &start) &&
	    rv_proc_same((pid_t)json_object_get_int64(pid),
			 (unsigned long long)json_object_get_int64(start)) &&
	    rv_proc_cmdline((pid_t)json_object_get_int64(pid), cmd, sizeof(cmd)) == 0 &&
	    is_fio(cmd)) {
		snprintf(
		    err, errlen,
		    "%s: a fio of an earlier run is still running: pid %lld, started by "
		    "ssd-review pid %lld (%s): %s; stop it (kill %lld) or wait for it, then run "
		    "again",
		    out_abs, (long long)json_object_get_int64(pid),
		    (long long)json_object_get_int64(json_object_object_get(st, "pid")),
		    rv_json_str(st, "started") ? rv_json_str(st, "started") : "?", cmd,
		    (long long)json_object_get_int64(pid));
		rc = -EBUSY;
	}
	json_object_put(st);
	return rc;
}

static int check_one(struct rv_run *r, size_t i, json_object *mine, json_object **earlier,
		     char *err, size_t errlen)
{
	const char *label = r->ts.t[i].label;
	char dir[PATH_MAX * 2], diffs[4096], moved[PATH_MAX + 32];
	json_object *run = NULL, *m;

	rec_path_drive_dir(dir, sizeof(dir), r->out_abs, label);
	*earlier = NULL;
	if (!rv_holds_results(dir) || r->o->overwrite)
		return 0;
	m = manifest_of(r->out_abs, label, &run);
	if (!r->o->resume) {
		rec_path_overwritten(moved, sizeof(moved), r->out_abs, NULL, NULL);
		snprintf(
		    err, errlen,
		    "%s holds the results of an earlier run%s%s%s: add --resume to continue "
		    "them (when this run asks for the same), or --overwrite to move them aside "
		    "(to %s/) and start again",
		    dir, run ? " (started " : "", run ? rv_json_str(run, "started") : "",
		    run ? ")" : "", moved);
		json_object_put(run);
		return -EINVAL;
	}
	if (!m) {
		snprintf(err, errlen,
			 "--resume: %s holds results without a manifest (run.json %s): where they "
			 "come from cannot be checked; --overwrite moves them aside",
			 dir, run ? "has none: an older ssd-review" : "is missing or unreadable");
		json_object_put(run);
		return -EINVAL;
	}
	if (rv_manifest_diff(m, mine, diffs, sizeof(diffs))) {
		snprintf(
		    err, errlen,
		    "--resume: this run does not ask for what the results in %s were measured "
		    "with:\n%srun with the options they were measured with (ssd-review --resume "
		    "--out %s alone takes them from the results), or start again with "
		    "--overwrite",
		    dir, diffs, r->out_abs);
		json_object_put(run);
		return -EINVAL;
	}
	/* this run holds OUT's lock: a record still "running" is one whose driver died */
	if (rv_json_str(run, "status") && !strcmp(rv_json_str(run, "status"), "running")) {
		json_object_object_add(run, "status", json_object_new_string("killed"));
		json_object_object_add(
		    run, "note",
		    json_object_new_string("its driver stopped without finishing "
					   "(killed or crashed); found by the "
					   "next run"));
	}
	*earlier = run;
	return 0;
}

int rv_results_check(struct rv_run *r, json_object **manifests, json_object **earlier, char *err,
		     size_t errlen)
{
	for (size_t i = 0; i < r->ts.n; i++)
		earlier[i] = NULL;
	for (size_t i = 0; i < r->ts.n; i++) {
		int rc = check_one(r, i, manifests[i], &earlier[i], err, errlen);

		if (rc) {
			for (size_t k = 0; k < i; k++) {
				json_object_put(earlier[k]);
				earlier[k] = NULL;
			}
			return rc;
		}
	}
	return 0;
}

static int move(struct rv_run *r, const char *name, const char *stamp, char *err, size_t errlen)
{
	char from[PATH_MAX * 2], to[PATH_MAX * 2], dir[PATH_MAX + 16];
	int rc;

	rec_path_drive_dir(from, sizeof(from), r->out_abs, name);
	if (!rv_holds_results(from))
		return 0;
	rec_path_overwritten(dir, sizeof(dir), r->out_abs, NULL, NULL);
	rec_path_overwritten(to, sizeof(to), r->out_abs, name, stamp);
	if ((rc = rv_mkdirs(dir)) || rename(from, to) < 0) {
		snprintf(err, errlen, "--overwrite: cannot move %s to %s: %s", from, to,
			 strerror(rc ? -rc : errno));
		return -EIO;
	}
	fprintf(stderr, "ssd-review: --overwrite: the earlier %s moved to %s\n", from, to);
	return 0;
}

int rv_move_aside(struct rv_run *r, char *err, size_t errlen)
{
	char stamp[32];
	struct tm tm;
	int rc = 0;

	gmtime_r(&r->t0, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	for (size_t i = 0; i < r->ts.n && !rc; i++)
		rc = move(r, r->ts.t[i].label, stamp, err, errlen);
	if (!rc)
		rc = move(r, REC_REPORT_DIR, stamp, err, errlen);
	return rc;
}
