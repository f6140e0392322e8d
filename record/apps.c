// SPDX-License-Identifier: GPL-2.0-only
/* apps.c - apps.json and tpcc.json written and read (apps.h), both from one table of fields
 * (doc_fields.h) whose members carry the workloads they belong to. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/apps.h"
#include "record/doc_fields.h"
#include "record/json.h"

static const char *const schemas[REC_APPS_NWORKLOADS] = {
    [REC_APPS_OLTP] = REC_APPS_SCHEMA, [REC_APPS_TPCC] = REC_TPCC_SCHEMA};

const char *rec_apps_schema(enum rec_apps_workload w) { return schemas[w]; }

static void add(json_object *o, const char *k, json_object *v) { json_object_object_add(o, k, v); }

/* ---- the members written and read by functions of their own -------------------------------- */

static void schema_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)p;
	add(o, k, json_object_new_string(schemas[w]));
}

static int nothing_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)o, (void)k, (void)p, (void)w;
	return 0;
}

/* "134217728" -> integer; "O_DIRECT", "ON", "16MB" -> string */
static json_object *setting_value(const char *v)
{
	char *end;
	long long n;

	if (!v || !*v)
		return NULL;
	n = strtoll(v, &end, 10);
	return *end ? json_object_new_string(v) : json_object_new_int64(n);
}

static void settings_write(json_object *o, const char *k, const void *p, unsigned w)
{
	const struct rec_apps_instance *in = p;
	json_object *s = NULL;

	(void)w;
	if (in->settings) {
		s = json_object_new_object();
		for (size_t i = 0; i < in->nsettings; i++)
			add(s, in->settings[i].name, setting_value(in->settings[i].value));
	}
	add(o, k, s);
}

static int settings_read(json_object *o, const char *k, void *p, unsigned w)
{
	struct rec_apps_instance *in = p;
	json_object *s = rec_json_get(o, k);
	size_t n = 0;

	(void)w;
	if (!s || !json_object_is_type(s, json_type_object))
		return 0;
	if (!(in->settings = calloc(json_object_object_length(s) + 1, sizeof(*in->settings))))
		return -ENOMEM;
	json_object_object_foreach(s, key, val)
	{
		in->settings[n].name = key;
		in->settings[n++].value = val ? json_object_get_string(val) : NULL;
	}
	in->nsettings = n;
	return 0;
}

/* sysbench's latency histogram of struct rec_apps_figures @p: [[ms, count], ...] or null */
static void hist_write(json_object *o, const char *k, const void *p, unsigned w)
{
	const struct rec_apps_figures *f = p;
	json_object *a = NULL;

	(void)w;
	if (f->hist && f->nhist) {
		a = json_object_new_array();
		for (size_t i = 0; i < f->nhist; i++) {
			json_object *b = json_object_new_array();

			json_object_array_add(b, json_object_new_double(f->hist[i].value_ms));
			json_object_array_add(b, json_object_new_int64(f->hist[i].count));
			json_object_array_add(a, b);
		}
	}
	add(o, k, a);
}

static int hist_read(json_object *o, const char *k, void *p, unsigned w)
{
	struct rec_apps_figures *f = p;
	json_object *h = rec_json_get(o, k);
	size_t len;

	(void)w;
	if (!h || !json_object_is_type(h, json_type_array))
		return 0;
	len = json_object_array_length(h);
	if (!(f->hist = calloc(len + 1, sizeof(*f->hist))))
		return -ENOMEM;
	for (size_t i = 0; i < len; i++) {
		json_object *b = json_object_array_get_idx(h, i);

		f->hist[i].value_ms = json_object_get_double(json_object_array_get_idx(b, 0));
		f->hist[i].count = json_object_get_int64(json_object_array_get_idx(b, 1));
	}
	f->nhist = len;
	return 0;
}

static void server_opts_write(json_object *o, const char *k, const void *p, unsigned w)
{
	const struct rec_apps *a = p;
	json_object *so = json_object_new_array();

	(void)w;
	for (size_t i = 0; i < a->workload.nserver_opts; i++)
		json_object_array_add(so, rec_json_text(a->workload.server_opts[i]));
	add(o, k, so);
}

