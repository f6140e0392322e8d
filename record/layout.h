/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * layout.h - where every file of a run's record lives (docs/results-format.md): the one place
 * that spells the results directory's paths. A results directory OUT holds
 *
 *   OUT/status.json                               what the run is doing (status.h)
 *   OUT/catalogue.json                            the test catalogue the run was planned from
 *   OUT/<label>/                                  a drive folder: one drive, group or host
 *   OUT/<label>/run.json                          the run's record (run.h)
 *   OUT/<label>/drive.json, drive-<M>.json        the drive, a group's drive M (drive.h)
 *   OUT/<label>/<test>.json                       fio's JSON of a complete, error-free test
 *   OUT/<label>/<test>.json.partial, .json.failed fio's output while it runs, of a failed test
 *   OUT/<label>/logs/<test>_*.log                 fio's logs; <test>.fio-stderr.txt, ...
 *   OUT/<label>/logs/<test>.engine.jsonl          the transports that drove the test
 *                                                 (engine_report.h)
 *   OUT/<label>/<test>/<phase>-round-NN.json      a SNIA PTS test's rounds, <phase>-wipc.json
 *   OUT/<label>/<test>/<part>-seg-NNNN.json       a PTS test's segments (HIR, XSR, DIRTH's
 *                                                 points), their 1-s logs <part>-seg-NNNN_*.log
 *   OUT/<label>/<test>/apps.json, tpcc.json       an ssd-apps test's result (apps.h), with
 *                                                 mkfs.log, mount.log and per instance dbN/
 *   OUT/<label>/telemetry/<test>.jsonl            the drive's samples while a test ran
 *                                                 (telemetry.h: its path and document)
 *   OUT/report/                                   ssdreport's report (marked by .ssdreport)
 *   OUT/.overwritten/<name>-<time>/               results moved aside by --overwrite
 *
 * Each function writes one kind of path into @out (@len bytes) and returns 0, or -ENAMETOOLONG
 * when it does not fit (@out then holds a truncated path that must not be used).
 */
#ifndef SSDENG_RECORD_LAYOUT_H
#define SSDENG_RECORD_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

#define REC_STATUS_FILE "status.json"
#define REC_CATALOGUE_FILE "catalogue.json"
#define REC_RUN_FILE "run.json"
#define REC_DRIVE_FILE "drive.json"
#define REC_APPS_FILE "apps.json"
#define REC_TPCC_FILE "tpcc.json"
#define REC_LOGS_DIR "logs"
#define REC_TELEMETRY_DIR "telemetry"
#define REC_REPORT_DIR "report"
#define REC_OVERWRITTEN_DIR ".overwritten"
/* The file ssdreport leaves in a report directory: such a directory is no drive folder. */
#define REC_REPORT_MARKER ".ssdreport"

/** rec_path_status() - OUT/status.json. */
int rec_path_status(char *out, size_t len, const char *results);

/**
 * rec_path_catalogue() - OUT/catalogue.json: a byte-for-byte copy of the test catalogue
 * (catalogue/catalogue.h) the run's tests were planned from, so that its results are read with
 * the definitions they ran with (a PTS test's matrix, a profile's durations) wherever they go.
 */
int rec_path_catalogue(char *out, size_t len, const char *results);

/** rec_path_drive_dir() - OUT/<label>: a drive folder. */
int rec_path_drive_dir(char *out, size_t len, const char *results, const char *label);

/** rec_path_run() - <drive folder>/run.json. */
int rec_path_run(char *out, size_t len, const char *dir);

/**
 * rec_path_drive() - <drive folder>/drive.json, or drive-<@member>.json for a group's drive.
 * @member: a group member's name, or NULL for the folder's own drive.json
 */
int rec_path_drive(char *out, size_t len, const char *dir, const char *member);

/* The states of a test's fio output file. */
enum rec_result {
	REC_RESULT_DONE,    /* <test>.json: complete and error-free */
	REC_RESULT_PARTIAL, /* <test>.json.partial: fio's --output while it runs */
	REC_RESULT_FAILED,  /* <test>.json.failed: what fio wrote for a failed test */
};

