/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * options.h - ssd-review's command line: every option of --help, parsed and checked on its own
 * (no file or device is looked at here; the catalogue checks suite, profile and sweep names,
 * drives.h the drives). Pure, so the rules have unit tests.
 */
#ifndef SSDENG_DRIVER_OPTIONS_H
#define SSDENG_DRIVER_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RV_MIB (1024ULL * 1024ULL)
#define RV_MIN_SPAN (16 * RV_MIB)

/* A list of strings, owned. */
struct rv_strv {
	char **v;
	size_t n;
};

/* The apps suite's sizes and durations (ssd-apps options); -1: not given (ssd-apps's profile,
 * or for warm-up and time the catalogue's timing). Seconds, rows. */
struct rv_apps_opts {
	long long instances, tables, table_size, threads, warmup_s, time_s, warehouses;
};

/* What the command line asks for. Every string is owned by the struct (rv_opts_free()). */
struct rv_opts {
	struct rv_strv argv; /* the command as given, argv[0] first */
	/* drives */
	struct rv_strv drives;	/* "LABEL=DEV" */
	struct rv_strv groups;	/* "NAME=[M:]DEV,[M:]DEV..." */
	struct rv_strv clients; /* "HOST[:PORT]=LABEL:DEV" */
	char *server_engine;	/* --server-engine, NULL for this host's path */
	char *clients_label;	/* --clients-label ("clients") */
	/* what to run */
	char *suite;	      /* "all" */
	char *profile;	      /* "full" */
	struct rv_strv sweep; /* --sweep; empty: the catalogue's default */
	uint64_t span;	      /* --span, bytes; 0 when not given */
	char *fc_seq_bs;      /* --fc-seq-bs, lower case; NULL: the catalogue's default */
	char *fc_rand_bs;     /* --fc-rand-bs */
	int *curve_points;    /* --curve-points, percent; NULL: the profile's */
	size_t ncurve_points;
	char *tq_points;	  /* --tq-points "all" / "diagonal"; NULL: the profile's */
	struct rv_strv only;	  /* --only test ids */
	struct rv_apps_opts apps; /* --apps-instances, --apps-tables, ... */
	/* engine */
	char *engine;	  /* "ssdeng", "io_uring_cmd", "sg", "libaio" */
	char *engine_opt; /* --engine-opt "OPT=VAL", NULL for the engine's default */
	/* output and control */
	char *out;	 /* --out ("results") */
	char *library;	 /* --library FILE: each drive's run added to the results library at the end
			  * (ssdreport library add, docs/library.md); NULL: none */
	char *catalogue; /* --catalogue FILE, NULL: catalogue_find() */
	char *status_dir;      /* --status DIR */
	char *purge, *confirm; /* --purge METHOD --confirm SERIAL */
	bool out_given;	       /* --out was on the command line */
	bool resume, overwrite, yes, allow_mounted, no_report, dry_run, help;
	bool no_live;		/* --no-live: no report while the run goes on (run/live.h) */
	long long live_every_s; /* --live-every S: between rebuilds while a test runs; 0: default */
	bool pts_no_purge;	/* --pts-no-purge: PTS tests without their purge (not compliant) */
	int pts_variant; /* --pts-variant: enum pts_variant (pts/variant.h), Enterprise default */
	bool pts_variant_given;
	char
	    *pts_sponsor; /* --pts-sponsor NAME: the PTS report header's test sponsor, NULL: none */
};

/**
 * rv_opts_parse() - parse @argv into @o (defaults first) and check what needs no file.
 * @argc, @argv: the command line, argv[0] the program
 * @o:           output; rv_opts_free() it also after a failure
 * @err, @errlen: on failure, the message: it names the option, the value and what was expected
 * Return: 0; -EINVAL for bad usage (exit status 2); -ENOMEM.
 */
int rv_opts_parse(int argc, char *const argv[], struct rv_opts *o, char *err, size_t errlen);

/**
 * rv_opts_check() - the rules between options (rv_opts_parse() ends with it): --status alone,
 * --resume or --overwrite, a drive (or --resume --out DIR alone), --client apart from
 * --drive/--group, --purge with --confirm on one --drive and without --resume.
 * @o:        the parsed options
 * @nshaping: how many options that shape the run's request were given (beside --out,
 *            --resume, --no-report, --no-live, --live-every, --yes, --allow-mounted,
 *            --dry-run)
 * @err, @errlen: the message
 * Return: 0, or -EINVAL.
 */
int rv_opts_check(const struct rv_opts *o, int nshaping, char *err, size_t errlen);

/** rv_opts_free() - release what rv_opts_parse() allocated. */
void rv_opts_free(struct rv_opts *o);

/**
 * rv_check_label() - a results directory name: letters, digits, '.', '_' and '-', starting with
 * a letter or a digit (a leading '.' hides it from ssdreport and ls, a leading '-' reads as an
 * option), at most 63 characters, and not "report" (the report's own directory).
 * Return: true when @label is one.
 */
bool rv_check_label(const char *label);

/* The message rv_check_label() failures print after "<what>: ". */
#define RV_LABEL_RULE                                                                              \
	"LABEL must be letters, digits, '.', '_' or '-', start with a letter or a digit, be at "   \
	"most 63 characters and not be 'report'"

#endif
