// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_main.c - command line of ssdctl: parse, dispatch, print. The work is in
 * ssdctl_info.c, ssdctl_health.c, ssdctl_probe.c, ssdctl_cache.c (through libssdctl.h, as other
 * programs call them) and ssdctl_purge.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"

static const char usage_main[] =
    "Usage: ssdctl COMMAND DEV [OPTIONS]\n"
    "Drive identity, health and secure erase for NVMe and SCSI/SATA drives.\n"
    "\n"
    "Commands:\n"
    "  info DEV [--json]     identity: model, serial, firmware, capacity, LBA formats,\n"
    "                        optional commands (NVMe); INQUIRY, VPD pages, READ CAPACITY,\n"
    "                        ATA IDENTIFY for SATA (SCSI)\n"
    "  health DEV [--json]   wear and errors: NVMe SMART / Health log; SCSI LOG SENSE pages;\n"
    "                        ATA SMART attributes and Device Statistics for SATA\n"
    "  purge DEV --method M --confirm SERIAL [--ses user|crypto] [--dry-run]\n"
    "                        erase the whole drive (Format NVM, Sanitize, FORMAT UNIT)\n"
    "  probe PATH [--json]   what the host says about any path, without opening it: its\n"
    "                        kind, block device, ng/sg node, capacity, and what uses it\n"
    "  cache DEV [show|on|off] [--save] [--json]\n"
    "                        the drive's volatile write cache, read or set through the\n"
    "                        drive: NVMe Get/Set Features (FID 06h), SCSI and SATA the\n"
    "                        Caching mode page (08h) WCE bit\n"
    "\n"
    "DEV is an NVMe controller (/dev/nvme0), namespace (/dev/nvme0n1, /dev/ng0n1), a SCSI\n"
    "disk (/dev/sda) or SCSI generic node (/dev/sg0).\n"
    "Options:\n"
    "  -h, --help            this text; 'ssdctl COMMAND --help' describes a command\n"
    "Exit status: 0 done, 1 the drive or a command failed (also a write cache setting the\n"
    "drive refused), 2 bad usage (also a DEV that is missing or not one of the above),\n"
    "3 purge refused.\n"
    "JSON fields and units: engine/ctl/README.md (schemas ssdctl.info.v1, ssdctl.health.v1,\n"
    "ssdctl.probe.v1, ssdctl.cache.v1).\n"
    "Manual: man 8 ssdctl (from the tree: man -l man/ssdctl.8).\n";

static const char usage_info[] =
    "Usage: ssdctl info DEV [--json]\n"
    "Print the drive's identity. Values the drive does not report are 'not reported'\n"
    "(null in JSON), never 0.\n"
    "  NVMe: model, serial, firmware, PCI vendor and subsystem vendor ids, total NVM\n"
    "        capacity, MDTS, volatile write cache, optional commands (Compare, DSM,\n"
    "        Write Zeroes, Verify, Copy, Format NVM with user-data / crypto erase, Sanitize\n"
    "        block / crypto / overwrite) and every active namespace with its size and LBA\n"
    "        formats (data bytes, metadata bytes, relative performance, the one in use).\n"
    "  SCSI: INQUIRY vendor/product/revision, unit serial (VPD 80h), WWN and designators\n"
    "        (VPD 83h), Block Limits (B0h), rotation rate and form factor (B1h), logical\n"
    "        block provisioning (B2h), READ CAPACITY(16); for SATA behind SAT the SAT layer\n"
    "        (VPD 89h) and ATA IDENTIFY DEVICE (model, serial, firmware, TRIM, NCQ depth).\n"
    "Options:\n"
    "  --json      print JSON (schema ssdctl.info.v1) instead of text\n"
    "  -h, --help  this text\n";

