/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps.h - ssd-apps: MariaDB instances driven by sysbench's OLTP read/write test on a filesystem
 * made on the drive under review. One file per job:
 *   apps_opts.c      options and profiles              apps_dev.c     the drive (engine calls)
 *   apps_proc.c      child processes, signals          apps_fs.c      mkfs, mount, umount
 *   apps_mariadb.c   one server instance               apps_sysbench.c  sysbench runs
 *   apps_result.c    the result JSON                   apps_run.c     the sequence and cleanup
 *   sysbench_parse.c sysbench's report (pure)          apps_calc.c    space and totals (pure)
 * Errors are negative errno values with a message in the caller's buffer.
 */
#ifndef SSDENG_APPS_H
#define SSDENG_APPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sysbench_parse.h"

/* The ranges of the run options (ssd-review's --apps-* options take the same). */
#define APPS_MAX_INSTANCES 16
#define APPS_MAX_TABLES 100000
#define APPS_MAX_TABLE_SIZE (1ULL << 40) /* rows */
#define APPS_MAX_THREADS 4096
#define APPS_MAX_SECONDS (30 * 86400) /* --warmup, --time */
#define APPS_MAX_SERVER_OPTS 32
#define APPS_ERRLEN 4096

/* Exit statuses (ssd-apps --help). */
enum {
	APPS_EXIT_OK = 0,     /* the workload ran on every instance */
	APPS_EXIT_FAILED = 1, /* the workload failed (or was interrupted); cleaned up */
	APPS_EXIT_USAGE = 2,  /* bad usage, or the device refused */
};

/* What the command line asked for. Sizes in bytes, durations in seconds. */
struct apps_opts {
	const char *dev;	/* --dev: the drive (ngXnY, nvmeXnY, sgN, sdX, a block device) */
	const char *out;	/* --out: result directory */
	const char *profile;	/* "quick" or "full" */
	unsigned int instances; /* MariaDB servers on the drive */
	unsigned int tables;
	uint64_t table_size;  /* rows per table */
	unsigned int threads; /* sysbench threads per instance */
	unsigned int warmup_s, time_s, report_interval_s;
	uint64_t buffer_pool; /* innodb_buffer_pool_size per instance */
	const char *flush_method;
	const char *fs;		/* "auto", "xfs", "ext4" */
	const char *mount_opts; /* mount -o */
	const char *mnt;	/* mount point; NULL: a fresh directory under /tmp */
	unsigned int port_base; /* 0: sockets only (--skip-networking) */
	const char *server_opts[APPS_MAX_SERVER_OPTS]; /* --server-opt, passed to mariadbd */
	unsigned int nserver_opts;
	unsigned int start_timeout_s, stop_timeout_s;
	bool yes, allow_mounted;
	const char *mariadbd, *install_db, *client, *sysbench; /* programs */
};

/**
 * apps_opts_parse() - parse `ssd-apps run …` arguments into @o: the profile's values first, then
 * each option given.
 * @argc, @argv: the arguments after "run"; argv[0] is "run"
 * @o: output
 * @err, @errlen: what is wrong ("--instances 0: must be 1 to 16")
 * Return: 0, 1 when --help was asked (the caller prints it), -EINVAL on bad usage.
 */
int apps_opts_parse(int argc, char **argv, struct apps_opts *o, char *err, size_t errlen);

/** apps_usage() - the text of `ssd-apps --help`. */
const char *apps_usage(void);

/* ---- the drive (apps_dev.c: the only file calling the engine's host functions) ----------------
 */

struct apps_dev {
	char given[256];      /* as on the command line */
	char block[64];	      /* the block node the filesystem goes on: /dev/nvme0n1, /dev/sda */
	char kind[64];	      /* "NVMe generic char device", … */
	uint64_t size;	      /* bytes */
	char write_cache[24]; /* the kernel's view of the drive's cache: "write back", "write
			       * through" (sysfs queue/write_cache); "" when unknown */
};

/**
 * apps_dev_resolve() - the block device behind @path: an NVMe namespace's generic node
 * (/dev/ngXnY) maps to /dev/nvmeXnY, a SCSI generic node (/dev/sgN) to its disk /dev/sdX; a
 * block device (disk, partition, loop) is itself. Anything else is refused.
 * @path: the --dev argument
 * @d: filled
 * @err, @errlen: "/dev/nvme0 is an NVMe controller char device: give a namespace (/dev/ng0n1 or
 *                /dev/nvme0n1)"
 * Return: 0, -ENOENT (missing), -ENOTBLK (not a drive, or no block device behind the node).
 */
int apps_dev_resolve(const char *path, struct apps_dev *d, char *err, size_t errlen);

/**
 * apps_dev_check_unused() - refuse @d while any of its block devices (the disk and every
 * partition) is mounted, an active swap area or held by device mapper / md / bcache.
 * Return: 0, -EBUSY with the message naming the device and the user, or -errno.
 */
int apps_dev_check_unused(const struct apps_dev *d, char *err, size_t errlen);