static int server_opts_read(json_object *o, const char *k, void *p, unsigned w)
{
	struct rec_apps *a = p;
	json_object *so = rec_json_get(o, k);
	const char **v;
	size_t n;

	(void)w;
	if (!so || !json_object_is_type(so, json_type_array))
		return 0;
	n = json_object_array_length(so);
	if (!(v = calloc(n + 1, sizeof(*v))))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		v[i] = json_object_get_string(json_object_array_get_idx(so, i));
	a->workload.server_opts = v;
	a->workload.nserver_opts = n;
	return 0;
}

static void mix_write(json_object *o, const char *k, const void *p, unsigned w)
{
	const struct rec_apps *a = p;
	json_object *mix = json_object_new_object();

	(void)w;
	for (size_t i = 0; i < a->workload.nmix; i++)
		add(mix, a->workload.mix[i].name, rec_json_i64(a->workload.mix[i].pct));
	add(o, k, mix);
}

static int mix_read(json_object *o, const char *k, void *p, unsigned w)
{
	struct rec_apps *a = p;
	json_object *mix = rec_json_get(o, k);
	size_t n = 0;

	(void)w;
	if (!mix || !json_object_is_type(mix, json_type_object))
		return 0;
	if (!(a->workload.mix =
		  calloc(json_object_object_length(mix) + 1, sizeof(*a->workload.mix))))
		return -ENOMEM;
	json_object_object_foreach(mix, name, pct)
	{
		a->workload.mix[n].name = name;
		a->workload.mix[n++].pct = pct ? json_object_get_int64(pct) : -1;
	}
	a->workload.nmix = n;
	return 0;
}

/* new_orders_per_min and types of struct rec_tpcc_figures @p (tpcc.h) */
static void tpcc_write(json_object *o, const char *k, const void *p, unsigned w)
{
	(void)k, (void)w;
	rec_tpcc_figures_add(o, p);
}

static int tpcc_read(json_object *o, const char *k, void *p, unsigned w)
{
	(void)k, (void)w;
	return rec_tpcc_figures_of(o, p);
}

static void consistency_write(json_object *o, const char *k, const void *p, unsigned w)
{
	const struct rec_apps_instance *in = p;

	(void)w;
	add(o, k,
	    in->checked ? rec_tpcc_consistency_json(in->consistency, in->nconsistency) : NULL);
}

static int consistency_read(json_object *o, const char *k, void *p, unsigned w)
{
	struct rec_apps_instance *in = p;
	json_object *c = rec_json_get(o, k);

	(void)w;
	if (!c || !json_object_is_type(c, json_type_array))
		return 0;
	in->checked = true;
	return rec_tpcc_consistency_of(c, &in->consistency, &in->nconsistency);
}

