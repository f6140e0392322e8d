/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * result.h - fio's output of one test: the JSON document cut from the text around it, checked
 * (jobs ran, no job reported an error), summed for the progress line, a curve's flat-out run
 * turned into a point's rate, and fio's client/server output split per host.
 */
#ifndef SSDENG_DRIVER_RESULT_H
#define SSDENG_DRIVER_RESULT_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

/* Where the JSON document lies in fio's output. */
struct rv_result_doc {
	size_t start, len; /* the document: from a line "{" to the last line "}" */
	size_t pre_len;	   /* text before it (engine or fio lines printed into the file) */
};

/**
 * rv_result_parse() - find, parse and check fio's JSON document in @text.
 * @text:    the --output file's text
 * @doc:     output: where the document is
 * @json:    output: the parsed document (the caller puts it), NULL on failure
 * @summary: output: "read 1,234 IOPS, write 56 IOPS" over the jobs (fio client/server: over
 *           the hosts, without "All clients"), rounded as the report prints them
 *           (rec_count_text())
 * @problem: on failure, what is wrong: "no JSON document in fio's output", "no job in fio's
 *           JSON", "job 4k-randread (host h1): error 5 (Input/output error)", "fio moved no
 *           data: ..." (io_bytes of every job's read, write and trim 0; a result without
 *           io_bytes is not refused for it)
 * Return: 0, or -EINVAL.
 */
int rv_result_parse(const char *text, struct rv_result_doc *doc, json_object **json, char *summary,
		    size_t slen, char *problem, size_t plen);

/**
 * rv_result_rate() - a curve point's rate_iops per job from the flat-out run @max: @pct
 * percent of its read and of its write IOPS, shared over its jobs (numjobs of each entry) and
 * entries (a group's drives, a client run's hosts: every job gets the same rate), rounded down
 * and at least 1 where the direction moved data.
 * @out: "read,write"
 * Return: 0, or -EINVAL when @max holds no job.
 */
int rv_result_rate(json_object *max, int pct, char *out, size_t len);

/**
 * rv_result_host() - one host's part of fio's client/server JSON: its client_stats entries
 * (not "All clients"), its "global options" (fio 3.33 prints one object, the last client's:
 * its filename becomes @node).
 * Return: a new object, or NULL when out of memory.
 */
json_object *rv_result_host(json_object *combined, const char *host, int port, const char *node);

#endif
