// SPDX-License-Identifier: GPL-2.0-only
/* tpcc_json.c - ssd-apps's tpcc.json into the model (tpcc_json.h). */
#include <json.h>

#include "parse/apps_json.h"
#include "parse/json_get.h"
#include "parse/tpcc_json.h"

int sr_tpcc_json_load(const char *path, const char *id, struct sr_apps *a, struct sr_diag *d)
{
	int rc;
	json_object *o = sr_apps_result_open(path, SR_TPCC_SCHEMA, d, &rc), *w;

	if (!o)
		return rc;
	rc = sr_apps_result_read(o, path, id, a);
	if (!rc) {
		w = sr_json_get(o, "workload");
		a->warehouses = sr_json_num(w, "warehouses");
		a->items = sr_json_num(w, "items");
		a->customers = sr_json_num(w, "customers_per_district");
		a->server = sr_json_strdup(sr_json_get(o, "versions"), "postgresql", &rc);
	}
	json_object_put(o);
	return rc;
}