static const char usage_health[] =
    "Usage: ssdctl health DEV [--json]\n"
    "Print temperature, wear and error counters. Values the drive does not report are\n"
    "'not reported' (null in JSON), never 0.\n"
    "  NVMe: SMART / Health Information log: temperature (deg C), percentage used, data\n"
    "        read/written (bytes), host read/write commands, power-on hours, power\n"
    "        cycles, unsafe shutdowns, media and data integrity errors, error log entries,\n"
    "        available spare, critical warnings.\n"
    "  SCSI: the LOG SENSE pages the device lists: temperature (0Dh), read/write error\n"
    "        counters (03h/02h), solid state media percentage used (11h), power-on time\n"
    "        (15h), informational exceptions (2Fh), self-test results (10h).\n"
    "  SATA: ATA SMART attributes and the Device Statistics log (power-on hours, sectors\n"
    "        written/read, temperature, percentage used) through ATA PASS-THROUGH(16).\n"
    "Options:\n"
    "  --json      print JSON (schema ssdctl.health.v1) instead of text\n"
    "  -h, --help  this text\n";

static const char usage_probe[] =
    "Usage: ssdctl probe PATH [--json]\n"
    "Say what PATH is, as the engine and ssdctl see it, from stat(2), sysfs and /proc only:\n"
    "no device is opened, so any user may run it, on any path. The kind (file, nvme-ng,\n"
    "nvme-ctrl, nvme-blk, scsi-sg, scsi-blk, blk, chr, other, missing), whether it is a\n"
    "partition, the block device, whole disk, ng or sg node and NVMe controller behind it,\n"
    "its capacity, the transport the engine picks with transport=auto, and every reason its\n"
    "block devices (the disk and each partition) are in use: mounted, an active swap area,\n"
    "or held by device mapper / md / bcache. Exit status 0 whatever PATH is.\n"
    "Options:\n"
    "  --json      print JSON (schema ssdctl.probe.v1) instead of text\n"
    "  -h, --help  this text\n";

static const char usage_purge[] =
    "Usage: ssdctl purge DEV --method METHOD --confirm SERIAL [--ses user|crypto] [--dry-run]\n"
    "Erase all user data of the drive, then print what was done.\n"
    "Refuses (exit 3) unless --confirm equals the drive's serial number, when any block\n"
    "device of the drive (every namespace and partition) is mounted, used as swap or held\n"
    "by device mapper / md, or when the drive does not support METHOD (the message lists\n"
    "the methods it supports). Waits for completion and prints progress.\n"
    "Options:\n"
    "  --method METHOD   format              NVMe Format NVM with Secure Erase Settings\n"
    "                                        (DEV a namespace: that namespace; the\n"
    "                                        controller: every active namespace)\n"
    "                    sanitize-block      NVMe Sanitize / SCSI SANITIZE, block erase\n"
    "                    sanitize-crypto     ... cryptographic erase\n"
    "                    sanitize-overwrite  ... overwrite, one pass of zeroes\n"
    "                    format-unit         SCSI FORMAT UNIT\n"
    "                    (NVMe Sanitize acts on the whole NVM subsystem)\n"
    "  --confirm SERIAL  the drive's serial number, as 'ssdctl info' prints it\n"
    "  --ses user|crypto Secure Erase Settings of --method format: user data erase\n"
    "                    (default) or cryptographic erase\n"
    "  --dry-run         run every check and print the plan; erase nothing\n"
    "  -h, --help        this text\n";

static const char usage_cache[] =
    "Usage: ssdctl cache DEV [show|on|off] [--save] [--json]\n"
    "Read (show, the default) or set the drive's volatile write cache, through the drive:\n"
    "  NVMe: Get Features / Set Features, Volatile Write Cache (Feature Identifier 06h), the\n"
    "        WCE bit; Identify Controller VWC says whether the drive has such a cache, Get\n"
    "        Features with SEL 011b whether the setting may be changed and saved.\n"
    "  SCSI: MODE SENSE(10) / MODE SELECT(10) of the Caching mode page (08h), the WCE bit:\n"
    "        the page's current values are sent back with WCE changed; the changeable\n"
    "        values say whether WCE may change, the page's PS bit whether it may be saved.\n"
    "        The kernel then rescans the disk, so it flushes the cache when it is on.\n"
    "  SATA: the same page, which the kernel's SAT layer turns into ATA SET FEATURES.\n"
    "on/off change the current setting only (Set Features SV 0, MODE SELECT SP 0): a power\n"
    "cycle or reset brings back the drive's saved one. Nothing is sent when the setting is\n"
    "already the one asked for. The setting is read back afterwards; a drive that refuses\n"
    "(or keeps its old setting) is an error naming its NVMe status or SCSI sense (exit 1).\n"
    "Options:\n"
    "  --save      also make it the drive's saved setting (SV 1 / SP 1), kept across power\n"
    "              cycles; many drives refuse it\n"
    "  --json      print JSON (schema ssdctl.cache.v1) instead of text\n"
    "  -h, --help  this text\n";

