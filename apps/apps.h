/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps.h - ssd-apps: database instances driven by sysbench on a filesystem made on the drive
 * under review, one of two workloads (struct apps_workload): "oltp", MariaDB with sysbench's
 * OLTP read/write test, and "tpcc", PostgreSQL with the TPC-C-like tpcc.lua. One file per job:
 *   apps_opts.c      options and profiles              apps_dev.c     the drive (engine calls)
 *   apps_proc.c      child processes, signals          apps_fs.c      mkfs, mount, umount
 *   apps_run.c       the sequence and cleanup          apps_server.c  what every server shares
 *   apps_oltp.c      the oltp workload                 apps_mariadb.c one MariaDB server
 *   apps_tpcc.c      the tpcc workload                 apps_pg.c      one PostgreSQL server
 *   apps_sysbench.c  sysbench runs, both workloads     apps_record.c  what both results share
 *   apps_result.c    apps.json (oltp)                  tpcc_result.c  tpcc.json (tpcc)
 *   sysbench_parse.c sysbench's report (pure)          tpcc_parse.c   tpcc.lua's lines (pure)
 *   apps_calc.c      space, memory, totals (pure)
 * Errors are negative errno values with a message in the caller's buffer.
 */
#ifndef SSDENG_APPS_H
#define SSDENG_APPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "record/layout.h"
#include "sysbench_parse.h"

/* The ranges of the run options (ssd-review's --apps-* options take the same). */
#define APPS_MAX_INSTANCES 16
#define APPS_MAX_TABLES 100000
#define APPS_MAX_TABLE_SIZE (1ULL << 40) /* rows */
#define APPS_MAX_THREADS 4096
#define APPS_MAX_SECONDS (30 * 86400) /* --warmup, --time */
#define APPS_MAX_WAREHOUSES 100000
#define APPS_MAX_ITEMS 100000	/* TPC-C's cardinality: --items and --customers go down */
#define APPS_MAX_CUSTOMERS 3000 /* from it (a smaller database), never up */
#define APPS_MAX_SERVER_OPTS 32
#define APPS_MAX_SETTINGS 16 /* server settings read back per instance */
#define APPS_ERRLEN 4096

/* Exit statuses (ssd-apps --help). */
enum {
	APPS_EXIT_OK = 0,     /* the workload ran on every instance */
	APPS_EXIT_FAILED = 1, /* the workload failed (or was interrupted); cleaned up */
	APPS_EXIT_USAGE = 2,  /* bad usage, or the device refused */
};