/** rec_path_result() - <drive folder>/<@test>.json (or .partial, .failed). */
int rec_path_result(char *out, size_t len, const char *dir, const char *test, enum rec_result st);

/** rec_path_result_of() - the .partial or .failed file of a result file @final. */
int rec_path_result_of(char *out, size_t len, const char *final, enum rec_result st);

/** rec_path_logs() - <drive folder>/logs. */
int rec_path_logs(char *out, size_t len, const char *dir);

/* The logs a test leaves beside fio's own. */
enum rec_log {
	REC_LOG_FIO,	     /* <test>: the prefix fio's write_*_log options get (SSD_LOG) */
	REC_LOG_FIO_STDERR,  /* <test>.fio-stderr.txt: fio's and the engine's messages */
	REC_LOG_APPS_STDOUT, /* <test>.ssd-apps.txt: ssd-apps's progress and summary */
	REC_LOG_APPS_STDERR, /* <test>.ssd-apps-stderr.txt: its messages */
	REC_LOG_ENGINE,	     /* <test>.engine.jsonl: the engine's report of the transports that
			      * drove the test's files (engine_report.h) */
};

/**
 * rec_path_log() - <drive folder>/logs/<@test>[.<@part>]<kind's suffix>.
 * @part: a part of the test with its own fio logs ("iops-wipc": a PTS phase's preconditioning),
 *        NULL for the test's own
 */
int rec_path_log(char *out, size_t len, const char *dir, const char *test, const char *part,
		 enum rec_log kind);

/**
 * rec_log_of() - whether @name (a file in logs/) is one of fio's logs of @test:
 * "<test>_<kind>[.N].log" ("fc-4k-randread_iops.3.log").
 */
bool rec_log_of(const char *name, const char *test);

/**
 * rec_path_telemetry() - <drive folder>/telemetry/<@test>.jsonl: the drive's samples while
 * test @test ran (record/telemetry.h).
 */
int rec_path_telemetry(char *out, size_t len, const char *dir, const char *test);

/** rec_path_test_dir() - <drive folder>/<@test>: a PTS test's or an ssd-apps test's folder. */
int rec_path_test_dir(char *out, size_t len, const char *dir, const char *test);

/* The files of a SNIA PTS test's folder. */
enum rec_pts_file {
	REC_PTS_ROUND,	   /* <phase>-round-NN.json: fio's JSON of round NN */
	REC_PTS_ROUND_JOB, /* <phase>-round.fio: the jobfile each round runs */
	REC_PTS_WIPC,	   /* <phase>-wipc.json: fio's JSON of the preconditioning */
	REC_PTS_WIPC_JOB,  /* <phase>-wipc.fio: its jobfile */
	/* a segment (run.h rec_pts_segment): "phase" is its part ("hir", "xsr", "dirth-points"),
	 * "round" its seq */
	REC_PTS_SEGMENT,     /* <part>-seg-NNNN.json: fio's JSON (json+) of segment NNNN */
	REC_PTS_SEGMENT_JOB, /* <part>-seg-NNNN.fio: its jobfile */
	REC_PTS_SEGMENT_LOG, /* <part>-seg-NNNN: its 1-s logs' prefix, fio writes
			      * <prefix>_iops.N.log, _bw.N.log, _lat.N.log (thread N) */
};

/**
 * rec_path_pts() - a file of PTS test @test's folder: <@dir>/<@test>/<phase>-...; with @dir
 * NULL the path relative to the drive folder ("pts-iops/iops-round-03.json"), as run.json
 * names it.
 * @round: the round (1..) of REC_PTS_ROUND, the seq (1..) of a segment, else ignored
 */
int rec_path_pts(char *out, size_t len, const char *dir, const char *test, const char *phase,
		 enum rec_pts_file kind, unsigned round);

/**
 * rec_path_pts_name() - a PTS file's name without ".json" ("iops-round-03", "iops-wipc"), as
 * fio's progress line and the driver name the fio run.
 */
int rec_path_pts_name(char *out, size_t len, const char *phase, enum rec_pts_file kind,
		      unsigned round);

