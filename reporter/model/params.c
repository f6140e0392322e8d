// SPDX-License-Identifier: GPL-2.0-only
/*
 * params.c - a job's parameters from fio's own options (params.h).
 */
#include <stdio.h>
#include <string.h>

#include "model/params.h"

bool sr_rw_mixed(const char *rw)
{
	static const char *const mixed[] = {"rw", "readwrite", "randrw"};
	size_t n;

	if (!rw)
		return false;
	n = strcspn(rw, ":");
	for (size_t i = 0; i < sizeof(mixed) / sizeof(mixed[0]); i++)
		if (strlen(mixed[i]) == n && !strncmp(rw, mixed[i], n))
			return true;
	return false;
}

static const char *opt(const struct sr_run *r, const char *key)
{
	const char *v = sr_run_option(r, key);

	return v ? v : "";
}

/* The options that say how a job ran and when it ended, in a fixed order. */
static void run_mode(const struct sr_run *r, char *buf, size_t len)
{
	static const char *const keys[] = {"time_based", "runtime", "size",	  "io_size",
					   "io_limit",	 "loops",   "number_ios", "ramp_time",
					   "ss",	 "ss_dur",  "ss_ramp"};
	size_t n = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]) && n < len; k++) {
		const char *v = sr_run_option(r, keys[k]);

		if (v)
			n += (size_t)snprintf(buf + n, len - n, "%s=%s;", keys[k], v);
	}
}

void sr_params_of(const struct sr_run *r, struct sr_params *out)
{
	const char *rate = opt(r, "rate"), *iops = opt(r, "rate_iops");

	memset(out, 0, sizeof(*out));
	out->rw = r->rw ? r->rw : "";
	out->bs = r->bs;
	out->mixed = sr_rw_mixed(r->rw);
	out->mix = out->mixed ? r->rwmixread : 0;
	out->numjobs = r->numjobs;
	out->iodepth = r->iodepth;
	if (*rate || *iops)
		snprintf(out->rate, sizeof(out->rate), "%s%s%s%s", *rate ? rate : "",
			 *rate ? " B/s" : "", *rate && *iops ? ", " : "", *iops ? iops : "");
	if (*iops)
		snprintf(out->rate + strlen(out->rate), sizeof(out->rate) - strlen(out->rate),
			 " IOPS");
	out->ioengine = opt(r, "ioengine");
	out->target = *opt(r, "filename") ? opt(r, "filename") : opt(r, "directory");
	out->host = r->host ? r->host : "";
	run_mode(r, out->run, sizeof(out->run));
}

static int num(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }

int sr_params_cmp(const struct sr_params *a, const struct sr_params *b, sr_param_mask mask)
{
	int c = 0;

	for (int p = 0; p < SR_NPARAMS && !c; p++) {
		if (!(mask & SR_P_BIT(p)))
			continue;
		switch ((enum sr_param)p) {
		case SR_P_RW:
			c = strcmp(a->rw, b->rw);
			break;
		case SR_P_BS:
			c = num(a->bs, b->bs);
			break;
		case SR_P_MIX:
			c = num(a->mix, b->mix);
			break;
		case SR_P_NUMJOBS:
			c = num(a->numjobs, b->numjobs);
			break;
		case SR_P_IODEPTH:
			c = num(a->iodepth, b->iodepth);
			break;
		case SR_P_RATE:
			c = strcmp(a->rate, b->rate);
			break;
		case SR_P_IOENGINE:
			c = strcmp(a->ioengine, b->ioengine);
			break;
		case SR_P_TARGET:
			c = strcmp(a->target, b->target);
			break;
		case SR_P_HOST:
			c = strcmp(a->host, b->host);
			break;
		case SR_NPARAMS:
			break;
		}
	}
	return c;
}

int sr_params_cmp_job(const struct sr_params *a, const struct sr_params *b, sr_param_mask mask)
{
	int c = sr_params_cmp(a, b, mask);

	return c ? c : strcmp(a->run, b->run);
}

const char *sr_param_name(enum sr_param p)
{
	static const char *const names[SR_NPARAMS] = {
	    "rw", "bs", "rwmixread", "numjobs", "iodepth", "rate", "ioengine", "filename", "host"};

	return p < SR_NPARAMS ? names[p] : "?";
}
