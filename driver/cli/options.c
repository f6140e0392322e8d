// SPDX-License-Identifier: GPL-2.0-only
/* options.c - ssd-review's command line (options.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps/apps.h"
#include "cli/options.h"
#include "pts/variant.h"
#include "record/size.h"

static int strv_add(struct rv_strv *s, const char *v)
{
	char **g = realloc(s->v, (s->n + 2) * sizeof(*g));

	if (!g)
		return -ENOMEM;
	s->v = g;
	if (!(s->v[s->n] = strdup(v)))
		return -ENOMEM;
	s->v[++s->n] = NULL;
	return 0;
}

/* @s split at commas into @out (empty items are refused by the caller's check). */
static int strv_split(struct rv_strv *out, const char *s)
{
	char *copy = strdup(s), *save;
	int r = 0;

	if (!copy)
		return -ENOMEM;
	for (char *t = strtok_r(copy, ",", &save); t && !r; t = strtok_r(NULL, ",", &save))
		r = strv_add(out, t);
	free(copy);
	return r;
}

static void strv_free(struct rv_strv *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

static int set_str(char **slot, const char *v)
{
	char *c = strdup(v);

	if (!c)
		return -ENOMEM;
	free(*slot);
	*slot = c;
	return 0;
}

/* "64k", "1m": a number with k or m */
static bool bs_ok(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n > 0 && (s[n] == 'k' || s[n] == 'm') && s[n + 1] == '\0';
}

/* "transport=auto": one OPTION=VALUE without spaces */
static bool engine_opt_ok(const char *s)
{
	size_t n = strspn(s, "abcdefghijklmnopqrstuvwxyz_0123456789");

	if (n == 0 || s[n] != '=' || !s[n + 1])
		return false;
	for (const char *p = s + n + 1; *p; p++)
		if (isspace((unsigned char)*p))
			return false;
	return true;
}

static int parse_points(struct rv_opts *o, const char *s)
{
	size_t n = 1;

	for (const char *p = s; *p; p++) {
		if (*p == ',' && p[1] && p[1] != ',' && p != s)
			n++;
		else if (!isdigit((unsigned char)*p))
			return -EINVAL;
	}
	if (!*s || s[strlen(s) - 1] == ',')
		return -EINVAL;
	free(o->curve_points);
	o->curve_points = calloc(n, sizeof(int));
	if (!o->curve_points)
		return -ENOMEM;
	o->ncurve_points = 0;
	for (const char *p = s; *p;) {
		long v = strtol(p, (char **)&p, 10);

		o->curve_points[o->ncurve_points++] = v > 100000 ? 100000 : (int)v;
		if (*p == ',')
			p++;
	}
	return 0;
}

enum opt_id {
	O_DRIVE,
	O_GROUP,
	O_CLIENT,
	O_SERVER_ENGINE,
	O_CLIENTS_LABEL,
	O_SUITE,
	O_PROFILE,
	O_SWEEP,
	O_SPAN,
	O_FC_SEQ_BS,
	O_FC_RAND_BS,
	O_CURVE_POINTS,
	O_TQ_POINTS,
	O_ONLY,
	O_APPS_INSTANCES,
	O_APPS_TABLES,
	O_APPS_TABLE_SIZE,
	O_APPS_THREADS,
	O_APPS_WARMUP,
	O_APPS_TIME,
	O_APPS_WAREHOUSES,
	O_ENGINE,
	O_ENGINE_OPT,
	O_OUT,
	O_CATALOGUE,
	O_STATUS,
	O_PURGE,
	O_CONFIRM,
	O_RESUME,
	O_OVERWRITE,
	O_YES,
	O_ALLOW_MOUNTED,
	O_NO_REPORT,
	O_LIBRARY,
	O_NO_LIVE,
	O_LIVE_EVERY,
	O_DRY_RUN,
	O_PTS_NO_PURGE,
	O_PTS_VARIANT,
	O_PTS_SPONSOR,
	O_HELP,
};

static const struct {
	const char *name;
	enum opt_id id;
	bool value;
} table[] = {
    {"--drive", O_DRIVE, true},
    {"--group", O_GROUP, true},
    {"--client", O_CLIENT, true},
    {"--server-engine", O_SERVER_ENGINE, true},
    {"--clients-label", O_CLIENTS_LABEL, true},
    {"--suite", O_SUITE, true},
    {"--profile", O_PROFILE, true},
    {"--sweep", O_SWEEP, true},
    {"--span", O_SPAN, true},
    {"--fc-seq-bs", O_FC_SEQ_BS, true},
    {"--fc-rand-bs", O_FC_RAND_BS, true},
    {"--curve-points", O_CURVE_POINTS, true},
    {"--tq-points", O_TQ_POINTS, true},
    {"--only", O_ONLY, true},
    {"--apps-instances", O_APPS_INSTANCES, true},
    {"--apps-tables", O_APPS_TABLES, true},
    {"--apps-table-size", O_APPS_TABLE_SIZE, true},
    {"--apps-threads", O_APPS_THREADS, true},
    {"--apps-warehouses", O_APPS_WAREHOUSES, true},
    {"--apps-warmup", O_APPS_WARMUP, true},
    {"--apps-time", O_APPS_TIME, true},
    {"--engine", O_ENGINE, true},
    {"--engine-opt", O_ENGINE_OPT, true},
    {"--out", O_OUT, true},
    {"--catalogue", O_CATALOGUE, true},
    {"--status", O_STATUS, true},
    {"--purge", O_PURGE, true},
    {"--confirm", O_CONFIRM, true},
    {"--resume", O_RESUME, false},
    {"--overwrite", O_OVERWRITE, false},
    {"--yes", O_YES, false},
    {"--allow-mounted", O_ALLOW_MOUNTED, false},
    {"--no-report", O_NO_REPORT, false},
    {"--library", O_LIBRARY, true},
    {"--no-live", O_NO_LIVE, false},
    {"--live-every", O_LIVE_EVERY, true},
    {"--dry-run", O_DRY_RUN, false},
    {"--pts-no-purge", O_PTS_NO_PURGE, false},
    {"--pts-variant", O_PTS_VARIANT, true},
    {"--pts-sponsor", O_PTS_SPONSOR, true},
    {"--help", O_HELP, false},
    {"-h", O_HELP, false},
};

/* Options that shape what a run measures: not allowed beside --resume without drives, which
 * takes them all from the results' manifest. */
/* --apps-* N: a whole number in [@lo, @hi] into @slot. */
static int apps_number(const char *name, const char *v, long long lo, long long hi, long long *slot,
		       char *err, size_t errlen)
{
	char *end;
	long long n;

	errno = 0;
	n = strtoll(v, &end, 10);
	if (errno || end == v || *end || n < lo || n > hi) {
		snprintf(err, errlen, "%s '%s': expected a whole number from %lld to %lld", name, v,
			 lo, hi);
		return -EINVAL;
	}
	*slot = n;
	return 0;
}

static bool shapes_request(enum opt_id id)
{
	return id != O_OUT && id != O_RESUME && id != O_NO_REPORT && id != O_LIBRARY &&
	       id != O_NO_LIVE && id != O_LIVE_EVERY && id != O_YES && id != O_ALLOW_MOUNTED &&
	       id != O_DRY_RUN && id != O_HELP;
}

static int apply(struct rv_opts *o, enum opt_id id, const char *v, char *err, size_t errlen)
{
	char *low;
	int r = 0;

	switch (id) {
	case O_DRIVE:
		return strv_add(&o->drives, v);
	case O_GROUP:
		return strv_add(&o->groups, v);
	case O_CLIENT:
		return strv_add(&o->clients, v);
	case O_SERVER_ENGINE:
		return set_str(&o->server_engine, v);
	case O_CLIENTS_LABEL:
		return set_str(&o->clients_label, v);
	case O_SUITE:
		return set_str(&o->suite, v);
	case O_PROFILE:
		return set_str(&o->profile, v);
	case O_SWEEP:
		strv_free(&o->sweep);
		return strv_split(&o->sweep, v);
	case O_SPAN:
		if (rec_size_parse(v, 1024, REC_SIZE_WHOLE, &o->span) < 0) {
			snprintf(err, errlen, "--span '%s': expected a size such as 128M or 1G", v);
			return -EINVAL;
		}
		if (o->span < RV_MIN_SPAN) {
			snprintf(err, errlen, "--span '%s': at least 16 MiB is needed", v);
			return -EINVAL;
		}
		return 0;
	case O_FC_SEQ_BS:
	case O_FC_RAND_BS:
		if (!(low = strdup(v)))
			return -ENOMEM;
		for (char *p = low; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		if (!bs_ok(low)) {
			snprintf(
			    err, errlen,
			    "four-corners block size '%s': expected a number with k or m (e.g. "
			    "64k)",
			    v);
			free(low);
			return -EINVAL;
		}
		free(id == O_FC_SEQ_BS ? o->fc_seq_bs : o->fc_rand_bs);
		*(id == O_FC_SEQ_BS ? &o->fc_seq_bs : &o->fc_rand_bs) = low;
		return 0;
	case O_CURVE_POINTS:
		r = parse_points(o, v);
		if (r == -EINVAL)
			snprintf(err, errlen,
				 "--curve-points '%s': expected percentages such as 50,100,120", v);
		return r;
	case O_TQ_POINTS:
		if (strcmp(v, "all") && strcmp(v, "diagonal")) {
			snprintf(err, errlen, "--tq-points '%s': expected all or diagonal", v);
			return -EINVAL;
		}
		return set_str(&o->tq_points, v);
	case O_ONLY:
		strv_free(&o->only);
		return strv_split(&o->only, v);
	/* the ranges ssd-apps takes (apps.h), so a bad value stops the run at once */
	case O_APPS_INSTANCES:
		return apps_number("--apps-instances", v, 1, APPS_MAX_INSTANCES, &o->apps.instances,
				   err, errlen);
	case O_APPS_TABLES:
		return apps_number("--apps-tables", v, 1, APPS_MAX_TABLES, &o->apps.tables, err,
				   errlen);
	case O_APPS_TABLE_SIZE:
		return apps_number("--apps-table-size", v, 1, (long long)APPS_MAX_TABLE_SIZE,
				   &o->apps.table_size, err, errlen);
	case O_APPS_THREADS:
		return apps_number("--apps-threads", v, 1, APPS_MAX_THREADS, &o->apps.threads, err,
				   errlen);
	case O_APPS_WARMUP:
		return apps_number("--apps-warmup", v, 0, APPS_MAX_SECONDS, &o->apps.warmup_s, err,
				   errlen);
	case O_APPS_TIME:
		return apps_number("--apps-time", v, 1, APPS_MAX_SECONDS, &o->apps.time_s, err,
				   errlen);
	case O_APPS_WAREHOUSES:
		return apps_number("--apps-warehouses", v, 1, APPS_MAX_WAREHOUSES,
				   &o->apps.warehouses, err, errlen);
	case O_ENGINE:
		if (strcmp(v, "ssdeng") && strcmp(v, "io_uring_cmd") && strcmp(v, "sg") &&
		    strcmp(v, "libaio")) {
			snprintf(err, errlen,
				 "--engine: '%s' is not one of ssdeng, io_uring_cmd, sg, libaio",
				 v);
			return -EINVAL;
		}
		return set_str(&o->engine, v);
	case O_ENGINE_OPT:
		if (!engine_opt_ok(v)) {
			snprintf(err, errlen, "--engine-opt '%s': expected one OPTION=VALUE", v);
			return -EINVAL;
		}
		return set_str(&o->engine_opt, v);
	case O_OUT:
		o->out_given = true;
		return set_str(&o->out, v);
	case O_CATALOGUE:
		return set_str(&o->catalogue, v);
	case O_STATUS:
		return set_str(&o->status_dir, v);
	case O_PURGE:
		return set_str(&o->purge, v);
	case O_CONFIRM:
		return set_str(&o->confirm, v);
	case O_RESUME:
		o->resume = true;
		return 0;
	case O_OVERWRITE:
		o->overwrite = true;
		return 0;
	case O_YES:
		o->yes = true;
		return 0;
	case O_ALLOW_MOUNTED:
		o->allow_mounted = true;
		return 0;
	case O_NO_REPORT:
		o->no_report = true;
		return 0;
	case O_LIBRARY:
		return set_str(&o->library, v);
	case O_NO_LIVE:
		o->no_live = true;
		return 0;
	case O_LIVE_EVERY:
		return apps_number("--live-every", v, 1, 86400, &o->live_every_s, err, errlen);
	case O_DRY_RUN:
		o->dry_run = true;
		return 0;
	case O_PTS_NO_PURGE:
		o->pts_no_purge = true;
		return 0;
	case O_PTS_VARIANT: {
		enum pts_variant pv;

		if (pts_variant_parse(v, &pv)) {
			snprintf(err, errlen, "--pts-variant '%s': expected enterprise or client",
				 v);
			return -EINVAL;
		}
		o->pts_variant = (int)pv;
		o->pts_variant_given = true;
		return 0;
	}
	case O_PTS_SPONSOR:
		if (!*v) {
			snprintf(err, errlen, "--pts-sponsor: expected a name, got an empty one");
			return -EINVAL;
		}
		return set_str(&o->pts_sponsor, v);
	case O_HELP:
		o->help = true;
		return 0;
	}
	return 0;
}

static int defaults(struct rv_opts *o)
{
	if (set_str(&o->suite, "all") || set_str(&o->profile, "full") ||
	    set_str(&o->engine, "ssdeng") || set_str(&o->out, "results") ||
	    set_str(&o->clients_label, "clients"))
		return -ENOMEM;
	return 0;
}

int rv_opts_parse(int argc, char *const argv[], struct rv_opts *o, char *err, size_t errlen)
{
	int nshaping = 0, r;

	memset(o, 0, sizeof(*o));
	o->apps = (struct rv_apps_opts){-1, -1, -1, -1, -1, -1, -1};
	if ((r = defaults(o)))
		goto nomem;
	for (int i = 0; i < argc; i++)
		if ((r = strv_add(&o->argv, argv[i])))
			goto nomem;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '='), *v = NULL;
		size_t k, n = eq && !strncmp(a, "--", 2) ? (size_t)(eq - a) : strlen(a);

		for (k = 0; k < sizeof(table) / sizeof(table[0]); k++)
			if (strlen(table[k].name) == n && !strncmp(table[k].name, a, n))
				break;
		if (k == sizeof(table) / sizeof(table[0]) ||
		    (eq && n < strlen(a) && !table[k].value)) {
			snprintf(err, errlen, "unknown option '%s' (see --help)", a);
			return -EINVAL;
		}
		if (table[k].value) {
			v = n < strlen(a) ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
			if (!v || !*v) {
				snprintf(err, errlen, "option %s needs a value (see --help)",
					 table[k].name);
				return -EINVAL;
			}
		}
		if (table[k].id == O_HELP) {
			o->help = true;
			return 0;
		}
		nshaping += shapes_request(table[k].id);
		r = apply(o, table[k].id, v, err, errlen);
		if (r == -ENOMEM)
			goto nomem;
		if (r)
			return r;
	}
	return rv_opts_check(o, nshaping, err, errlen);
nomem:
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

void rv_opts_free(struct rv_opts *o)
{
	strv_free(&o->argv);
	strv_free(&o->drives);
	strv_free(&o->groups);
	strv_free(&o->clients);
	strv_free(&o->sweep);
	strv_free(&o->only);
	free(o->server_engine);
	free(o->clients_label);
	free(o->suite);
	free(o->profile);
	free(o->fc_seq_bs);
	free(o->fc_rand_bs);
	free(o->curve_points);
	free(o->tq_points);
	free(o->engine);
	free(o->engine_opt);
	free(o->out);
	free(o->library);
	free(o->catalogue);
	free(o->status_dir);
	free(o->purge);
	free(o->confirm);
	free(o->pts_sponsor);
	memset(o, 0, sizeof(*o));
}
