// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_opts.c - the command line of `ssd-apps run`, its two workloads and their profiles: `full`
 * is the review's workload (docs/METHODOLOGY.md §5), `quick` the same steps small enough for the
 * emulated lab.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "record/size.h"

static const char usage[] =
    "Usage: ssd-apps run --dev DEV --out DIR [--yes] [--workload oltp|tpcc] [options]\n"
    "Application workload on a drive: make a filesystem on DEV, start N database servers on it\n"
    "(each its own data directory, socket and port), load the data, warm up, run sysbench\n"
    "measured, stop the servers and unmount. DEV's data is destroyed: --yes is required.\n"
    "Workloads:\n"
    "  oltp  MySQL OLTP: MariaDB servers, sysbench oltp_read_write (result DIR/apps.json,\n"
    "        schema ssdeng.apps.v1)\n"
    "  tpcc  a TPC-C-like OLTP on PostgreSQL: TPC-C's nine tables with warehouses as the scale,\n"
    "        its five transactions in the standard mix (New-Order 45 %, Payment 43 %,\n"
    "        Order-Status, Delivery, Stock-Level 4 % each), NURand keys, 1 % of New-Orders\n"
    "        rolled back, no keying or think times (a throughput test on TPC-C's schema and\n"
    "        mix, not a TPC-C result), driven by sysbench with tpcc.lua; deadlocks and\n"
    "        serialization failures are counted and retried; after the run TPC-C's\n"
    "        consistency conditions 1-4 are checked on every instance and a failed one fails\n"
    "        the test with its numbers (result DIR/tpcc.json, schema ssdeng.apps-tpcc.v1)\n"
    "\n"
    "  --dev DEV            the drive: /dev/ngXnY (its /dev/nvmeXnY is used), /dev/nvmeXnY,\n"
    "                       /dev/sgN (its /dev/sdX is used), /dev/sdX, or another block device\n"
    "  --out DIR            results: the JSON, and per instance DIR/dbN/{prepare,warmup,run}.txt\n"
    "                       (sysbench's own output), the server's log (mariadbd.err or\n"
    "                       postgres.log), install.log or initdb.log, tpcc's check.txt;\n"
    "                       DIR/mkfs.log. Created if missing.\n"
    "  --yes                destroy DEV's data (required)\n"
    "  --allow-mounted      skip the refusal of a DEV with a mounted filesystem, active swap or\n"
    "                       a device-mapper/md/bcache holder (mkfs will still fail on a busy DEV)\n"
    "  --workload W         oltp (default) or tpcc\n"
    "  --profile P          quick (default) or full; the options below override it:\n"
    "                         oltp quick: 2 instances, 4 tables × 10000 rows, 4 threads, 5 s\n"
    "                                     warm-up, 20 s measured, 16 MiB buffer pool\n"
    "                         oltp full:  2 instances, 100 tables × 10000000 rows, 32 threads,\n"
    "                                     7200 s warm-up, 3600 s measured, 4 GiB buffer pool\n"
    "                         tpcc quick: 2 instances, 1 warehouse of a tenth of TPC-C's items\n"
    "                                     and customers (10000, 300 per district), 4\n"
    "                                     connections, 5 s warm-up, 20 s measured, 16 MiB\n"
    "                                     shared_buffers, 128 MiB max_wal_size\n"
    "                         tpcc full:  2 instances, 1500 warehouses, 32 connections, 9000 s\n"
    "                                     warm-up, 1800 s measured, 4 GiB shared_buffers, 4 GiB\n"
    "                                     max_wal_size\n"
    "  --instances N        servers on the drive, run at once (1-16)\n"
    "  --threads N          sysbench --threads (database connections), per instance\n"
    "  --warmup S           seconds of unmeasured sysbench run before the measured one (0: none)\n"
    "  --time S             seconds measured\n"
    "  --report-interval S  sysbench --report-interval in the outputs (default 10; 0: off)\n"
    "  --buffer-pool SIZE   the server's buffer per instance (K/M/G suffixes):\n"
    "                       innodb_buffer_pool_size (oltp), shared_buffers (tpcc)\n"
    "  --server-opt OPT     one more server option, as --name=value (repeatable; mariadbd and\n"
    "                       postgres both take that form)\n"
    "  --fs auto|xfs|ext4   filesystem (auto: XFS, ext4 where mkfs.xfs is missing)\n"
    "  --mount-opts O       mount -o (default noatime)\n"
    "  --mnt DIR            mount point (default: a new /tmp/ssd-apps.XXXXXX, removed after)\n"
    "  --port-base N        instance i listens on 127.0.0.1:N+i-1, or the next free port (oltp\n"
    "                       default 0: sockets only, --skip-networking; tpcc default 55432);\n"
    "                       sysbench always uses the socket\n"
    "  --start-timeout S    wait for a server to accept connections (default 300)\n"
    "  --stop-timeout S     wait after the stop signal before SIGKILL (default 600)\n"
    "  --sysbench P         the program (default sysbench, from PATH)\n"
    "oltp only:\n"
    "  --tables N           sysbench --tables, per instance\n"
    "  --table-size N       sysbench --table-size (rows per table)\n"
    "  --flush-method M     innodb_flush_method (default O_DIRECT: the page cache kept out)\n"
    "  --mariadbd P, --install-db P, --client P\n"
    "                       the programs (default mariadbd, mariadb-install-db, mariadb)\n"
    "tpcc only:\n"
    "  --warehouses N       warehouses per instance (TPC-C's scale, 1-100000)\n"
    "  --items N            items, and stock rows per warehouse (TPC-C's 100000; 1-100000)\n"
    "  --customers N        customers, and initial orders, per district (TPC-C's 3000; 1-3000)\n"
    "  --max-wal-size SIZE  PostgreSQL's max_wal_size (K/M/G suffixes)\n"
    "  --pg-bindir DIR      where initdb and postgres are (default: the newest\n"
    "                       /usr/lib/postgresql/<version>/bin, else postgres in PATH)\n"
    "  --pg-user NAME       the unprivileged user the servers run as when ssd-apps runs as\n"
    "                       root (default postgres; PostgreSQL refuses root)\n"
    "  --tpcc-lua PATH      the workload script (default: tpcc.lua beside ssd-apps, else\n"
    "                       ../share/ssdeng/tpcc.lua)\n"
    "  -h, --help           this text\n"
    "\n"
    "Settings: oltp's servers get --innodb-doublewrite=1 and --innodb-flush-log-at-trx-commit=1\n"
    "(durable commits, as a production server) besides the buffer pool and flush method; tpcc's\n"
    "get fsync, synchronous_commit and full_page_writes on; the values in effect are read back\n"
    "from each running server into the result.\n"
    "Space and memory: before anything is written, the data's size is estimated (oltp: 280 bytes\n"
    "per row with its index, 8 MiB per table, 256 MiB per instance, +10%; tpcc: 125 MB per\n"
    "warehouse of TPC-C's cardinalities, 17 MB of items and 64 MiB per instance, 125% of\n"
    "max_wal_size, +25%) and so is\n"
    "the memory (the buffer, 128 MiB per server, 16 MiB per connection): a drive, filesystem or\n"
    "host (MemAvailable) with less fails the test naming both sizes. 'full' needs about 576 GiB\n"
    "(oltp) or 450 GiB (tpcc) for 2 instances. A disk-full error during the run fails it with\n"
    "the server's own lines.\n"
    "Percentiles: sysbench runs with --histogram and --percentile=99; each instance's p95 and\n"
    "p99 come from its histogram by sysbench's rule (p99 equals the one sysbench prints); the\n"
    "total's from the instances' histograms added together. tpcc.lua measures each transaction\n"
    "type's latency into the same histogram layout.\n"
    "Signals: SIGINT, SIGTERM and SIGHUP stop sysbench and the servers and unmount before exit.\n"
    "Runs as root (mkfs, mount). Programs: mariadb-server (oltp), postgresql (tpcc), sysbench,\n"
    "xfsprogs (Debian).\n"
    "Exit status: 0 done; 1 the workload failed (the message quotes the server's or sysbench's\n"
    "own lines; the drive is unmounted and no server left running); 2 bad usage or the device\n"
    "refused.\n"
    "Manual: man ssd-apps (from the tree: man -l man/ssd-apps.1); apps/README.md.\n";

