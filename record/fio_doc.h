/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_doc.h - fio's output (a --output file, a round of a SNIA PTS test) as one json-c tree: its
 * last JSON document, found by the tolerant scanner (fio_json.h), for the programs that check or
 * sum a result rather than model it (ssd-review's result check and curve rates, pts/'s cells).
 * What the keys mean is fio_keys.h.
 */
#ifndef SSDENG_RECORD_FIO_DOC_H
#define SSDENG_RECORD_FIO_DOC_H

#include <stddef.h>

#include <json-c/json.h>

#include "record/fio_json.h"
#include "record/fio_keys.h"

struct rec_fio_doc {
	json_object *json; /* the last document: its members, "jobs" / "client_stats" arrays */
	struct rec_fio_version version; /* its "fio version" */
	size_t start, end; /* the text from the first document's '{' to after the last one's '}'
			    * (fio's JSON without the text around it) */
	size_t ndocs;	   /* documents read */
};

/**
 * rec_fio_doc_parse() - the fio JSON in @text (not modified).
 * @doc: output (rec_fio_doc_free())
 * @err: why there is none (REC_FIO_NO_DOCUMENT, REC_FIO_BAD_JSON, REC_FIO_NO_JOBS,
 *       REC_FIO_EMPTY_JOBS, and the message)
 * Return: 0, -EINVAL with @err set, -ENOMEM.
 */
int rec_fio_doc_parse(const char *text, size_t len, struct rec_fio_doc *doc,
		      struct rec_fio_error *err);

/**
 * rec_fio_doc_read() - rec_fio_doc_parse() of the file @path.
 * @err, @errlen: "PATH: No such file or directory", "PATH: byte 12: invalid JSON (...)"
 * Return: 0, -errno (the file), -EINVAL, -ENOMEM.
 */
int rec_fio_doc_read(const char *path, struct rec_fio_doc *doc, char *err, size_t errlen);

void rec_fio_doc_free(struct rec_fio_doc *doc);

#endif
