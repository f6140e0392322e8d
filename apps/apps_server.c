// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_server.c - what every database server instance shares, MariaDB or PostgreSQL: its paths
 * under the mount point and the results directory, the wait until it accepts connections (or
 * exits, or a signal arrives), and its stop: the server's own clean-shutdown signal, SIGKILL
 * after a timeout.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps.h"

void apps_db_init(struct apps_db *db, unsigned int id, const char *mnt, const char *out,
		  unsigned int port_base, enum rec_apps_file errlog)
{
	memset(db, 0, sizeof(*db));
	db->id = id;
	snprintf(db->dir, sizeof(db->dir), "%s/db%u", mnt, id);
	snprintf(db->datadir, sizeof(db->datadir), "%s/data", db->dir);
	snprintf(db->tmpdir, sizeof(db->tmpdir), "%s/tmp", db->dir);
	rec_path_apps_instance(db->outdir, sizeof(db->outdir), out, id);
	rec_path_apps_file(db->errlog, sizeof(db->errlog), db->outdir, errlog);
	db->port = db->port_asked = port_base ? port_base + id - 1 : 0;
	db->p95_ms = db->p99_ms = -1;
}

int apps_db_wait_ready(struct apps_db *db, const char *server, int (*ready)(struct apps_db *db),
		       unsigned int timeout_s, const char *const *marks, char *err, size_t errlen)
{
	double end = apps_now() + timeout_s;
	char lines[2048];
	int status;

	for (;;) {
		if (ready(db))
			return 0;
		if (waitpid(db->pid, &status, WNOHANG) == db->pid) {
			db->pid = 0;
			apps_log_errors(db->errlog, marks, lines, sizeof(lines));
			snprintf(err, errlen,
				 "db%u: %s exited (%s %d) before accepting connections: %s", db->id,
				 server, WIFEXITED(status) ? "status" : "signal",
				 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status), lines);
			return -ECHILD;
		}
		if (apps_interrupted()) {
			snprintf(err, errlen, "db%u: interrupted by signal %d while %s started",
				 db->id, apps_interrupted(), server);
			return -EINTR;
		}
		if (apps_now() > end) {
			apps_log_errors(db->errlog, marks, lines, sizeof(lines));
			snprintf(err, errlen, "db%u: %s did not accept connections within %u s: %s",
				 db->id, server, timeout_s, lines);
			return -ETIMEDOUT;
		}
		usleep(100000);
	}
}

int apps_db_client(struct apps_db *db, char *const argv[], char *out, size_t outlen, char *err,
		   size_t errlen)
{
	char log[600], msg[1536], *text;
	int r;

	rec_path_apps_file(log, sizeof(log), db->outdir, REC_APPS_QUERY_OUT);
	unlink(log);
	r = apps_run_cmd(argv, log, 300, msg, sizeof(msg));
	if (r) {
		snprintf(err, errlen, "db%u: %s", db->id, msg);
		return r;
	}
	if (out && outlen) {
		out[0] = '\0';
		if (apps_read_file(log, &text, NULL) == 0) {
			snprintf(out, outlen, "%s", text);
			free(text);
		}
	}
	unlink(log);
	return 0;
}

void apps_db_settings_sql(char *sql, size_t len, const char *head, const char *const *names,
			  unsigned int n, const char *tail)
{
	snprintf(sql, len, "%s", head);
	for (unsigned int i = 0; i < n; i++)
		snprintf(sql + strlen(sql), len - strlen(sql), "%s'%s'", i ? "," : "", names[i]);
	snprintf(sql + strlen(sql), len - strlen(sql), "%s", tail);
}

void apps_db_settings_parse(struct apps_db *db, char *out, const char *const *names, unsigned int n)
{
	char *line, *nl, *tab;

	for (line = out; *line; line = nl ? nl + 1 : line + strlen(line)) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		for (unsigned int i = 0; i < n; i++)
			if (!strcmp(line, names[i]))
				snprintf(db->settings[i], sizeof(db->settings[i]), "%s", tab + 1);
	}
	db->have_settings = true;
}

int apps_db_stop(struct apps_db *db, int sig, unsigned int timeout_s)
{
	double t0 = apps_now(), end = t0 + timeout_s;
	int status;

	if (db->pid <= 0)
		return 0;
	kill(db->pid, sig);
	while (apps_now() < end) {
		if (waitpid(db->pid, &status, WNOHANG) == db->pid) {
			snprintf(db->stop_how, sizeof(db->stop_how), "SIG%s, %.1f s",
				 sigabbrev_np(sig), apps_now() - t0);
			db->pid = 0;
			return 0;
		}
		usleep(100000);
	}
	kill(db->pid, SIGKILL);
	waitpid(db->pid, &status, 0);
	snprintf(db->stop_how, sizeof(db->stop_how), "SIGKILL after %u s", timeout_s);
	db->pid = 0;
	return -ETIMEDOUT;
}
