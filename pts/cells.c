// SPDX-License-Identifier: GPL-2.0-only
/* cells.c - PTS round cells: names, fio rw, the figures of a cell in fio's JSON (cells.h). */
#include "pts/cells.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "record/fio_keys.h"
#include "record/size.h"

int pts_cell_name(const char *phase, int mix, const char *bs, char *out, size_t len)
{
	int n = snprintf(out, len, "%s.r%d.%s", phase, mix, bs);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int pts_point_name(const char *phase, int mix, const char *bs, unsigned int tc, unsigned int qd,
		   char *out, size_t len)
{
	int n = tc ? snprintf(out, len, "%s.r%d.%s.t%uq%u", phase, mix, bs, tc, qd)
		   : snprintf(out, len, "%s.r%d.%s", phase, mix, bs);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int pts_prewrite_name(const char *phase, char *out, size_t len)
{
	int n = snprintf(out, len, "%s.prewrite", phase);

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

/* A job's number @key ("usr_cpu"), NaN when absent or not a number. */
static double job_num(json_object *j, const char *key)
{
	json_object *v = NULL;

	if (!json_object_object_get_ex(j, key, &v) ||
	    !(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
		return NAN;
	return json_object_get_double(v);
}

int pts_cell_from_fio(const struct json_object *fio, const char *name, struct pts_cell_result *out)
{
	json_object *jobs = NULL, *v = NULL;
	struct rec_fio_version ver;
	double lat_sum = 0.0;

	memset(out, 0, sizeof(*out));
	out->lat_mean_ns = out->lat_max_ns = out->p99999_ns = out->usr_cpu = out->sys_cpu = NAN;
	json_object_object_get_ex((json_object *)fio, "jobs", &jobs);
	json_object_object_get_ex((json_object *)fio, "fio version", &v);
	rec_fio_version_parse(v ? json_object_get_string(v) : NULL, &ver);
	for (size_t i = 0; jobs && i < json_object_array_length(jobs); i++) {
		json_object *j = json_object_array_get_idx(jobs, i);
		static const enum rec_fio_ddir dirs[] = {REC_FIO_READ, REC_FIO_WRITE};
		struct rec_fio_job id;

		rec_fio_job(j, &id);
		if (!id.name || strcmp(id.name, name))
			continue;
		out->found = true;
		out->error = id.error;
		out->usr_cpu = job_num(j, "usr_cpu");
		out->sys_cpu = job_num(j, "sys_cpu");
		for (size_t d = 0; d < 2; d++) {
			json_object *dir = rec_fio_dir(j, dirs[d]), *lat;
			struct rec_num iops = rec_fio_dir_fig(dir, REC_FIO_IOPS, &ver, NULL),
				       bw = rec_fio_dir_fig(dir, REC_FIO_BW, &ver, NULL),
				       n = rec_fio_dir_fig(dir, REC_FIO_TOTAL_IOS, &ver, NULL),
				       mean, max, p;
			double scale;

			if (!dir || !rec_num_ok(iops))
				return -EINVAL;
			out->iops += iops.v;
			out->mbps += rec_num_ok(bw) ? bw.v / 1e6 : NAN;
			if (dirs[d] == REC_FIO_WRITE) {
				struct rec_num wb =
				    rec_fio_dir_fig(dir, REC_FIO_IO_BYTES, &ver, NULL);

				if (rec_num_ok(wb))
					out->write_bytes = wb.v;
			}
			lat = rec_fio_lat_obj(dir, REC_FIO_TOTAL_LAT, &scale);
			if (!rec_num_ok(n) || !(n.v > 0) || !lat)
				continue;
			mean = rec_fio_lat_fig(lat, REC_FIO_LAT_MEAN, scale, NULL);
			max = rec_fio_lat_fig(lat, REC_FIO_LAT_MAX, scale, NULL);
			out->ios += (unsigned long long)n.v;
			lat_sum += (rec_num_ok(mean) ? mean.v : NAN) * n.v;
			if (rec_num_ok(max) && (isnan(out->lat_max_ns) || max.v > out->lat_max_ns))
				out->lat_max_ns = max.v;
			p = rec_fio_percentile(rec_fio_lat_obj(dir, REC_FIO_CLAT, &scale), scale,
					       99.999);
			if (rec_num_ok(p) && (isnan(out->p99999_ns) || p.v > out->p99999_ns))
				out->p99999_ns = p.v;
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

const char *pts_tracking_format(const char *metric, double v, char *out, size_t len)
{
	if (isnan(v))
		snprintf(out, len, "no value");
	else if (metric && !strcmp(metric, "lat_mean"))
		snprintf(out, len, "mean latency %.1f µs", v / 1000.0);
	else if (metric && !strcmp(metric, "mbps"))
		snprintf(out, len, "%.1f MB/s", v);
	else
		snprintf(out, len, "%.0f IOPS", v);
	return out;
}

bool pts_cell_applicable(const char *bs, unsigned int lbs)
{
	unsigned long long b = pts_block_bytes(bs);

	return !lbs || (b && b % lbs == 0);
}