const char *apps_usage(void) { return usage; }

/* the profiles; full is docs/METHODOLOGY.md §5 */
static void profile_defaults(struct apps_opts *o, bool full)
{
	bool tpcc = !strcmp(o->workload, "tpcc");

	o->instances = 2;
	o->tables = full ? 100 : 4;
	o->table_size = full ? 10000000 : 10000;
	o->warehouses = full ? 1500 : 1;
	o->items = full ? APPS_MAX_ITEMS : APPS_MAX_ITEMS / 10;
	o->customers = full ? APPS_MAX_CUSTOMERS : APPS_MAX_CUSTOMERS / 10;
	o->threads = full ? 32 : 4;
	o->warmup_s = tpcc ? (full ? 9000 : 5) : (full ? 7200 : 5);
	o->time_s = tpcc ? (full ? 1800 : 20) : (full ? 3600 : 20);
	o->buffer_pool = full ? 4ULL << 30 : 16ULL << 20;
	o->max_wal_size = full ? 4ULL << 30 : 128ULL << 20;
	o->port_base = tpcc ? 55432 : 0;
}

/* a whole decimal number in [lo, hi] */
static int uint_arg(const char *opt, const char *v, unsigned long long lo, unsigned long long hi,
		    unsigned long long *out, char *err, size_t errlen)
{
	char *end;

	errno = 0;
	*out = strtoull(v, &end, 10);
	if (!*v || *end || errno || *v == '-' || *out < lo || *out > hi) {
		snprintf(err, errlen, "%s %s: must be a whole number from %llu to %llu", opt, v, lo,
			 hi);
		return -EINVAL;
	}
	return 0;
}

