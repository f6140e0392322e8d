/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json.h - what every document of the record is made with: files read whole and written
 * atomically (write to NAME.tmp, rename over NAME, so a reader sees the old or the new file,
 * never half of one), JSON values built from C values (NULL becomes JSON null), and optional
 * members read back (a missing member, a JSON null and a member of another type all read as
 * absent, never as an error).
 */
#ifndef SSDENG_RECORD_JSON_H
#define SSDENG_RECORD_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

/**
 * rec_file_open() - @path opened for reading, refused unless it is a regular file. It is opened
 * with O_NONBLOCK (a FIFO without a writer blocks open(), a device is never read to its end),
 * checked with fstat(), and given back blocking.
 * @path: the file
 * @what: when @path is no regular file, what it is: "a directory", "a FIFO", "a socket", "a
 *        character device", "a block device" ("not a regular file" otherwise); may be NULL
 * Return: the descriptor (O_CLOEXEC), or -errno: -EISDIR for a directory, -EINVAL for any other
 * file that is not regular, open()'s error.
 */
int rec_file_open(const char *path, const char **what);

/**
 * rec_file_error() - why @path could not be read, for a person: "a FIFO, not a regular file" (a
 * socket, a character device, ...) when @rc is rec_file_open()'s -EINVAL, else strerror(-@rc).
 * @rc:  the negative errno of rec_file_open() or rec_file_read()
 * @out: the text; @len its size
 */
void rec_file_error(const char *path, int rc, char *out, size_t len);

/**
 * rec_file_read() - the whole of @path, NUL-terminated.
 * @path: a regular file (a directory is -EISDIR, a FIFO, socket or device -EINVAL: never opened
 *        blocking, rec_file_open())
 * @text: output, malloc'ed (the caller frees it); NULL on failure
 * @len:  output, bytes without the NUL (may be NULL)
 * Return: 0 or -errno.
 */
int rec_file_read(const char *path, char **text, size_t *len);

/**
 * rec_file_write() - replace @path with @len bytes of @data, atomically (@path.tmp renamed).
 * Return: 0 or -errno (-ENAMETOOLONG when @path.tmp does not fit PATH_MAX).
 */
int rec_file_write(const char *path, const char *data, size_t len);

/**
 * rec_json_write() - @obj as JSON into @path, atomically: indented by 2 spaces, '/' not
 * escaped, a newline at the end.
 * Return: 0 or -errno.
 */
int rec_json_write(const char *path, json_object *obj);

/**
 * rec_json_read() - parse the JSON file @path (one value; strict JSON).
 * @err, @errlen: why it could not be read: "PATH: No such file or directory",
 *                "PATH: not JSON (unexpected character at offset 12)"
 * @missing: output (may be NULL): true when the file does not exist
 * Return: a new object (the caller puts it), or NULL.
 */
json_object *rec_json_read(const char *path, bool *missing, char *err, size_t errlen);

/** rec_json_text() - a JSON string of @s, or JSON null (NULL) when @s is NULL. */
json_object *rec_json_text(const char *s);

/** rec_json_i64() - a JSON integer of @v, or JSON null when @v is negative (not known). */
json_object *rec_json_i64(long long v);

/** rec_json_get() - member @key of object @o; NULL when @o is no object, lacks it, or null. */
json_object *rec_json_get(json_object *o, const char *key);

/** rec_json_str() - member @key as a string (owned by @o), NULL unless it is one. */
const char *rec_json_str(json_object *o, const char *key);

/**
 * rec_json_strdup() - a copy of rec_json_str() (NULL when absent); sets *@rc to -ENOMEM when
 * the copy fails and leaves it alone otherwise.
 */
char *rec_json_strdup(json_object *o, const char *key, int *rc);

/**
 * rec_json_num() - member @key as a number (a boolean counts 0 or 1).
 * @v: output, untouched when absent
 * Return: true when @key is a number or a boolean.
 */
bool rec_json_num(json_object *o, const char *key, double *v);

/** rec_json_i64_or() - member @key as an integer, or @def when it is not a number. */
long long rec_json_i64_or(json_object *o, const char *key, long long def);

/**
 * rec_str_set() - replace the owned string *@field by a copy of @s (NULL clears it).
 * Return: 0 or -ENOMEM (the field is then NULL).
 */
int rec_str_set(char **field, const char *s);

#endif