/* the JSON Schema of each member written by functions of its own */
static const struct rec_field_custom
    schema_oltp = {schema_write, nothing_read, "\"schema\": {\"const\": \"" REC_APPS_SCHEMA "\"}"},
    schema_tpcc = {schema_write, nothing_read, "\"schema\": {\"const\": \"" REC_TPCC_SCHEMA "\"}"},
    settings = {settings_write, settings_read,
		"\"settings\": {\"type\": [\"object\", \"null\"], \"additionalProperties\": "
		"{\"type\": [\"string\", \"integer\", \"null\"]}}"},
    hist = {hist_write, hist_read,
	    "\"histogram\": {\"type\": [\"array\", \"null\"], \"items\": {\"type\": "
	    "\"array\", \"minItems\": 2, \"maxItems\": 2, \"items\": [{\"type\": "
	    "\"number\"}, {\"type\": \"integer\", \"minimum\": 0}]}, \"description\": "
	    "\"[ms, count] ascending\"}"},
    server_opts = {server_opts_write, server_opts_read,
		   "\"server_opts\": {\"type\": \"array\", \"items\": {\"type\": \"string\"}}"},
    mix = {mix_write, mix_read,
	   "\"mix_pct\": {\"type\": \"object\", \"additionalProperties\": false, "
	   "\"required\": [\"new_order\", \"payment\", \"order_status\", \"delivery\", "
	   "\"stock_level\"], \"properties\": {\"new_order\": {\"type\": \"integer\"}, "
	   "\"payment\": {\"type\": \"integer\"}, \"order_status\": {\"type\": "
	   "\"integer\"}, \"delivery\": {\"type\": \"integer\"}, \"stock_level\": "
	   "{\"type\": \"integer\"}}}"},
    tpcc = {tpcc_write, tpcc_read,
	    "\"new_orders_per_min\": {\"type\": [\"number\", \"null\"], \"minimum\": 0, "
	    "\"description\": \"min^-1\"}, \"types\": {\"type\": \"object\", "
	    "\"additionalProperties\": false, \"required\": [\"new_order\", \"payment\", "
	    "\"order_status\", \"delivery\", \"stock_level\"], \"properties\": "
	    "{\"new_order\": {\"$ref\": \"#/definitions/type\"}, \"payment\": {\"$ref\": "
	    "\"#/definitions/type\"}, \"order_status\": {\"$ref\": "
	    "\"#/definitions/type\"}, \"delivery\": {\"$ref\": \"#/definitions/type\"}, "
	    "\"stock_level\": {\"$ref\": \"#/definitions/type\"}}, \"description\": "
	    "\"TPC-C's five transactions, each one's figures\"}"},
    consistency = {consistency_write, consistency_read,
		   "\"consistency\": {\"type\": [\"array\", \"null\"], \"minItems\": 4, "
		   "\"maxItems\": 4, \"items\": {\"type\": \"object\", \"additionalProperties\": "
		   "false, \"required\": [\"condition\", \"what\", \"checked\", \"violations\", "
		   "\"holds\", \"examples\"], \"properties\": {\"condition\": {\"type\": "
		   "\"integer\", \"minimum\": 1, \"maximum\": 4}, \"what\": {\"type\": "
		   "[\"string\", \"null\"]}, \"checked\": {\"type\": \"integer\", \"minimum\": "
		   "0}, \"violations\": {\"type\": \"integer\", \"minimum\": 0}, \"holds\": "
		   "{\"type\": \"boolean\"}, \"examples\": {\"type\": [\"string\", \"null\"]}}}, "
		   "\"description\": \"TPC-C's conditions 1-4; null when not checked\"}"};

/* tpcc.json's definitions: a transaction type's figures (record/tpcc.c) */
#define TPCC_DEFINITIONS                                                                           \
	"\"type\": {\"type\": \"object\", \"additionalProperties\": false, "                       \
	"\"required\": [\"done\", \"rolled_back\", \"retries\", \"deadlocks\", "                   \
	"\"serialization_failures\", \"tps\", \"latency_ms\"], \"properties\": "                   \
	"{\"done\": {\"type\": \"integer\", \"minimum\": 0}, \"rolled_back\": "                    \
	"{\"type\": \"integer\", \"minimum\": 0}, \"retries\": {\"type\": \"integer\", "           \
	"\"minimum\": 0}, \"deadlocks\": {\"type\": \"integer\", \"minimum\": 0}, "                \
	"\"serialization_failures\": {\"type\": \"integer\", \"minimum\": 0}, \"tps\": "           \
	"{\"type\": [\"number\", \"null\"], \"description\": \"1/s\"}, \"latency_ms\": "           \
	"{\"type\": \"object\", \"additionalProperties\": false, \"required\": "                   \
	"[\"avg\", \"p99\", \"max\"], \"properties\": {\"avg\": {\"type\": "                       \
	"[\"number\", \"null\"], \"minimum\": 0}, \"p99\": {\"type\": [\"number\", "               \
	"\"null\"], \"minimum\": 0}, \"max\": {\"type\": [\"number\", \"null\"], "                 \
	"\"minimum\": 0}}}}}"

