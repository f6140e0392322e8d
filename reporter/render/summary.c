// SPDX-License-Identifier: GPL-2.0-only
/* summary.c - the CSV rows of `ssdreport summary`: one per job, columns as sr_summary_header. */
#include "render/csv.h"
#include "render/summary.h"

const char sr_summary_header[] =
    "file,job,host,rw,bs,numjobs,iodepth,read_iops,write_iops,read_bw_bytes,write_bw_bytes,"
    "read_clat_mean_ns,read_clat_p99_ns,read_clat_max_ns,write_clat_mean_ns,write_clat_p99_ns,"
    "write_clat_max_ns";

static void field(FILE *f, struct sr_value v, const struct sr_dir *dir)
{
	fputc(',', f);
	if (dir->present)
		sr_csv_val(f, v);
}

static void clat(FILE *f, const struct sr_dir *dir)
{
	field(f, dir->clat.mean, dir);
	field(f, sr_lat_pct(&dir->clat, 99.0), dir);
	field(f, dir->clat.max, dir);
}

void sr_summary_rows(FILE *f, const char *file, const struct sr_test *t)
{
	for (size_t i = 0; i < t->nruns; i++) {
		const struct sr_run *r = &t->runs[i];
		const struct sr_dir *rd = &r->dir[SR_READ], *wr = &r->dir[SR_WRITE];

		sr_csv_str(f, file);
		fputc(',', f);
		sr_csv_str(f, r->name);
		fputc(',', f);
		sr_csv_str(f, r->host);
		fputc(',', f);
		sr_csv_str(f, r->rw);
		if (r->rw)
			fprintf(f, ",%llu,%u,%u", (unsigned long long)r->bs, r->numjobs,
				r->iodepth);
		else
			fputs(",,,", f); /* options not in the file */
		field(f, rd->iops, rd);
		field(f, wr->iops, wr);
		field(f, rd->bw, rd);
		field(f, wr->bw, wr);
		clat(f, rd);
		clat(f, wr);
		fputc('\n', f);
	}
}

const char sr_interval_header[] =
    "file,snapshot,t_s,throughput_iops,avg_lat_ns,max_lat_ns,lat_sd_ns";

void sr_interval_rows(FILE *f, const char *file, const struct sr_interval *iv, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char t[64];

		sr_csv_str(f, file);
		fprintf(f, ",%zu,%s,", i + 1, sr_fmt_num(t, iv[i].t_s));
		sr_csv_val(f, iv[i].iops);
		fputc(',', f);
		sr_csv_val(f, iv[i].lat_mean);
		fputc(',', f);
		sr_csv_val(f, iv[i].lat_max);
		fputc(',', f);
		sr_csv_val(f, iv[i].lat_sd);
		fputc('\n', f);
	}
}
