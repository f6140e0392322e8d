// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_opts.c - the command line of `ssd-apps run` and its profiles: `full` is the review's
 * workload (docs/METHODOLOGY.md §5), `quick` the same steps small enough for the emulated lab.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "record/size.h"

static const char usage[] =
    "Usage: ssd-apps run --dev DEV --out DIR [--yes] [options]\n"
    "Application workload on a drive: make a filesystem on DEV, start N MariaDB servers on it\n"
    "(each its own data directory, socket and port), create sysbench's OLTP tables, warm up,\n"
    "run sysbench oltp_read_write measured, stop the servers and unmount. DEV's data is\n"
    "destroyed: --yes is required.\n"
    "\n"
    "  --dev DEV            the drive: /dev/ngXnY (its /dev/nvmeXnY is used), /dev/nvmeXnY,\n"
    "                       /dev/sgN (its /dev/sdX is used), /dev/sdX, or another block device\n"
    "  --out DIR            results: DIR/apps.json (schema ssdeng.apps.v1), and per instance\n"
    "                       DIR/dbN/{prepare,warmup,run}.txt (sysbench's own output),\n"
    "                       mariadbd.err, install.log; DIR/mkfs.log. Created if missing.\n"
    "  --yes                destroy DEV's data (required)\n"
    "  --allow-mounted      skip the refusal of a DEV with a mounted filesystem, active swap or\n"
    "                       a device-mapper/md/bcache holder (mkfs will still fail on a busy DEV)\n"
    "  --profile P          quick (default) or full; the options below override it:\n"
    "                         quick: 2 instances, 4 tables × 10000 rows, 4 threads, 10 s warm-up,\n"
    "                                30 s measured, 16 MiB buffer pool\n"
    "                         full:  2 instances, 100 tables × 10000000 rows, 32 threads,\n"
    "                                7200 s warm-up, 3600 s measured, 4 GiB buffer pool\n"
    "  --instances N        MariaDB servers on the drive, run at once (1-16)\n"
    "  --tables N           sysbench --tables, per instance\n"
    "  --table-size N       sysbench --table-size (rows per table)\n"
    "  --threads N          sysbench --threads, per instance\n"
    "  --warmup S           seconds of unmeasured sysbench run before the measured one (0: none)\n"
    "  --time S             seconds measured\n"
    "  --report-interval S  sysbench --report-interval in the outputs (default 10; 0: off)\n"
    "  --buffer-pool SIZE   innodb_buffer_pool_size per instance (K/M/G suffixes)\n"
    "  --flush-method M     innodb_flush_method (default O_DIRECT: the page cache kept out)\n"
    "  --server-opt OPT     one more mariadbd option, as --name=value (repeatable)\n"
    "  --fs auto|xfs|ext4   filesystem (auto: XFS, ext4 where mkfs.xfs is missing)\n"
    "  --mount-opts O       mount -o (default noatime)\n"
    "  --mnt DIR            mount point (default: a new /tmp/ssd-apps.XXXXXX, removed after)\n"
    "  --port-base N        instance i listens on 127.0.0.1:N+i-1 (default 0: sockets only,\n"
    "                       --skip-networking; sysbench always uses the socket)\n"
    "  --start-timeout S    wait for a server to accept connections (default 300)\n"
    "  --stop-timeout S     wait after SIGTERM before SIGKILL (default 600)\n"
    "  --mariadbd P, --install-db P, --client P, --sysbench P\n"
    "                       the programs (default mariadbd, mariadb-install-db, mariadb,\n"
    "                       sysbench, from PATH)\n"
    "  -h, --help           this text\n"
    "\n"
    "Settings: every server gets --innodb-doublewrite=1 and --innodb-flush-log-at-trx-commit=1\n"
    "(durable commits, as a production server) besides the buffer pool and flush method; the\n"
    "values in effect are read back from each running server into apps.json.\n"
    "Space: before preparing, the tables' size is estimated (280 bytes per row with its index,\n"
    "8 MiB per table, 256 MiB per instance, +10%, measured on MariaDB 10.11) and a drive or\n"
    "filesystem that is too small fails the test naming both sizes; 'full' needs about 576 GiB\n"
    "for 2 instances. A disk-full error during the run fails it with the server's own lines.\n"
    "Percentiles: sysbench runs with --histogram and --percentile=99; each instance's p95 and\n"
    "p99 come from its histogram by sysbench's rule (p99 equals the one sysbench prints); the\n"
    "total's from the instances' histograms added together.\n"
    "Signals: SIGINT, SIGTERM and SIGHUP stop sysbench and the servers and unmount before exit.\n"
    "Runs as root (mkfs, mount). Programs: mariadb-server, sysbench, xfsprogs (Debian).\n"
    "Exit status: 0 done; 1 the workload failed (the message quotes the server's or sysbench's\n"
    "own lines; the drive is unmounted and no server left running); 2 bad usage or the device\n"
    "refused.\n";

const char *apps_usage(void) { return usage; }

/* the profiles; full is docs/METHODOLOGY.md §5 */
static void profile_defaults(struct apps_opts *o, bool full)
{
	o->instances = 2;
	o->tables = full ? 100 : 4;
	o->table_size = full ? 10000000 : 10000;
	o->threads = full ? 32 : 4;
	o->warmup_s = full ? 7200 : 10;
	o->time_s = full ? 3600 : 30;
	o->buffer_pool = full ? 4ULL << 30 : 16ULL << 20;
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
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* the profile is applied before the other options, whatever their order */
static const char *find_profile(int argc, char **argv)
{
	const char *p = "quick";
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--profile") && i + 1 < argc)
			p = argv[++i];
		else if (!strncmp(argv[i], "--profile=", 10))
			p = argv[i] + 10;
		else if (!strcmp(argv[i], "--"))
			break;
	}
	return p;
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

	memset(o, 0, sizeof(*o));
	o->profile = find_profile(argc, argv);
	if (strcmp(o->profile, "quick") && strcmp(o->profile, "full")) {
		snprintf(err, errlen, "--profile %s: quick or full", o->profile);
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

	optind = 1;
	opterr = 0;
	while (!r && (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
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
	return check_opts(o, err, errlen);
}