/* ---- the tables --------------------------------------------------------------------------- */

#define OLTP (1u << REC_APPS_OLTP)
#define TPCC (1u << REC_APPS_TPCC)
#define SOURCE_ENUM "\"enum\": [\"histogram\", \"sysbench\", \"none\", null]"
#define METHOD_ENUM "\"enum\": [\"merged-histogram\", \"max-of-instances\", \"none\", null]"
#define NONNEG "\"minimum\": 0" /* a latency: null or >= 0 */
#define COUNT "\"type\": \"integer\", \"minimum\": 1"
#define A(m) offsetof(struct rec_apps, m)
#define I(m) offsetof(struct rec_apps_instance, m)

static const struct rec_field inst_latency[] = {
    {"min", REC_FIELD_DOUBLE, I(f.lat_min_ms), "ms", .schema = NONNEG},
    {"avg", REC_FIELD_DOUBLE, I(f.lat_avg_ms), "ms", .schema = NONNEG},
    {"max", REC_FIELD_DOUBLE, I(f.lat_max_ms), "ms", .schema = NONNEG},
    {"p95", REC_FIELD_DOUBLE, I(f.lat_p95_ms), "ms", .schema = NONNEG},
    {"p99", REC_FIELD_DOUBLE, I(f.lat_p99_ms), "ms", .schema = NONNEG},
    {NULL}};

/* sysbench's figures of an instance's measured run: written when it has one (have_report) */
static const struct rec_field inst_report[] = {
    {"sysbench_version", REC_FIELD_TEXT_SET, I(sysbench_version)},
    {"threads", REC_FIELD_I64, I(threads)},
    {"tps", REC_FIELD_DOUBLE, I(f.tps), "1/s"},
    {"qps", REC_FIELD_DOUBLE, I(f.qps), "1/s"},
    {"transactions", REC_FIELD_I64, I(f.transactions)},
    {"queries", REC_FIELD_I64, I(f.queries)},
    {"reads", REC_FIELD_I64, I(reads)},
    {"writes", REC_FIELD_I64, I(writes)},
    {"others", REC_FIELD_I64, I(others)},
    {"errors", REC_FIELD_I64, I(f.errors)},
    {"reconnects", REC_FIELD_I64, I(f.reconnects)},
    {"time_s", REC_FIELD_DOUBLE, I(time_s), "s"},
    {"events", REC_FIELD_I64, I(events)},
    {"latency_ms", REC_FIELD_OBJECT, .sub = inst_latency},
    {"p95_source", REC_FIELD_TEXT, I(p95_source), .schema = SOURCE_ENUM},
    {"p99_source", REC_FIELD_TEXT, I(p99_source), .schema = SOURCE_ENUM},
    {"sysbench_percentile", REC_FIELD_DOUBLE, I(sysbench_percentile), "%"},
    {"sysbench_percentile_ms", REC_FIELD_DOUBLE, I(sysbench_percentile_ms), "ms"},
    {"histogram", REC_FIELD_CUSTOM, I(f), .custom = &hist},
    {NULL}};

/* the instance's files, relative to the test folder, under each workload's keys (copy: since
 * revision 2) */
#define FILE(m) I(files[REC_APPS_##m])
static const struct rec_field inst_files[] = {
    {"install", REC_FIELD_TEXT_SET, FILE(INSTALL_LOG), .variants = OLTP},
    {"install", REC_FIELD_TEXT_SET, FILE(INITDB_LOG), .variants = TPCC},
    {"copy", REC_FIELD_TEXT_SET, FILE(COPY_LOG), .since = 2},
    {"error_log", REC_FIELD_TEXT_SET, FILE(MARIADB_ERR), .variants = OLTP},
    {"server_log", REC_FIELD_TEXT_SET, FILE(POSTGRES_LOG), .variants = TPCC},
    {"prepare", REC_FIELD_TEXT_SET, FILE(PREPARE)},
    {"warmup", REC_FIELD_TEXT_SET, FILE(WARMUP)},
    {"run", REC_FIELD_TEXT_SET, FILE(RUN)},
    {"check", REC_FIELD_TEXT_SET, FILE(CHECK), .variants = TPCC},
    {NULL}};

