// SPDX-License-Identifier: GPL-2.0-only
/* chart.c - gnuplot .dat/.gp files and the gnuplot subprocess. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "render/chart.h"

void sr_gp_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
	fputc('"', f);
}

void sr_dat_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "%.9g", v);
	else
		fputs("NaN", f);
}

static FILE *open_in(const char *dir, const char *name, const char *ext, const char *mode)
{
	char p[4096];

	snprintf(p, sizeof(p), "%s/%s.%s", dir, name, ext);
	return fopen(p, mode);
}

int sr_chart_open(struct sr_chart *c, const char *dir)
{
	c->dat = open_in(dir, c->name, "dat", "w");
	c->gp = tmpfile();
	if (!c->dat || !c->gp) {
		int e = errno;
		if (c->dat)
			fclose(c->dat);
		if (c->gp)
			fclose(c->gp);
		c->dat = c->gp = NULL;
		return -e;
	}
	fprintf(c->dat, "# %s\n", c->title);
	return 0;
}

static long file_size(const char *dir, const char *name, const char *ext)
{
	char p[4096];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s.%s", dir, name, ext);
	return stat(p, &st) == 0 ? (long)st.st_size : -1;
}

/* Run gnuplot @script in @dir; its stderr goes to @errfd when >= 0, else to ours. */
static int run_gnuplot(const char *dir, const char *script, int errfd)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, 0);
		if (errfd >= 0)
			dup2(errfd, 2);
		if (chdir(dir) == 0)
			execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

int sr_chart_close(struct sr_chart *c, const char *dir, int run, char *err, size_t errlen)
{
	char script[160], buf[4096];
	FILE *gp = open_in(dir, c->name, "gp", "w"), *log;
	size_t n;
	int rc = 0;

	if (!gp) {
		rc = -errno;
		goto out;
	}
	fprintf(gp, "# %s - written by ssdreport; data in %s.dat. Re-plot: gnuplot %s.gp\n",
		c->title, c->name, c->name);
	fprintf(gp, "set datafile missing NaN\nset termoption noenhanced\n");
	fprintf(gp, "do for [fmt in \"png svg\"] {\n");
	fprintf(gp,
		"  if (fmt eq \"png\") { set terminal pngcairo size %d,%d noenhanced font \",10\" }"
		" else { set terminal svg size %d,%d dynamic noenhanced font \"sans,10\" }\n",
		c->width, c->height, c->width, c->height);
	fprintf(gp, "  set output \"%s.\".fmt\n", c->name);
	rewind(c->gp);
	while ((n = fread(buf, 1, sizeof(buf), c->gp)) > 0)
		fwrite(buf, 1, n, gp);
	fprintf(gp, "  set output\n  reset\n  set datafile missing NaN\n}\n");
	if (fclose(gp) != 0)
		rc = -errno;
out:
	if (fclose(c->dat) != 0 && !rc)
		rc = -errno;
	fclose(c->gp);
	c->dat = c->gp = NULL;
	if (rc || !run)
		return rc;
	snprintf(script, sizeof(script), "%s.gp", c->name);
	log = c->quiet ? tmpfile() : NULL;
	rc = run_gnuplot(dir, script, log ? fileno(log) : -1);
	if (!rc && (file_size(dir, c->name, "png") <= 0 || file_size(dir, c->name, "svg") <= 0))
		rc = -EIO;
	if (rc) {
		size_t k = 0;

		if (log) { /* what gnuplot said, on one line */
			rewind(log);
			k = fread(buf, 1, 400, log);
			for (size_t i = 0; i < k; i++)
				buf[i] = buf[i] == '\n' ? ' ' : buf[i];
		}
		buf[k] = '\0';
		snprintf(err, errlen, "gnuplot failed on %s/%s.gp (%s)%s%s", dir, c->name,
			 rc == -EIO ? "exit status or empty output" : strerror(-rc), k ? ": " : "",
			 buf);
	}
	if (log)
		fclose(log);
	return rc;
}
