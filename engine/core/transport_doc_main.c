// SPDX-License-Identifier: GPL-2.0-only
/*
 * transport_doc_main.c - build/engine/transport-doc: print the transport registry
 * (core/transport_registry.h) as docs/engine.md lists it; scripts/transport-doc puts it there
 * and checks it.
 */
#include <stdio.h>
#include <string.h>

#include "core/transport_registry.h"

int main(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		puts("usage: transport-doc\n"
		     "Print the engine's transport registry as the markdown tables of "
		     "docs/engine.md\n(scripts/transport-doc writes and checks them there).");
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr,
			"transport-doc: unexpected argument '%s' (expected none or --help)\n",
			argv[1]);
		return 2;
	}
	if (ssd_transport_doc(stdout)) {
		perror("transport-doc: stdout");
		return 1;
	}
	return 0;
}
