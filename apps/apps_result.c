// SPDX-License-Identifier: GPL-2.0-only
/*
 * apps_result.c - the oltp workload's result: <out>/apps.json, schema "ssdeng.apps.v1"
 * (record/apps.h; fields and units: docs/results-format.md), what apps_record.c fills for every
 * result and the oltp workload's own terms: its tables, their rows, the flush method, the space
 * model.
 */
#include "apps_record.h"

int apps_result_write(const struct apps_run *run, char *err, size_t errlen)
{
	struct apps_record *r;
	int rc = apps_record_new(&r, run, "oltp_read_write", err, errlen);

	if (!rc) {
		r->a.workload.tables = run->o->tables;
		r->a.workload.table_size = (long long)run->o->table_size;
		r->a.workload.flush_method = run->o->flush_method;
		r->a.space.row_bytes = (long long)APPS_ROW_BYTES;
		r->a.space.table_bytes = (long long)APPS_TABLE_BYTES;
		r->a.space.instance_bytes = (long long)APPS_INSTANCE_BYTES;
		r->a.space.margin_pct = APPS_MARGIN_PCT;
		rc = apps_record_write(r, run, err, errlen);
	}
	apps_record_free(r);
	return rc;
}