enum { OPT_JSON = 1, OPT_METHOD, OPT_CONFIRM, OPT_SES, OPT_DRY_RUN, OPT_SAVE, OPT_HELP = 'h' };

static int usage_error(const char *usage, const char *fmt, const char *arg)
{
	fprintf(stderr, "ssdctl: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage);
	return SSDCTL_EXIT_USAGE;
}

static int run_report(const char *cmd, const char *path, bool json)
{
	json_object *obj = NULL;
	char err[512];
	int r = !strcmp(cmd, "info")	 ? ssdctl_info_json(path, &obj, err, sizeof(err))
		: !strcmp(cmd, "health") ? ssdctl_health_json(path, &obj, err, sizeof(err))
					 : ssdctl_probe_json(path, &obj, err, sizeof(err));

	if (r != 0) {
		fprintf(stderr, "ssdctl %s: %s\n", cmd, err);
		return SSDCTL_EXIT_FAIL;
	}
	r = ssdctl_emit(obj, json, stdout);
	json_object_put(obj);
	return r ? SSDCTL_EXIT_FAIL : SSDCTL_EXIT_OK;
}

static int run_cache(const char *path, const char *action, bool save, bool json)
{
	enum ssdctl_cache_action a;
	json_object *obj = NULL;
	char err[512];
	int r, rc = SSDCTL_EXIT_OK;

	if (!action || !strcmp(action, "show"))
		a = SSDCTL_CACHE_SHOW;
	else if (!strcmp(action, "on"))
		a = SSDCTL_CACHE_ON;
	else if (!strcmp(action, "off"))
		a = SSDCTL_CACHE_OFF;
	else
		return usage_error(usage_cache, "cache: '%s': expected show, on or off", action);
	if (save && a == SSDCTL_CACHE_SHOW)
		return usage_error(usage_cache, "cache: --save goes with on or off%s", "");
	r = ssdctl_cache_json(path, a, save, &obj, err, sizeof(err));
	if (r != 0) {
		fprintf(stderr, "ssdctl cache: %s%s\n",
			r == SSDCTL_CACHE_REFUSED ? "refused: " : "", err);
		rc = SSDCTL_EXIT_FAIL;
	}
	if (obj && ssdctl_emit(obj, json, stdout))
		rc = SSDCTL_EXIT_FAIL;
	json_object_put(obj);
	return rc;
}

static int run_purge(const char *path, const struct ssdctl_purge_opts *o)
{
	struct ssdctl_dev d;
	char err[512];
	int rc;

	if (ssdctl_open(path, &d, err, sizeof(err)) != 0) {
		fprintf(stderr, "ssdctl purge: %s\n", err);
		return SSDCTL_EXIT_FAIL;
	}
	rc = ssdctl_purge(&d, o, stdout, err, sizeof(err));
	ssdctl_close(&d);
	if (rc == SSDCTL_EXIT_REFUSED)
		fprintf(stderr, "ssdctl purge: refused: %s\n", err);
	else if (rc != SSDCTL_EXIT_OK)
		fprintf(stderr, "ssdctl purge: failed: %s\n", err);
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"json", no_argument, NULL, OPT_JSON},
	    {"method", required_argument, NULL, OPT_METHOD},
	    {"confirm", required_argument, NULL, OPT_CONFIRM},
	    {"ses", required_argument, NULL, OPT_SES},
	    {"dry-run", no_argument, NULL, OPT_DRY_RUN},
	    {"save", no_argument, NULL, OPT_SAVE},
	    {"help", no_argument, NULL, OPT_HELP},
	    {0},
	};
	struct ssdctl_purge_opts po = {.ses = 1};
	const char *cmd, *usage, *method = NULL, *ses = NULL;
	bool json = false, purge, save = false;
	char err[512];
	int c;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fputs(usage_main, argc < 2 ? stderr : stdout);
		return argc < 2 ? SSDCTL_EXIT_USAGE : SSDCTL_EXIT_OK;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "info"))
		usage = usage_info;
	else if (!strcmp(cmd, "health"))
		usage = usage_health;
	else if (!strcmp(cmd, "purge"))
		usage = usage_purge;
	else if (!strcmp(cmd, "probe"))
		usage = usage_probe;
	else if (!strcmp(cmd, "cache"))
		usage = usage_cache;
	else
		return usage_error(usage_main, "unknown command '%s'", cmd);
	purge = usage == usage_purge;

	optind = 2;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case OPT_HELP:
			fputs(usage, stdout);
			return SSDCTL_EXIT_OK;
		case OPT_JSON:
			if (purge)
				return usage_error(
				    usage, "%s: --json is an option of info, health and probe",
				    cmd);
			json = true;
			break;
		case OPT_SAVE:
			if (usage != usage_cache)
				return usage_error(
				    usage, "%s: --save is an option of 'ssdctl cache'", cmd);
			save = true;
			break;
		case OPT_METHOD:
		case OPT_CONFIRM:
		case OPT_SES:
		case OPT_DRY_RUN:
			if (!purge)
				return usage_error(
				    usage, "%s: this option belongs to 'ssdctl purge'", cmd);
			if (c == OPT_METHOD)
				method = optarg;
			else if (c == OPT_CONFIRM)
				po.confirm = optarg;
			else if (c == OPT_SES)
				ses = optarg;
			else
				po.dry_run = true;
			break;
		default:
			fputs(usage, stderr);
			return SSDCTL_EXIT_USAGE;
		}
	}
	if (usage == usage_cache && optind == argc - 2) {
		if (!ssdctl_usable(argv[optind], err, sizeof(err))) {
			fprintf(stderr, "ssdctl %s: %s\n", cmd, err);
			return SSDCTL_EXIT_USAGE;
		}
		return run_cache(argv[optind], argv[optind + 1], save, json);
	}
	if (optind != argc - 1)
		return usage_error(
		    usage, optind >= argc ? "%s: DEV is missing" : "%s: exactly one DEV expected",
		    cmd);
	if (usage == usage_probe)
		return run_report(cmd, argv[optind], json);
	if (!ssdctl_usable(argv[optind], err, sizeof(err))) {
		fprintf(stderr, "ssdctl %s: %s\n", cmd, err);
		return SSDCTL_EXIT_USAGE;
	}
	if (usage == usage_cache)
		return run_cache(argv[optind], NULL, save, json);
	if (!purge)
		return run_report(cmd, argv[optind], json);

	if (!method)
		return usage_error(usage, "%s: --method is required", cmd);
	if (ssdctl_purge_method_parse(method, &po.method))
		return usage_error(
		    usage,
		    "--method '%s': expected format, sanitize-block, sanitize-crypto, "
		    "sanitize-overwrite or format-unit",
		    method);
	if (ses) {
		if (po.method != SSDCTL_PURGE_FORMAT)
			return usage_error(usage, "--ses '%s' applies only to --method format",
					   ses);
		if (!strcmp(ses, "user"))
			po.ses = 1;
		else if (!strcmp(ses, "crypto"))
			po.ses = 2;
		else
			return usage_error(usage, "--ses '%s': expected user or crypto", ses);
	}
	return run_purge(argv[optind], &po);
}