/* ssd-apps's workloads, each with its own result document (apps.h). */
enum rec_apps_workload {
	REC_APPS_OLTP, /* MariaDB + sysbench oltp_read_write: apps.json, "ssdeng.apps.v1" */
	REC_APPS_TPCC, /* PostgreSQL + tpcc.lua: tpcc.json, "ssdeng.apps-tpcc.v1" */
	REC_APPS_NWORKLOADS,
};

/**
 * rec_path_apps() - <an ssd-apps test's folder>/apps.json (@w REC_APPS_OLTP) or tpcc.json
 * (REC_APPS_TPCC): what ssd-apps --out DIR writes.
 */
int rec_path_apps(char *out, size_t len, const char *test_dir, enum rec_apps_workload w);

/* An ssd-apps test's own files: the test folder's, and each instance's in its dbN/. */
enum rec_apps_file {
	REC_APPS_MKFS_LOG,     /* mkfs.log: mkfs's output (the test folder) */
	REC_APPS_MOUNT_LOG,    /* mount.log: mount's */
	REC_APPS_INSTALL_LOG,  /* dbN/install.log: mariadb-install-db's (the first instance) */
	REC_APPS_INITDB_LOG,   /* dbN/initdb.log: PostgreSQL's initdb's (the first instance) */
	REC_APPS_COPY_LOG,     /* dbN/copy.log: the copy of the first instance's loaded files */
	REC_APPS_MARIADB_ERR,  /* dbN/mariadbd.err: MariaDB's error log */
	REC_APPS_POSTGRES_LOG, /* dbN/postgres.log: PostgreSQL's log */
	REC_APPS_QUERY_OUT,    /* dbN/query.out: a client's answer (removed after) */
	REC_APPS_PREPARE,      /* dbN/prepare.txt, warmup.txt, run.txt: sysbench's output */
	REC_APPS_WARMUP,
	REC_APPS_RUN,
	REC_APPS_CHECK, /* dbN/check.txt: tpcc.lua's consistency check */
	REC_APPS_NFILES,
};

/**
 * rec_path_apps_instance() - <@test_dir>/db<@id>: instance @id's folder; with @test_dir NULL
 * "db<@id>", relative to the test folder (as apps.json and tpcc.json name its files).
 */
int rec_path_apps_instance(char *out, size_t len, const char *test_dir, unsigned id);

/**
 * rec_path_apps_file() - file @f in @dir: the test folder (mkfs.log, mount.log) or an
 * instance's folder (rec_path_apps_instance()).
 */
int rec_path_apps_file(char *out, size_t len, const char *dir, enum rec_apps_file f);

/** rec_path_report() - OUT/report: the report ssd-review writes at the end of a run. */
int rec_path_report(char *out, size_t len, const char *results);

/**
 * rec_path_overwritten() - OUT/.overwritten/<@name>-<@stamp>: where --overwrite moves the
 * earlier OUT/<name>; with @name NULL, OUT/.overwritten itself.
 */
int rec_path_overwritten(char *out, size_t len, const char *results, const char *name,
			 const char *stamp);

/* What a file of a drive folder is, by the name the record gives it. */
enum rec_name {
	REC_NAME_OTHER,	       /* anything else (a PTS or apps test's folder, logs/) */
	REC_NAME_HIDDEN,       /* starts with '.' */
	REC_NAME_RUN,	       /* run.json */
	REC_NAME_DRIVE,	       /* drive.json, drive-<M>.json */
	REC_NAME_STATUS,       /* status.json (a results directory's) */
	REC_NAME_CATALOGUE,    /* catalogue.json (a results directory's) */
	REC_NAME_RESULT,       /* <test>.json: fio's JSON of a test */
	REC_NAME_RESULT_OTHER, /* <test>.json.partial, .json.failed, .json.tmp */
};

/** rec_name_kind() - what file @name (no directory) is in a drive folder. */
enum rec_name rec_name_kind(const char *name);

/**
 * rec_result_test() - the test id of a result file name ("fc-4k-randread.json" ->
 * "fc-4k-randread"): @name without ".json".
 * Return: 0, or -EINVAL when @name is no REC_NAME_RESULT.
 */
int rec_result_test(const char *name, char *out, size_t len);

#endif