/* "16M", "4G", "134217728" (record/size.h), not 0 */
static int size_arg(const char *opt, const char *v, uint64_t *out, char *err, size_t errlen)
{
	if (rec_size_parse(v, 1024, REC_SIZE_WHOLE, out) < 0 || *out == 0) {
		snprintf(err, errlen, "%s %s: must be a size in bytes, with K, M or G", opt, v);
		return -EINVAL;
	}
	return 0;
}

enum {
	O_DEV = 256,
	O_OUT,
	O_YES,
	O_ALLOW,
	O_PROFILE,
	O_INST,
	O_TABLES,
	O_TSIZE,
	O_THREADS,
	O_WARMUP,
	O_TIME,
	O_RINT,
	O_BP,
	O_FLUSH,
	O_SOPT,
	O_FS,
	O_MOPTS,
	O_MNT,
	O_PORT,
	O_STT,
	O_SPT,
	O_MARIADBD,
	O_INSTALL,
	O_CLIENT,
	O_SYSBENCH,
	O_WORKLOAD,
	O_WAREHOUSES,
	O_MAXWAL,
	O_PGBIN,
	O_PGUSER,
	O_LUA,
	O_ITEMS,
	O_CUSTOMERS,
	O_END,
};

static const struct option longopts[] = {
    {"dev", required_argument, NULL, O_DEV},
    {"out", required_argument, NULL, O_OUT},
    {"yes", no_argument, NULL, O_YES},
    {"allow-mounted", no_argument, NULL, O_ALLOW},
    {"profile", required_argument, NULL, O_PROFILE},
    {"instances", required_argument, NULL, O_INST},
    {"tables", required_argument, NULL, O_TABLES},
    {"table-size", required_argument, NULL, O_TSIZE},
    {"threads", required_argument, NULL, O_THREADS},
    {"warmup", required_argument, NULL, O_WARMUP},
    {"time", required_argument, NULL, O_TIME},
    {"report-interval", required_argument, NULL, O_RINT},
    {"buffer-pool", required_argument, NULL, O_BP},
    {"flush-method", required_argument, NULL, O_FLUSH},
    {"server-opt", required_argument, NULL, O_SOPT},
    {"fs", required_argument, NULL, O_FS},
    {"mount-opts", required_argument, NULL, O_MOPTS},
    {"mnt", required_argument, NULL, O_MNT},
    {"port-base", required_argument, NULL, O_PORT},
    {"start-timeout", required_argument, NULL, O_STT},
    {"stop-timeout", required_argument, NULL, O_SPT},
    {"mariadbd", required_argument, NULL, O_MARIADBD},
    {"install-db", required_argument, NULL, O_INSTALL},
    {"client", required_argument, NULL, O_CLIENT},
    {"sysbench", required_argument, NULL, O_SYSBENCH},
    {"workload", required_argument, NULL, O_WORKLOAD},
    {"warehouses", required_argument, NULL, O_WAREHOUSES},
    {"max-wal-size", required_argument, NULL, O_MAXWAL},
    {"pg-bindir", required_argument, NULL, O_PGBIN},
    {"pg-user", required_argument, NULL, O_PGUSER},
    {"tpcc-lua", required_argument, NULL, O_LUA},
    {"items", required_argument, NULL, O_ITEMS},
    {"customers", required_argument, NULL, O_CUSTOMERS},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* --profile and --workload are applied before the other options, whatever their order */
static const char *find_opt(int argc, char **argv, const char *name, const char *dflt)
{
	size_t n = strlen(name);
	const char *p = dflt;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], name) && i + 1 < argc)
			p = argv[++i];
		else if (!strncmp(argv[i], name, n) && argv[i][n] == '=')
			p = argv[i] + n + 1;
		else if (!strcmp(argv[i], "--"))
			break;
	}
	return p;
}