/* ---- child processes (apps_proc.c) -------------------------------------------------------------
 */

/**
 * apps_signals_install() - SIGINT, SIGTERM and SIGHUP set a flag instead of ending the program,
 * so the run stops its servers and unmounts; SIGPIPE is ignored.
 */
void apps_signals_install(void);

/** apps_interrupted() - the signal number received since apps_signals_install(), or 0. */
int apps_interrupted(void);

/**
 * apps_spawn() - start @argv[0] (searched in PATH) in its own process group with stdin from
 * /dev/null and stdout and stderr appended to @log.
 * @argv: NULL-terminated
 * @log: output file, created or appended
 * Return: the child's pid, or -errno (the program missing is found by the caller's wait: exit 127).
 */
pid_t apps_spawn(char *const argv[], const char *log);

/**
 * apps_wait() - wait for @pid until it exits, @timeout_s passes, or a signal arrives
 * (apps_interrupted()); in the last two cases it is sent SIGTERM, then SIGKILL after 10 s.
 * @pid: a child of apps_spawn()
 * @timeout_s: 0 for none
 * @status: its wait status, when it exited
 * Return: 0 when it exited, -ETIMEDOUT, -EINTR (signal).
 */
int apps_wait(pid_t pid, unsigned int timeout_s, int *status);

/**
 * apps_terminate() - stop child @pid: SIGTERM, then SIGKILL after 10 s; reap it.
 * @status: its wait status
 */
void apps_terminate(pid_t pid, int *status);

/**
 * apps_run_cmd() - apps_spawn() then apps_wait(); a non-zero exit is an error.
 * @argv, @log: as apps_spawn()
 * @timeout_s: as apps_wait()
 * @err, @errlen: "mkfs.xfs exited with status 1: <last lines of its output>"
 * Return: 0, -ECHILD (non-zero exit or killed), -ENOENT (not found: exit 127), -ETIMEDOUT,
 * -EINTR, or the -errno of the spawn.
 */
int apps_run_cmd(char *const argv[], const char *log, unsigned int timeout_s, char *err,
		 size_t errlen);

/**
 * apps_read_file() - the whole of @path, NUL-terminated, into a malloc()ed buffer.
 * Return: 0 or -errno.
 */
int apps_read_file(const char *path, char **buf, size_t *len);

/** apps_tail_lines() - the last @n lines of @text, joined with " | ", into @buf. */
void apps_tail_lines(const char *text, unsigned int n, char *buf, size_t len);

/** apps_now() - monotonic seconds. */
double apps_now(void);

/** apps_which() - whether @prog is an executable in PATH (or a path to one). */
bool apps_which(const char *prog);

/* ---- filesystem (apps_fs.c) --------------------------------------------------------------------
 */

struct apps_fs {
	char type[16]; /* "xfs", "ext4" */
	char mnt[256]; /* mount point */
	bool made_mnt; /* we created the directory: remove it after */
	bool mounted;
	char mount_opts[256]; /* per-mount options read back from mountinfo ("rw,noatime") */
	char super_opts[512]; /* superblock options ("rw,attr2,inode64,logbufs=8,…") */
	uint64_t size, avail; /* bytes, statvfs after mounting */
	char mkfs_cmd[512];   /* the command line used */
};

/**
 * apps_fs_choose() - the filesystem to make: @want "xfs" or "ext4", or "auto": XFS when mkfs.xfs
 * is installed, else ext4. Return: 0, or -ENOENT when that mkfs is missing.
 */
int apps_fs_choose(const char *want, struct apps_fs *fs, char *err, size_t errlen);

/**
 * apps_fs_make() - mkfs on @blk (destroys its data), create the mount point, mount with
 * @mount_opts, read back options and sizes.
 * @fs: from apps_fs_choose(); fs->mnt preset, or empty for a fresh /tmp/ssd-apps.XXXXXX
 * @blk: the block device
 * @logdir: where mkfs.log goes
 * Return: 0 or -errno with the tool's own lines in @err.
 */
int apps_fs_make(struct apps_fs *fs, const char *blk, const char *mount_opts, const char *logdir,
		 char *err, size_t errlen);

/**
 * apps_fs_unmount() - unmount (retrying while busy, up to 30 s) and remove the mount point if we
 * made it. Safe to call when nothing is mounted.
 * Return: 0 or -errno (still mounted: the message says so).
 */
int apps_fs_unmount(struct apps_fs *fs, char *err, size_t errlen);

/* ---- one MariaDB server (apps_mariadb.c) --------------------------------------------------------
 */

/* Server settings read back from the running server (SHOW GLOBAL VARIABLES). */
#define APPS_NSETTINGS 12
extern const char *const apps_setting_names[APPS_NSETTINGS];