/* What the command line asked for. Sizes in bytes, durations in seconds. */
struct apps_opts {
	const char *workload;	 /* "oltp" (MariaDB, oltp_read_write) or "tpcc" (PostgreSQL) */
	const char *dev;	 /* --dev: the drive (ngXnY, nvmeXnY, sgN, sdX, a block device) */
	const char *out;	 /* --out: result directory */
	const char *profile;	 /* "quick" or "full" */
	unsigned int instances;	 /* servers on the drive */
	unsigned int tables;	 /* oltp: sysbench tables per instance */
	uint64_t table_size;	 /* oltp: rows per table */
	unsigned int warehouses; /* tpcc: warehouses per instance (TPC-C's scale) */
	unsigned int items;	 /* tpcc: items (TPC-C's 100000), a stock row each per warehouse */
	unsigned int customers;	 /* tpcc: customers per district (TPC-C's 3000) */
	unsigned int threads;	 /* sysbench threads (database connections) per instance */
	unsigned int warmup_s, time_s, report_interval_s;
	uint64_t buffer_pool;	  /* innodb_buffer_pool_size (oltp) or shared_buffers (tpcc) */
	uint64_t max_wal_size;	  /* tpcc: max_wal_size */
	const char *flush_method; /* oltp: innodb_flush_method */
	const char *fs;		  /* "auto", "xfs", "ext4" */
	const char *mount_opts;	  /* mount -o */
	const char *mnt;	  /* mount point; NULL: a fresh directory under /tmp */
	unsigned int port_base;	  /* oltp: 0 for sockets only (--skip-networking) */
	const char *server_opts[APPS_MAX_SERVER_OPTS]; /* --server-opt, passed to the server */
	unsigned int nserver_opts;
	unsigned int start_timeout_s, stop_timeout_s;
	bool yes, allow_mounted;
	const char *mariadbd, *install_db, *client, *sysbench; /* programs (oltp; sysbench both) */
	const char *pg_bindir; /* tpcc: initdb, postgres and psql; NULL: found (apps_pg.c) */
	const char *pg_user;   /* tpcc: the unprivileged user the servers run as */
	const char *tpcc_lua;  /* tpcc: the workload script; NULL: beside the program */
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

/* An unprivileged user a child runs as (PostgreSQL refuses root). */
struct apps_user {
	char name[64];
	uid_t uid;
	gid_t gid;
};

/**
 * apps_user_find() - @name's uid and gid (getpwnam).
 * Return: 0, or -ENOENT with @err naming the user and how to make one.
 */
int apps_user_find(const char *name, struct apps_user *u, char *err, size_t errlen);

/**
 * apps_spawn_as() - apps_spawn() with the child running as @u (its groups dropped, then
 * setgid, setuid, in "/"), or as this process when @u is NULL. @log is opened by this process,
 * so it may lie where @u cannot write.
 * Return: as apps_spawn().
 */
pid_t apps_spawn_as(char *const argv[], const char *log, const struct apps_user *u);

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

/**
 * apps_log_errors() - the lines of the text file @path holding one of @marks (NULL-terminated:
 * "[ERROR]" for MariaDB; "FATAL:", "PANIC:", "ERROR:" for PostgreSQL), joined with " | ", else
 * its last lines, into @buf; "(no log at PATH)" when it cannot be read.
 */
void apps_log_errors(const char *path, const char *const *marks, char *buf, size_t len);

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

/* ---- an instance, whatever its server (apps_server.c) -------------------------------------------
 */

struct tpcc_instance; /* tpcc_parse.h */

struct apps_db {
	unsigned int id;   /* 1.. */
	char dir[256];	   /* <mnt>/dbN: everything of the instance that lives on the drive */
	char datadir[300]; /* <dir>/data */
	char
	    socket[300]; /* MariaDB: <dir>/mysqld.sock; PostgreSQL: <dir>, the socket's directory */
	char pidfile[340]; /* MariaDB: <dir>/mysqld.pid; PostgreSQL: <datadir>/postmaster.pid */
	char tmpdir[300];
	char outdir[512];	 /* <out>/dbN: logs and sysbench outputs kept */
	char errlog[600];	 /* <out>/dbN/mariadbd.err or <out>/dbN/postgres.log */
	unsigned int port;	 /* 0: no TCP */
	unsigned int port_asked; /* the port tried first; port differs when it was in use */
	pid_t pid;		 /* running server, 0 when none */
	char version[160];	 /* the server's own version string */
	char settings[APPS_MAX_SETTINGS][128]; /* values of the workload's setting_names */
	bool have_settings;
	char stop_how[64]; /* "SIGTERM, 2.1 s" or "SIGKILL after 300 s" */
	struct sb_report report;
	bool have_report;
	double p95_ms, p99_ms;
	int p95_from_hist, p99_from_hist;
	struct tpcc_instance *tpcc; /* tpcc: figures per transaction type, consistency; else NULL */
};

/**
 * apps_db_init() - paths of instance @id under @mnt and @out (its folder <out>/dbN and its
 * server log @errlog there: record/layout.h), port @port_base + @id - 1 (none when @port_base is
 * 0); nothing is created.
 */
void apps_db_init(struct apps_db *db, unsigned int id, const char *mnt, const char *out,
		  unsigned int port_base, enum rec_apps_file errlog);

/**
 * apps_db_wait_ready() - after @db's server was spawned (db->pid), poll @ready every 100 ms until
 * it says the server accepts connections, the server exits, a signal arrives or @timeout_s pass.
 * @server: its name in messages ("mariadbd")
 * @marks: the error lines of its log (apps_log_errors()), quoted in @err
 * Return: 0, or -ECHILD (it exited; db->pid is 0), -EINTR, -ETIMEDOUT with @err saying so.
 */
int apps_db_wait_ready(struct apps_db *db, const char *server, int (*ready)(struct apps_db *db),
		       unsigned int timeout_s, const char *const *marks, char *err, size_t errlen);

/**
 * apps_db_client() - run a server's command-line client @argv (mariadb, psql) on @db, its output
 * (<outdir>/query.out, removed after) into @out (may be NULL).
 * Return: 0 or -errno with the client's own lines in @err ("db1: psql exited with status 1: …").
 */
int apps_db_client(struct apps_db *db, char *const argv[], char *out, size_t outlen, char *err,
		   size_t errlen);

/**
 * apps_db_settings_sql() - the query reading settings @names (@n of them) back: @head, the names
 * quoted and comma-separated, @tail, into @sql.
 */
void apps_db_settings_sql(char *sql, size_t len, const char *head, const char *const *names,
			  unsigned int n, const char *tail);

/**
 * apps_db_settings_parse() - "name<TAB>value" lines of a query's output @out (changed in place)
 * into db->settings, in the order of @names (@n of them); db->have_settings set.
 */
void apps_db_settings_parse(struct apps_db *db, char *out, const char *const *names,
			    unsigned int n);

/**
 * apps_db_stop() - signal @sig, then SIGKILL after @timeout_s; db->pid becomes 0, db->stop_how
 * says which. Return: 0, or -ETIMEDOUT when SIGKILL was needed.
 */
int apps_db_stop(struct apps_db *db, int sig, unsigned int timeout_s);

/* ---- one MariaDB server (apps_mariadb.c) -------------------------------------------------------
 */

#define APPS_MARIADB_NSETTINGS 12
extern const char *const apps_mariadb_settings[APPS_MARIADB_NSETTINGS];
extern const char *const apps_mariadb_log_marks[];

/**
 * apps_mariadb_install_start() - start mariadb-install-db for @db (its datadir made first).
 * Return: the pid to apps_wait() for, or -errno.
 */
pid_t apps_mariadb_install_start(const struct apps_opts *o, struct apps_db *db);

/**
 * apps_mariadb_spawn() - start mariadbd on @db's datadir with the settings that matter (buffer
 * pool, flush method, doublewrite on, flush at every commit); apps_mariadb_wait() then waits
 * until it accepts connections on its socket (the server's greeting read), up to
 * o->start_timeout_s. Several servers start at once that way.
 * Return: 0, or -errno with the server's own error-log lines in @err.
 */
int apps_mariadb_spawn(const struct apps_opts *o, struct apps_db *db, char *err, size_t errlen);
int apps_mariadb_wait(const struct apps_opts *o, struct apps_db *db, char *err, size_t errlen);

/**
 * apps_mariadb_query() - run SQL @sql with the mariadb client on @db's socket; its tab-separated
 * output, without column names, into @out (NUL-terminated, may be NULL).
 * Return: 0 or -errno with the client's lines in @err.
 */
int apps_mariadb_query(const struct apps_opts *o, struct apps_db *db, const char *sql, char *out,
		       size_t outlen, char *err, size_t errlen);

/** apps_mariadb_settings_read() - db->settings from SHOW GLOBAL VARIABLES. Return: 0 or -errno. */
int apps_mariadb_settings_read(const struct apps_opts *o, struct apps_db *db, char *err,
			       size_t errlen);

/* ---- one PostgreSQL server (apps_pg.c) ---------------------------------------------------------
 */

#define APPS_PG_NSETTINGS 13
extern const char *const apps_pg_settings[APPS_PG_NSETTINGS];
extern const char *const apps_pg_log_marks[];

/* The PostgreSQL programs a run uses, and the user its servers run as. */
struct apps_pg {
	char bindir[256]; /* where initdb and postgres are */
	char initdb[300], postgres[300], psql[300];
	struct apps_user user; /* the owner of the clusters; this process's when not root */
	bool as_user;	       /* children switch to user (ssd-apps runs as root) */
};

/**
 * apps_pg_find() - the programs (in o->pg_bindir, else the newest
 * /usr/lib/postgresql/<version>/bin, else the directory of the postgres in PATH; psql there or
 * in PATH) and the user (o->pg_user when running as root; PostgreSQL refuses to run as root).
 * Return: 0, or -ENOENT with @err naming what is missing and the Debian package.
 */
int apps_pg_find(const struct apps_opts *o, struct apps_pg *pg, char *err, size_t errlen);

/**
 * apps_pg_initdb_start() - start initdb for @db as the user: <dir> made and given to the user,
 * the cluster in <datadir> (superuser "postgres", trust authentication on the socket and
 * loopback, locale C, UTF8, --no-sync: ssd-apps syncs the filesystem once after). Output to
 * <outdir>/initdb.log. Return: the pid to apps_wait() for, or -errno.
 */
pid_t apps_pg_initdb_start(const struct apps_pg *pg, struct apps_db *db);

/**
 * apps_pg_spawn() - start postgres on @db's cluster as the user, listening on 127.0.0.1:db->port
 * (the next free port when that one is in use: db->port_asked keeps the first) and on a socket
 * in db->socket, with durable settings (fsync, synchronous_commit and full_page_writes on),
 * shared_buffers and max_wal_size from @o, and o->server_opts; apps_pg_wait() then waits until
 * postmaster.pid says it is ready (a server that lost its port to another process meanwhile is
 * started again on the next one). Several servers start at once that way.
 * Return: 0, or -errno with PostgreSQL's own log lines in @err.
 */
int apps_pg_spawn(const struct apps_opts *o, const struct apps_pg *pg, struct apps_db *db,
		  char *err, size_t errlen);
int apps_pg_wait(const struct apps_opts *o, const struct apps_pg *pg, struct apps_db *db, char *err,
		 size_t errlen);

/**
 * apps_pg_query() - run SQL @sql with psql on @db's socket as "postgres" in database @dbname;
 * its unaligned, tab-separated rows without headers into @out (may be NULL).
 * Return: 0 or -errno with psql's lines in @err.
 */
int apps_pg_query(const struct apps_pg *pg, struct apps_db *db, const char *dbname, const char *sql,
		  char *out, size_t outlen, char *err, size_t errlen);

/** apps_pg_settings_read() - db->settings and db->version from the running server. */
int apps_pg_settings_read(const struct apps_pg *pg, struct apps_db *db, char *err, size_t errlen);

/* ---- sysbench (apps_sysbench.c) ----------------------------------------------------------------
 */

enum apps_sb_phase { APPS_SB_PREPARE, APPS_SB_WARMUP, APPS_SB_RUN, APPS_SB_CHECK };

/**
 * apps_sb_path() - where sysbench's output of @phase goes: <db->outdir>/prepare.txt, warmup.txt,
 * run.txt, check.txt (record/layout.h). Return: 0 or -ENAMETOOLONG.
 */
int apps_sb_path(const struct apps_db *db, enum apps_sb_phase phase, char *out, size_t len);

/**
 * apps_sb_oltp_start() - start sysbench oltp_read_write for @phase against @db (its socket);
 * output to apps_sb_path(). Return: pid or -errno.
 */
pid_t apps_sb_oltp_start(const struct apps_opts *o, const struct apps_db *db,
			 enum apps_sb_phase phase);

/**
 * apps_sb_tpcc_start() - start sysbench with the TPC-C-like script @lua for @phase against @db
 * (its socket directory and port, database "tpcc"; o->warehouses, o->items, o->customers):
 * prepare loads the warehouses with up to one thread per warehouse, warm-up and run are
 * time-bound, the run with the histogram and the 99th percentile, check runs the consistency
 * conditions. Return: pid or -errno.
 */
pid_t apps_sb_tpcc_start(const struct apps_opts *o, const char *lua, const struct apps_db *db,
			 enum apps_sb_phase phase);

/** apps_sb_version() - "1.0.20" from `sysbench --version` into @buf. Return: 0 or -errno. */
int apps_sb_version(const struct apps_opts *o, char *buf, size_t len);

/* ---- the workloads (apps_oltp.c, apps_tpcc.c) ---------------------------------------------------
 */

struct apps_run;

/*
 * What a workload does at each step of apps_run(); the steps themselves (the drive, the
 * filesystem, sysbench's phases on every instance at once, the cleanup) are apps_run.c's.
 */
struct apps_workload {
	const char *name;		  /* "oltp", "tpcc" */
	enum rec_apps_workload result;	  /* its result document: apps.json, tpcc.json */
	const char *server;		  /* the server program, in messages */
	enum rec_apps_file install_log;	  /* the first instance's install log in <out>/dbN */
	enum rec_apps_file errlog;	  /* the server's log in <out>/dbN */
	const char *const *setting_names; /* read back from every running server */
	unsigned int nsettings;
	const char *const *log_marks; /* the error lines of the server's log */
	int stop_signal; /* SIGTERM: InnoDB's clean shutdown; SIGINT: PostgreSQL's fast one */
	/* the programs are there (and their versions read): 0 or -ENOENT naming the package */
	int (*programs)(struct apps_run *run, char *err, size_t errlen);
	/* run->space_need and run->memory_need; the words of the refusals: what needs the space
	 * ("the tables"), the load ("2 instances × 4 tables × 10000 rows"), the space model */
	const char *subject;
	void (*needs)(struct apps_run *run, char *load, size_t llen, char *model, size_t mlen);
	void (*paths)(struct apps_db *db); /* the server's own paths, after apps_db_init() */
	/* the first instance's data directory: the others get a copy once it is loaded */
	int (*install)(struct apps_run *run);
	int (*spawn)(struct apps_run *run, struct apps_db *db); /* the server started */
	int (*ready)(struct apps_run *run, struct apps_db *db); /* accepting, settings read */
	pid_t (*sb_start)(const struct apps_run *run, const struct apps_db *db,
			  enum apps_sb_phase phase);
	unsigned int (*prepare_timeout_s)(const struct apps_opts *o);
	/* after the measured run, on every instance: NULL for none */
	int (*check)(struct apps_run *run);
	/* more of an instance's measured run than sysbench's report: NULL for none */
	int (*parse)(struct apps_run *run, struct apps_db *db, const char *text, char *err,
		     size_t errlen);
	int (*write)(const struct apps_run *run, char *err, size_t errlen);
	void (*summary)(const struct apps_run *run);
};

extern const struct apps_workload apps_oltp, apps_tpcc;

/** apps_workload_find() - the workload named @name ("oltp", "tpcc"), or NULL. */
const struct apps_workload *apps_workload_find(const char *name);

/* ---- the run (apps_run.c) and its results (apps_result.c, tpcc_result.c)
 * -------------------------
 */

struct apps_run {
	struct apps_opts *o;
	const struct apps_workload *wl;
	struct apps_dev dev;
	struct apps_fs fs;
	struct apps_db db[APPS_MAX_INSTANCES];
	unsigned int ndb;
	struct apps_pg pg; /* tpcc */
	char lua[4096];	   /* tpcc: the workload script used */
	char sysbench_version[32];
	bool loaded; /* the first instance holds the data (prepare done): the rest are copies */
	uint64_t space_need, memory_need, memory_avail; /* bytes; memory_avail 0: unknown */
	char started_at[32];				/* UTC, ISO 8601 */
	double t_mkfs, t_install, t_start, t_prepare, t_copy, t_warmup, t_run, t_check, t_stop,
	    t_total;	    /* s */
	const char *status; /* "done", "failed", "interrupted" */
	const char *failed_step;
	char error[APPS_ERRLEN];
};

/**
 * apps_run() - the whole test on one drive: resolve and check the device, the programs, the
 * space and memory the workload needs, mkfs and mount, make the first instance's data directory,
 * start it and load the data (prepare), stop it and copy its files to the other instances, start
 * them all (at once) and read their settings, warm up, run measured, check (tpcc), stop the
 * servers, unmount; then write the workload's result (<out>/apps.json or <out>/tpcc.json). Every
 * failure and signal path stops what was started, unmounts and removes the mount point it made.
 * Return: APPS_EXIT_OK, APPS_EXIT_FAILED or APPS_EXIT_USAGE (device refused).
 */
int apps_run(struct apps_opts *o);

/**
 * apps_fail() - record the failure of @step (the first one wins): run->status "failed" (or
 * "interrupted" after a signal), run->error @msg. Return: @r.
 */
int apps_fail(struct apps_run *run, const char *step, int r, const char *msg);

/**
 * apps_install_wait() - wait for the program @pid that makes the first instance's data
 * directory (@what: "mariadb-install-db", "initdb"; -errno when it could not start), its output
 * in the workload's install_log of db1; a failure fails step "install" with its last lines.
 * Return: 0 or -errno (apps_fail() called).
 */
int apps_install_wait(struct apps_run *run, pid_t pid, const char *what);

/**
 * apps_sb_phase() - sysbench's @phase on the first @n instances at once (the workload's
 * sb_start); the first failure (or a signal, or @timeout_s) stops the others and fails @step
 * with sysbench's and the server's own lines.
 * Return: 0 or -errno (apps_fail() called).
 */
int apps_sb_phase(struct apps_run *run, enum apps_sb_phase phase, unsigned int n,
		  unsigned int timeout_s, const char *step);

/**
 * apps_result_write() - write @run as schema ssdeng.apps.v1 to <out>/apps.json (record/apps.h,
 * atomically). Return: 0 or -errno.
 */
int apps_result_write(const struct apps_run *run, char *err, size_t errlen);

/**
 * tpcc_result_write() - write @run as schema ssdeng.apps-tpcc.v1 to <out>/tpcc.json (record/apps.h,
 * atomically; fields: docs/results-format.md). Return: 0 or -errno.
 */
int tpcc_result_write(const struct apps_run *run, char *err, size_t errlen);

#endif
