/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * logstat.h - `ssdreport logstat FILE...`: per-file row counts, time range and per-direction
 * means of fio logs (a check and benchmark aid; not in --help).
 */
#ifndef SSDREPORT_LOGSTAT_H
#define SSDREPORT_LOGSTAT_H

/**
 * sr_logstat_main() - run the logstat subcommand.
 * @argc: argument count, argv[0] being "logstat".
 * @argv: "[--flags N] FILE...": --flags takes SR_LOGF_* bits (fio_log.h).
 *
 * Prints the header
 * "file,kind,rows,read_rows,write_rows,trim_rows,t_first_ms,t_last_ms,read_mean,write_mean,trim_mean"
 * and one CSV row per file; means are in the file's own unit (fio 3.x latency ns, fio 2.x us,
 * bw KiB/s), empty for a direction with no row. Every file is read before anything is printed:
 * on bad input stdout stays empty.
 *
 * Return: 0, 2 for bad input (usage, missing file, malformed line: one message on stderr
 * naming file and line), 1 for an internal failure.
 */
int sr_logstat_main(int argc, char **argv);

#endif
