// SPDX-License-Identifier: GPL-2.0-only
/* inputs.c - results directories and loose fio JSON files into drives and tests. */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <json.h>

#include "parse/apps_json.h"
#include "parse/drive_info.h"
#include "parse/fio_json.h"
#include "parse/fio_log.h"
#include "parse/inputs.h"
#include "parse/recurse.h"
#include "parse/tree.h"
#include "parse/run_status.h"
#include "parse/telemetry.h"
#include "record/drive.h"
#include "record/fio_json.h"
#include "record/folder.h"
#include "record/layout.h"
#include "parse/series_load.h"

static bool is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_regular(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

/* <test-id>.json; not drive.json (ssdctl info) nor run.json (ssd-review's suite state). */
static bool is_test_json(const char *name) { return rec_name_kind(name) == REC_NAME_RESULT; }

static char *base_name(const char *path)
{
	char *copy = strdup(path), *b, *r;
	size_t n;

	if (!copy)
		return NULL;
	n = strlen(copy);
	while (n > 1 && copy[n - 1] == '/')
		copy[--n] = '\0';
	b = basename(copy);
	r = strdup(b);
	free(copy);
	return r;
}

static char *dir_name(const char *path)
{
	char *copy = strdup(path), *r;

	if (!copy)
		return NULL;
	r = strdup(dirname(copy));
	free(copy);
	return r;
}

static struct sr_drive *drive_get(struct sr_model *m, const char *label, const char *dir)
{
	struct sr_drive *grown;

	for (size_t i = 0; i < m->ndrives; i++)
		if (!strcmp(m->drives[i].label, label))
			return &m->drives[i];
	grown = realloc(m->drives, (m->ndrives + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	m->drives = grown;
	memset(&grown[m->ndrives], 0, sizeof(*grown));
	grown[m->ndrives].label = strdup(label);
	grown[m->ndrives].dir = dir ? strdup(dir) : NULL;
	if (!grown[m->ndrives].label)
		return NULL;
	return &m->drives[m->ndrives++];
}

/*
 * The tests whose time series are read once every input is loaded: their logs are most of the
 * input, and the tests are independent, so they are read on several threads at the end
 * (sr_series_attach_all()). Tests move while drives and tests are added, so they are held by
 * index until then.
 */
struct pending {
	struct later {
		size_t drive, test;
		char *dir;
		bool single;
		unsigned warned; /* the diagnostics' once-per-file state after the test's JSON */
	} * v;
	size_t n, cap;
};

static int defer_series(struct pending *pend, const struct sr_model *m, const struct sr_drive *drv,
			const char *dir, bool single, const struct sr_diag *d)
{
	struct later *l;

	if (pend->n == pend->cap) {
		size_t cap = pend->cap ? 2 * pend->cap : 64;

		l = realloc(pend->v, cap * sizeof(*l));
		if (!l)
			return -ENOMEM;
		pend->v = l;
		pend->cap = cap;
	}
	l = &pend->v[pend->n];
	*l = (struct later){.drive = (size_t)(drv - m->drives),
			    .test = drv->ntests - 1,
			    .dir = dir ? strdup(dir) : NULL,
			    .single = single,
			    .warned = d->warned};
	if (dir && !l->dir)
		return -ENOMEM;
	pend->n++;
	return 0;
}

/* Threads for the logs: SSDREPORT_THREADS, else the processors online (at most 8). */
static unsigned log_threads(void)
{
	const char *env = getenv("SSDREPORT_THREADS");
	long n = env && *env ? strtol(env, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 8 ? 8 : (unsigned)n;
}

static void free_pending(struct pending *pend)
{
	for (size_t i = 0; i < pend->n; i++)
		free(pend->v[i].dir);
	free(pend->v);
	*pend = (struct pending){0};
}

static bool skip_series; /* sr_inputs_skip_series() */

void sr_inputs_skip_series(bool skip) { skip_series = skip; }

/* Every deferred test's series, then the list freed. */
static int attach_pending(struct sr_model *m, struct pending *pend, struct sr_diag *d)
{
	if (skip_series) {
		free_pending(pend);
		return 0;
	}
	struct sr_series_job *jobs = calloc(pend->n + 1, sizeof(*jobs));
	int rc = jobs ? 0 : -ENOMEM;

	for (size_t i = 0; jobs && i < pend->n; i++) {
		struct sr_test *t = &m->drives[pend->v[i].drive].tests[pend->v[i].test];

		jobs[i] = (struct sr_series_job){.t = t,
						 .dir = pend->v[i].dir,
						 .single = pend->v[i].single,
						 .file = t->path,
						 .warned = pend->v[i].warned};
	}
	if (!rc)
		rc = sr_series_attach_all(jobs, pend->n, log_threads(), d);
	free_pending(pend);
	free(jobs);
	return rc;
}

static int drive_add_test(struct sr_drive *drv, struct sr_test *t)
{
	struct sr_test *grown = realloc(drv->tests, (drv->ntests + 1) * sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	drv->tests = grown;
	drv->tests[drv->ntests++] = *t;
	return 0;
}

static int add_scalars(struct sr_drive *drv, json_object *o, const char *prefix)
{
	json_object_object_foreach(o, key, val)
	{
		char full[256];
		enum json_type t = json_object_get_type(val);
		int rc = 0;

		snprintf(full, sizeof(full), "%s%s%s", prefix, prefix[0] ? "." : "", key);
		if (t == json_type_object && !prefix[0])
			rc = add_scalars(drv, val, full);
		else if (t != json_type_object && t != json_type_array && t != json_type_null)
			rc = sr_drive_add_kv(drv, full, json_object_get_string(val));
		if (rc)
			return rc;
	}
	return 0;
}

/* A group's drives, each from drive-<name>.json beside @path (record/drive.h): absent when it is
 * not there. */
static int load_members(struct sr_drive *drv, const char *path, struct sr_diag *d)
{
	char *names = strdup(drv->info.members), *save = NULL, *dir = dir_name(path), file[4400],
	     err[4096];
	int rc = names && dir ? 0 : -ENOMEM;

	for (char *n = names ? strtok_r(names, " ", &save) : NULL; n && !rc;
	     n = strtok_r(NULL, " ", &save)) {
		struct sr_member_info *mi =
		    realloc(drv->member_info, (drv->nmember_info + 1) * sizeof(*mi));
		struct rec_drive f;

		if (!mi) {
			rc = -ENOMEM;
			break;
		}
		drv->member_info = mi;
		mi = &drv->member_info[drv->nmember_info];
		*mi = (struct sr_member_info){.name = strdup(n)};
		if (!mi->name) {
			rc = -ENOMEM;
			break;
		}
		drv->nmember_info++;
		rec_path_drive(file, sizeof(file), dir, n);
		rc = rec_drive_read(file, &f, err, sizeof(err));
		if (rc == -ENOENT || rc == -EINVAL) { /* the group's own drive.json still stands */
			if (rc == -EINVAL) {
				sr_diag_file(d, file);
				sr_warn(d, SR_WARN_OPTION, "%s not used: %s", file, err);
			}
			rc = 0;
			continue;
		}
		if (!rc)
			rc = sr_drive_info_read(&f, &mi->info);
		rec_drive_free(&f);
	}
	free(names);
	free(dir);
	return rc;
}

int sr_drive_identity_load(struct sr_drive *drv, const char *path, struct sr_diag *d)
{
	struct rec_drive f;
	char err[4096];
	int rc = rec_drive_read(path, &f, err, sizeof(err));

	if (rc == -ENOENT)
		return rc;
	if (rc) {
		sr_diag_file(d, path);
		sr_diag_msg(d, "%s", err);
		return rc;
	}
	rc = add_scalars(drv, f.doc, "");
	if (!rc)
		rc = sr_drive_info_read(&f, &drv->info);
	rec_drive_free(&f);
	if (!rc && drv->info.members)
		rc = load_members(drv, path, d);
	return rc;
}

/* Sorted names in @dir accepted by @want. */
static int list_dir(const char *dir, bool (*want)(const char *dir, const char *name), char ***out,
		    size_t *n)
{
	DIR *dp = opendir(dir);
	struct dirent *e;
	char **v = NULL;
	size_t k = 0;

	if (!dp)
		return -errno;
	while ((e = readdir(dp))) {
		char **grown;

		if (!want(dir, e->d_name))
			continue;
		grown = realloc(v, (k + 1) * sizeof(*v));
		if (!grown)
			goto nomem;
		v = grown;
		v[k] = strdup(e->d_name);
		if (!v[k])
			goto nomem;
		k++;
	}
	closedir(dp);
	if (k)
		qsort(v, k, sizeof(*v), rec_names_cmp);
	*out = v;
	*n = k;
	return 0;
nomem:
	for (size_t i = 0; i < k; i++)
		free(v[i]);
	free(v);
	closedir(dp);
	return -ENOMEM;
}

/* A file of a drive folder that may be a result: <test>.json, or any other file that is not a
 * directory nor one of fio's logs (what it holds decides: fio's JSON is read, anything else is
 * listed as not read). */
static bool want_result(const char *dir, const char *name)
{
	struct sr_log_name ln;
	struct stat st;
	char p[4096];

	if (is_test_json(name))
		return true;
	return rec_name_kind(name) == REC_NAME_OTHER && sr_log_parse_name(name, &ln) != 0 &&
	       snprintf(p, sizeof(p), "%s/%s", dir, name) < (int)sizeof(p) && stat(p, &st) == 0 &&
	       !S_ISDIR(st.st_mode);
}

static void free_names(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* @in without trailing slashes ("/" stays "/"), so paths made from it read "dir/name". */
static void trim_slashes(char *out, size_t len, const char *in)
{
	size_t dl = strlen(in);

	while (dl > 1 && in[dl - 1] == '/')
		dl--;
	if (dl >= len)
		dl = len - 1;
	snprintf(out, len, "%.*s", (int)dl, in);
}

/* The INPUT being loaded (a folder as given, without trailing slashes): the report names the
 * files found in it relative to it. The load is one thread; set by the sr_inputs_load*()s. */
static const char *input_root;

/* @path relative to the INPUT it was found in, that INPUT's own name first ("run1/x.fio" for
 * /tmp/a/run1/x.fio under /tmp/a/run1), into @out; as given when outside it. */
static void relative(const char *path, char *out, size_t len)
{
	size_t rl = input_root ? strlen(input_root) : 0;
	const char *base;

	if (!rl || strncmp(path, input_root, rl) || path[rl] != '/' || !strcmp(input_root, "/")) {
		snprintf(out, len, "%s", path);
		return;
	}
	base = strrchr(input_root, '/');
	base = base ? base + 1 : input_root;
	if (!strcmp(base, ".") || !strcmp(base, ".."))
		snprintf(out, len, "%s", path + rl + 1);
	else
		snprintf(out, len, "%s%s", base, path + rl);
}

/* A result file that could not be read, kept so the report names it (not only stderr), by its
 * path relative to the INPUT, in @why too. @jobfile: a fio job file (listed quietly). */
static int add_skipped(struct sr_model *m, const char *path, const char *why, bool jobfile)
{
	struct sr_skipped *grown = realloc(m->skipped, (m->nskipped + 1) * sizeof(*grown));
	size_t pl = strlen(path);
	char rel[4096], *w;

	if (!grown)
		return -ENOMEM;
	m->skipped = grown;
	relative(path, rel, sizeof(rel));
	if (!strncmp(why, path, pl) && asprintf(&w, "%s%s", rel, why + pl) < 0)
		w = NULL;
	else if (strncmp(why, path, pl))
		w = strdup(why);
	grown[m->nskipped] = (struct sr_skipped){strdup(rel), w, jobfile};
	if (!grown[m->nskipped].path || !grown[m->nskipped].why) {
		free(grown[m->nskipped].path);
		free(grown[m->nskipped].why);
		return -ENOMEM;
	}
	m->nskipped++;
	return 0;
}

/* A file not read (d->err says why): a warning, and listed in the model. @foreign: no fio output
 * at all (a job file, fio's text output), which --strict does not make an error. */
static int skip_file(struct sr_model *m, const char *path, bool foreign, struct sr_diag *d)
{
	if (d->stream)
		fprintf(d->stream, "ssdreport: warning: skipped %s%s\n", d->err,
			foreign ? "" : " (--strict makes this an error)");
	d->nwarnings++;
	return add_skipped(m, path, d->err, false);
}

static int skip_input(struct sr_model *m, const char *path, struct sr_diag *d)
{
	return skip_file(m, path, false, d);
}

/*
 * A file of a drive folder not named <test>.json: 0 when it holds fio's JSON (to be read), 1 when
 * it holds something else (listed as not read, saying what), or -errno when it cannot be read
 * (d->err says why).
 */
static int by_content(struct sr_model *m, const char *path, struct sr_diag *d)
{
	char why[256];
	int k = rec_fio_file_kind(path, why, sizeof(why)), rc;

	if (k == REC_FIO_DOC)
		return 0;
	sr_diag_file(d, path);
	sr_error(d, NULL, (size_t)-1, "%s%s", k < 0 && k != -EINVAL ? "cannot read: " : "", why);
	if (k < 0)
		return k;
	rc = skip_file(m, path, true, d);
	return rc ? rc : 1;
}

/* The SNIA PTS tests run.json records: their results are the round files under <dir>/<id>/. */
static size_t pts_tests(const struct sr_drive *drv)
{
	size_t n = 0;

	for (size_t i = 0; i < drv->run.ntests; i++)
		n += drv->run.tests[i].pts;
	return n;
}

/* A result file the directory's run.json (its manifest) does not record as done: another run's
 * (copied in, or left by hand), never reported as this run's. Return 0, or -EINVAL with d->err
 * "<path>: not a result of this run: <why>". */
static int foreign_result(const struct sr_drive *drv, const char *path, const char *name,
			  struct sr_diag *d)
{
	char id[256], why[512];

	if (rec_result_test(name, id, sizeof(id)) ||
	    !sr_run_foreign(&drv->run, id, why, sizeof(why)))
		return 0;
	sr_diag_file(d, path);
	return sr_error(d, NULL, (size_t)-1,
			"not a result of this run: %s (results of another run are kept apart: "
			"ssd-review --overwrite moves them aside)",
			why);
}

/* The workload (enum rec_apps_workload) whose result <dir>/<name> holds, or -1: an ssd-apps
 * test's directory (record/layout.h). */
static int apps_result_of(const char *dir, const char *name)
{
	char p[4096], sub[4096];
	struct stat st;

	for (int k = 0; name[0] != '.' && k < REC_APPS_NWORKLOADS; k++) {
		rec_path_test_dir(sub, sizeof(sub), dir, name);
		rec_path_apps(p, sizeof(p), sub, k);
		if (stat(p, &st) == 0 && S_ISREG(st.st_mode))
			return k;
	}
	return -1;
}

static bool want_apps(const char *dir, const char *name) { return apps_result_of(dir, name) >= 0; }

/* The application workload results of a drive directory: <dir>/<test-id>/apps.json or
 * tpcc.json. */
static int load_apps(struct sr_model *m, struct sr_drive *drv, const char *dir, struct sr_diag *d)
{
	char **names = NULL, path[4096], sub[4096];
	size_t n = 0;
	int rc = list_dir(dir, want_apps, &names, &n);

	if (rc)
		return rc;
	drv->apps = calloc(n + 1, sizeof(*drv->apps));
	if (!drv->apps) {
		free_names(names, n);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n && !rc; i++) {
		struct sr_apps *a = &drv->apps[drv->napps];
		int k = apps_result_of(dir, names[i]);

		if (k < 0) /* gone since the directory was listed */
			continue;
		rec_path_test_dir(sub, sizeof(sub), dir, names[i]);
		rec_path_apps(path, sizeof(path), sub, k);
		rc = sr_apps_result_load(path, k, names[i], a, d);
		if (!rc) {
			drv->napps++;
			continue;
		}
		sr_apps_free(a);
		if (rc == -ENOMEM || d->strict)
			break;
		rc = skip_input(m, path, d);
	}
	free_names(names, n);
	return rc;
}

static bool same_dir(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];

	return realpath(a, ra) && realpath(b, rb) ? !strcmp(ra, rb) : !strcmp(a, b);
}

/* A drive folder labelled @label whose label another folder already has: two runs' results
 * that one column would merge (the figures of one, the header of the other). Refused. */
static int another_run(const struct sr_model *m, const char *label, const char *dir,
		       struct sr_diag *d)
{
	for (size_t i = 0; i < m->ndrives; i++) {
		const struct sr_drive *o = &m->drives[i];

		if (strcmp(o->label, label) || !o->dir || same_dir(o->dir, dir))
			continue;
		sr_diag_file(d, dir);
		return sr_error(d, NULL, (size_t)-1,
				"%s and %s are two drive folders labelled '%s': one report would "
				"merge their results into one column; report them apart, or side "
				"by side with ssdreport compare %s %s",
				o->dir, dir, label, o->dir, dir);
	}
	return 0;
}

/* A fio job file of a drive folder, waiting for the results it describes. */
struct jobfile {
	char *path;
	char **jobs; /* its job sections, [global] not among them */
	size_t njobs;
};

static void jobfiles_free(struct jobfile *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free_names(v[i].jobs, v[i].njobs);
		free(v[i].path);
	}
	free(v);
}

/* Is @line (its newline gone) "[name]" with spaces around at most? @name out. */
static bool section(char *line, char **name)
{
	char *e;

	line += strspn(line, " \t");
	e = line + strlen(line);
	while (e > line && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	if (line[0] != '[' || e - line < 3 || e[-1] != ']')
		return false;
	e[-1] = '\0';
	*name = line + 1;
	return true;
}

/*
 * @path as a fio job file (fio's own format: its first line that is neither blank nor a comment,
 * '#' or ';', is a "[section]"), at most 1 MiB: its job sections into @jf. Return: 1 when it is
 * one, 0 when not (what it is by_content() says), -ENOMEM.
 */
static int job_sections(const char *path, struct jobfile *jf)
{
	FILE *f = fopen(path, "r");
	char *line = NULL, *name;
	size_t cap = 0;
	bool first = true, job = false;
	struct stat st;
	int rc = 0;

	*jf = (struct jobfile){0};
	if (!f)
		return 0;
	if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode) || st.st_size > (1 << 20)) {
		fclose(f);
		return 0;
	}
	while (!rc && getline(&line, &cap, f) > 0) {
		char *l = line + strspn(line, " \t");

		line[strcspn(line, "\n")] = '\0';
		if (!*l || *l == '#' || *l == ';' || *l == '\r')
			continue;
		bool is_section = section(l, &name);

		if (first && !is_section)
			break;
		first = false;
		job = true;
		if (is_section && strcmp(name, "global")) {
			char **g = realloc(jf->jobs, (jf->njobs + 1) * sizeof(*g));

			if (!g || !(g[jf->njobs] = strdup(name)))
				rc = -ENOMEM;
			if (g)
				jf->jobs = g;
			if (!rc)
				jf->njobs++;
		}
	}
	free(line);
	fclose(f);
	if (!rc && job && !(jf->path = strdup(path)))
		rc = -ENOMEM;
	if (rc || !job) {
		free_names(jf->jobs, jf->njobs);
		*jf = (struct jobfile){0};
	}
	return rc ? rc : job;
}

/* Does @t hold a run of every job of @jf (fio's jobname is its section's name)? */
static bool describes(const struct jobfile *jf, const struct sr_test *t)
{
	for (size_t j = 0; j < jf->njobs; j++) {
		bool found = false;

		for (size_t r = 0; r < t->nruns && !found; r++)
			found = t->runs[r].name && !strcmp(t->runs[r].name, jf->jobs[j]);
		if (!found)
			return false;
	}
	return jf->njobs > 0;
}

/* Each job file of a drive folder named on the results it describes (tests @first.. of @drv,
 * those of the folder), by its path relative to the INPUT; one that describes none listed
 * quietly among the files not read. */
static int place_jobfiles(struct sr_model *m, struct sr_drive *drv, size_t first,
			  const struct jobfile *v, size_t n)
{
	char rel[4096], why[4096 + 128];
	int rc = 0;

	for (size_t i = 0; i < n && !rc; i++) {
		bool placed = false;

		relative(v[i].path, rel, sizeof(rel));
		for (size_t t = first; t < drv->ntests && !rc; t++) {
			if (drv->tests[t].jobfile || !describes(&v[i], &drv->tests[t]))
				continue;
			placed = true;
			if (!(drv->tests[t].jobfile = strdup(rel)))
				rc = -ENOMEM;
		}
		if (!placed && !rc) {
			snprintf(why, sizeof(why),
				 "%s: a fio job file; no result beside it ran its jobs", v[i].path);
			rc = add_skipped(m, v[i].path, why, true);
		}
	}
	return rc;
}

/* One results directory = one drive (named @as, else after the directory). Broken JSON inside
 * is skipped with a warning and listed in the model. */
static int load_drive_dir(struct sr_model *m, const char *dir_arg, const char *as,
			  struct pending *pend, struct sr_diag *d)
{
	char dir[2048];

	trim_slashes(dir, sizeof(dir), dir_arg);

	struct sr_drive *drv;
	char **names = NULL, *label = NULL, path[4096];
	size_t n = 0, loaded = 0, first = 0, njf = 0;
	struct jobfile *jf = NULL;
	int rc;

	rc = list_dir(dir, want_result, &names, &n);
	if (rc)
		return rc;
	label = as ? strdup(as) : base_name(dir);
	if (label && (rc = another_run(m, label, dir, d)))
		goto out;
	drv = label ? drive_get(m, label, dir) : NULL;
	if (drv && as && !drv->run_label) /* compare: "old/nvme0" is drive nvme0 of run "old" */
		drv->run_label = base_name(dir);
	if (!drv || (as && !drv->run_label)) {
		rc = -ENOMEM;
		goto out;
	}
	rec_path_drive(path, sizeof(path), dir, NULL);
	rc = sr_drive_identity_load(drv, path, d);
	if (rc == -EINVAL)
		sr_warn(d, SR_WARN_OPTION, REC_DRIVE_FILE " not used: %s", d->err);
	if (rc == -ENOMEM)
		goto out;
	rec_path_run(path, sizeof(path), dir);
	rc = sr_run_status_load(drv, path, d);
	if (rc == -EINVAL)
		sr_warn(d, SR_WARN_OPTION, REC_RUN_FILE " not used: %s", d->err);
	if (rc == -ENOMEM || (rc = sr_telemetry_load(drv, d)) == -ENOMEM)
		goto out;
	first = drv->ntests;
	for (size_t i = 0; i < n; i++) {
		struct sr_test t = {0};
		struct jobfile *g;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if (!is_test_json(names[i]) && (g = realloc(jf, (njf + 1) * sizeof(*g)))) {
			jf = g;
			if ((rc = job_sections(path, &jf[njf])) < 0)
				goto out;
			if (rc) { /* named on the results it describes, below */
				njf++;
				continue;
			}
		} else if (!is_test_json(names[i])) {
			rc = -ENOMEM;
			goto out;
		}
		rc = is_test_json(names[i]) ? foreign_result(drv, path, names[i], d)
					    : by_content(m, path, d);
		if (rc == 1)
			continue;
		if (rc == 0)
			rc = sr_fio_json_load(path, &t, d);
		if (rc == -ENOMEM || (rc && d->strict))
			goto out;
		if (rc) {
			if ((rc = skip_input(m, path, d)))
				goto out;
			continue;
		}
		rc = drive_add_test(drv, &t);
		if (rc) {
			sr_test_free(&t);
			goto out;
		}
		rc = defer_series(pend, m, drv, dir, n == 1, d);
		if (rc)
			goto out;
		loaded++;
	}
	rc = drv->apps ? 0 : load_apps(m, drv, dir, d);
	if (!rc)
		rc = place_jobfiles(m, drv, first, jf, njf);
	if (rc)
		goto out;
	if (!loaded && !drv->napps && !pts_tests(drv) && d->stream)
		fprintf(d->stream, "ssdreport: warning: %s: no fio JSON result in this directory\n",
			dir);
out:
	jobfiles_free(jf, njf);
	free_names(names, n);
	free(label);
	return rc;
}

/* The folders just loaded as drives @first.. made one drive when they are one set of results
 * (parse/tree.h: a bench-fio tree's block-size folders), the deferred series following their
 * tests. Return: 0 or -ENOMEM. */
static int one_tree(struct sr_model *m, size_t first, size_t pend_first, struct pending *pend,
		    const char *dir, const char *label)
{
	size_t *offset;
	char *base;
	int rc = sr_tree_is_one(m, first);

	if (rc <= 0)
		return rc;
	offset = calloc(m->ndrives - first + 1, sizeof(*offset));
	base = label ? strdup(label) : base_name(dir);
	rc = offset && base ? sr_tree_merge(m, first, base, dir, offset) : -ENOMEM;
	for (size_t i = pend_first; !rc && i < pend->n; i++) {
		pend->v[i].test += offset[pend->v[i].drive - first];
		pend->v[i].drive = first;
	}
	free(offset);
	free(base);
	return rc;
}

/* The warning for @dir, a folder without results: where results are below it (the folders -R
 * would read, relative to @dir, the first four), or that there are none. */
static void no_results_here(const char *dir, struct sr_diag *d)
{
	struct sr_diag quiet = {0};
	const char *in[] = {dir};
	char **found = NULL, list[1024] = "";
	size_t n = 0, len = strlen(dir), k = 0;

	if (sr_inputs_recurse(in, 1, &found, &n, &quiet) || (n == 1 && !strcmp(found[0], dir))) {
		fprintf(d->stream,
			"ssdreport: warning: %s: no fio JSON result in this directory, "
			"nor in any folder below it\n",
			dir);
		goto out;
	}
	for (size_t i = 0; i < n && i < 4; i++) {
		const char *rel = !strncmp(found[i], dir, len) && found[i][len] == '/'
				      ? found[i] + len + 1
				      : found[i];

		k += (size_t)snprintf(list + k, k < sizeof(list) ? sizeof(list) - k : 0, "%s%s/",
				      i ? ", " : "", rel);
	}
	fprintf(
	    d->stream,
	    "ssdreport: warning: %s: no fio JSON result in this directory; %zu folder%s below it "
	    "hold%s results (%s%s): give %s, or -R to read every one\n",
	    dir, n, n == 1 ? "" : "s", n == 1 ? "s" : "", k < sizeof(list) ? list : "",
	    n > 4 ? ", ..." : "", n == 1 ? "it" : "them");
out:
	for (size_t i = 0; i < n; i++)
		free(found[i]);
	free(found);
}

/* @by_path: label each drive by its directory path as given, not by the directory's name. What
 * the directory is (a drive folder, a results directory of them) the record decides; folders of
 * one set of results (a bench-fio tree) become one drive labelled @label, else by the directory's
 * name. */
static int load_dir(struct sr_model *m, const char *dir_arg, bool by_path, const char *label,
		    struct pending *pend, struct sr_diag *d)
{
	size_t first = m->ndrives, pend_first = pend->n;
	char **subs = NULL, p[4096], dir[2048];
	size_t nsub = 0;
	DIR *dp;
	int rc = 0;

	trim_slashes(dir, sizeof(dir), dir_arg);
	if (!(dp = opendir(dir))) {
		rc = -errno;
		sr_diag_file(d, dir);
		sr_error(d, NULL, (size_t)-1, "cannot read directory: %s", strerror(-rc));
		return rc == -ENOMEM ? rc : -ENOENT;
	}
	closedir(dp);
	switch (rec_input_kind(dir)) {
	case REC_INPUT_DRIVE:
		return load_drive_dir(m, dir, by_path ? dir : NULL, pend, d);
	case REC_INPUT_RESULTS: /* ssd-review's OUT, or a folder of drive folders */
		rc = rec_results_drives(dir, &subs, &nsub);
		for (size_t i = 0; !rc && i < nsub; i++) {
			rec_path_drive_dir(p, sizeof(p), dir, subs[i]);
			rc = load_drive_dir(m, p, by_path ? p : NULL, pend, d);
		}
		rec_names_free(subs, nsub);
		if (!rc && !by_path)
			rc = one_tree(m, first, pend_first, pend, dir, label);
		break;
	default:
		break;
	}
	if (!rc && !nsub && d->stream)
		no_results_here(dir, d);
	return rc == -ENOMEM ? rc : rc ? -EINVAL : 0;
}

static int load_file(struct sr_model *m, const char *path, const char *label, struct pending *pend,
		     struct sr_diag *d)
{
	struct sr_test t = {0};
	struct sr_drive *drv;
	char *dir = dir_name(path), *lab = NULL;
	int rc;

	if (!dir)
		return -ENOMEM;
	if (rec_input_kind(path) == REC_INPUT_RECORD_FILE) {
		free(dir);
		sr_diag_file(d, path);
		return sr_error(d, NULL, (size_t)-1, "%s, not a fio result: give its folder",
				rec_input_name(REC_INPUT_RECORD_FILE));
	}
	rc = sr_fio_json_load(path, &t, d);
	if (rc == -EINVAL && !d->strict && !is_regular(path)) { /* a FIFO named: not waited for */
		free(dir);
		return skip_input(m, path, d);
	}
	if (rc) {
		free(dir);
		return rc == -ENOMEM ? rc : rc == -EINVAL ? rc : -ENOENT;
	}
	lab = label ? strdup(label) : base_name(dir);
	drv = lab ? drive_get(m, lab, dir) : NULL;
	rc = drv ? drive_add_test(drv, &t) : -ENOMEM;
	if (rc)
		sr_test_free(&t);
	else
		rc = defer_series(pend, m, drv, dir, false, d);
	free(lab);
	free(dir);
	return rc;
}

int sr_inputs_load(struct sr_model *m, const char *const *inputs, size_t n, const char *label,
		   struct sr_diag *d)
{
	struct pending pend = {0};
	size_t ntests = 0;
	int rc = 0;

	for (size_t i = 0; i < n && !rc; i++) {
		char root[2048];

		trim_slashes(root, sizeof(root), inputs[i]);
		input_root = root;
		rc = is_dir(inputs[i]) ? load_dir(m, inputs[i], false, label, &pend, d)
				       : load_file(m, inputs[i], label, &pend, d);
		input_root = NULL;
	}
	if (!rc)
		rc = attach_pending(m, &pend, d);
	else
		free_pending(&pend);
	if (rc)
		return rc;
	for (size_t i = 0; i < m->ndrives; i++)
		ntests += m->drives[i].ntests + m->drives[i].napps + pts_tests(&m->drives[i]);
	if (!ntests && !m->allow_empty) {
		sr_diag_file(d, inputs[0]);
		return sr_error(d, NULL, (size_t)-1,
				"no fio JSON result (nor ssd-apps apps.json) found in the inputs");
	}
	return 0;
}

int sr_inputs_load_dirs(struct sr_model *m, const char *const *dirs, size_t n, struct sr_diag *d)
{
	struct pending pend = {0};
	size_t ntests = 0;
	int rc = 0;

	for (size_t i = 0; i < n && !rc; i++) {
		char root[2048];

		if (!is_dir(dirs[i])) {
			free_pending(&pend);
			sr_diag_file(d, dirs[i]);
			return sr_error(d, NULL, (size_t)-1, "expected a results directory");
		}
		trim_slashes(root, sizeof(root), dirs[i]);
		input_root = root;
		rc = load_dir(m, dirs[i], true, NULL, &pend, d);
		input_root = NULL;
	}
	if (!rc)
		rc = attach_pending(m, &pend, d);
	else
		free_pending(&pend);
	if (rc)
		return rc;
	for (size_t i = 0; i < m->ndrives; i++)
		ntests += m->drives[i].ntests + m->drives[i].napps + pts_tests(&m->drives[i]);
	if (!ntests) {
		sr_diag_file(d, dirs[0]);
		return sr_error(d, NULL, (size_t)-1,
				"no fio JSON result (nor ssd-apps apps.json) found in the inputs");
	}
	return 0;
}