struct apps_db {
	unsigned int id; /* 1.. */
	char dir[256];	 /* <mnt>/dbN: datadir, socket, pid and tmp live here */
	char datadir[300];
	char socket[300];
	char pidfile[300];
	char tmpdir[300];
	char outdir[512];		    /* <out>/dbN: logs and sysbench outputs kept */
	char errlog[600];		    /* <out>/dbN/mariadbd.err */
	unsigned int port;		    /* 0: no TCP */
	pid_t pid;			    /* running server, 0 when none */
	char version[96];		    /* from the server's greeting */
	char settings[APPS_NSETTINGS][128]; /* values of apps_setting_names */
	bool have_settings;
	char stop_how[64]; /* "SIGTERM, 2.1 s" or "SIGKILL after 300 s" */
	struct sb_report report;
	bool have_report;
	double p95_ms, p99_ms;
	int p95_from_hist, p99_from_hist;
};

/** apps_db_init() - paths of instance @id under @mnt and @out; nothing is created. */
void apps_db_init(struct apps_db *db, unsigned int id, const char *mnt, const char *out,
		  unsigned int port_base);

/**
 * apps_db_install_start() - start mariadb-install-db for @db (its datadir made first).
 * Return: the pid to apps_wait() for, or -errno.
 */
pid_t apps_db_install_start(const struct apps_opts *o, struct apps_db *db);

/**
 * apps_db_start() - start mariadbd on @db's datadir with the settings that matter (buffer pool,
 * flush method, doublewrite on, flush at every commit) and wait until it accepts connections on
 * its socket (the server's greeting read), up to o->start_timeout_s.
 * Return: 0, or -errno with the server's own error-log lines in @err.
 */
int apps_db_start(const struct apps_opts *o, struct apps_db *db, char *err, size_t errlen);

/**
 * apps_db_query() - run SQL @sql with the mariadb client on @db's socket; its tab-separated
 * output, without column names, into @out (NUL-terminated, may be NULL).
 * Return: 0 or -errno with the client's lines in @err.
 */
int apps_db_query(const struct apps_opts *o, struct apps_db *db, const char *sql, char *out,
		  size_t outlen, char *err, size_t errlen);

/** apps_db_read_settings() - fill db->settings from the running server. Return: 0 or -errno. */
int apps_db_read_settings(const struct apps_opts *o, struct apps_db *db, char *err, size_t errlen);

/**
 * apps_db_stop() - SIGTERM, then SIGKILL after @timeout_s; db->pid becomes 0, db->stop_how says
 * which. Return: 0, or -ETIMEDOUT when SIGKILL was needed.
 */
int apps_db_stop(struct apps_db *db, unsigned int timeout_s);

/** apps_db_errors() - the "[ERROR]" lines of @db's error log (else its last lines) into @buf. */
void apps_db_errors(const struct apps_db *db, char *buf, size_t len);

/* ---- sysbench (apps_sysbench.c) ----------------------------------------------------------------
 */

enum apps_sb_phase { APPS_SB_PREPARE, APPS_SB_WARMUP, APPS_SB_RUN };

/**
 * apps_sb_path() - where sysbench's output of @phase goes: <db->outdir>/prepare.txt, warmup.txt,
 * run.txt (record/layout.h). Return: 0 or -ENAMETOOLONG.
 */
int apps_sb_path(const struct apps_db *db, enum apps_sb_phase phase, char *out, size_t len);

/**
 * apps_sb_start() - start sysbench oltp_read_write for @phase against @db; output to
 * apps_sb_path(). Return: pid or -errno.
 */
pid_t apps_sb_start(const struct apps_opts *o, const struct apps_db *db, enum apps_sb_phase phase);

/** apps_sb_version() - "1.0.20" from `sysbench --version` into @buf. Return: 0 or -errno. */
int apps_sb_version(const struct apps_opts *o, char *buf, size_t len);

/* ---- the run (apps_run.c) and its result (apps_result.c) ----------------------------------------
 */

struct apps_run {
	struct apps_opts *o;
	struct apps_dev dev;
	struct apps_fs fs;
	struct apps_db db[APPS_MAX_INSTANCES];
	unsigned int ndb;
	char sysbench_version[32];
	uint64_t space_need;
	char started_at[32]; /* UTC, ISO 8601 */
	double t_mkfs, t_install, t_start, t_prepare, t_warmup, t_run, t_stop, t_total; /* s */
	const char *status; /* "done", "failed", "interrupted" */
	const char *failed_step;
	char error[APPS_ERRLEN];
};

/**
 * apps_run() - the whole test on one drive: resolve and check the device, estimate the space,
 * mkfs and mount, install and start the instances, read their settings, prepare, warm up, run
 * measured, stop the servers, unmount; then write <out>/apps.json. Every failure and signal path
 * stops what was started, unmounts and removes the mount point it made.
 * Return: APPS_EXIT_OK, APPS_EXIT_FAILED or APPS_EXIT_USAGE (device refused).
 */
int apps_run(struct apps_opts *o);

/**
 * apps_result_write() - write @run as schema ssdeng.apps.v1 to <out>/apps.json (through a
 * temporary file renamed into place). Return: 0 or -errno.
 */
int apps_result_write(const struct apps_run *run, char *err, size_t errlen);

#endif
