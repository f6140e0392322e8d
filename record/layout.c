// SPDX-License-Identifier: GPL-2.0-only
/* layout.c - the paths of a run's record (layout.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "record/layout.h"

static int put(char *out, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static int put(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, len, fmt, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int rec_path_status(char *out, size_t len, const char *results)
{
	return put(out, len, "%s/" REC_STATUS_FILE, results);
}

int rec_path_catalogue(char *out, size_t len, const char *results)
{
	return put(out, len, "%s/" REC_CATALOGUE_FILE, results);
}

int rec_path_drive_dir(char *out, size_t len, const char *results, const char *label)
{
	return put(out, len, "%s/%s", results, label);
}

int rec_path_run(char *out, size_t len, const char *dir)
{
	return put(out, len, "%s/" REC_RUN_FILE, dir);
}

int rec_path_drive(char *out, size_t len, const char *dir, const char *member)
{
	return member ? put(out, len, "%s/drive-%s.json", dir, member)
		      : put(out, len, "%s/" REC_DRIVE_FILE, dir);
}

static const char *const result_suffix[] = {
    [REC_RESULT_DONE] = ".json",
    [REC_RESULT_PARTIAL] = ".json.partial",
    [REC_RESULT_FAILED] = ".json.failed",
};

int rec_path_result(char *out, size_t len, const char *dir, const char *test, enum rec_result st)
{
	return put(out, len, "%s/%s%s", dir, test, result_suffix[st]);
}

int rec_path_result_of(char *out, size_t len, const char *final, enum rec_result st)
{
	return st == REC_RESULT_DONE ? put(out, len, "%s", final)
				     : put(out, len, "%s%s", final, result_suffix[st] + 5);
}

int rec_path_telemetry(char *out, size_t len, const char *dir, const char *test)
{
	return put(out, len, "%s/" REC_TELEMETRY_DIR "/%s.jsonl", dir, test);
}

int rec_path_logs(char *out, size_t len, const char *dir)
{
	return put(out, len, "%s/" REC_LOGS_DIR, dir);
}

int rec_path_log(char *out, size_t len, const char *dir, const char *test, const char *part,
		 enum rec_log kind)
{
	static const char *const suffix[] = {
	    [REC_LOG_FIO] = "",
	    [REC_LOG_FIO_STDERR] = ".fio-stderr.txt",
	    [REC_LOG_APPS_STDOUT] = ".ssd-apps.txt",
	    [REC_LOG_APPS_STDERR] = ".ssd-apps-stderr.txt",
	    [REC_LOG_ENGINE] = ".engine.jsonl",
	};

	return put(out, len, "%s/" REC_LOGS_DIR "/%s%s%s%s", dir, test, part ? "." : "",
		   part ? part : "", suffix[kind]);
}

bool rec_log_of(const char *name, const char *test)
{
	size_t n = strlen(test), l = strlen(name);

	return !strncmp(name, test, n) && name[n] == '_' && l > 4 && !strcmp(name + l - 4, ".log");
}

int rec_path_test_dir(char *out, size_t len, const char *dir, const char *test)
{
	return put(out, len, "%s/%s", dir, test);
}

int rec_path_pts_name(char *out, size_t len, const char *phase, enum rec_pts_file kind,
		      unsigned round)
{
	switch (kind) {
	case REC_PTS_ROUND:
		return put(out, len, "%s-round-%02u", phase, round);
	case REC_PTS_ROUND_JOB:
		return put(out, len, "%s-round", phase);
	case REC_PTS_SEGMENT:
	case REC_PTS_SEGMENT_JOB:
	case REC_PTS_SEGMENT_LOG:
		return put(out, len, "%s-seg-%04u", phase, round);
	case REC_PTS_WIPC:
	case REC_PTS_WIPC_JOB:
		break;
	}
	return put(out, len, "%s-wipc", phase);
}

int rec_path_pts(char *out, size_t len, const char *dir, const char *test, const char *phase,
		 enum rec_pts_file kind, unsigned round)
{
	char name[256];
	const char *ext =
	    kind == REC_PTS_ROUND_JOB || kind == REC_PTS_WIPC_JOB || kind == REC_PTS_SEGMENT_JOB
		? ".fio"
	    : kind == REC_PTS_SEGMENT_LOG ? ""
					  : ".json";

	if (rec_path_pts_name(name, sizeof(name), phase, kind, round))
		return -ENAMETOOLONG;
	return dir ? put(out, len, "%s/%s/%s%s", dir, test, name, ext)
		   : put(out, len, "%s/%s%s", test, name, ext);
}

int rec_path_apps(char *out, size_t len, const char *test_dir, enum rec_apps_workload w)
{
	return put(out, len, "%s/%s", test_dir, w == REC_APPS_TPCC ? REC_TPCC_FILE : REC_APPS_FILE);
}

int rec_path_apps_instance(char *out, size_t len, const char *test_dir, unsigned id)
{
	return test_dir ? put(out, len, "%s/db%u", test_dir, id) : put(out, len, "db%u", id);
}

int rec_path_apps_file(char *out, size_t len, const char *dir, enum rec_apps_file f)
{
	static const char *const names[REC_APPS_NFILES] = {
	    [REC_APPS_MKFS_LOG] = "mkfs.log",
	    [REC_APPS_MOUNT_LOG] = "mount.log",
	    [REC_APPS_INSTALL_LOG] = "install.log",
	    [REC_APPS_INITDB_LOG] = "initdb.log",
	    [REC_APPS_COPY_LOG] = "copy.log",
	    [REC_APPS_MARIADB_ERR] = "mariadbd.err",
	    [REC_APPS_POSTGRES_LOG] = "postgres.log",
	    [REC_APPS_QUERY_OUT] = "query.out",
	    [REC_APPS_PREPARE] = "prepare.txt",
	    [REC_APPS_WARMUP] = "warmup.txt",
	    [REC_APPS_RUN] = "run.txt",
	    [REC_APPS_CHECK] = "check.txt",
	};

	return put(out, len, "%s/%s", dir, names[f]);
}

int rec_path_report(char *out, size_t len, const char *results)
{
	return put(out, len, "%s/" REC_REPORT_DIR, results);
}

int rec_path_overwritten(char *out, size_t len, const char *results, const char *name,
			 const char *stamp)
{
	return name ? put(out, len, "%s/" REC_OVERWRITTEN_DIR "/%s-%s", results, name, stamp)
		    : put(out, len, "%s/" REC_OVERWRITTEN_DIR, results);
}

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n > t && !strcmp(s + n - t, tail);
}

enum rec_name rec_name_kind(const char *name)
{
	if (name[0] == '.')
		return REC_NAME_HIDDEN;
	if (!strcmp(name, REC_RUN_FILE))
		return REC_NAME_RUN;
	if (!strcmp(name, REC_STATUS_FILE))
		return REC_NAME_STATUS;
	if (!strcmp(name, REC_CATALOGUE_FILE))
		return REC_NAME_CATALOGUE;
	if (!strcmp(name, REC_DRIVE_FILE) ||
	    (!strncmp(name, "drive-", 6) && ends_with(name, ".json")))
		return REC_NAME_DRIVE;
	if (ends_with(name, ".json"))
		return REC_NAME_RESULT;
	if (ends_with(name, ".json.partial") || ends_with(name, ".json.failed") ||
	    ends_with(name, ".json.tmp"))
		return REC_NAME_RESULT_OTHER;
	return REC_NAME_OTHER;
}

int rec_result_test(const char *name, char *out, size_t len)
{
	if (rec_name_kind(name) != REC_NAME_RESULT)
		return -EINVAL;
	return put(out, len, "%.*s", (int)(strlen(name) - 5), name);
}
