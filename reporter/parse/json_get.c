// SPDX-License-Identifier: GPL-2.0-only
/* json_get.c - optional members of the driver's JSON files (see json_get.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "parse/json_get.h"

json_object *sr_json_get(json_object *o, const char *key)
{
	json_object *v;

	if (!o || json_object_get_type(o) != json_type_object ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v; /* NULL for a JSON null */
}

const char *sr_json_str(json_object *o, const char *key)
{
	json_object *v = sr_json_get(o, key);

	return v && json_object_get_type(v) == json_type_string ? json_object_get_string(v) : NULL;
}

char *sr_json_strdup(json_object *o, const char *key, int *rc)
{
	const char *s = sr_json_str(o, key);
	char *c = s ? strdup(s) : NULL;

	if (s && !c)
		*rc = -ENOMEM;
	return c;
}

struct sr_value sr_json_num(json_object *o, const char *key)
{
	json_object *v = sr_json_get(o, key);
	enum json_type t = v ? json_object_get_type(v) : json_type_null;

	if (t == json_type_int || t == json_type_double)
		return sr_val(json_object_get_double(v));
	if (t == json_type_boolean) /* a flag counted as 0/1 */
		return sr_val(json_object_get_boolean(v) ? 1 : 0);
	return (struct sr_value){0, SR_ABSENT};
}
