// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_json_fuzz.c - libFuzzer harness: arbitrary bytes as a fio JSON output file, through the
 * reporter's parser (sr_fio_json_parse(), both the last-document and every-document modes),
 * then the analysis and summary rows that read the model it builds.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/fio_json.h"
#include "analyse/results.h"
#include "render/summary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void consume(const struct sr_test *t, FILE *sink)
{
	struct sr_result *res = NULL;
	size_t nres = 0;

	if (sr_results_of_test(t, &res, &nres) == 0)
		sr_results_free(res, nres);
	sr_summary_rows(sink, "fuzz", t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	bool all = size > 0 && (data[0] & 1);
	struct sr_diag d = {.stream = NULL, .file = "fuzz"};
	struct sr_test *docs = NULL;
	size_t ndocs = 0;
	char *buf;

	if (!sink)
		sink = fopen("/dev/null", "w");
	/* the parser rewrites nan/inf in place: give it its own copy */
	buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	if (sr_fio_json_parse(buf, size, all, &docs, &ndocs, &d) == 0) {
		for (size_t i = 0; i < ndocs; i++) {
			if (sink)
				consume(&docs[i], sink);
			sr_test_free(&docs[i]);
		}
		free(docs);
	}
	free(buf);
	return 0;
}