/* the options of one workload only, refused with the other */
static const struct {
	int id;
	const char *workload;
} only[] = {
    {O_TABLES, "oltp"},	   {O_TSIZE, "oltp"},  {O_FLUSH, "oltp"},      {O_MARIADBD, "oltp"},
    {O_INSTALL, "oltp"},   {O_CLIENT, "oltp"}, {O_WAREHOUSES, "tpcc"}, {O_MAXWAL, "tpcc"},
    {O_PGBIN, "tpcc"},	   {O_PGUSER, "tpcc"}, {O_LUA, "tpcc"},	       {O_ITEMS, "tpcc"},
    {O_CUSTOMERS, "tpcc"},
};

static const char *opt_name(int id)
{
	for (size_t i = 0; longopts[i].name; i++)
		if (longopts[i].val == id)
			return longopts[i].name;
	return "?";
}

static int check_workload_opts(const struct apps_opts *o, const bool *given, char *err,
			       size_t errlen)
{
	for (size_t i = 0; i < sizeof(only) / sizeof(only[0]); i++) {
		if (given[only[i].id - O_DEV] && strcmp(o->workload, only[i].workload)) {
			snprintf(err, errlen, "--%s belongs to the %s workload; --workload is %s",
				 opt_name(only[i].id), only[i].workload, o->workload);
			return -EINVAL;
		}
	}
	if (!strcmp(o->workload, "tpcc") && given[O_PORT - O_DEV] && !o->port_base) {
		snprintf(err, errlen, "--port-base 0: tpcc's servers need a port (1 to 65535)");
		return -EINVAL;
	}
	return 0;
}

static int check_opts(struct apps_opts *o, char *err, size_t errlen)
{
	if (!o->dev) {
		snprintf(err, errlen, "--dev DEV is required");
		return -EINVAL;
	}
	if (!o->out) {
		snprintf(err, errlen, "--out DIR is required");
		return -EINVAL;
	}
	if (strcmp(o->fs, "auto") && strcmp(o->fs, "xfs") && strcmp(o->fs, "ext4")) {
		snprintf(err, errlen, "--fs %s: auto, xfs or ext4", o->fs);
		return -EINVAL;
	}
	if (o->port_base && o->port_base + o->instances - 1 > 65535) {
		snprintf(err, errlen, "--port-base %u: the last instance's port passes 65535",
			 o->port_base);
		return -EINVAL;
	}
	if (!o->yes) {
		snprintf(err, errlen,
			 "%s: making a filesystem destroys the drive's data; add --yes to go on",
			 o->dev);
		return -EPERM;
	}
	return 0;
}

