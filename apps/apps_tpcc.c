// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_tpcc.c - the "tpcc" workload: PostgreSQL servers (apps_pg.c) driven by the TPC-C-like
 * tpcc.lua through sysbench's pgsql driver, its result tpcc.json (tpcc_result.c). What it does at
 * each of apps_run()'s steps: its programs and script, its space and memory, the clusters (one
 * initdb, copied), a server's start, sysbench's command line, the figures per transaction type
 * read from the run, TPC-C's consistency conditions checked after it, the summary on stdout.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps.h"
#include "apps_calc.h"
#include "tpcc_parse.h"

/* the script: --tpcc-lua, else tpcc.lua beside this program (the source tree's apps/), else in
 * ../share/ssdeng beside its bin/ (make install) */
static int find_lua(const struct apps_opts *o, char *out, size_t len, char *err, size_t errlen)
{
	char exe[PATH_MAX - 64], *slash;
	ssize_t n;

	if (o->tpcc_lua) {
		snprintf(out, len, "%s", o->tpcc_lua);
		if (access(out, R_OK) == 0)
			return 0;
		snprintf(err, errlen, "--tpcc-lua %s: %s", o->tpcc_lua, strerror(errno));
		return -ENOENT;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')))
			*slash = '\0';
		snprintf(out, len, "%s/tpcc.lua", exe);
		if (access(out, R_OK) == 0)
			return 0;
		snprintf(out, len, "%s/../share/ssdeng/tpcc.lua", exe);
		if (access(out, R_OK) == 0)
			return 0;
	}
	snprintf(err, errlen,
		 "tpcc.lua not found beside ssd-apps or in ../share/ssdeng (make "
		 "install puts it there; or --tpcc-lua PATH)");
	return -ENOENT;
}

static int programs(struct apps_run *run, char *err, size_t errlen)
{
	int r;

	if (!apps_which(run->o->sysbench)) {
		snprintf(err, errlen,
			 "%s not found (Debian package sysbench: scripts/install-deps)",
			 run->o->sysbench);
		return -ENOENT;
	}
	r = apps_pg_find(run->o, &run->pg, err, errlen);
	return r ? r : find_lua(run->o, run->lua, sizeof(run->lua), err, errlen);
}

static void needs(struct apps_run *run, char *load, size_t llen, char *model, size_t mlen)
{
	const struct apps_opts *o = run->o;

	run->space_need =
	    tpcc_space_need(o->instances, o->warehouses, o->items, o->customers, o->max_wal_size);
	run->memory_need = apps_memory_need(o->instances, o->buffer_pool, o->threads);
	snprintf(load, llen, "%u instance%s × %u warehouse%s (%u items, %u customers per district)",
		 o->instances, o->instances == 1 ? "" : "s", o->warehouses,
		 o->warehouses == 1 ? "" : "s", o->items, o->customers);
	snprintf(model, mlen,
		 "%llu bytes per stock row, %llu per customer with its orders, %llu per item, "
		 "%llu MiB per instance, %d%% of max_wal_size, +%d%%",
		 TPCC_STOCK_BYTES, TPCC_CUSTOMER_BYTES, TPCC_ITEM_BYTES, TPCC_INSTANCE_BYTES >> 20,
		 TPCC_WAL_PCT, TPCC_MARGIN_PCT);
}

static void paths(struct apps_db *db)
{
	snprintf(db->socket, sizeof(db->socket), "%s", db->dir);
	snprintf(db->pidfile, sizeof(db->pidfile), "%s/postmaster.pid", db->datadir);
}

/* initdb for the first instance (apps_run() copies it to the others once loaded) */
static int install(struct apps_run *run)
{
	return apps_install_wait(run, apps_pg_initdb_start(&run->pg, &run->db[0]), "initdb");
}

/* servers start at once: each past the ports the earlier instances took, which they may not
 * have bound yet */
static int spawn(struct apps_run *run, struct apps_db *db)
{
	char msg[APPS_ERRLEN];
	int r;

	if (db > run->db && db->port <= db[-1].port)
		db->port = db[-1].port + 1;
	r = apps_pg_spawn(run->o, &run->pg, db, msg, sizeof(msg));

	return r ? apps_fail(run, "start", r, msg) : 0;
}

/* the database is made once, before the load; the other instances have it in their copy */
static int ready(struct apps_run *run, struct apps_db *db)
{
	char msg[APPS_ERRLEN];
	int r;

	r = apps_pg_wait(run->o, &run->pg, db, msg, sizeof(msg));
	if (!r)
		r = apps_pg_settings_read(&run->pg, db, msg, sizeof(msg));
	if (!r && !run->loaded)
		r = apps_pg_query(&run->pg, db, "postgres", "CREATE DATABASE tpcc", NULL, 0, msg,
				  sizeof(msg));
	return r ? apps_fail(run, "start", r, msg) : 0;
}

