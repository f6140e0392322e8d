// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_pg.c - one PostgreSQL server on the drive's filesystem: its cluster made by initdb, the
 * server started as an unprivileged user (PostgreSQL refuses root) on its own loopback port and a
 * socket beside its data, with durable settings, ready when postmaster.pid says so, its settings
 * read back with psql (its stop, SIGINT for PostgreSQL's fast shutdown, is apps_server.c's).
 * Everything writable is under <mnt>/dbN (the drive) except the logs, kept in <out>/dbN and
 * opened by ssd-apps itself, so the server's user needs no access to the results directory.
 */
#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "apps.h"

const char *const apps_pg_log_marks[] = {"FATAL:", "PANIC:", "ERROR:", NULL};

/* read back from every running server (current_setting()) */
const char *const apps_pg_settings[APPS_PG_NSETTINGS] = {
    "server_version",
    "shared_buffers",
    "fsync",
    "synchronous_commit",
    "full_page_writes",
    "wal_level",
    "wal_sync_method",
    "max_wal_size",
    "checkpoint_timeout",
    "max_connections",
    "data_checksums",
    "default_transaction_isolation",
    "port",
};

/* the newest /usr/lib/postgresql/<major>/bin holding postgres, into @out */
static int debian_bindir(char *out, size_t len)
{
	const char *base = "/usr/lib/postgresql";
	DIR *d = opendir(base);
	struct dirent *e;
	char p[PATH_MAX];
	long best = -1, v;

	if (!d)
		return -ENOENT;
	while ((e = readdir(d))) {
		char *end;

		v = strtol(e->d_name, &end, 10);
		snprintf(p, sizeof(p), "%s/%s/bin/postgres", base, e->d_name);
		if (end != e->d_name && !*end && v > best && access(p, X_OK) == 0) {
			best = v;
			snprintf(out, len, "%s/%ld/bin", base, v);
		}
	}
	closedir(d);
	return best < 0 ? -ENOENT : 0;
}

/* the directory of @prog found in PATH, into @out */
static int path_dir(const char *prog, char *out, size_t len)
{
	const char *p = getenv("PATH"), *e;
	char f[PATH_MAX];

	for (p = p ? p : "/usr/bin:/bin"; *p; p = *e ? e + 1 : e) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		snprintf(f, sizeof(f), "%.*s/%s", (int)(e - p), p, prog);
		if (e > p && access(f, X_OK) == 0) {
			char real[PATH_MAX], *slash;

			if (!realpath(f, real) || !(slash = strrchr(real, '/')) ||
			    (size_t)(slash - real) >= len)
				return -ENOENT;
			memcpy(out, real, (size_t)(slash - real));
			out[slash - real] = '\0';
			return 0;
		}
	}
	return -ENOENT;
}

int apps_pg_find(const struct apps_opts *o, struct apps_pg *pg, char *err, size_t errlen)
{
	const char *need[] = {"initdb", "postgres"};

	memset(pg, 0, sizeof(*pg));
	if (o->pg_bindir)
		snprintf(pg->bindir, sizeof(pg->bindir), "%s", o->pg_bindir);
	else if (debian_bindir(pg->bindir, sizeof(pg->bindir)) &&
		 path_dir("postgres", pg->bindir, sizeof(pg->bindir))) {
		snprintf(
		    err, errlen,
		    "PostgreSQL's server is not installed: no /usr/lib/postgresql/<version>/bin/"
		    "postgres and no postgres in PATH (Debian package postgresql: "
		    "scripts/install-deps; or --pg-bindir DIR)");
		return -ENOENT;
	}
	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		char *dst = i ? pg->postgres : pg->initdb;

		snprintf(dst, sizeof(pg->initdb), "%s/%s", pg->bindir, need[i]);
		if (access(dst, X_OK)) {
			snprintf(err, errlen,
				 "%s not found (Debian package postgresql: "
				 "scripts/install-deps)",
				 dst);
			return -ENOENT;
		}
	}
	snprintf(pg->psql, sizeof(pg->psql), "%s/psql", pg->bindir);
	if (access(pg->psql, X_OK)) {
		if (!apps_which("psql")) {
			snprintf(err, errlen,
				 "psql not found in %s or PATH (Debian package "
				 "postgresql-client: scripts/install-deps)",
				 pg->bindir);
			return -ENOENT;
		}
		snprintf(pg->psql, sizeof(pg->psql), "psql");
	}
	if (geteuid() != 0) { /* the servers run as this user, who owns the mount point's files */
		snprintf(pg->user.name, sizeof(pg->user.name), "(uid %u)", (unsigned)geteuid());
		pg->user.uid = geteuid();
		pg->user.gid = getegid();
		return 0;
	}
	pg->as_user = true;
	if (apps_user_find(o->pg_user, &pg->user, err, errlen))
		return -ENOENT;
	if (pg->user.uid == 0) {
		snprintf(err, errlen,
			 "--pg-user %s is root: PostgreSQL refuses to run as root; give "
			 "an unprivileged user",
			 o->pg_user);
		return -EINVAL;
	}
	return 0;
}

pid_t apps_pg_initdb_start(const struct apps_pg *pg, struct apps_db *db)
{
	char datadir[320], log[600];
	char *argv[] = {(char *)pg->initdb, datadir,	  "--username=postgres",
			"--auth=trust",	    "--locale=C", "--encoding=UTF8",
			"--no-sync",	    NULL};

	if (mkdir(db->dir, 0700) && errno != EEXIST)
		return -errno;
	if (pg->as_user && chown(db->dir, pg->user.uid, pg->user.gid))
		return -errno;
	snprintf(datadir, sizeof(datadir), "--pgdata=%s", db->datadir);
	rec_path_apps_file(log, sizeof(log), db->outdir, REC_APPS_INITDB_LOG);
	return apps_spawn_as(argv, log, pg->as_user ? &pg->user : NULL);
}

