/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * apps_sample.h - two struct rec_apps to write, for apps_fields_test.c: apps_full() sets every
 * member of both workloads (an instance with a report, settings of a number and a word, a
 * histogram, the port asked for, TPC-C figures and conditions; a total), apps_sparse() leaves
 * every one not known (NULL, "", -1, NaN, no report, no total, no settings). Their documents as
 * record/apps.c of main 94a971b (the functions written out member by member) wrote them are
 * tests/unit/record/fixtures/apps/{full,sparse}.{apps,tpcc}.json. Header-only.
 */
#ifndef SSDENG_APPS_SAMPLE_H
#define SSDENG_APPS_SAMPLE_H

#include <math.h>
#include <string.h>

#include "record/apps.h"

static struct rec_apps_bucket sample_hist[] = {{0.5, 3}, {1.25, 40}, {7.0, 1}};
static struct rec_apps_bucket sample_total_hist[] = {{0.5, 6}, {1.25, 80}};
static struct rec_apps_setting sample_settings[] = {
    {"innodb_buffer_pool_size", "134217728"}, {"innodb_flush_method", "O_DIRECT"}, {"x", ""}};
static struct rec_apps_share sample_mix[] = {
    {"new_order", 45}, {"payment", 43}, {"order_status", 4}, {"delivery", 4}, {"stock_level", -1}};
static const char *const sample_opts[] = {"--innodb-doublewrite=0", "--skip-log-bin"};
static struct rec_tpcc_type sample_types[] = {
    {"new_order", 263, 1, 2, 0, 0, 4.4, 12.5, 30.25, 61.0},
    {"payment", 250, 0, 0, 1, -1, NAN, NAN, 9.0, NAN}};
static struct rec_tpcc_condition sample_cond[] = {
    {1, "W_YTD = sum(D_YTD)", 1, 0, true, NULL},
    {2, "D_NEXT_O_ID - 1 = max(O_ID)", 10, 2, false, "d 1: 3001 != 3002"}};