static pid_t sb_start(const struct apps_run *run, const struct apps_db *db,
		      enum apps_sb_phase phase)
{
	return apps_sb_tpcc_start(run->o, run->lua, db, phase);
}

/* at least a warehouse every 10 minutes per thread, or something is wrong */
static unsigned int prepare_timeout_s(const struct apps_opts *o)
{
	return 3600 + o->warehouses * 600;
}

/* the figures per transaction type in the measured run's output */
static int parse(struct apps_run *run, struct apps_db *db, const char *text, char *err,
		 size_t errlen)
{
	(void)run;
	if (!db->tpcc && !(db->tpcc = calloc(1, sizeof(*db->tpcc)))) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	return tpcc_parse_stats(text, db->tpcc, err, errlen);
}

/* TPC-C's consistency conditions 1-4 on every instance: a failed one fails the test */
static int check(struct apps_run *run)
{
	char path[700], msg[APPS_ERRLEN], perr[512], *text;
	size_t used = 0;
	int r, bad = 0;

	r = apps_sb_phase(run, APPS_SB_CHECK, run->ndb, 600 + run->o->warehouses * 60, "check");
	if (r)
		return r;
	msg[0] = '\0';
	for (unsigned int i = 0; i < run->ndb; i++) {
		struct apps_db *db = &run->db[i];

		apps_sb_path(db, APPS_SB_CHECK, path, sizeof(path));
		r = apps_read_file(path, &text, NULL);
		if (r) {
			snprintf(msg, sizeof(msg), "db%u: cannot read %s: %s", db->id, path,
				 strerror(-r));
			return apps_fail(run, "check", r, msg);
		}
		r = tpcc_parse_check(text, db->tpcc, perr, sizeof(perr));
		free(text);
		if (r) {
			snprintf(msg, sizeof(msg), "db%u: %s: %s", db->id, path, perr);
			return apps_fail(run, "check", r, msg);
		}
		if (tpcc_check_verdict(db->tpcc, db->id, msg + used, sizeof(msg) - used)) {
			bad = -EPROTO;
			used = strlen(msg);
			if (used + 3 < sizeof(msg)) {
				strcpy(msg + used, "; ");
				used += 2;
			}
		}
	}
	if (bad) {
		msg[used > 2 ? used - 2 : used] = '\0';
		return apps_fail(run, "check", bad, msg);
	}
	return 0;
}

/* a short human summary on stdout */
static void summary(const struct apps_run *run)
{
	struct sb_report r[APPS_MAX_INSTANCES];
	struct apps_total t;
	unsigned int i;

	printf("ssd-apps: %s (%s), %s, TPC-C-like on PostgreSQL, %u instance%s × %u warehouse%s, "
	       "%u connections, %u s\n",
	       run->dev.given, run->dev.block, run->fs.type, run->ndb, run->ndb == 1 ? "" : "s",
	       run->o->warehouses, run->o->warehouses == 1 ? "" : "s", run->o->threads,
	       run->o->time_s);
	for (i = 0; i < run->ndb; i++) {
		const struct apps_db *db = &run->db[i];
		const struct tpcc_type_stats *no = &db->tpcc->type[TPCC_NEW_ORDER];
		double min = db->report.total_time_s / 60;

		r[i] = db->report;
		printf("  db%u: %.2f TPS, %.0f New-Orders/min, avg %.2f ms, p99 %.2f ms, %llu "
		       "retries, consistency conditions 1-4 hold\n",
		       db->id, db->report.tps,
		       min > 0 ? (double)(no->done + no->rolled_back) / min : 0,
		       db->report.lat_avg_ms, db->p99_ms, (unsigned long long)db->report.errors);
	}
	if (apps_total(r, run->ndb, &t) == 0) {
		printf("  total: %.2f TPS, avg %.2f ms, p99 %.2f ms (%s)\n", t.tps, t.lat_avg_ms,
		       t.lat_p99_ms, apps_pct_method_name(t.p99_method));
		apps_total_free(&t);
	}
}

const struct apps_workload apps_tpcc = {
    .name = "tpcc",
    .result = REC_APPS_TPCC,
    .server = "postgres",
    .install_log = REC_APPS_INITDB_LOG,
    .errlog = REC_APPS_POSTGRES_LOG,
    .setting_names = apps_pg_settings,
    .nsettings = APPS_PG_NSETTINGS,
    .log_marks = apps_pg_log_marks,
    .stop_signal = SIGINT,
    .programs = programs,
    .subject = "the database",
    .needs = needs,
    .paths = paths,
    .install = install,
    .spawn = spawn,
    .ready = ready,
    .sb_start = sb_start,
    .prepare_timeout_s = prepare_timeout_s,
    .check = check,
    .parse = parse,
    .write = tpcc_result_write,
    .summary = summary,
};
