/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * files.h - the report's files: the one place the renderer's output reaches the file system.
 * render/ builds pages, tables and charts and writes them through the FILE *s opened here, into
 * the report being built (a temporary directory, report_dir.h); it opens, creates and inspects
 * no file itself (the Makefile's check-pipeline says so).
 */
#ifndef SSDREPORT_OUTPUT_FILES_H
#define SSDREPORT_OUTPUT_FILES_H

#include <stdio.h>

/**
 * sr_out_open() - open file @name ("tests/x.csv", relative) of report directory @dir.
 * @dir:  the report being built
 * @name: the file, relative to @dir
 * @mode: fopen()'s mode ("w", "r" to read back what the report wrote)
 *
 * Return: the stream, or NULL with errno set.
 */
FILE *sr_out_open(const char *dir, const char *name, const char *mode);

/**
 * sr_out_open_gz() - create file @name ("tests/x.csv.gz") of report directory @dir, written
 * gzip-compressed (zlib, level 6): what goes through the stream is what `zcat` gives back.
 * fclose() ends the gzip stream; it fails (EOF, errno set) when the compressed file could not
 * be written whole.
 *
 * Return: the stream, or NULL with errno set.
 */
FILE *sr_out_open_gz(const char *dir, const char *name);

/* sr_out_scratch() - an anonymous scratch file (deleted when closed), NULL with errno set. */
FILE *sr_out_scratch(void);

/* sr_out_mkdir() - directory @name of report directory @dir (already there is no error).
 * Return: 0 or -errno. */
int sr_out_mkdir(const char *dir, const char *name);

/* sr_out_size() - the size in bytes of file @name of @dir, -1 when it is not there. */
long sr_out_size(const char *dir, const char *name);

/**
 * sr_out_reuse_from() - let sr_out_chart_reuse() take charts from the report @prev (the one the
 * report being built replaces: a live rebuild's previous page); NULL: none (the default).
 */
void sr_out_reuse_from(const char *prev);

/**
 * sr_out_chart_reuse() - a chart's PNG and SVG taken from the report sr_out_reuse_from() named,
 * when its inputs there are this chart's byte for byte: @name.gp and @name.dat (a chart's script
 * reads its own .dat only), so the picture gnuplot would draw is the one already drawn.
 * @dir:  the report being built
 * @name: the chart, relative to @dir, without extension ("tests/precond-4k-randwrite")
 *
 * Return: 1 when taken (hard links, else copies); 0 when gnuplot must draw it.
 */
int sr_out_chart_reuse(const char *dir, const char *name);

#endif
