// SPDX-License-Identifier: GPL-2.0-only
/* cells.c - PTS round cells: names, fio rw, the figures of a cell in fio's JSON (cells.h). */
#include "pts/cells.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "record/size.h"

int pts_cell_name(const char *phase, int mix, const char *bs, char *out, size_t len)
{
	int n = snprintf(out, len, "%s.r%d.%s", phase, mix, bs);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

const char *pts_cell_rw(bool random, int mix)
{
	if (mix >= 100)
		return random ? "randread" : "read";
	if (mix <= 0)
		return random ? "randwrite" : "write";
	return random ? "randrw" : "rw";
}

unsigned long long pts_block_bytes(const char *bs)
{
	uint64_t v;

	return rec_size_parse(bs, 1024, REC_SIZE_WHOLE, &v) ? 0 : v;
}

static json_object *get(const json_object *o, const char *key)
{
	json_object *v;

	return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static double num(const json_object *o, const char *key)
{
	json_object *v = o ? get(o, key) : NULL;

	return v ? json_object_get_double(v) : NAN;
}

/* clat's 99.999th percentile of one direction ("99.999000" in clat_ns.percentile), NaN. */
static double five_nines(const json_object *dir)
{
	json_object *clat = get(dir, "clat_ns"), *pct = clat ? get(clat, "percentile") : NULL;

	return pct ? num(pct, "99.999000") : NAN;
}

int pts_cell_from_fio(const struct json_object *fio, const char *name, struct pts_cell_result *out)
{
	json_object *jobs = get(fio, "jobs");
	double lat_sum = 0.0;

	memset(out, 0, sizeof(*out));
	out->lat_mean_ns = out->lat_max_ns = out->p99999_ns = NAN;
	for (size_t i = 0; jobs && i < json_object_array_length(jobs); i++) {
		json_object *j = json_object_array_get_idx(jobs, i), *jn = get(j, "jobname");
		static const char *const dirs[] = {"read", "write"};

		if (!jn || strcmp(json_object_get_string(jn), name))
			continue;
		out->found = true;
		out->error = (int)num(j, "error");
		out->iops = out->mbps = 0.0;
		for (size_t d = 0; d < 2; d++) {
			json_object *dir = get(j, dirs[d]), *lat = dir ? get(dir, "lat_ns") : NULL;
			double n = num(dir, "total_ios"), p;

			if (!dir || isnan(num(dir, "iops")))
				return -EINVAL;
			out->iops += num(dir, "iops");
			out->mbps += num(dir, "bw_bytes") / 1e6;
			if (d == 1 && !isnan(num(dir, "io_bytes")))
				out->write_bytes = num(dir, "io_bytes");
			if (!(n > 0) || !lat)
				continue;
			out->ios += (unsigned long long)n;
			lat_sum += num(lat, "mean") * n;
			if (isnan(out->lat_max_ns) || num(lat, "max") > out->lat_max_ns)
				out->lat_max_ns = num(lat, "max");
			p = five_nines(dir);
			if (!isnan(p) && (isnan(out->p99999_ns) || p > out->p99999_ns))
				out->p99999_ns = p;
		}
		if (out->ios)
			out->lat_mean_ns = lat_sum / (double)out->ios;
		return 0;
	}
	return -ENOENT;
}

double pts_tracking_value(const struct pts_cell_result *c, const char *metric)
{
	if (!c->found || c->error || !c->ios)
		return NAN;
	if (!strcmp(metric, "iops"))
		return c->iops;
	if (!strcmp(metric, "mbps"))
		return c->mbps;
	if (!strcmp(metric, "lat_mean"))
		return c->lat_mean_ns;
	return NAN;
}
