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
 * sr_out_gnuplot() - run gnuplot on @script in directory @dir (the files it names are relative
 * to it), stdin from /dev/null.
 * @dir:    where the script and its data lie
 * @script: the script's file name
 * @errfd:  where gnuplot's stderr goes; < 0: ours
 *
 * Return: 0; -EIO when gnuplot exits with a failure (or cannot be run: 127), -errno when it
 * cannot be started.
 */
int sr_out_gnuplot(const char *dir, const char *script, int errfd);

#endif
