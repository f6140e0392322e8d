// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_main.c - ssd-apps: the command line. `ssd-apps run …` parses the options (apps_opts.c)
 * and runs the test (apps_run.c).
 */
#include <stdio.h>
#include <string.h>

#include "apps.h"

int main(int argc, char **argv)
{
	struct apps_opts o;
	char err[1024];
	int r;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		fputs(apps_usage(), argc < 2 ? stderr : stdout);
		return argc < 2 ? APPS_EXIT_USAGE : APPS_EXIT_OK;
	}
	if (strcmp(argv[1], "run")) {
		fprintf(stderr, "ssd-apps: unknown command '%s' (run, --help)\n", argv[1]);
		return APPS_EXIT_USAGE;
	}
	r = apps_opts_parse(argc - 1, argv + 1, &o, err, sizeof(err));
	if (r == 1) {
		fputs(apps_usage(), stdout);
		return APPS_EXIT_OK;
	}
	if (r) {
		fprintf(stderr, "ssd-apps: %s\n", err);
		return APPS_EXIT_USAGE;
	}
	return apps_run(&o);
}
