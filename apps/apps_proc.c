// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_proc.c - child processes (mkfs, mariadbd, sysbench, …) and the signals that must not end
 * ssd-apps before it has stopped them. Children run in their own process group, so a Ctrl-C on
 * the terminal reaches ssd-apps alone, which then stops them in order (sysbench, then the
 * servers) and unmounts. Waiting polls every 50 ms so a signal is seen promptly.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "apps.h"

/* the one piece of process-wide state: the signal that asked us to stop */
static volatile sig_atomic_t got_signal;

static void on_signal(int sig) { got_signal = sig; }

void apps_signals_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int apps_interrupted(void) { return got_signal; }

double apps_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

bool apps_which(const char *prog)
{
	char path[4096];
	const char *p, *e;
	size_t n;

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	p = getenv("PATH");
	if (!p)
		p = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";
	for (; *p; p = *e ? e + 1 : e) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		n = (size_t)(e - p);
		if (n && n + strlen(prog) + 2 < sizeof(path)) {
			memcpy(path, p, n);
			path[n] = '/';
			strcpy(path + n + 1, prog);
			if (access(path, X_OK) == 0)
				return true;
		}
	}
	return false;
}

int apps_user_find(const char *name, struct apps_user *u, char *err, size_t errlen)
{
	struct passwd *pw = getpwnam(name);

	if (!pw) {
		snprintf(
		    err, errlen,
		    "user '%s' does not exist: PostgreSQL runs as an unprivileged user (Debian's "
		    "postgresql package makes 'postgres'; or --pg-user NAME)",
		    name);
		return -ENOENT;
	}
	snprintf(u->name, sizeof(u->name), "%s", pw->pw_name);
	u->uid = pw->pw_uid;
	u->gid = pw->pw_gid;
	return 0;
}

pid_t apps_spawn(char *const argv[], const char *log) { return apps_spawn_as(argv, log, NULL); }