static const struct rec_field instance[] = {
    {"id", REC_FIELD_INT, I(id), .schema = COUNT},
    {"datadir", REC_FIELD_TEXT, I(datadir)},
    {"socket", REC_FIELD_TEXT, I(socket)},
    {"port", REC_FIELD_INT, I(port), .flags = REC_FIELD_POSITIVE},
    {"port_asked", REC_FIELD_INT, I(port_asked), .flags = REC_FIELD_POSITIVE | REC_FIELD_OMIT},
    {"server_version", REC_FIELD_TEXT_SET, I(server_version)},
    {"settings", REC_FIELD_CUSTOM, 0, .custom = &settings},
    {"stop", REC_FIELD_TEXT_SET, I(stop)},
    {"report", REC_FIELD_GROUP, I(have_report), .sub = inst_report},
    {"files", REC_FIELD_OBJECT, .sub = inst_files},
    {"tpcc", REC_FIELD_CUSTOM, I(tpcc), .flags = REC_FIELD_OMIT, .variants = TPCC, .custom = &tpcc},
    {"consistency", REC_FIELD_CUSTOM, 0, .variants = TPCC, .custom = &consistency},
    {NULL}};

static const struct rec_field device[] = {
    {"given", REC_FIELD_TEXT, A(device.given)},
    {"block", REC_FIELD_TEXT_SET, A(device.block)},
    {"kind", REC_FIELD_TEXT_SET, A(device.kind)},
    {"size_bytes", REC_FIELD_I64, A(device.size_bytes), "bytes", REC_FIELD_POSITIVE},
    {"write_cache", REC_FIELD_TEXT_SET, A(device.write_cache), .since = 2,
     .schema = "\"enum\": [null, \"write back\", \"write through\"]"},
    {NULL}};

static const struct rec_field filesystem[] = {
    {"type", REC_FIELD_TEXT_SET, A(fs.type), .schema = "\"enum\": [null, \"xfs\", \"ext4\"]"},
    {"mkfs", REC_FIELD_TEXT_SET, A(fs.mkfs)},
    {"mount_point", REC_FIELD_TEXT_SET, A(fs.mount_point)},
    {"mount_options_requested", REC_FIELD_TEXT, A(fs.mount_options_requested)},
    {"mount_options", REC_FIELD_TEXT_SET, A(fs.mount_options)},
    {"super_options", REC_FIELD_TEXT_SET, A(fs.super_options)},
    {"size_bytes", REC_FIELD_I64, A(fs.size_bytes), "bytes"},
    {"available_bytes", REC_FIELD_I64, A(fs.available_bytes), "bytes"},
    {NULL}};

