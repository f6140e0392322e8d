// SPDX-License-Identifier: GPL-2.0-only
/*
 * library_cmd.c - `ssdreport library`: the results library (docs/library.md). The library file
 * itself is library/store.c's; this file reads the results as `ssdreport` does (the load stage,
 * the analysis) and hands each drive's rows to the store.
 */
#include <errno.h>
#include <getopt.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyse/analysis.h"
#include "cli/cli.h"
#include "cli/library_add.h"
#include "cli/library_cmd.h"
#include "cli/library_report.h"
#include "library/store.h"
#include "parse/inputs.h"
#include "parse/pts_rounds.h"

static const char usage[] =
    "usage: ssdreport library add [--library FILE] [--model TEXT] [--firmware TEXT]\n"
    "                 [--label NAME] [--catalogue FILE] [-q] RESULTS...\n"
    "       ssdreport library list [--library FILE] [--model TEXT] [--profile P] [--json]\n"
    "       ssdreport library remove [--library FILE] RUN\n"
    "       ssdreport library export [--library FILE] --csv DIR\n"
    "       ssdreport library report [--library FILE] -o DIR [--drive MODEL...] [--test ID...]\n"
    "                 [--title TEXT] [--no-charts] [-q]\n"
    "\n"
    "The results library keeps every review's headline figures in one SQLite file, or for a\n"
    "team in a PostgreSQL database, so a new drive is compared with every drive reviewed\n"
    "before it (docs/library.md).\n"
    "\n"
    "  add      add each drive of each RESULTS (ssd-review's results directory or drive folder,\n"
    "           or anyone's fio JSON) as one run: its identity (drive.json), its record\n"
    "           (run.json: manifest id, profile, span, host, fio and engine versions), its tests\n"
    "           and where their files are, and the figures the page's summary (its SNIA PTS\n"
    "           table's too) and curve table print, in base units. A run is keyed by its\n"
    "           manifest id (fio results without one: by their files' contents): adding it\n"
    "           again changes nothing, a resumed run replaces its earlier entry. Each run is\n"
    "           added in one transaction.\n"
    "           --model, --firmware, --label name anyone's fio results (they have no\n"
    "           drive.json; given with a review's results they override it)\n"
    "  list     the runs, newest first: number, date, model, label, firmware, profile, status,\n"
    "           host; --model TEXT (contained, any case), --profile P filter; --json prints\n"
    "           a JSON array with every field\n"
    "  remove   remove one run: RUN is its number (library list), its key, or its manifest id\n"
    "  export   runs.csv, tests.csv, figures.csv into DIR (one row per run, test, figure)\n"
    "  report   a page ranking every drive per headline figure (like with like: a profile\n"
    "           never ranked against another), each model's history; --drive MODEL\n"
    "           highlights drives, --test ID keeps only those summary entries\n"
    "\n"
    "The library: --library FILE, else $SSDENG_LIBRARY, else\n"
    "~/.local/share/ssdeng/library.sqlite (made when absent by add). FILE may be a\n"
    "postgresql://[USER@]HOST/DATABASE URI (libpq's): a shared library in that database,\n"
    "its tables made by the first add; put the password in ~/.pgpass, never printed.\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input (the library or a result named).\n";

enum {
	O_LIBRARY = 256,
	O_MODEL,
	O_FIRMWARE,
	O_PROFILE,
	O_JSON,
	O_CSV,
	O_CATALOGUE,
	O_DRIVE,
	O_TEST,
	O_TITLE,
	O_NOCHARTS
};

