// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_mariadb.c - one MariaDB server on the drive's filesystem: its data directory (made by
 * mariadb-install-db), mariadbd started with the settings that matter for a storage benchmark,
 * ready when its socket answers with the server greeting, its settings read back with a query
 * (its stop, SIGTERM for InnoDB's clean shutdown, is apps_server.c's). Everything writable is
 * under <mnt>/dbN (the drive) except the logs, kept in <out>/dbN.
 */
#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "apps.h"

const char *const apps_mariadb_log_marks[] = {"[ERROR]", NULL};

const char *const apps_mariadb_settings[APPS_MARIADB_NSETTINGS] = {
    "version",
    "innodb_buffer_pool_size",
    "innodb_flush_method",
    "innodb_doublewrite",
    "innodb_flush_log_at_trx_commit",
    "innodb_log_file_size",
    "innodb_page_size",
    "innodb_io_capacity",
    "innodb_file_per_table",
    "log_bin",
    "sync_binlog",
    "max_connections",
};

/* --user=NAME: needed when running as root (mariadbd refuses root without it) */
static void user_opt(char *buf, size_t len)
{
	struct passwd *pw = getpwuid(geteuid());

	snprintf(buf, len, "--user=%s", pw ? pw->pw_name : "root");
}

pid_t apps_mariadb_install_start(const struct apps_opts *o, struct apps_db *db)
{
	char user[96], datadir[320], log[600];
	char *argv[] = {(char *)o->install_db,
			"--no-defaults",
			user,
			datadir,
			"--auth-root-authentication-method=normal",
			"--skip-test-db",
			"--skip-name-resolve",
			NULL};

	if ((mkdir(db->dir, 0755) && errno != EEXIST) ||
	    (mkdir(db->datadir, 0750) && errno != EEXIST) ||
	    (mkdir(db->tmpdir, 0750) && errno != EEXIST))
		return -errno;
	user_opt(user, sizeof(user));
	snprintf(datadir, sizeof(datadir), "--datadir=%s", db->datadir);
	rec_path_apps_file(log, sizeof(log), db->outdir, REC_APPS_INSTALL_LOG);
	return apps_spawn(argv, log);
}

/*
 * The server greeting on the socket (MySQL client/server protocol, Protocol::Handshake v10:
 * a 4-byte packet header, protocol version 10, the server version NUL-terminated): the server
 * accepts connections. Return: 1 ready (version copied), 0 not yet.
 */
static int greeting(struct apps_db *db)
{
	const char *sock = db->socket;
	char *version = db->version;
	size_t vlen = sizeof(db->version);
	struct sockaddr_un a = {.sun_family = AF_UNIX};
	struct timeval tv = {2, 0};
	unsigned char buf[256];
	ssize_t n, got = 0;
	int fd, ok = 0;

	if (strlen(sock) >= sizeof(a.sun_path))
		return 0;
	strcpy(a.sun_path, sock);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return 0;
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (connect(fd, (struct sockaddr *)&a, sizeof(a)) == 0) {
		while (got < (ssize_t)sizeof(buf) - 1 &&
		       (n = read(fd, buf + got, sizeof(buf) - 1 - (size_t)got)) > 0) {
			got += n;
			if (got > 5 && memchr(buf + 5, 0, (size_t)got - 5))
				break;
		}
		buf[got > 0 ? got : 0] = 0;
		if (got > 5 && buf[4] == 10) {
			/* MariaDB prefixes its version with "5.5.5-" for old MySQL clients */
			const char *v = (char *)buf + 5;
			size_t l;

			if (!strncmp(v, "5.5.5-", 6))
				v += 6;
			l = strnlen(v, vlen - 1);
			memcpy(version, v, l);
			version[l] = '\0';
			ok = 1;
		}
	}
	close(fd);
	return ok;
}

int apps_mariadb_spawn(const struct apps_opts *o, struct apps_db *db, char *err, size_t errlen)
{
	char user[96], datadir[320], sock[320], pid[360], tmp[320], elog[640], bp[64], fm[96],
	    net[48], conns[48];
	char *argv[16 + APPS_MAX_SERVER_OPTS];
	unsigned int n = 0, i;

	user_opt(user, sizeof(user));
	snprintf(datadir, sizeof(datadir), "--datadir=%s", db->datadir);
	snprintf(sock, sizeof(sock), "--socket=%s", db->socket);
	snprintf(pid, sizeof(pid), "--pid-file=%s", db->pidfile);
	snprintf(tmp, sizeof(tmp), "--tmpdir=%s", db->tmpdir);
	snprintf(elog, sizeof(elog), "--log-error=%s", db->errlog);
	snprintf(bp, sizeof(bp), "--innodb-buffer-pool-size=%llu",
		 (unsigned long long)o->buffer_pool);
	snprintf(fm, sizeof(fm), "--innodb-flush-method=%s", o->flush_method);
	snprintf(conns, sizeof(conns), "--max-connections=%u", o->threads + 50);
	if (db->port)
		snprintf(net, sizeof(net), "--port=%u", db->port);
	else
		snprintf(net, sizeof(net), "--skip-networking");
	argv[n++] = (char *)o->mariadbd;
	argv[n++] = "--no-defaults";
	argv[n++] = user;
	argv[n++] = datadir;
	argv[n++] = sock;
	argv[n++] = pid;
	argv[n++] = tmp;
	argv[n++] = elog;
	argv[n++] = net;
	if (db->port)
		argv[n++] = "--bind-address=127.0.0.1";
	argv[n++] = bp;
	argv[n++] = fm;
	argv[n++] = "--innodb-doublewrite=1";
	argv[n++] = "--innodb-flush-log-at-trx-commit=1";
	argv[n++] = conns;
	for (i = 0; i < o->nserver_opts; i++)
		argv[n++] = (char *)o->server_opts[i];
	argv[n] = NULL;

	db->pid = apps_spawn(argv, db->errlog);
	if (db->pid < 0) {
		int r = (int)db->pid;

		db->pid = 0;
		snprintf(err, errlen, "db%u: cannot start %s: %s", db->id, o->mariadbd,
			 strerror(-r));
		return r;
	}
	return 0;
}

int apps_mariadb_wait(const struct apps_opts *o, struct apps_db *db, char *err, size_t errlen)
{
	return apps_db_wait_ready(db, "mariadbd", greeting, o->start_timeout_s,
				  apps_mariadb_log_marks, err, errlen);
}

int apps_mariadb_query(const struct apps_opts *o, struct apps_db *db, const char *sql, char *out,
		       size_t outlen, char *err, size_t errlen)
{
	char sock[320], exec[1024];
	char *argv[] = {
	    (char *)o->client, "--no-defaults", sock, "--user=root", "-N", "-B", exec, NULL};

	snprintf(sock, sizeof(sock), "--socket=%s", db->socket);
	snprintf(exec, sizeof(exec), "--execute=%s", sql);
	return apps_db_client(db, argv, out, outlen, err, errlen);
}

int apps_mariadb_settings_read(const struct apps_opts *o, struct apps_db *db, char *err,
			       size_t errlen)
{
	char sql[1024], out[8192];
	int r;

	apps_db_settings_sql(sql, sizeof(sql), "SHOW GLOBAL VARIABLES WHERE Variable_name IN (",
			     apps_mariadb_settings, APPS_MARIADB_NSETTINGS, ")");
	r = apps_mariadb_query(o, db, sql, out, sizeof(out), err, errlen);
	if (r)
		return r;
	apps_db_settings_parse(db, out, apps_mariadb_settings, APPS_MARIADB_NSETTINGS);
	return 0;
}