static void apps_full(struct rec_apps *a, enum rec_apps_workload w)
{
	struct rec_apps_instance *in;
	static struct rec_apps_instance inst[2];

	memset(a, 0, sizeof(*a));
	memset(inst, 0, sizeof(inst));
	a->kind = w;
	a->status = "done";
	a->failed_step = "";
	a->error = NULL;
	a->started_at = "2026-12-07T10:00:00Z";
	a->device.given = "/dev/nvme0n1";
	a->device.block = "nvme0n1";
	a->device.kind = "nvme";
	a->device.write_cache = "write back";
	a->device.size_bytes = 1000204886016LL;
	a->fs.type = "xfs";
	a->fs.mkfs = "mkfs.xfs -f";
	a->fs.mount_point = "/mnt/ssdeng";
	a->fs.mount_options_requested = "noatime";
	a->fs.mount_options = "rw,noatime";
	a->fs.super_options = "attr2,inode64";
	a->fs.size_bytes = 999000000000LL;
	a->fs.available_bytes = 998000000000LL;
	a->workload.tool = "sysbench";
	a->workload.test = w == REC_APPS_TPCC ? "tpcc.lua" : "oltp_read_write";
	a->workload.script = "/usr/share/ssdeng/tpcc.lua";
	a->workload.profile = "standard";
	a->workload.instances = 2;
	a->workload.threads = 16;
	a->workload.warmup_s = 0;
	a->workload.time_s = 600;
	a->workload.report_interval_s = 10;
	a->workload.percentile = 99;
	a->workload.buffer_pool_bytes = 134217728;
	a->workload.port_base = 0; /* not set: null */
	a->workload.histogram = true;
	a->workload.server_opts = sample_opts;
	a->workload.nserver_opts = 2;
	a->workload.tables = 4;
	a->workload.table_size = 1000000;
	a->workload.flush_method = "O_DIRECT";
	a->workload.pg_user = "postgres";
	a->workload.warehouses = 10;
	a->workload.items = 100000;
	a->workload.customers_per_district = 3000;
	a->workload.new_order_rollback_pct = 1;
	a->workload.max_wal_size_bytes = 1073741824;
	a->workload.mix = sample_mix;
	a->workload.nmix = 5;
	a->workload.think_times = false;
	a->space.estimate_bytes = 5000000000LL;
	a->space.instance_bytes = 2500000000LL;
	a->space.margin_pct = 20;
	a->space.row_bytes = 230;
	a->space.table_bytes = 230000000;
	a->space.stock_row_bytes = 440;
	a->space.customer_bytes = 700;
	a->space.item_bytes = 90;
	a->space.wal_pct = 25;
	a->memory.need_bytes = 600000000;
	a->memory.available_bytes = 0; /* not measured: null */
	a->memory.server_bytes = 268435456;
	a->memory.connection_bytes = 16777216;
	a->sysbench_version = "sysbench 1.0.20";
	a->server_version = w == REC_APPS_TPCC ? "PostgreSQL 15.18" : "11.8.3-MariaDB";
	a->timings_s.mkfs = 1.5;
	a->timings_s.install = 3.25;
	a->timings_s.start = 2;
	a->timings_s.prepare = 120.125;
	a->timings_s.copy = NAN;
	a->timings_s.warmup = 0;
	a->timings_s.run = 600.5;
	a->timings_s.check = 4.75;
	a->timings_s.stop = 1;
	a->timings_s.total = 733.0000001;
	for (int i = 0; i < 2; i++) {
		in = &inst[i];
		in->id = i + 1;
		in->datadir = i ? "/mnt/ssdeng/db2" : "/mnt/ssdeng/db1";
		in->socket = i ? NULL : "/mnt/ssdeng/db1/mysqld.sock";
		in->port = i ? 55433 : -1;
		in->port_asked = i ? 55432 : -1;
		in->server_version = a->server_version;
		in->stop = i ? "" : "clean";
		in->files[REC_APPS_INSTALL_LOG] = "db1/install.log";
		in->files[REC_APPS_INITDB_LOG] = "db1/initdb.log";
		in->files[REC_APPS_COPY_LOG] = i ? "db2/copy.log" : NULL;
		in->files[REC_APPS_MARIADB_ERR] = "db1/mariadbd.err";
		in->files[REC_APPS_POSTGRES_LOG] = "db1/postgres.log";
		in->files[REC_APPS_PREPARE] = "db1/prepare.txt";
		in->files[REC_APPS_WARMUP] = "";
		in->files[REC_APPS_RUN] = "db1/run.txt";
		in->files[REC_APPS_CHECK] = "db1/check.txt";
		in->have_report = i == 0;
		in->sysbench_version = "sysbench 1.0.20";
		in->threads = 8;
		in->reads = 1400000;
		in->writes = 400000;
		in->others = 200000;
		in->events = 100000;
		in->time_s = 600.0012;
		in->f.tps = 166.66666666666666;
		in->f.qps = 3333.3;
		in->f.transactions = 100000;
		in->f.queries = 2000000;
		in->f.errors = 0;
		in->f.reconnects = -1;
		in->f.lat_min_ms = 0.31;
		in->f.lat_avg_ms = 47.99;
		in->f.lat_max_ms = NAN;
		in->f.lat_p95_ms = 90.5;
		in->f.lat_p99_ms = 120.0;
		in->f.hist = sample_hist;
		in->f.nhist = 3;
		in->p95_source = "histogram";
		in->p99_source = NULL;
		in->sysbench_percentile = 99;
		in->sysbench_percentile_ms = 118.92;
		in->settings = i ? NULL : sample_settings;
		in->nsettings = i ? 0 : 3;
		in->tpcc.have = i == 0;
		in->tpcc.new_orders_per_min = 3082.4316961158247;
		in->tpcc.types = sample_types;
		in->tpcc.ntypes = 2;
		in->checked = i == 0;
		in->consistency = sample_cond;
		in->nconsistency = 2;
	}
	a->inst = inst;
	a->ninst = 2;
	a->have_total = true;
	a->total_instances = 2;
	a->total = inst[0].f;
	a->total.hist = sample_total_hist;
	a->total.nhist = 2;
	a->avg_method = "weighted-by-events";
	a->p95_method = "merged-histogram";
	a->p99_method = "max-of-instances";
	a->total_tpcc = inst[0].tpcc;
	a->consistency_holds = 0;
}

static void apps_sparse(struct rec_apps *a, enum rec_apps_workload w)
{
	memset(a, 0, sizeof(*a));
	a->kind = w;
	a->status = "refused";
	a->failed_step = "space";
	a->error = "the drive holds 1 GiB; the test needs 5 GiB";
	a->device.size_bytes = -1;
	a->fs.size_bytes = a->fs.available_bytes = -1;
	a->workload.instances = a->workload.threads = a->workload.warmup_s = -1;
	a->workload.time_s = a->workload.report_interval_s = a->workload.percentile = -1;
	a->workload.buffer_pool_bytes = a->workload.port_base = -1;
	a->workload.tables = a->workload.table_size = -1;
	a->workload.warehouses = a->workload.items = a->workload.customers_per_district = -1;
	a->workload.new_order_rollback_pct = a->workload.max_wal_size_bytes = -1;
	a->space.estimate_bytes = a->space.instance_bytes = a->space.margin_pct = -1;
	a->space.row_bytes = a->space.table_bytes = -1;
	a->space.stock_row_bytes = a->space.customer_bytes = a->space.item_bytes = -1;
	a->space.wal_pct = -1;
	a->memory.need_bytes = a->memory.available_bytes = -1;
	a->memory.server_bytes = a->memory.connection_bytes = -1;
	a->timings_s.mkfs = a->timings_s.install = a->timings_s.start = NAN;
	a->timings_s.prepare = a->timings_s.copy = a->timings_s.warmup = NAN;
	a->timings_s.run = a->timings_s.check = a->timings_s.stop = a->timings_s.total = NAN;
	a->consistency_holds = -1;
}

#endif
