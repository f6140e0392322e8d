// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_oltp.c - the "oltp" workload: MariaDB servers (apps_mariadb.c) driven by sysbench's
 * oltp_read_write, its result apps.json (apps_result.c). What it does at each of apps_run()'s
 * steps: its programs, its space and memory, the data directories, a server's start, sysbench's
 * command line, the summary on stdout.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "apps_calc.h"

static int programs(struct apps_run *run, char *err, size_t errlen)
{
	const struct apps_opts *o = run->o;
	const char *p[] = {o->mariadbd, o->install_db, o->client, o->sysbench};

	for (size_t i = 0; i < sizeof(p) / sizeof(p[0]); i++) {
		if (!apps_which(p[i])) {
			snprintf(err, errlen,
				 "%s not found (Debian packages mariadb-server and sysbench: "
				 "scripts/install-deps)",
				 p[i]);
			return -ENOENT;
		}
	}
	return 0;
}

static void needs(struct apps_run *run, char *load, size_t llen, char *model, size_t mlen)
{
	const struct apps_opts *o = run->o;

	run->space_need = apps_space_need(o->instances, o->tables, o->table_size);
	run->memory_need = apps_memory_need(o->instances, o->buffer_pool, o->threads);
	snprintf(load, llen, "%u instance%s × %u tables × %llu rows", o->instances,
		 o->instances == 1 ? "" : "s", o->tables, (unsigned long long)o->table_size);
	snprintf(
	    model, mlen, "%llu bytes per row, %llu MiB per table, %llu MiB per instance, +%d%%",
	    APPS_ROW_BYTES, APPS_TABLE_BYTES >> 20, APPS_INSTANCE_BYTES >> 20, APPS_MARGIN_PCT);
}

static void paths(struct apps_db *db)
{
	snprintf(db->socket, sizeof(db->socket), "%s/mysqld.sock", db->dir);
	snprintf(db->pidfile, sizeof(db->pidfile), "%s/mysqld.pid", db->dir);
}

/* mariadb-install-db for the first instance (apps_run() copies it to the others once loaded) */
static int install(struct apps_run *run)
{
	return apps_install_wait(run, apps_mariadb_install_start(run->o, &run->db[0]),
				 run->o->install_db);
}

static int spawn(struct apps_run *run, struct apps_db *db)
{
	char msg[APPS_ERRLEN];
	int r = apps_mariadb_spawn(run->o, db, msg, sizeof(msg));

	return r ? apps_fail(run, "start", r, msg) : 0;
}

static int ready(struct apps_run *run, struct apps_db *db)
{
	char msg[APPS_ERRLEN];
	int r;

	r = apps_mariadb_wait(run->o, db, msg, sizeof(msg));
	if (!r)
		r = apps_mariadb_settings_read(run->o, db, msg, sizeof(msg));
	if (!r && !run->loaded)
		r = apps_mariadb_query(run->o, db, "CREATE DATABASE sbtest", NULL, 0, msg,
				       sizeof(msg));
	return r ? apps_fail(run, "start", r, msg) : 0;
}

static pid_t sb_start(const struct apps_run *run, const struct apps_db *db,
		      enum apps_sb_phase phase)
{
	return apps_sb_oltp_start(run->o, db, phase);
}

/* at least 1000 rows a second per instance, or something is wrong */
static unsigned int prepare_timeout_s(const struct apps_opts *o)
{
	return 3600 + (unsigned int)(o->tables * o->table_size / 1000);
}

/* a short human summary on stdout */
static void summary(const struct apps_run *run)
{
	struct sb_report r[APPS_MAX_INSTANCES];
	struct apps_total t;
	unsigned int i;

	printf("ssd-apps: %s (%s), %s, %u instance%s × %u tables × %llu rows, %u threads, %u s\n",
	       run->dev.given, run->dev.block, run->fs.type, run->ndb, run->ndb == 1 ? "" : "s",
	       run->o->tables, (unsigned long long)run->o->table_size, run->o->threads,
	       run->o->time_s);
	for (i = 0; i < run->ndb; i++) {
		const struct apps_db *db = &run->db[i];

		r[i] = db->report;
		printf("  db%u: %.2f TPS, %.2f QPS, avg %.2f ms, p95 %.2f ms, p99 %.2f ms, %llu "
		       "errors, %llu reconnects\n",
		       db->id, db->report.tps, db->report.qps, db->report.lat_avg_ms, db->p95_ms,
		       db->p99_ms, (unsigned long long)db->report.errors,
		       (unsigned long long)db->report.reconnects);
	}
	if (apps_total(r, run->ndb, &t) == 0) {
		printf("  total: %.2f TPS, %.2f QPS, avg %.2f ms, p95 %.2f ms, p99 %.2f ms (%s)\n",
		       t.tps, t.qps, t.lat_avg_ms, t.lat_p95_ms, t.lat_p99_ms,
		       apps_pct_method_name(t.p99_method));
		apps_total_free(&t);
	}
}

const struct apps_workload apps_oltp = {
    .name = "oltp",
    .result = REC_APPS_OLTP,
    .server = "mariadbd",
    .install_log = REC_APPS_INSTALL_LOG,
    .errlog = REC_APPS_MARIADB_ERR,
    .setting_names = apps_mariadb_settings,
    .nsettings = APPS_MARIADB_NSETTINGS,
    .log_marks = apps_mariadb_log_marks,
    .stop_signal = SIGTERM,
    .programs = programs,
    .subject = "the tables",
    .needs = needs,
    .paths = paths,
    .install = install,
    .spawn = spawn,
    .ready = ready,
    .sb_start = sb_start,
    .prepare_timeout_s = prepare_timeout_s,
    .write = apps_result_write,
    .summary = summary,
};
