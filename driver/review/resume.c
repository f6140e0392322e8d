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

#include "record/folder.h"
#include "record/json.h"
#include "record/layout.h"
#include "record/manifest.h"
#include "record/run.h"
#include "record/status.h"
#include "review/resume.h"
#include "util/proc.h"
#include "util/util.h"

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

/* OUT/<name>/run.json into @run (0, or -errno: none read); its manifest, or NULL. */
static json_object *manifest_of(const char *out, const char *name, struct rec_run *run, int *rc)
{
	char path[PATH_MAX * 2], dir[PATH_MAX + 300], err[PATH_MAX + 64];

	rec_path_drive_dir(dir, sizeof(dir), out, name);
	rec_path_run(path, sizeof(path), dir);
	*rc = rec_run_read(path, run, err, sizeof(err));
	if (!*rc && run->manifest && json_object_is_type(run->manifest, json_type_object))
		return run->manifest;
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
		struct rec_run run;
		json_object *m, *cmd;
		const char *c;
		int rc;

		if (rec_name_kind(e->d_name) == REC_NAME_HIDDEN)
			continue;
		if (!(m = manifest_of(out, e->d_name, &run, &rc))) {
			if (!rc)
				rec_run_free(&run);
			continue;
		}
		cmd = rec_json_get(m, "command");
		c = cmd ? json_object_to_json_string_ext(cmd, JSON_C_TO_STRING_PLAIN) : "";
		if (!*command) {
			*command = json_object_get(cmd);
			snprintf(cwd, cwdlen, "%s",
				 rec_json_str(m, "cwd") ? rec_json_str(m, "cwd") : "/");
		} else if (strcmp(c, json_object_to_json_string_ext(*command,
								    JSON_C_TO_STRING_PLAIN))) {
			n++;
		}
		snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen), "\n  %s: %s", e->d_name,
			 c);
		rec_run_free(&run);
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
	saved.no_live |= o->no_live;
	saved.live_every_s = o->live_every_s;
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
	struct rec_status st;
	int rc = 0;

	rec_path_status(path, sizeof(path), out_abs);
	if (rec_status_read(path, &st, e, sizeof(e)))
		return 0;
	/* while its driver runs, the fio is that run's: the lock on OUT names it */
	if (st.fio_pid > 0 && !rv_proc_same((pid_t)st.pid, st.pid_starttime) &&
	    rv_proc_same((pid_t)st.fio_pid, st.fio_starttime) &&
	    rv_proc_cmdline((pid_t)st.fio_pid, cmd, sizeof(cmd)) == 0 && is_fio(cmd)) {
		snprintf(
		    err, errlen,
		    "%s: a fio of an earlier run is still running: pid %lld, started by "
		    "ssd-review pid %lld (%s): %s; stop it (kill %lld) or wait for it, then run "
		    "again",
		    out_abs, st.fio_pid, st.pid, st.started ? st.started : "?", cmd, st.fio_pid);
		rc = -EBUSY;
	}
	rec_status_free(&st);
	return rc;
}

/* What a manifest's "drive" is, whatever its label: its identity, its members' identities, or
 * the fio server's drive (a new array). */
static json_object *drive_key(json_object *drive)
{
	static const char *const remote[] = {"server", "device", "devices", NULL};
	json_object *key = json_object_new_array(), *v, *members = rec_json_get(drive, "members"),
		    *identity = rec_json_get(drive, "identity");

	if (identity)
		json_object_array_add(key, json_object_get(identity));
	for (size_t i = 0; members && i < json_object_array_length(members); i++) {
		v = rec_json_get(json_object_array_get_idx(members, i), "identity");
		json_object_array_add(key, json_object_get(v));
	}
	for (size_t i = 0; !identity && !members && remote[i]; i++)
		if ((v = rec_json_get(drive, remote[i])))
			json_object_array_add(key, json_object_get(v));
	return key;
}

/* --resume with a label OUT holds no results for: refused when another label's results there
 * are of the same drive (a new label would start a second column for it). */
static int renamed(struct rv_run *r, size_t i, json_object *mine, char *err, size_t errlen)
{
	json_object *key = drive_key(rec_json_get(mine, "drive"));
	char **names;
	size_t n;
	int rc = 0;

	if (!json_object_array_length(key) || rec_results_drives(r->out_abs, &names, &n)) {
		json_object_put(key);
		return 0;
	}
	for (size_t k = 0; k < n && !rc; k++) {
		struct rec_run run;
		json_object *m, *theirs;
		int rrc;

		if (rv_targets_find(&r->ts, names[k]))
			continue;
		if (!(m = manifest_of(r->out_abs, names[k], &run, &rrc))) {
			if (!rrc)
				rec_run_free(&run);
			continue;
		}
		theirs = drive_key(rec_json_get(m, "drive"));
		if (json_object_equal(key, theirs)) {
			snprintf(
			    err, errlen,
			    "--resume: %s holds the results of this drive under label '%s', not "
			    "'%s': resume them with %s %s=%s (a new label would start a second "
			    "column for the same drive)",
			    r->out_abs, names[k], r->ts.t[i].label,
			    r->ts.t[i].type == RV_T_GROUP ? "--group" : "--drive", names[k],
			    r->ts.t[i].device);
			rc = -EINVAL;
		}
		json_object_put(theirs);
		rec_run_free(&run);
	}
	rec_names_free(names, n);
	json_object_put(key);
	return rc;
}

