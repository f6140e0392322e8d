// SPDX-License-Identifier: GPL-2.0-only
/* gnuplot_pool.c - a few gnuplot processes fed `load` lines (gnuplot_pool.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output/files.h"
#include "output/gnuplot_pool.h"

#define POOL_MAX 16

struct worker {
	pid_t pid;
	int fd;	   /* our end of its standard input */
	FILE *log; /* its standard error */
	int failed;
};

struct sr_gp_pool {
	int n, next;
	struct worker w[POOL_MAX];
};

int sr_gp_pool_width(void)
{
	const char *env = getenv("SSDREPORT_GNUPLOTS");
	long n;

	if (env && *env) {
		n = strtol(env, NULL, 10);
		if (n >= 1 && n <= POOL_MAX)
			return (int)n;
	}
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 4 ? 4 : (int)n;
}

/* What a process other than the first draws before its charts: a throw-away SVG plot. gnuplot's
 * SVG terminal keeps a colour from one plot to the next (the stroke it writes on a plot's first
 * group, an empty one: "currentColor" in a fresh process, "black" after a plot), so without it
 * the first chart of each of those processes would differ by those bytes from the one a single
 * gnuplot drawing every chart in turn (`gnuplot charts.gp`) writes. */
static const char prime[] = "set terminal svg\nset output \"/dev/null\"\nplot 0 notitle\n"
			    "set output\nreset\n";

/* Send @len bytes of @s to @w; 0, or -EIO when it has stopped. */
static int put(struct worker *w, const char *s, size_t len)
{
	size_t done = 0;

	while (!w->failed && done < len) {
		ssize_t k = send(w->fd, s + done, len - done, MSG_NOSIGNAL);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			w->failed = 1; /* it stopped: its exit status and words at close */
		else
			done += (size_t)k;
	}
	return w->failed ? -EIO : 0;
}

/* One gnuplot in @dir reading commands on a socket: @w's pid, fd and log set. */
static int start(struct worker *w, const char *dir)
{
	int sv[2];

	w->fd = -1;
	w->log = sr_out_scratch();
	if (!w->log)
		return -errno;
	if (fcntl(fileno(w->log), F_SETFD, FD_CLOEXEC) ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv)) {
		int rc = -errno;

		fclose(w->log);
		w->log = NULL;
		return rc;
	}
	w->pid = fork();
	if (w->pid == 0) {
		/* dup2() clears close-on-exec on the copies: the other workers' sockets and logs
		 * stay closed in this one, so each sees the end of its input when we close ours */
		if (dup2(sv[1], 0) < 0 || dup2(fileno(w->log), 2) < 0 || chdir(dir))
			_exit(127);
		execlp("gnuplot", "gnuplot", (char *)NULL);
		_exit(127);
	}
	close(sv[1]);
	if (w->pid < 0) {
		int rc = -errno;

		close(sv[0]);
		fclose(w->log);
		w->log = NULL;
		return rc;
	}
	w->fd = sv[0];
	return 0;
}

/* Close @w's input, wait for it; 0 when it exited 0, else -EIO. */
static int finish(struct worker *w)
{
	int status = 0;

	if (w->fd >= 0)
		close(w->fd);
	w->fd = -1;
	while (waitpid(w->pid, &status, 0) < 0)
		if (errno != EINTR) {
			status = -1;
			break;
		}
	return status == 0 ? 0 : -EIO;
}

int sr_gp_pool_open(struct sr_gp_pool **out, const char *dir, int n)
{
	struct sr_gp_pool *p;
	int rc = 0;

	*out = NULL;
	if (n < 1 || n > POOL_MAX)
		return -EINVAL;
	if (!(p = calloc(1, sizeof(*p))))
		return -ENOMEM;
	for (p->n = 0; p->n < n && !rc; p->n++) {
		if ((rc = start(&p->w[p->n], dir)))
			break;
		if (p->n > 0) /* a failure here is seen at sr_gp_pool_close() */
			put(&p->w[p->n], prime, sizeof(prime) - 1);
	}
	if (rc) {
		char ignored[8];

		sr_gp_pool_close(p, ignored, sizeof(ignored));
		return rc;
	}
	*out = p;
	return 0;
}

/* Whether @script can be loaded: a name gnuplot can be given on one line (no line break). */
static bool loadable(const char *script) { return *script && !strpbrk(script, "\n\r"); }

int sr_gp_pool_load(struct sr_gp_pool *p, const char *script)
{
	struct worker *w = &p->w[p->next];
	char line[4200];
	size_t len = 0;

	if (!loadable(script) || strlen(script) > 2000)
		return -EINVAL;
	p->next = (p->next + 1) % p->n;
	/* a single-quoted gnuplot string: nothing in it is special but ', written twice */
	len += (size_t)snprintf(line, sizeof(line), "load '");
	for (const char *c = script; *c; c++) {
		if (*c == '\'')
			line[len++] = '\'';
		line[len++] = *c;
	}
	len += (size_t)snprintf(line + len, sizeof(line) - len, "'\n");
	return put(w, line, len);
}

/* What @w wrote on its standard error: its first 400 bytes (at most @len - 1), on one line. */
static void words(struct worker *w, char *err, size_t len)
{
	size_t k;

	if (!len)
		return;
	rewind(w->log);
	k = fread(err, 1, len - 1 < 400 ? len - 1 : 400, w->log);
	for (size_t j = 0; j < k; j++)
		err[j] = err[j] == '\n' ? ' ' : err[j];
	err[k] = '\0';
}

int sr_gp_pool_close(struct sr_gp_pool *p, char *err, size_t len)
{
	int rc = 0;

	if (len)
		err[0] = '\0';
	if (!p)
		return 0;
	for (int i = 0; i < p->n; i++) {
		struct worker *w = &p->w[i];

		if (w->log && finish(w) && !rc) {
			rc = -EIO;
			words(w, err, len);
		}
		if (w->log)
			fclose(w->log);
	}
	free(p);
	return rc;
}

int sr_gp_draw(const char *dir, const char *script, char *err, size_t len)
{
	struct sr_gp_pool *p;
	int rc, lrc;

	if (len)
		err[0] = '\0';
	if (!loadable(script))
		return -EINVAL;
	if ((rc = sr_gp_pool_open(&p, dir, 1)))
		return rc;
	lrc = sr_gp_pool_load(p, script); /* -EIO: it stopped, its words below */
	if (finish(&p->w[0]))
		rc = -EIO;
	words(&p->w[0], err, len);
	fclose(p->w[0].log);
	free(p);
	return rc ? rc : lrc;
}
