// SPDX-License-Identifier: GPL-2.0-only
/* tools.c - the programs and files a run uses (tools.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "record/json.h"
#include "run/child.h"
#include "run/tools.h"
#include "util/util.h"

#ifndef SSDENG_VERSION
#define SSDENG_VERSION "unknown"
#endif

static bool is_file(const char *p, bool exec)
{
	struct stat st;

	return p && *p && stat(p, &st) == 0 && S_ISREG(st.st_mode) && (!exec || !access(p, X_OK));
}

/* The first of @rel (relative to the program's directory) that exists, into @out. */
static bool beside(const struct rv_tools *t, const char *const *rel, bool exec, char *out,
		   size_t len)
{
	char p[PATH_MAX * 2];

	for (; *rel; rel++) {
		snprintf(p, sizeof(p), "%s/%s", t->exe_dir, *rel);
		if (is_file(p, exec) && realpath(p, out))
			return true;
	}
	(void)len;
	return false;
}

/* `fio --version`, or -ENOENT when fio does not run. */
static int fio_version(struct rv_tools *t, char *err, size_t errlen)
{
	char out[PATH_MAX], *text = NULL;
	char *const argv[] = {"fio", "--version", NULL};
	struct rv_spawn s = {.argv = argv, .out_path = out, .err_path = "/dev/null"};
	int fd, rc;

	snprintf(out, sizeof(out), "%s/ssd-review-fio-version.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	fd = mkstemp(out);
	if (fd < 0) {
		snprintf(err, errlen, "cannot make a file in %s: %s",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", strerror(errno));
		return -errno;
	}
	close(fd);
	rc = rv_child_run(&s, 30, err, errlen);
	if (rc == 0 && rec_file_read(out, &text, NULL) == 0)
		snprintf(t->fio_version, sizeof(t->fio_version), "%.*s", (int)strcspn(text, "\n"),
			 text);
	free(text);
	unlink(out);
	if (rc == -ETIMEDOUT)
		return rc;
	if (rc != 0 || !t->fio_version[0]) {
		snprintf(err, errlen, "fio is not installed (or `fio --version` fails: exit %d)",
			 rc);
		return -ENOENT;
	}
	return 0;
}

bool rv_fio_version_at_least(const char *v, int major, int minor)
{
	int ma = 0, mi = 0;

	if (sscanf(v, "fio-%d.%d", &ma, &mi) < 2)
		return false;
	return ma > major || (ma == major && mi >= minor);
}

static int engine(const struct rv_opts *o, struct rv_tools *t, char *err, size_t errlen)
{
	static const char *const so[] = {"../engine/libssdeng.so", "../lib/libssdeng.so", NULL};
	static const char *const sys[] = {"/usr/local/lib/libssdeng.so", "/usr/lib/libssdeng.so",
					  NULL};
	static const struct {
		const char *engine, *ioengine, *opt;
	} defaults[] = {
	    {"ssdeng", NULL, "transport=auto"},
	    {"io_uring_cmd", "io_uring_cmd", "cmd_type=nvme"},
	    {"sg", "sg", "sg_write_mode=write"},
	    {"libaio", "libaio", "userspace_reap=0"},
	};
	const char *env = getenv("SSDENG_SO");

	for (size_t i = 0; i < sizeof(defaults) / sizeof(defaults[0]); i++) {
		if (strcmp(o->engine, defaults[i].engine))
			continue;
		/* a job file line cannot be empty after substitution: always one option line */
		snprintf(t->engine_opt, sizeof(t->engine_opt), "%s",
			 o->engine_opt ? o->engine_opt : defaults[i].opt);
		if (defaults[i].ioengine) {
			snprintf(t->ioengine, sizeof(t->ioengine), "%s", defaults[i].ioengine);
			return 0;
		}
	}
	/* fio 3.33 stat()s the path after "external:", so it must be a path, not a soname */
	if (o->clients.n && o->server_engine)
		snprintf(t->engine_so, sizeof(t->engine_so), "%s", o->server_engine);
	else if (is_file(env, false))
		snprintf(t->engine_so, sizeof(t->engine_so), "%s", env);
	else if (!beside(t, so, false, t->engine_so, sizeof(t->engine_so))) {
		for (size_t i = 0; sys[i] && !t->engine_so[0]; i++)
			if (is_file(sys[i], false))
				snprintf(t->engine_so, sizeof(t->engine_so), "%s", sys[i]);
		if (!t->engine_so[0]) {
			snprintf(err, errlen,
				 "libssdeng.so not found beside %s (../engine, ../lib) or in "
				 "/usr/local/lib, /usr/lib: run 'make' (or set SSDENG_SO)",
				 t->exe_dir);
			return -ENOENT;
		}
	}
	snprintf(t->ioengine, sizeof(t->ioengine), "external:%s", t->engine_so);
	return 0;
}

/* A program of this project: beside the driver (@rel, the source tree or PREFIX/bin), else in
 * $PATH; @out stays "" when neither has it. */
static void program(struct rv_tools *t, const char *name, const char *const *rel, char *out,
		    size_t len)
{
	const char *path = getenv("PATH");
	char p[PATH_MAX * 2];

	if (beside(t, rel, true, out, len))
		return;
	for (const char *d = path; d && *d;) {
		size_t n = strcspn(d, ":");

		snprintf(p, sizeof(p), "%.*s/%s", (int)n, d, name);
		if (n && is_file(p, true)) {
			rv_fmt(out, len, "%s", p);
			return;
		}
		d += n + (d[n] == ':');
	}
}

void rv_host_name(const char *nodename, const char *vendor, const char *product, char *out,
		  size_t len)
{
	bool v = vendor && *vendor, p = product && *product;

	if (nodename && *nodename && strcmp(nodename, "(none)")) {
		rv_fmt(out, len, "%s", nodename);
		return;
	}
	rv_fmt(out, len, "unnamed host (%s%s%s%sno hostname set)", v ? vendor : "",
	       v && p ? " " : "", p ? product : "", v || p ? ", " : "");
}

/* The first line of the small file @path into @out ("" when it cannot be read). */
static void first_line(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "re");

	out[0] = '\0';
	if (!f)
		return;
	if (!fgets(out, (int)len, f))
		out[0] = '\0';
	out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

int rv_tools_find(const struct rv_opts *o, struct rv_tools *t, char *err, size_t errlen)
{
	struct utsname u;
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	int r;

	memset(t, 0, sizeof(*t));
	exe[n > 0 ? n : 0] = '\0';
	snprintf(t->exe_dir, sizeof(t->exe_dir), "%s", exe);
	if (strrchr(t->exe_dir, '/'))
		*strrchr(t->exe_dir, '/') = '\0';
	t->ssdeng_version = SSDENG_VERSION;
	if (uname(&u) == 0) {
		char vendor[128], product[128];

		first_line("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
		first_line("/sys/class/dmi/id/product_name", product, sizeof(product));
		rv_host_name(u.nodename, vendor, product, t->hostname, sizeof(t->hostname));
		snprintf(t->kernel, sizeof(t->kernel), "%s", u.release);
		rv_fmt(t->machine, sizeof(t->machine), "%s", u.machine);
	}
	rv_platform_read(&t->platform);
	if ((r = engine(o, t, err, errlen)))
		return r;
	program(t, "ssdreport", (const char *const[]){"../reporter/ssdreport", "ssdreport", NULL},
		t->ssdreport, sizeof(t->ssdreport));
	program(t, "ssd-apps", (const char *const[]){"../apps/ssd-apps", "ssd-apps", NULL},
		t->ssd_apps, sizeof(t->ssd_apps));
	if ((r = fio_version(t, err, errlen)))
		return r;
	/* fio >= 3.36 keeps average and maximum per log interval; older fio logs the average,
	 * and the per-second clat histogram log carries the maximum and the spread */
	t->log_window = rv_fio_version_at_least(t->fio_version, 3, 36) ? "log_window_value=both"
								       : "log_max_value=0";
	return 0;
}
