// SPDX-License-Identifier: GPL-2.0-only
/*
 * rec_schemas.c - build/rec-schemas: prints the JSON Schema of a record document made from the
 * table of fields record/ writes and reads it with (record/doc_fields.h). docs/schemas/ holds
 * its output; scripts/schema-sync rewrites them, scripts/schema-sync --check compares.
 *   rec-schemas NAME     NAME: apps, tpcc, drive, status, run, engine-report; the schema on
 *                        stdout, exit 0
 *   rec-schemas --list   the names it knows, one a line
 */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "record/apps.h"
#include "record/drive.h"
#include "record/engine_report.h"
#include "record/run.h"
#include "record/status.h"

static json_object *apps(void) { return rec_apps_schema_json(REC_APPS_OLTP); }
static json_object *tpcc(void) { return rec_apps_schema_json(REC_APPS_TPCC); }

static const struct {
	const char *name;
	json_object *(*schema)(void);
} docs[] = {
    {"apps", apps},
    {"tpcc", tpcc},
    {"drive", rec_drive_schema_json},
    {"status", rec_status_schema_json},
    {"run", rec_run_schema_json},
    {"engine-report", rec_engine_report_schema_json},
};

static int usage(FILE *f, int rc)
{
	fprintf(
	    f,
	    "usage: rec-schemas NAME | --list | --help\n"
	    "  print the JSON Schema of record document NAME (apps, tpcc, drive, status, run,\n"
	    "  engine-report), made from the\n"
	    "  table of fields record/ writes and reads it with (docs/schemas/NAME.schema.json)\n");
	return rc;
}

int main(int argc, char **argv)
{
	json_object *s;

	if (argc != 2)
		return usage(stderr, 2);
	if (!strcmp(argv[1], "--help"))
		return usage(stdout, 0);
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		if (!strcmp(argv[1], "--list")) {
			puts(docs[i].name);
			continue;
		}
		if (strcmp(argv[1], docs[i].name))
			continue;
		if (!(s = docs[i].schema())) {
			fprintf(stderr, "rec-schemas: %s: a table's schema text is not JSON\n",
				argv[1]);
			return 1;
		}
		puts(json_object_to_json_string_ext(s, JSON_C_TO_STRING_PRETTY |
							   JSON_C_TO_STRING_SPACED |
							   JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(s);
		return 0;
	}
	if (!strcmp(argv[1], "--list"))
		return 0;
	fprintf(stderr,
		"rec-schemas: %s: no such document (apps, tpcc, drive, status, run, "
		"engine-report)\n",
		argv[1]);
	return 2;
}