static const struct option opts[] = {
    {"library", required_argument, NULL, O_LIBRARY},
    {"model", required_argument, NULL, O_MODEL},
    {"firmware", required_argument, NULL, O_FIRMWARE},
    {"label", required_argument, NULL, 'l'},
    {"profile", required_argument, NULL, O_PROFILE},
    {"json", no_argument, NULL, O_JSON},
    {"csv", required_argument, NULL, O_CSV},
    {"catalogue", required_argument, NULL, O_CATALOGUE},
    {"output", required_argument, NULL, 'o'},
    {"drive", required_argument, NULL, O_DRIVE},
    {"test", required_argument, NULL, O_TEST},
    {"title", required_argument, NULL, O_TITLE},
    {"no-charts", no_argument, NULL, O_NOCHARTS},
    {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'},
    {0},
};

struct args {
	const char *library, *model, *firmware, *label, *profile, *csv, *catalogue, *out, *title;
	bool json, quiet, charts;
	const char **drives, **tests;
	size_t ndrives, ntests;
};

static int open_library(const struct args *a, bool create, struct lib **l)
{
	char where[PATH_MAX], err[1200];
	int rc = lib_default_location(a->library, where, sizeof(where));

	if (rc) {
		fprintf(stderr, "ssdreport: library: no library given (--library FILE or "
				"$SSDENG_LIBRARY) and no $HOME for the default\n");
		return 2;
	}
	rc = lib_open(where, create, l, err, sizeof(err));
	if (rc) {
		fprintf(stderr, "ssdreport: library: %s\n", err);
		return rc == -ENOMEM ? 1 : 2;
	}
	return 0;
}

/* One RESULTS argument: loaded and analysed as `ssdreport -o DIR RESULTS` does, each drive a run.
 */
static int add_one(struct lib *l, const struct args *a, const char *input, struct sr_diag *d)
{
	struct sr_model m = {0};
	struct sr_analysis an = {0};
	struct catalogue *cat = NULL;
	struct sr_lib_given given = {a->model, a->firmware, a->label};
	char note[4200] = "";
	int rc;

	rc = sr_cli_load_catalogue(a->catalogue, &input, 1, &cat, note, sizeof(note), d);
	if (!rc)
		rc = sr_inputs_load(&m, &input, 1, a->label, d);
	if (!rc)
		rc = sr_pts_rounds_load(&m, cat, d);
	if (!rc)
		rc = sr_analyse(&m, cat, &an, d);
	if (rc) {
		fprintf(stderr, "ssdreport: library add: %s\n", d->err[0] ? d->err : strerror(-rc));
		rc = sr_cli_exit_code(rc);
		goto out;
	}
	for (size_t dv = 0; dv < m.ndrives && !rc; dv++) {
		struct sr_lib_rows rows;
		const char *what;

		if (m.drives[dv].source)
			continue;
		rc = sr_lib_rows_of(&an, cat, dv, &given, &rows);
		if (rc) {
			fprintf(stderr, "ssdreport: library add: %s: %s\n", input, strerror(-rc));
			rc = rc == -ENOMEM ? 1 : 2;
			break;
		}
		rc = lib_add_run(l, &rows.run, rows.tests, rows.ntests, rows.figs, rows.nfigs,
				 &what);
		if (rc) {
			fprintf(stderr, "ssdreport: library add: %s\n", lib_error(l));
			rc = rc == -ENOMEM ? 1 : 2;
		} else if (!a->quiet) {
			char done[512];

			printf("%s run %lld: %s %s (%s, %s, %zu figure%s) from %s\n", what,
			       (long long)rows.run.id, rows.run.model ? rows.run.model : "?",
			       rows.run.label, rows.run.profile ? rows.run.profile : "no profile",
			       lib_run_partial(&rows.run)
				   ? lib_run_done_text(&rows.run, done, sizeof(done))
				   : rows.run.status,
			       rows.nfigs, rows.nfigs == 1 ? "" : "s", input);
		}
		sr_lib_rows_free(&rows);
	}
out:
	sr_analysis_free(&an);
	sr_model_free(&m);
	catalogue_free(cat);
	return rc;
}

static int cmd_add(struct lib *l, const struct args *a, char **in, int n)
{
	struct sr_diag d = {.stream = a->quiet ? NULL : stderr};

	sr_inputs_skip_series(true); /* the figures stored come from fio's JSON alone */
	for (int i = 0; i < n; i++) {
		int rc = add_one(l, a, in[i], &d);

		if (rc)
			return rc;
	}
	return 0;
}

static void json_add_str(json_object *o, const char *k, const char *v)
{
	json_object_object_add(o, k, v ? json_object_new_string(v) : NULL);
}

static void json_add_int(json_object *o, const char *k, int64_t v)
{
	json_object_object_add(o, k, v >= 0 ? json_object_new_int64(v) : NULL);
}

enum { L_RUN, L_STARTED, L_MODEL, L_LABEL, L_FIRMWARE, L_PROFILE, L_STATUS, L_HOST, L_NCOL };

/* One row of list's text table: @r's cells, or the header when @r is NULL; @id holds the number. */
static void list_cells(const struct lib_run *r, char *id, size_t idlen, char *done, size_t dlen,
		       const char *cell[L_NCOL])
{
	static const char *const head[L_NCOL] = {"run",	     "started", "model",  "label",
						 "firmware", "profile", "status", "host"};

	if (!r) {
		memcpy(cell, head, sizeof(head));
		return;
	}
	snprintf(id, idlen, "%lld", (long long)r->id);
	cell[L_RUN] = id;
	cell[L_STARTED] = r->started;
	cell[L_MODEL] = r->model;
	cell[L_LABEL] = r->label;
	cell[L_FIRMWARE] = r->firmware;
	cell[L_PROFILE] = r->profile;
	/* a run that is not a whole review says what it is, never "complete" */
	cell[L_STATUS] = lib_run_partial(r) ? lib_run_done_text(r, done, dlen) : r->status;
	cell[L_HOST] = r->host;
	for (int k = 0; k < L_NCOL; k++)
		if (!cell[k])
			cell[k] = "-";
}

/* The text table of list: each column as wide as its widest cell; the label shown beside the
 * model (two runs of one model, e.g. a reference drive at two limits, differ by it). */
static void print_table(const struct lib_run *runs, size_t n)
{
	const char *cell[L_NCOL];
	int w[L_NCOL] = {0};
	char id[24], done[512];

	for (size_t i = 0; i <= n; i++) {
		list_cells(i ? &runs[i - 1] : NULL, id, sizeof(id), done, sizeof(done), cell);
		for (int k = 0; k < L_NCOL; k++)
			if ((int)strlen(cell[k]) > w[k])
				w[k] = (int)strlen(cell[k]);
	}
	for (size_t i = 0; i <= n; i++) {
		list_cells(i ? &runs[i - 1] : NULL, id, sizeof(id), done, sizeof(done), cell);
		for (int k = 0; k < L_NCOL - 1; k++)
			printf("%-*s ", w[k], cell[k]);
		printf("%s\n", cell[L_NCOL - 1]);
	}
}

/* list's filters matched no run: a --profile no run has is a typo (exit 2, the library's
 * profiles named); a --model nothing contains is an answer, said on stderr. */
static int no_match(struct lib *l, const struct args *a)
{
	struct lib_run *all = NULL;
	char have[512] = "";
	size_t n = 0, len = 0;
	bool known = false;

	if (lib_list(l, NULL, NULL, &all, &n))
		return 0;
	for (size_t i = 0; i < n; i++) {
		const char *p = all[i].profile ? all[i].profile : "none";
		bool seen = false;

		known |= a->profile && !strcmp(p, a->profile);
		for (size_t j = 0; j < i && !seen; j++) /* each profile named once */
			seen = !strcmp(p, all[j].profile ? all[j].profile : "none");
		if (!seen && len < sizeof(have))
			len += (size_t)snprintf(have + len, sizeof(have) - len, "%s%s",
						len ? ", " : "", p);
	}
	lib_runs_free(all, n);
	if (a->profile && !known) {
		fprintf(stderr,
			"ssdreport: library list: --profile %s: no run of that profile (the "
			"library's: %s)\n",
			a->profile, n ? have : "none, it is empty");
		return 2;
	}
	fprintf(stderr, "ssdreport: library list: no run matches%s%s%s%s\n",
		a->model ? " --model " : "", a->model ? a->model : "",
		a->profile ? " --profile " : "", a->profile ? a->profile : "");
	return 0;
}

static int cmd_list(struct lib *l, const struct args *a)
{
	struct lib_run *runs = NULL;
	size_t n = 0;
	char done[512];
	int rc = lib_list(l, a->model, a->profile, &runs, &n);

	if (rc) {
		fprintf(stderr, "ssdreport: library list: %s\n", lib_error(l));
		return rc == -ENOMEM ? 1 : 2;
	}
	if (!n && (a->profile || a->model) && (rc = no_match(l, a)))
		return rc;
	if (a->json) {
		json_object *arr = json_object_new_array();

		for (size_t i = 0; i < n; i++) {
			json_object *o = json_object_new_object();
			const struct lib_run *r = &runs[i];

			json_add_int(o, "id", r->id);
			json_add_str(o, "run_key", r->run_key);
			json_add_str(o, "kind", r->kind);
			json_add_str(o, "status", r->status);
			json_add_str(o, "label", r->label);
			json_add_str(o, "model", r->model);
			json_add_str(o, "serial", r->serial);
			json_add_str(o, "firmware", r->firmware);
			json_add_str(o, "transport", r->transport);
			json_add_int(o, "capacity_bytes", r->capacity_bytes);
			json_add_int(o, "logical_block_bytes", r->logical_block_bytes);
			json_add_str(o, "manifest_id", r->manifest_id);
			json_add_str(o, "profile", r->profile);
			json_add_int(o, "span_bytes", r->span_bytes);
			json_add_str(o, "host", r->host);
			json_add_str(o, "fio_version", r->fio_version);
			json_add_str(o, "engine_version", r->engine_version);
			json_add_str(o, "started", r->started);
			json_add_str(o, "added", r->added);
			json_add_str(o, "source", r->source);
			json_add_int(o, "tests_planned", r->tests_planned);
			json_add_int(o, "tests_done", r->tests_done);
			json_add_str(o, "only_tests", r->only_tests);
			json_add_str(o, "partial",
				     lib_run_partial(r) ? lib_run_done_text(r, done, sizeof(done))
							: NULL);
			json_object_array_add(arr, o);
		}
		puts(json_object_to_json_string_ext(arr, JSON_C_TO_STRING_PRETTY |
							     JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(arr);
	} else {
		print_table(runs, n);
	}
	lib_runs_free(runs, n);
	return fflush(stdout) ? 1 : 0;
}

static int cmd_remove(struct lib *l, const char *run)
{
	struct lib_run r;
	int rc = lib_remove(l, run, &r);

	if (rc) {
		fprintf(stderr, "ssdreport: library remove: %s\n", lib_error(l));
		return rc == -ENOMEM ? 1 : 2;
	}
	printf("removed run %lld: %s %s (%s)\n", (long long)r.id, r.model ? r.model : "?", r.label,
	       r.started ? r.started : "no date");
	lib_run_free(&r);
	return 0;
}

int sr_library_main(int argc, char **argv)
{
	struct args a = {.charts = true, .title = "ssdeng results library"};
	const char *sub;
	struct lib *l = NULL;
	int c, rc;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		fputs(usage, argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	sub = argv[1];
	argc--;
	argv++;
	a.drives = calloc((size_t)argc + 1, sizeof(char *));
	a.tests = calloc((size_t)argc + 1, sizeof(char *));
	if (!a.drives || !a.tests)
		return 1;
	while ((c = getopt_long(argc, argv, "o:l:qh", opts, NULL)) != -1) {
		switch (c) {
		case O_LIBRARY:
			a.library = optarg;
			break;
		case O_MODEL:
			a.model = optarg;
			break;
		case O_FIRMWARE:
			a.firmware = optarg;
			break;
		case 'l':
			a.label = optarg;
			break;
		case O_PROFILE:
			a.profile = optarg;
			break;
		case O_JSON:
			a.json = true;
			break;
		case O_CSV:
			a.csv = optarg;
			break;
		case O_CATALOGUE:
			a.catalogue = optarg;
			break;
		case 'o':
			a.out = optarg;
			break;
		case O_DRIVE:
			a.drives[a.ndrives++] = optarg;
			break;
		case O_TEST:
			a.tests[a.ntests++] = optarg;
			break;
		case O_TITLE:
			a.title = optarg;
			break;
		case O_NOCHARTS:
			a.charts = false;
			break;
		case 'q':
			a.quiet = true;
			break;
		case 'h':
			fputs(usage, stdout);
			rc = 0;
			goto out;
		default:
			fputs(usage, stderr);
			rc = 2;
			goto out;
		}
	}
	rc = 2;
	if (!strcmp(sub, "add")) {
		if (optind >= argc)
			fputs("ssdreport: library add: expected at least one RESULTS\n", stderr);
		else if (!(rc = open_library(&a, true, &l)))
			rc = cmd_add(l, &a, argv + optind, argc - optind);
	} else if (!strcmp(sub, "list")) {
		if (optind < argc)
			fprintf(stderr, "ssdreport: library list: unexpected %s\n", argv[optind]);
		else if (!(rc = open_library(&a, false, &l)))
			rc = cmd_list(l, &a);
	} else if (!strcmp(sub, "remove")) {
		if (optind + 1 != argc)
			fputs("ssdreport: library remove: expected one RUN (see library list)\n",
			      stderr);
		else if (!(rc = open_library(&a, false, &l)))
			rc = cmd_remove(l, argv[optind]);
	} else if (!strcmp(sub, "export")) {
		if (!a.csv || optind < argc)
			fputs("ssdreport: library export: expected --csv DIR\n", stderr);
		else if (!(rc = open_library(&a, false, &l)) && (rc = lib_export_csv(l, a.csv))) {
			fprintf(stderr, "ssdreport: library export: %s\n", lib_error(l));
			rc = rc == -ENOMEM ? 1 : 2;
		}
	} else if (!strcmp(sub, "report")) {
		if (!a.out || optind < argc)
			fputs("ssdreport: library report: expected -o DIR\n", stderr);
		else if (!(rc = open_library(&a, false, &l)))
			rc = sr_library_report(l, &(struct sr_lib_report_opts){.outdir = a.out,
									       .title = a.title,
									       .charts = a.charts,
									       .quiet = a.quiet,
									       .drives = a.drives,
									       .ndrives = a.ndrives,
									       .tests = a.tests,
									       .ntests = a.ntests});
	} else {
		fprintf(stderr,
			"ssdreport: library: unknown subcommand %s (add, list, remove, export, "
			"report; see ssdreport library --help)\n",
			sub);
	}
out:
	lib_close(l);
	free(a.drives);
	free(a.tests);
	return rc;
}
