/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * reason.h - why a test failed, in the words of whoever first said so: the engine's own line
 * ("ssdeng: /dev/ng0n1: ...") or fio's first error line, not the last lines of stderr (which
 * are fio's summary of the same failure, or a guess). Pure, over the text of fio's stderr.
 */
#ifndef SSDENG_DRIVER_REASON_H
#define SSDENG_DRIVER_REASON_H

#include <stdbool.h>
#include <stddef.h>

/**
 * rv_reason_line() - the first real message of fio's stderr: empty lines, the engine's
 * transport line ("ssdeng: F: nvme-uring, ..."), its notes ("ssdeng: F: note: ...", a
 * transport fallback "...; using nvme-ioctl"), fio's notes ("note: ...") and fio's own
 * "terminating on signal" are skipped (recognised by the one reader of their format,
 * core/transport_line.h; which transport drove the test is read from the engine's report,
 * record/engine_report.h, never from these lines).
 * @text: fio's stderr
 * @out, @len: the line (without its newline), truncated to @len
 * Return: true when there is one.
 */
bool rv_reason_line(const char *text, char *out, size_t len);

/**
 * rv_reason() - a failed test's reason for run.json and the report.
 * @text:   fio's stderr
 * @status: fio's wait status as an exit code: 0-127 its exit status, 128+N killed by signal N
 * @json_problem: what is wrong with fio's JSON output ("no job ran"), or NULL
 * @out, @len: "the first message", "fio died of SIGFPE (...): the first message", or, with no
 *             message at all, "fio exit 1 without a message" / the JSON problem
 */
void rv_reason(const char *text, int status, const char *json_problem, char *out, size_t len);

#endif