/* whether 127.0.0.1:@port can be bound now */
static bool port_free(unsigned int port)
{
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), ok;

	if (fd < 0)
		return false;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ok = bind(fd, (struct sockaddr *)&a, sizeof(a)) == 0;
	close(fd);
	return ok;
}

/* postmaster.pid's 8th line is "ready" once the server accepts connections (PM_STATUS_READY) */
static int pid_file_ready(struct apps_db *db)
{
	char line[128];
	int n = 0, ready = 0;
	FILE *f = fopen(db->pidfile, "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (++n == 8)
			ready = !strncmp(line, "ready", 5);
	fclose(f);
	return ready;
}

/* the server's command line into @argv (storage in @buf); returns the count */
static unsigned int server_argv(const struct apps_opts *o, const struct apps_pg *pg,
				const struct apps_db *db, char **argv, char (*buf)[384])
{
	unsigned int n = 0, b = 0;

	argv[n++] = (char *)pg->postgres;
	argv[n++] = "-D";
	argv[n++] = (char *)db->datadir;
#define SET(...)                                                                                   \
	do {                                                                                       \
		argv[n++] = "-c";                                                                  \
		snprintf(buf[b], sizeof(buf[b]), __VA_ARGS__);                                     \
		argv[n++] = buf[b++];                                                              \
	} while (0)
	SET("port=%u", db->port);
	SET("listen_addresses=127.0.0.1");
	SET("unix_socket_directories=%s", db->socket);
	SET("shared_buffers=%llukB", (unsigned long long)(o->buffer_pool >> 10));
	SET("max_wal_size=%lluMB", (unsigned long long)(o->max_wal_size >> 20));
	SET("max_connections=%u", o->threads + 10);
	SET("fsync=on");
	SET("synchronous_commit=on");
	SET("full_page_writes=on");
	SET("logging_collector=off");
	SET("log_line_prefix=%%m [%%p] ");
#undef SET
	for (unsigned int i = 0; i < o->nserver_opts; i++)
		argv[n++] = (char *)o->server_opts[i];
	argv[n] = NULL;
	return n;
}

/* "Address already in use" in the server's log: the port was taken after it was tried */
static bool lost_port(const struct apps_db *db)
{
	char *text;
	bool lost = false;

	if (apps_read_file(db->errlog, &text, NULL) == 0) {
		lost = strstr(text, "Address already in use") != NULL;
		free(text);
	}
	return lost;
}

int apps_pg_spawn(const struct apps_opts *o, const struct apps_pg *pg, struct apps_db *db,
		  char *err, size_t errlen)
{
	char *argv[32 + APPS_MAX_SERVER_OPTS], buf[16][384];
	int r;

	while (!port_free(db->port) && db->port < 65535)
		db->port++;
	server_argv(o, pg, db, argv, buf);
	db->pid = apps_spawn_as(argv, db->errlog, pg->as_user ? &pg->user : NULL);
	if (db->pid < 0) {
		r = (int)db->pid;
		db->pid = 0;
		snprintf(err, errlen, "db%u: cannot start %s: %s", db->id, pg->postgres,
			 strerror(-r));
		return r;
	}
	return 0;
}

int apps_pg_wait(const struct apps_opts *o, const struct apps_pg *pg, struct apps_db *db, char *err,
		 size_t errlen)
{
	int r;

	for (unsigned int tries = 0;; tries++) {
		r = apps_db_wait_ready(db, "postgres", pid_file_ready, o->start_timeout_s,
				       apps_pg_log_marks, err, errlen);
		if (r != -ECHILD || !lost_port(db) || tries == 100 || db->port == 65535)
			return r;
		db->port++; /* another process took it meanwhile: the next one */
		r = apps_pg_spawn(o, pg, db, err, errlen);
		if (r)
			return r;
	}
}

int apps_pg_query(const struct apps_pg *pg, struct apps_db *db, const char *dbname, const char *sql,
		  char *out, size_t outlen, char *err, size_t errlen)
{
	char host[320], port[32], name[96];
	char *argv[] = {(char *)pg->psql,
			"-X",
			"-q",
			"-A",
			"-t",
			"-F",
			"\t",
			"-v",
			"ON_ERROR_STOP=1",
			host,
			port,
			"--username=postgres",
			name,
			"-c",
			(char *)sql,
			NULL};

	snprintf(host, sizeof(host), "--host=%s", db->socket);
	snprintf(port, sizeof(port), "--port=%u", db->port);
	snprintf(name, sizeof(name), "--dbname=%s", dbname);
	return apps_db_client(db, argv, out, outlen, err, errlen);
}

int apps_pg_settings_read(const struct apps_pg *pg, struct apps_db *db, char *err, size_t errlen)
{
	char sql[1024], out[8192];
	int r;

	apps_db_settings_sql(sql, sizeof(sql), "SELECT n, current_setting(n) FROM unnest(ARRAY[",
			     apps_pg_settings, APPS_PG_NSETTINGS, "]) n");
	r = apps_pg_query(pg, db, "postgres", sql, out, sizeof(out), err, errlen);
	if (r)
		return r;
	apps_db_settings_parse(db, out, apps_pg_settings, APPS_PG_NSETTINGS);
	snprintf(db->version, sizeof(db->version), "PostgreSQL %s", db->settings[0]);
	return 0;
}