static const struct rec_field workload[] = {
    {"tool", REC_FIELD_TEXT, A(workload.tool), .schema = "\"const\": \"sysbench\""},
    {"test", REC_FIELD_TEXT, A(workload.test), .variants = OLTP,
     .schema = "\"const\": \"oltp_read_write\""},
    {"test", REC_FIELD_TEXT, A(workload.test), .variants = TPCC,
     .schema = "\"const\": \"tpcc.lua\""},
    {"script", REC_FIELD_TEXT_SET, A(workload.script), "the script's path", .variants = TPCC},
    {"profile", REC_FIELD_TEXT, A(workload.profile), .schema = "\"type\": \"string\""},
    {"instances", REC_FIELD_I64, A(workload.instances), .schema = COUNT},
    {"warehouses", REC_FIELD_I64, A(workload.warehouses), .variants = TPCC, .schema = COUNT},
    {"items", REC_FIELD_I64, A(workload.items), .variants = TPCC, .schema = COUNT},
    {"customers_per_district", REC_FIELD_I64, A(workload.customers_per_district), .variants = TPCC,
     .schema = COUNT},
    {"tables", REC_FIELD_I64, A(workload.tables), .variants = OLTP, .schema = COUNT},
    {"table_size", REC_FIELD_I64, A(workload.table_size), .variants = OLTP, .schema = COUNT},
    {"threads", REC_FIELD_I64, A(workload.threads), .schema = COUNT},
    {"warmup_s", REC_FIELD_I64, A(workload.warmup_s), "s", .schema = "\"minimum\": 0"},
    {"time_s", REC_FIELD_I64, A(workload.time_s), "s", .schema = "\"minimum\": 1"},
    {"report_interval_s", REC_FIELD_I64, A(workload.report_interval_s), "s",
     .schema = "\"minimum\": 0"},
    {"percentile", REC_FIELD_I64, A(workload.percentile), "%"},
    {"histogram", REC_FIELD_BOOL, A(workload.histogram)},
    {"mix_pct", REC_FIELD_CUSTOM, 0, .variants = TPCC, .custom = &mix},
    {"new_order_rollback_pct", REC_FIELD_I64, A(workload.new_order_rollback_pct), "%",
     .variants = TPCC},
    {"think_times", REC_FIELD_BOOL, A(workload.think_times), .variants = TPCC,
     .schema = "\"const\": false"},
    {"buffer_pool_bytes", REC_FIELD_I64, A(workload.buffer_pool_bytes), "bytes",
     .schema = "\"minimum\": 1"},
    {"max_wal_size_bytes", REC_FIELD_I64, A(workload.max_wal_size_bytes), "bytes", .variants = TPCC,
     .schema = "\"minimum\": 1"},
    {"flush_method", REC_FIELD_TEXT, A(workload.flush_method), .variants = OLTP},
    {"server_opts", REC_FIELD_CUSTOM, 0, .custom = &server_opts},
    {"port_base", REC_FIELD_I64, A(workload.port_base), .flags = REC_FIELD_POSITIVE},
    {"pg_user", REC_FIELD_TEXT_SET, A(workload.pg_user), .variants = TPCC},
    {NULL}};

static const struct rec_field space[] = {
    {"estimate_bytes", REC_FIELD_I64, A(space.estimate_bytes), "bytes", REC_FIELD_POSITIVE},
    {"stock_row_bytes", REC_FIELD_I64, A(space.stock_row_bytes), "bytes", .variants = TPCC},
    {"customer_bytes", REC_FIELD_I64, A(space.customer_bytes), "bytes", .variants = TPCC},
    {"item_bytes", REC_FIELD_I64, A(space.item_bytes), "bytes", .variants = TPCC},
    {"row_bytes", REC_FIELD_I64, A(space.row_bytes), "bytes", .variants = OLTP},
    {"table_bytes", REC_FIELD_I64, A(space.table_bytes), "bytes", .variants = OLTP},
    {"instance_bytes", REC_FIELD_I64, A(space.instance_bytes), "bytes"},
    {"wal_pct", REC_FIELD_I64, A(space.wal_pct), "%", .variants = TPCC},
    {"margin_pct", REC_FIELD_I64, A(space.margin_pct), "%"},
    {NULL}};

static const struct rec_field memory[] = {
    {"need_bytes", REC_FIELD_I64, A(memory.need_bytes), "bytes", REC_FIELD_POSITIVE},
    {"available_bytes", REC_FIELD_I64, A(memory.available_bytes), "bytes", REC_FIELD_POSITIVE},
    {"server_bytes", REC_FIELD_I64, A(memory.server_bytes), "bytes"},
    {"connection_bytes", REC_FIELD_I64, A(memory.connection_bytes), "bytes"},
    {NULL}};

static const struct rec_field versions[] = {
    {"sysbench", REC_FIELD_TEXT_SET, A(sysbench_version)},
    {"mariadb", REC_FIELD_TEXT_SET, A(server_version), .variants = OLTP},
    {"postgresql", REC_FIELD_TEXT_SET, A(server_version), .variants = TPCC},
    {NULL}};