static int check_one(struct rv_run *r, size_t i, json_object *mine, struct rec_run **earlier,
		     char *err, size_t errlen)
{
	const char *label = r->ts.t[i].label;
	char dir[PATH_MAX * 2], diffs[4096], moved[PATH_MAX + 32];
	struct rec_run *run = calloc(1, sizeof(*run));
	json_object *m;
	int rc;

	rec_path_drive_dir(dir, sizeof(dir), r->out_abs, label);
	*earlier = NULL;
	if (!run)
		return -ENOMEM;
	if (!rv_holds_results(dir) || r->o->overwrite) {
		free(run);
		return r->o->resume && !r->o->overwrite ? renamed(r, i, mine, err, errlen) : 0;
	}
	m = manifest_of(r->out_abs, label, run, &rc);
	if (!r->o->resume) {
		rec_path_overwritten(moved, sizeof(moved), r->out_abs, NULL, NULL);
		snprintf(
		    err, errlen,
		    "%s holds the results of an earlier run%s%s%s: add --resume to continue "
		    "them (when this run asks for the same), or --overwrite to move them aside "
		    "(to %s/) and start again",
		    dir, !rc ? " (started " : "", !rc && run->started ? run->started : "",
		    !rc ? ")" : "", moved);
		rc = -EINVAL;
	} else if (!m) {
		snprintf(err, errlen,
			 "--resume: %s holds results without a manifest (run.json %s): where they "
			 "come from cannot be checked; --overwrite moves them aside",
			 dir, !rc ? "has none: an older ssd-review" : "is missing or unreadable");
		rc = -EINVAL;
	} else if (rec_manifest_diff(m, mine, diffs, sizeof(diffs))) {
		snprintf(
		    err, errlen,
		    "--resume: this run does not ask for what the results in %s were measured "
		    "with:\n%srun with the options they were measured with (ssd-review --resume "
		    "--out %s alone takes them from the results), or start again with "
		    "--overwrite",
		    dir, diffs, r->out_abs);
		rc = -EINVAL;
	} else {
		/* this run holds OUT's lock: a record still "running" is one whose driver died */
		if (run->status && !strcmp(run->status, "running"))
			rc = rec_run_mark_killed(run, "its driver stopped without finishing "
						      "(killed or crashed); found by the next run");
		if (!rc) {
			*earlier = run;
			return 0;
		}
	}
	if (run->doc)
		rec_run_free(run);
	free(run);
	return rc;
}

int rv_results_check(struct rv_run *r, json_object **manifests, struct rec_run **earlier, char *err,
		     size_t errlen)
{
	for (size_t i = 0; i < r->ts.n; i++)
		earlier[i] = NULL;
	for (size_t i = 0; i < r->ts.n; i++) {
		int rc = check_one(r, i, manifests[i], &earlier[i], err, errlen);

		if (rc) {
			for (size_t k = 0; k < i; k++) {
				if (earlier[k])
					rec_run_free(earlier[k]);
				free(earlier[k]);
				earlier[k] = NULL;
			}
			return rc;
		}
	}
	return 0;
}

int rv_resume_read_earlier(struct rv_run *r, char *err, size_t errlen)
{
	char path[PATH_MAX * 2], e[PATH_MAX + 64];

	if (!(r->rec = calloc(r->ts.n + 1, sizeof(*r->rec))))
		return -ENOMEM;
	for (size_t i = 0; i < r->ts.n; i++) {
		struct rec_run *run;
		int rc;

		rec_path_drive_dir(r->rec[i].dir, sizeof(r->rec[i].dir), r->out_abs,
				   r->ts.t[i].label);
		rec_path_run(path, sizeof(path), r->rec[i].dir);
		if (access(path, F_OK))
			continue;
		if (!(run = calloc(1, sizeof(*run))))
			return -ENOMEM;
		if ((rc = rec_run_read(path, run, e, sizeof(e)))) {
			snprintf(err, errlen, "--resume: %s", e);
			free(run);
			return rc == -ENOMEM ? rc : -EINVAL;
		}
		r->rec[i].earlier = run;
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
