/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * folder.h - what a path given to ssdreport (or a folder ssd-review reports on) is, decided by
 * the record once for both programs: a results directory (ssd-review's OUT: its status.json,
 * or folders of drives), a drive folder (OUT/<label>: its run.json or drive.json, or any folder
 * of fio results: <test>.json, or any file holding fio's JSON by its content), a fio output file,
 * or one of the record's own documents.
 */
#ifndef SSDENG_RECORD_FOLDER_H
#define SSDENG_RECORD_FOLDER_H

#include <stddef.h>

enum rec_input {
	REC_INPUT_NONE,	       /* missing, empty, a report (REC_REPORT_MARKER), or no result */
	REC_INPUT_RESULTS,     /* a results directory: status.json (ssdeng.review-status.*), or
				* no result of its own and drive folders inside */
	REC_INPUT_DRIVE,       /* a drive folder: run.json, drive.json, or fio results
				* (<test>.json) of its own */
	REC_INPUT_FIO_FILE,    /* a file that is not one of the record's documents: fio's output */
	REC_INPUT_RECORD_FILE, /* run.json, drive.json (drive-<M>.json), status.json,
				* catalogue.json */
};

/**
 * rec_fio_file_kind() - what the file @path is to fio's reader, by its first 64 KiB whatever its
 * name (rec_fio_sniff()); never blocks (rec_file_open()).
 * @why: out: why it is not read when it is no fio JSON output, or cannot be read ("a FIFO, not a
 *       regular file", strerror())
 * Return: enum rec_fio_kind, or -errno (-EINVAL: not a regular file).
 */
int rec_fio_file_kind(const char *path, char *why, size_t whylen);

/** rec_input_kind() - what @path is (a directory's own files and its subfolders looked at). */
enum rec_input rec_input_kind(const char *path);

/** rec_input_name() - "a results directory", "a drive folder", "a fio output file", ... */
const char *rec_input_name(enum rec_input k);

/**
 * rec_results_drives() - the drive folders of results directory @dir that hold a drive's own
 * results, sorted by name (rec_names_cmp()): not hidden, not a report, and not a fio client run's
 * per-host copy (its run.json names the combined results' folder). The folders ssd-review reports
 * at the end of a run and ssdreport reads when given @dir.
 * @names: output, malloc'ed (rec_names_free())
 * Return: 0, -errno (@dir cannot be read), -ENOMEM.
 */
int rec_results_drives(const char *dir, char ***names, size_t *n);

void rec_names_free(char **names, size_t n);

/**
 * rec_names_cmp() - qsort() comparison of two `char *` names in the order a reader counts them:
 * digit runs by value (strverscmp(3): "e1s-2" before "e1s-10"), the rest byte by byte. The
 * order of drive folders and of the files in a folder wherever the record lists them.
 */
int rec_names_cmp(const void *a, const void *b);

/**
 * rec_input_catalogue() - the test catalogue that travels with input @path (rec_path_catalogue()):
 * a results directory's own, or a drive folder's results directory's (its parent, when that is
 * a results directory by rec_input_kind()), into @out (@len bytes).
 * Return: 0, -ENOENT (none: fio results from elsewhere, or a run made before the copy was
 * kept), -ENAMETOOLONG.
 */
int rec_input_catalogue(const char *path, char *out, size_t len);

#endif
