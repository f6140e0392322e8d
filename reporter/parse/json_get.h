/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * json_get.h - reading optional members of the JSON files the driver writes (drive.json,
 * run.json) with json-c: a missing member, a JSON null and a member of another type all read as
 * absent, never as an error.
 */
#ifndef SSDREPORT_JSON_GET_H
#define SSDREPORT_JSON_GET_H

#include "model/model.h"

struct json_object;

/* sr_json_get() - member @key of object @o; NULL when @o is not an object, lacks it, or it is
 * null. */
struct json_object *sr_json_get(struct json_object *o, const char *key);

/* sr_json_str() - member @key as a string, NULL unless it is one (owned by @o). */
const char *sr_json_str(struct json_object *o, const char *key);

/* sr_json_strdup() - a copy of sr_json_str() (NULL when absent); sets *@rc to -ENOMEM when the
 * copy fails. */
char *sr_json_strdup(struct json_object *o, const char *key, int *rc);

/* sr_json_num() - member @key as a number (a boolean as 0 or 1); absent otherwise. */
struct sr_value sr_json_num(struct json_object *o, const char *key);

#endif