pid_t apps_spawn_as(char *const argv[], const char *log, const struct apps_user *u)
{
	int fd, null;
	pid_t pid;

	fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	pid = fork();
	if (pid < 0) {
		int e = errno;

		close(fd);
		return -e;
	}
	if (pid == 0) {
		struct sigaction sa;

		/* the child starts with default signal dispositions, in its own group */
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = SIG_DFL;
		sigaction(SIGINT, &sa, NULL);
		sigaction(SIGTERM, &sa, NULL);
		sigaction(SIGHUP, &sa, NULL);
		sigaction(SIGPIPE, &sa, NULL);
		setpgid(0, 0);
		null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (u && (setgroups(0, NULL) || setgid(u->gid) || setuid(u->uid) || chdir("/"))) {
			dprintf(2, "ssd-apps: cannot become user %s: %s\n", u->name,
				strerror(errno));
			_exit(126);
		}
		execvp(argv[0], argv);
		dprintf(2, "ssd-apps: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd);
	return pid;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};

	nanosleep(&ts, NULL);
}

void apps_terminate(pid_t pid, int *status)
{
	double end = apps_now() + 10;

	kill(pid, SIGTERM);
	while (apps_now() < end) {
		if (waitpid(pid, status, WNOHANG) == pid)
			return;
		sleep_ms(50);
	}
	kill(pid, SIGKILL);
	waitpid(pid, status, 0);
}

int apps_wait(pid_t pid, unsigned int timeout_s, int *status)
{
	double end = timeout_s ? apps_now() + timeout_s : 0;
	pid_t r;

	*status = 0;
	for (;;) {
		r = waitpid(pid, status, WNOHANG);
		if (r == pid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (got_signal) {
			apps_terminate(pid, status);
			return -EINTR;
		}
		if (end && apps_now() > end) {
			apps_terminate(pid, status);
			return -ETIMEDOUT;
		}
		sleep_ms(50);
	}
}

int apps_read_file(const char *path, char **buf, size_t *len)
{
	FILE *f = fopen(path, "re");
	size_t cap = 65536, n = 0, got;
	char *b, *nb;

	*buf = NULL;
	if (len)
		*len = 0;
	if (!f)
		return -errno;
	b = malloc(cap);
	while (b && (got = fread(b + n, 1, cap - n - 1, f)) > 0) {
		n += got;
		if (n + 1 == cap) {
			nb = realloc(b, cap * 2);
			if (!nb) {
				free(b);
				b = NULL;
				break;
			}
			b = nb;
			cap *= 2;
		}
	}
	fclose(f);
	if (!b)
		return -ENOMEM;
	b[n] = '\0';
	*buf = b;
	if (len)
		*len = n;
	return 0;
}

/* line @l bytes at @line appended to @buf (@used bytes so far), " | " between lines, cut at @len */
static void join_line(char *buf, size_t len, size_t *used, const char *line, size_t l)
{
	if (*used) {
		memcpy(buf + *used, " | ", 3);
		*used += 3;
	}
	if (l > len - *used - 1)
		l = len - *used - 1;
	memcpy(buf + *used, line, l);
	*used += l;
	buf[*used] = '\0';
}

void apps_tail_lines(const char *text, unsigned int n, char *buf, size_t len)
{
	const char *end = text + strlen(text), *p = end;
	unsigned int seen = 0;
	size_t used = 0, l;
	const char *s, *e;

	if (len)
		buf[0] = '\0';
	while (p > text && (p[-1] == '\n' || p[-1] == ' '))
		p--;
	end = p;
	while (p > text && seen < n) {
		p--;
		if (*p == '\n' && ++seen == n) {
			p++;
			break;
		}
	}
	for (s = p; s < end && used + 4 < len; s = e + 1) {
		e = memchr(s, '\n', (size_t)(end - s));
		if (!e)
			e = end;
		l = (size_t)(e - s);
		if (l)
			join_line(buf, len, &used, s, l);
	}
}

void apps_log_errors(const char *path, const char *const *marks, char *buf, size_t len)
{
	char *text, *line, *nl;
	size_t used = 0, l;
	bool hit;

	buf[0] = '\0';
	if (apps_read_file(path, &text, NULL)) {
		snprintf(buf, len, "(no log at %s)", path);
		return;
	}
	for (line = text; *line && used + 4 < len; line = nl ? nl + 1 : line + strlen(line)) {
		nl = strchr(line, '\n');
		l = nl ? (size_t)(nl - line) : strlen(line);
		hit = false;
		for (const char *const *m = marks; *m && !hit; m++)
			hit = memmem(line, l, *m, strlen(*m)) != NULL;
		if (hit)
			join_line(buf, len, &used, line, l);
	}
	if (!used)
		apps_tail_lines(text, 6, buf, len);
	free(text);
}

/* the program's name without its directory */
static const char *base(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

int apps_run_cmd(char *const argv[], const char *log, unsigned int timeout_s, char *err,
		 size_t errlen)
{
	char tail[1024] = "", *text;
	int status, r;
	pid_t pid;

	pid = apps_spawn(argv, log);
	if (pid < 0) {
		snprintf(err, errlen, "cannot start %s: %s", base(argv[0]), strerror((int)-pid));
		return (int)pid;
	}
	r = apps_wait(pid, timeout_s, &status);
	if (r == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (apps_read_file(log, &text, NULL) == 0) {
		apps_tail_lines(text, 6, tail, sizeof(tail));
		free(text);
	}
	if (r == -EINTR)
		snprintf(err, errlen, "%s stopped: interrupted by signal %d", base(argv[0]),
			 apps_interrupted());
	else if (r == -ETIMEDOUT)
		snprintf(err, errlen, "%s did not finish within %u s: %s", base(argv[0]), timeout_s,
			 tail);
	else if (r)
		snprintf(err, errlen, "waiting for %s: %s", base(argv[0]), strerror(-r));
	else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
		snprintf(err, errlen, "%s: %s", base(argv[0]), tail[0] ? tail : "not found");
	else if (WIFEXITED(status))
		snprintf(err, errlen, "%s exited with status %d: %s", base(argv[0]),
			 WEXITSTATUS(status), tail);
	else
		snprintf(err, errlen, "%s killed by signal %d: %s", base(argv[0]), WTERMSIG(status),
			 tail);
	if (r)
		return r;
	return WIFEXITED(status) && WEXITSTATUS(status) == 127 ? -ENOENT : -ECHILD;
}
