// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_sysbench.c - sysbench 1.0 against one instance over its socket, for either workload:
 * OLTP read/write (oltp_read_write on MariaDB) or the TPC-C-like tpcc.lua (on PostgreSQL).
 * Prepare loads the data in parallel (up to one thread per table or warehouse), the warm-up is an
 * ordinary run whose output is kept apart, the measured run has the latency histogram and the
 * 99th percentile; tpcc.lua's check runs TPC-C's consistency conditions after it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps.h"

int apps_sb_path(const struct apps_db *db, enum apps_sb_phase phase, char *out, size_t len)
{
	static const enum rec_apps_file file[] = {
	    [APPS_SB_PREPARE] = REC_APPS_PREPARE,
	    [APPS_SB_WARMUP] = REC_APPS_WARMUP,
	    [APPS_SB_RUN] = REC_APPS_RUN,
	    [APPS_SB_CHECK] = REC_APPS_CHECK,
	};

	return rec_path_apps_file(out, len, db->outdir, file[phase]);
}

/* --time, --report-interval and --events=0 of a timed phase; the histogram of the measured one */
static unsigned int timed_args(const struct apps_opts *o, enum apps_sb_phase phase, char *tm,
			       size_t tml, char *rint, size_t rl, char **argv, unsigned int n)
{
	snprintf(tm, tml, "--time=%u", phase == APPS_SB_WARMUP ? o->warmup_s : o->time_s);
	snprintf(rint, rl, "--report-interval=%u", o->report_interval_s);
	if (phase == APPS_SB_WARMUP || phase == APPS_SB_RUN) {
		argv[n++] = tm;
		argv[n++] = rint;
		argv[n++] = "--events=0";
	}
	if (phase == APPS_SB_RUN) {
		argv[n++] = "--histogram=on";
		argv[n++] = "--percentile=99";
	}
	return n;
}

pid_t apps_sb_oltp_start(const struct apps_opts *o, const struct apps_db *db,
			 enum apps_sb_phase phase)
{
	char sock[320], tables[32], size[48], threads[32], tm[32], rint[48], out[600];
	char *argv[20];
	unsigned int n = 0, th = o->threads;

	if (phase == APPS_SB_PREPARE && th > o->tables)
		th = o->tables; /* prepare runs one table per thread */
	snprintf(sock, sizeof(sock), "--mysql-socket=%s", db->socket);
	snprintf(tables, sizeof(tables), "--tables=%u", o->tables);
	snprintf(size, sizeof(size), "--table-size=%llu", (unsigned long long)o->table_size);
	snprintf(threads, sizeof(threads), "--threads=%u", th);
	apps_sb_path(db, phase, out, sizeof(out));
	unlink(out);

	argv[n++] = (char *)o->sysbench;
	argv[n++] = "oltp_read_write";
	argv[n++] = "--db-driver=mysql";
	argv[n++] = sock;
	argv[n++] = "--mysql-user=root";
	argv[n++] = "--mysql-db=sbtest";
	argv[n++] = tables;
	argv[n++] = size;
	argv[n++] = threads;
	n = timed_args(o, phase, tm, sizeof(tm), rint, sizeof(rint), argv, n);
	argv[n++] = phase == APPS_SB_PREPARE ? "prepare" : "run";
	argv[n] = NULL;
	return apps_spawn(argv, out);
}

pid_t apps_sb_tpcc_start(const struct apps_opts *o, const char *lua, const struct apps_db *db,
			 enum apps_sb_phase phase)
{
	char host[320], port[32], wh[48], items[48], cust[48], threads[32], tm[32], rint[48],
	    out[600];
	char *argv[26];
	unsigned int n = 0, th = o->threads;

	if (phase == APPS_SB_PREPARE && th > o->warehouses)
		th = o->warehouses; /* prepare loads one warehouse per thread at a time */
	if (phase == APPS_SB_CHECK)
		th = 1;
	snprintf(host, sizeof(host), "--pgsql-host=%s", db->socket);
	snprintf(port, sizeof(port), "--pgsql-port=%u", db->port);
	snprintf(wh, sizeof(wh), "--warehouses=%u", o->warehouses);
	snprintf(items, sizeof(items), "--items=%u", o->items);
	snprintf(cust, sizeof(cust), "--customers=%u", o->customers);
	snprintf(threads, sizeof(threads), "--threads=%u", th);
	apps_sb_path(db, phase, out, sizeof(out));
	unlink(out);

	argv[n++] = (char *)o->sysbench;
	argv[n++] = (char *)lua;
	argv[n++] = "--db-driver=pgsql";
	argv[n++] = host;
	argv[n++] = port;
	argv[n++] = "--pgsql-user=postgres";
	argv[n++] = "--pgsql-db=tpcc";
	argv[n++] = wh;
	argv[n++] = items;
	argv[n++] = cust;
	argv[n++] = threads;
	n = timed_args(o, phase, tm, sizeof(tm), rint, sizeof(rint), argv, n);
	argv[n++] = phase == APPS_SB_PREPARE ? "prepare" : phase == APPS_SB_CHECK ? "check" : "run";
	argv[n] = NULL;
	return apps_spawn(argv, out);
}

int apps_sb_version(const struct apps_opts *o, char *buf, size_t len)
{
	char log[] = "/tmp/ssd-apps-sbver.XXXXXX", err[512], *text, *p;
	char *argv[] = {(char *)o->sysbench, "--version", NULL};
	int fd, r;

	buf[0] = '\0';
	fd = mkstemp(log);
	if (fd < 0)
		return -errno;
	close(fd);
	r = apps_run_cmd(argv, log, 60, err, sizeof(err));
	if (!r && !(r = apps_read_file(log, &text, NULL))) {
		/* "sysbench 1.0.20" */
		p = strstr(text, "sysbench ");
		if (p) {
			size_t n = strspn(p + 9, "0123456789.");

			if (n >= len)
				n = len - 1;
			memcpy(buf, p + 9, n);
			buf[n] = '\0';
		}
		free(text);
		r = buf[0] ? 0 : -ENODATA;
	}
	unlink(log);
	return r;
}