static const struct rec_field timings[] = {
    {"mkfs", REC_FIELD_DOUBLE, A(timings_s.mkfs), "s"},
    {"install", REC_FIELD_DOUBLE, A(timings_s.install), "s"},
    {"start", REC_FIELD_DOUBLE, A(timings_s.start), "s"},
    {"prepare", REC_FIELD_DOUBLE, A(timings_s.prepare), "s"},
    {"copy", REC_FIELD_DOUBLE, A(timings_s.copy), "s", .since = 2},
    {"warmup", REC_FIELD_DOUBLE, A(timings_s.warmup), "s"},
    {"run", REC_FIELD_DOUBLE, A(timings_s.run), "s"},
    {"check", REC_FIELD_DOUBLE, A(timings_s.check), "s", .variants = TPCC},
    {"stop", REC_FIELD_DOUBLE, A(timings_s.stop), "s"},
    {"total", REC_FIELD_DOUBLE, A(timings_s.total), "s"},
    {NULL}};

static const struct rec_field total_latency[] = {
    {"avg", REC_FIELD_DOUBLE, A(total.lat_avg_ms), "ms", .schema = NONNEG},
    {"max", REC_FIELD_DOUBLE, A(total.lat_max_ms), "ms", .schema = NONNEG},
    {"p95", REC_FIELD_DOUBLE, A(total.lat_p95_ms), "ms", .schema = NONNEG},
    {"p99", REC_FIELD_DOUBLE, A(total.lat_p99_ms), "ms", .schema = NONNEG},
    {NULL}};

static const struct rec_field total[] = {
    {"instances", REC_FIELD_I64, A(total_instances), .schema = COUNT},
    {"tps", REC_FIELD_DOUBLE, A(total.tps), "1/s"},
    {"qps", REC_FIELD_DOUBLE, A(total.qps), "1/s"},
    {"transactions", REC_FIELD_I64, A(total.transactions)},
    {"queries", REC_FIELD_I64, A(total.queries)},
    {"errors", REC_FIELD_I64, A(total.errors)},
    {"reconnects", REC_FIELD_I64, A(total.reconnects)},
    {"latency_ms", REC_FIELD_OBJECT, .sub = total_latency},
    {"avg_method", REC_FIELD_TEXT, A(avg_method),
     .schema = "\"enum\": [\"weighted-by-events\", null]"},
    {"p95_method", REC_FIELD_TEXT, A(p95_method), .schema = METHOD_ENUM},
    {"p99_method", REC_FIELD_TEXT, A(p99_method), .schema = METHOD_ENUM},
    {"histogram", REC_FIELD_CUSTOM, A(total), .custom = &hist},
    {"tpcc", REC_FIELD_CUSTOM, A(total_tpcc), .flags = REC_FIELD_OMIT, .variants = TPCC,
     .custom = &tpcc},
    {NULL}};

/* The document. Revision 2 added device.write_cache, memory and timings_s.copy (and an
 * instance's files.copy); a file of revision 1 reads them as not known. */
static const struct rec_field document[] = {
    {"schema", REC_FIELD_CUSTOM, 0, .variants = OLTP, .custom = &schema_oltp},
    {"schema", REC_FIELD_CUSTOM, 0, .variants = TPCC, .custom = &schema_tpcc},
    {"status", REC_FIELD_TEXT, A(status),
     .schema = "\"enum\": [\"done\", \"failed\", \"interrupted\", \"refused\"]"},
    {"failed_step", REC_FIELD_TEXT_SET, A(failed_step),
     .schema = "\"enum\": [null, \"device\", \"programs\", \"space\", \"memory\", \"mkfs\", "
	       "\"install\", \"start\", \"prepare\", \"copy\", \"warmup\", \"run\", \"check\", "
	       "\"parse\", \"unmount\"]"},
    {"error", REC_FIELD_TEXT_SET, A(error)},
    {"started_at", REC_FIELD_TEXT, A(started_at), "UTC, ISO 8601"},
    {"device", REC_FIELD_OBJECT, .sub = device},
    {"filesystem", REC_FIELD_OBJECT, .sub = filesystem},
    {"workload", REC_FIELD_OBJECT, .sub = workload},
    {"space", REC_FIELD_OBJECT, .sub = space},
    {"memory", REC_FIELD_OBJECT, .since = 2, .sub = memory},
    {"versions", REC_FIELD_OBJECT, .sub = versions},
    {"timings_s", REC_FIELD_OBJECT, .sub = timings},
    {"instances", REC_FIELD_ARRAY, A(inst), .sub = instance, .count_off = A(ninst),
     .elem_size = sizeof(struct rec_apps_instance)},
    {"consistency_holds", REC_FIELD_TRIBOOL, A(consistency_holds), .variants = TPCC,
     .schema = "\"description\": \"every condition held on every instance; null when not "
	       "checked\""},
    {"total", REC_FIELD_OBJECT, .flags = REC_FIELD_WHEN, .sub = total, .when_off = A(have_total),
     .schema = "\"description\": \"null unless every instance has a report\""},
    {NULL}};