int apps_opts_parse(int argc, char **argv, struct apps_opts *o, char *err, size_t errlen)
{
	unsigned long long n;
	int c, r = 0;

	bool given[O_END - O_DEV] = {false};

	memset(o, 0, sizeof(*o));
	o->profile = find_opt(argc, argv, "--profile", "quick");
	o->workload = find_opt(argc, argv, "--workload", "oltp");
	if (strcmp(o->profile, "quick") && strcmp(o->profile, "full")) {
		snprintf(err, errlen, "--profile %s: quick or full", o->profile);
		return -EINVAL;
	}
	if (!apps_workload_find(o->workload)) {
		snprintf(err, errlen, "--workload %s: oltp or tpcc", o->workload);
		return -EINVAL;
	}
	profile_defaults(o, !strcmp(o->profile, "full"));
	o->report_interval_s = 10;
	o->flush_method = "O_DIRECT";
	o->fs = "auto";
	o->mount_opts = "noatime";
	o->start_timeout_s = 300;
	o->stop_timeout_s = 600;
	o->mariadbd = "mariadbd";
	o->install_db = "mariadb-install-db";
	o->client = "mariadb";
	o->sysbench = "sysbench";
	o->pg_user = "postgres";

	optind = 1;
	opterr = 0;
	while (!r && (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (c >= O_DEV && c < O_END)
			given[c - O_DEV] = true;
		switch (c) {
		case 'h':
			return 1;
		case O_DEV:
			o->dev = optarg;
			break;
		case O_OUT:
			o->out = optarg;
			break;
		case O_YES:
			o->yes = true;
			break;
		case O_ALLOW:
			o->allow_mounted = true;
			break;
		case O_PROFILE:
			break; /* applied first */
		case O_INST:
			r = uint_arg("--instances", optarg, 1, APPS_MAX_INSTANCES, &n, err, errlen);
			o->instances = (unsigned int)n;
			break;
		case O_TABLES:
			r = uint_arg("--tables", optarg, 1, APPS_MAX_TABLES, &n, err, errlen);
			o->tables = (unsigned int)n;
			break;
		case O_TSIZE:
			r = uint_arg("--table-size", optarg, 1, APPS_MAX_TABLE_SIZE, &n, err,
				     errlen);
			o->table_size = n;
			break;
		case O_THREADS:
			r = uint_arg("--threads", optarg, 1, APPS_MAX_THREADS, &n, err, errlen);
			o->threads = (unsigned int)n;
			break;
		case O_WARMUP:
			r = uint_arg("--warmup", optarg, 0, APPS_MAX_SECONDS, &n, err, errlen);
			o->warmup_s = (unsigned int)n;
			break;
		case O_TIME:
			r = uint_arg("--time", optarg, 1, APPS_MAX_SECONDS, &n, err, errlen);
			o->time_s = (unsigned int)n;
			break;
		case O_RINT:
			r = uint_arg("--report-interval", optarg, 0, 86400, &n, err, errlen);
			o->report_interval_s = (unsigned int)n;
			break;
		case O_BP:
			r = size_arg("--buffer-pool", optarg, &o->buffer_pool, err, errlen);
			break;
		case O_FLUSH:
			o->flush_method = optarg;
			break;
		case O_SOPT:
			if (strncmp(optarg, "--", 2) || o->nserver_opts == APPS_MAX_SERVER_OPTS) {
				snprintf(err, errlen, "--server-opt %s: %s", optarg,
					 strncmp(optarg, "--", 2) ? "give it as --name=value"
								  : "too many");
				r = -EINVAL;
			} else {
				o->server_opts[o->nserver_opts++] = optarg;
			}
			break;
		case O_FS:
			o->fs = optarg;
			break;
		case O_MOPTS:
			o->mount_opts = optarg;
			break;
		case O_MNT:
			o->mnt = optarg;
			break;
		case O_PORT:
			r = uint_arg("--port-base", optarg, 0, 65535, &n, err, errlen);
			o->port_base = (unsigned int)n;
			break;
		case O_STT:
			r = uint_arg("--start-timeout", optarg, 1, 86400, &n, err, errlen);
			o->start_timeout_s = (unsigned int)n;
			break;
		case O_SPT:
			r = uint_arg("--stop-timeout", optarg, 1, 86400, &n, err, errlen);
			o->stop_timeout_s = (unsigned int)n;
			break;
		case O_MARIADBD:
			o->mariadbd = optarg;
			break;
		case O_INSTALL:
			o->install_db = optarg;
			break;
		case O_CLIENT:
			o->client = optarg;
			break;
		case O_SYSBENCH:
			o->sysbench = optarg;
			break;
		case O_WORKLOAD:
			break; /* applied first */
		case O_WAREHOUSES:
			r = uint_arg("--warehouses", optarg, 1, APPS_MAX_WAREHOUSES, &n, err,
				     errlen);
			o->warehouses = (unsigned int)n;
			break;
		case O_ITEMS:
			r = uint_arg("--items", optarg, 1, APPS_MAX_ITEMS, &n, err, errlen);
			o->items = (unsigned int)n;
			break;
		case O_CUSTOMERS:
			r = uint_arg("--customers", optarg, 1, APPS_MAX_CUSTOMERS, &n, err, errlen);
			o->customers = (unsigned int)n;
			break;
		case O_MAXWAL:
			r = size_arg("--max-wal-size", optarg, &o->max_wal_size, err, errlen);
			break;
		case O_PGBIN:
			o->pg_bindir = optarg;
			break;
		case O_PGUSER:
			o->pg_user = optarg;
			break;
		case O_LUA:
			o->tpcc_lua = optarg;
			break;
		default:
			snprintf(err, errlen, "%s: %s", argv[optind - 1],
				 optopt ? "needs a value" : "unknown option");
			r = -EINVAL;
		}
	}
	if (r)
		return r;
	if (optind < argc) {
		snprintf(err, errlen, "unexpected argument '%s'", argv[optind]);
		return -EINVAL;
	}
	r = check_workload_opts(o, given, err, errlen);
	return r ? r : check_opts(o, err, errlen);
}

const struct apps_workload *apps_workload_find(const char *name)
{
	if (!strcmp(name, apps_oltp.name))
		return &apps_oltp;
	if (!strcmp(name, apps_tpcc.name))
		return &apps_tpcc;
	return NULL;
}
