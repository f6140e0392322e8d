/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_json.h - fio JSON / json+ output (any 3.x, 2.x where keys differ) into struct sr_test.
 *
 * The documents are found and walked by record/fio_json.h's scanner (text around and between
 * documents, several documents, nan/inf: tolerated there), and each job's figures read by
 * record/fio_keys.h's rules (fio 3.x *_ns latency keys and fio 2.x usec keys scaled to ns,
 * io_bytes in KiB before 2.21, percentile keys matched as numbers, "0.00" fillers ignored, job
 * options over global options with fio's defaults), the rules pts/ and ssd-review read fio's
 * JSON by. Here they become the model:
 *  - json+ "bins" kept (struct sr_bin) for exact percentiles;
 *  - client/server "client_stats" with hostname/port and the "All clients" entry;
 *  - a value the rules mark (nan/inf, a negative one: fio's wrapped unsigned arithmetic; an
 *    integer beyond 2^53) kept as SR_INVALID and warned, once per kind and file; the signed
 *    steady-state "slope" and the "criterion" of a slope check (ss=iops_slope:...) may be
 *    negative (a falling slope);
 *  - several documents: the last one (a warning), or all of them.
 * Each job object is parsed by json-c separately and dropped once converted, so memory holds the
 * file text plus one job tree, not the whole document tree.
 */
#ifndef SSDREPORT_FIO_JSON_H
#define SSDREPORT_FIO_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"
#include "model/model.h"

/**
 * sr_fio_json_parse() - parse fio JSON documents from a text buffer.
 * @buf:   the text; modified in place (nan/inf rewrite), need not be NUL-terminated
 * @len:   bytes in @buf
 * @all:   false: keep only the last document; true: keep every document (status-interval series)
 * @docs:  out: array of tests, one per document kept (id/path left NULL), caller frees each with
 *         sr_test_free() and the array with free()
 * @ndocs: out: number of documents in @docs (>= 1 on success)
 * @d:     diagnostics (errors name d->file)
 *
 * Return: 0; -EINVAL on bad input (no JSON document found, invalid JSON with the byte offset, a
 * document without jobs; the line is in d->err); -ENOMEM.
 */
int sr_fio_json_parse(char *buf, size_t len, bool all, struct sr_test **docs, size_t *ndocs,
		      struct sr_diag *d);

/**
 * sr_fio_json_load() - read a fio JSON file, keep its last document.
 * @path: file name
 * @t:    out: the test (t->path = @path, t->id = file name without directory and ".json")
 * @d:    diagnostics; sr_diag_file() is called with @path
 *
 * Return: 0; -errno when the file cannot be read (d->err says so); as sr_fio_json_parse().
 */
int sr_fio_json_load(const char *path, struct sr_test *t, struct sr_diag *d);

/**
 * sr_read_file() - read a whole file into a malloc'd buffer (NUL-terminated), rec_file_read():
 * a FIFO, socket or device is refused without blocking.
 * @path: file name
 * @buf:  out: the text
 * @len:  out: its length in bytes
 *
 * Return: 0 or -errno (-EINVAL: not a regular file).
 */
int sr_read_file(const char *path, char **buf, size_t *len);

/**
 * sr_read_error() - say why sr_read_file() failed: d->err "a FIFO, not a regular file" (a socket,
 * a character device, ...) or "cannot read: <strerror>", for the file sr_diag_file() named.
 * @path: the file
 * @rc:   sr_read_file()'s return
 * @d:    diagnostics
 *
 * Return: -EINVAL (sr_error()).
 */
int sr_read_error(const char *path, int rc, struct sr_diag *d);

#endif