int rec_apps_write(const char *path, const struct rec_apps *a)
{
	return rec_fields_write_file(path, document, a, a->kind);
}

int rec_apps_read(const char *path, enum rec_apps_workload w, struct rec_apps *a, char *err,
		  size_t errlen)
{
	json_object *o;
	const char *schema;
	bool missing;
	int rc;

	memset(a, 0, sizeof(*a));
	if (!(o = rec_json_read(path, &missing, err, errlen)))
		return missing ? -ENOENT : -EINVAL;
	schema = rec_json_str(o, "schema");
	if (!schema || strcmp(schema, schemas[w]) || !rec_json_str(o, "status")) {
		snprintf(err, errlen,
			 "%s: expected an ssd-apps result: \"schema\": \"%s\" and a \"status\"",
			 path, schemas[w]);
		json_object_put(o);
		return -EINVAL;
	}
	a->doc = o;
	a->kind = w;
	rc = rec_fields_read(o, document, a, w, path, err, errlen);
	for (size_t i = 0; i < a->ninst; i++)
		a->inst[i].have_report = !isnan(a->inst[i].f.tps);
	if (rc)
		rec_apps_free(a);
	return rc;
}

json_object *rec_apps_schema_json(enum rec_apps_workload w)
{
	static const char *const title[REC_APPS_NWORKLOADS] = {
	    [REC_APPS_OLTP] = "<test folder>/apps.json: an ssd-apps run, MariaDB + sysbench OLTP "
			      "on the drive (" REC_APPS_SCHEMA ")",
	    [REC_APPS_TPCC] = "<test folder>/tpcc.json: an ssd-apps run, PostgreSQL + the "
			      "TPC-C-like tpcc.lua on the drive (" REC_TPCC_SCHEMA ")"};
	json_object *s, *t;

	s = rec_fields_doc_schema(
	    document, w, w == REC_APPS_OLTP ? "apps" : "tpcc", title[w],
	    "Generated from record/apps.c's table of fields (scripts/schema-sync): do not edit. "
	    "Latencies in ms, rates per second, sizes in bytes, durations in s; a figure not known "
	    "is null, never 0 (docs/results-format.md for every field).");
	if (s && w == REC_APPS_TPCC) {
		if (!(t = json_tokener_parse("{" TPCC_DEFINITIONS "}"))) {
			json_object_put(s);
			return NULL;
		}
		add(s, "definitions", t);
	}
	return s;
}

void rec_apps_free(struct rec_apps *a)
{
	if (a->doc) { /* only what rec_apps_read() allocated */
		for (size_t i = 0; i < a->ninst; i++) {
			free(a->inst[i].settings);
			free(a->inst[i].f.hist);
			free(a->inst[i].tpcc.types);
			free(a->inst[i].consistency);
		}
		free(a->inst);
		free(a->total.hist);
		free(a->total_tpcc.types);
		free((void *)a->workload.server_opts);
		free(a->workload.mix);
	}
	json_object_put(a->doc);
	memset(a, 0, sizeof(*a));
}
