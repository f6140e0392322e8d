// SPDX-License-Identifier: GPL-2.0-only
/* telemetry.c - OUT/<label>/telemetry/<test>.jsonl appended and read back (telemetry.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/json.h"
#include "record/layout.h"
#include "record/telemetry.h"

static const struct {
	const char *key, *name;
} media_sources[REC_TEL_MEDIA_NSOURCES] = {
    [REC_TEL_MEDIA_NONE] = {NULL, ""},
    [REC_TEL_MEDIA_ENDURANCE_GROUP] = {"nvme-09h", "NVMe Endurance Group log (09h)"},
    [REC_TEL_MEDIA_FDP] = {"nvme-22h", "NVMe FDP statistics log (22h)"},
    [REC_TEL_MEDIA_OCP_C0] = {"ocp-c0h", "OCP SMART / Health extended log (C0h)"},
    [REC_TEL_MEDIA_SATA_ATTR] = {"sata-attribute", "SATA SMART vendor attribute"},
};

const char *rec_tel_media_source_name(enum rec_tel_media_source s)
{
	return (unsigned)s < REC_TEL_MEDIA_NSOURCES ? media_sources[s].name : "";
}

const char *rec_tel_media_source_key(enum rec_tel_media_source s)
{
	return (unsigned)s < REC_TEL_MEDIA_NSOURCES ? media_sources[s].key : NULL;
}

static enum rec_tel_media_source media_source_of(const char *key)
{
	for (unsigned i = 1; key && i < REC_TEL_MEDIA_NSOURCES; i++)
		if (!strcmp(key, media_sources[i].key))
			return (enum rec_tel_media_source)i;
	return REC_TEL_MEDIA_NONE;
}

void rec_tel_sample_init(struct rec_tel_sample *s)
{
	memset(s, 0, sizeof(*s));
	s->temperature_c = s->critical_warning = REC_TEL_NONE;
	for (int i = 0; i < REC_TEL_SENSORS; i++)
		s->sensors_c[i] = REC_TEL_NONE;
	s->tmt1_transitions = s->tmt2_transitions = REC_TEL_NONE;
	s->tmt1_seconds = s->tmt2_seconds = REC_TEL_NONE;
	s->warning_temp_minutes = s->critical_temp_minutes = REC_TEL_NONE;
	s->data_read_bytes = s->data_written_bytes = REC_TEL_NONE;
	s->media_errors = s->error_log_entries = REC_TEL_NONE;
	s->media_written_bytes = s->media_host_written_bytes = REC_TEL_NONE;
	s->media_pages = s->media_host_pages = REC_TEL_NONE;
}

/* A count, or null when not reported. */
static json_object *num(long long v) { return v == REC_TEL_NONE ? NULL : json_object_new_int64(v); }

static long long num_of(json_object *o, const char *key)
{
	json_object *m = rec_json_get(o, key);

	return m && json_object_is_type(m, json_type_int) ? json_object_get_int64(m) : REC_TEL_NONE;
}

static json_object *line_head(const char *kind, double t, const char *test, const char *member)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "schema", json_object_new_string(REC_TELEMETRY_SCHEMA));
	json_object_object_add(o, "kind", json_object_new_string(kind));
	json_object_object_add(o, "t", json_object_new_double(t));
	json_object_object_add(o, "test", rec_json_text(test));
	json_object_object_add(o, "member", rec_json_text(member));
	return o;
}

/* One object as one line at the end of @path, in one write(2) (O_APPEND). */
static int append_line(const char *path, json_object *o)
{
	size_t len;
	const char *s = json_object_to_json_string_length(
	    o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	char *buf = s ? malloc(len + 1) : NULL, dir[PATH_MAX], *slash;
	int fd, r = 0;
	ssize_t w;

	if (!buf)
		return -ENOMEM;
	memcpy(buf, s, len);
	buf[len] = '\n';
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd < 0 && errno == ENOENT && strlen(path) < sizeof(dir)) {
		strcpy(dir, path);
		if ((slash = strrchr(dir, '/'))) {
			*slash = '\0';
			if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
				r = -errno;
				goto out;
			}
		}
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	}
	if (fd < 0) {
		r = -errno;
		goto out;
	}
	do
		w = write(fd, buf, len + 1);
	while (w < 0 && errno == EINTR);
	if (w < 0)
		r = -errno;
	else if ((size_t)w != len + 1)
		r = -EIO;
	if (close(fd) < 0 && !r)
		r = -errno;
out:
	free(buf);
	return r;
}

int rec_telemetry_append(const char *path, const struct rec_tel_sample *s)
{
	json_object *o = line_head("sample", s->t, s->test, s->member), *a, *th, *m = NULL;
	bool any_sensor = false;
	int r;

	json_object_object_add(o, "part", rec_json_text(s->part));
	json_object_object_add(o, "transport", rec_json_text(s->transport));
	json_object_object_add(o, "error", rec_json_text(s->error));
	json_object_object_add(o, "cost_s", json_object_new_double(s->cost_s));
	json_object_object_add(o, "temperature_c", num(s->temperature_c));
	a = json_object_new_array();
	for (int i = 0; i < REC_TEL_SENSORS; i++) {
		json_object_array_add(a, num(s->sensors_c[i]));
		any_sensor |= s->sensors_c[i] != REC_TEL_NONE;
	}
	if (!any_sensor) {
		json_object_put(a);
		a = NULL;
	}
	json_object_object_add(o, "sensors_c", a);
	json_object_object_add(o, "critical_warning", num(s->critical_warning));
	th = json_object_new_object();
	json_object_object_add(th, "tmt1_transitions", num(s->tmt1_transitions));
	json_object_object_add(th, "tmt2_transitions", num(s->tmt2_transitions));
	json_object_object_add(th, "tmt1_seconds", num(s->tmt1_seconds));
	json_object_object_add(th, "tmt2_seconds", num(s->tmt2_seconds));
	json_object_object_add(th, "warning_temp_minutes", num(s->warning_temp_minutes));
	json_object_object_add(th, "critical_temp_minutes", num(s->critical_temp_minutes));
	json_object_object_add(o, "thermal", th);
	json_object_object_add(o, "data_read_bytes", num(s->data_read_bytes));
	json_object_object_add(o, "data_written_bytes", num(s->data_written_bytes));
	json_object_object_add(o, "media_errors", num(s->media_errors));
	json_object_object_add(o, "error_log_entries", num(s->error_log_entries));
	if (s->media_source != REC_TEL_MEDIA_NONE) {
		m = json_object_new_object();
		json_object_object_add(m, "source",
				       rec_json_text(rec_tel_media_source_key(s->media_source)));
		json_object_object_add(m, "bytes", num(s->media_written_bytes));
		json_object_object_add(m, "host_bytes", num(s->media_host_written_bytes));
		/* a page-counting SATA family's counts, and where a SATA count comes from: only
		 * when there are some, so an NVMe line reads as before */
		if (s->media_pages != REC_TEL_NONE || s->media_host_pages != REC_TEL_NONE) {
			json_object_object_add(m, "pages", num(s->media_pages));
			json_object_object_add(m, "host_pages", num(s->media_host_pages));
		}
		if (s->media_detail)
			json_object_object_add(m, "attribute", rec_json_text(s->media_detail));
	}
	json_object_object_add(o, "media_writes", m);
	r = append_line(path, o);
	json_object_put(o);
	return r;
}

int rec_telemetry_append_latmon(const char *path, const struct rec_tel_latmon *l)
{
	json_object *o = line_head("latency_monitor", l->t, l->test, l->member), *b;
	const long long *cols[] = {l->reads, l->writes, l->trims, l->thresholds_ms};
	const char *names[] = {"reads", "writes", "deallocates", "thresholds_ms"};
	int r;

	json_object_object_add(o, "status", rec_json_text(l->status));
	json_object_object_add(o, "message", rec_json_text(l->message));
	b = NULL;
	if (l->status && !strcmp(l->status, "read")) {
		b = json_object_new_object();
		for (int c = 0; c < 4; c++) {
			json_object *a = json_object_new_array();

			for (int i = 0; i < 4; i++)
				json_object_array_add(a, num(cols[c][i]));
			json_object_object_add(b, names[c], a);
		}
	}
	json_object_object_add(o, "buckets", b);
	r = append_line(path, o);
	json_object_put(o);
	return r;
}

static bool is_line(json_object *o, const char *kind)
{
	const char *schema = rec_json_str(o, "schema"), *k = rec_json_str(o, "kind");

	return schema && !strncmp(schema, "ssdeng.telemetry.", 17) && k && !strcmp(k, kind);
}

/* A sample line into @s (strings borrowed from @o). */
static void sample_of(json_object *o, struct rec_tel_sample *s)
{
	json_object *a = rec_json_get(o, "sensors_c"), *th = rec_json_get(o, "thermal");
	json_object *m = rec_json_get(o, "media_writes");
	double v = 0;

	rec_tel_sample_init(s);
	rec_json_num(o, "t", &s->t);
	s->test = rec_json_str(o, "test");
	s->part = rec_json_str(o, "part");
	s->member = rec_json_str(o, "member");
	s->transport = rec_json_str(o, "transport");
	s->error = rec_json_str(o, "error");
	if (rec_json_num(o, "cost_s", &v))
		s->cost_s = v;
	s->temperature_c = num_of(o, "temperature_c");
	for (size_t i = 0; a && json_object_is_type(a, json_type_array) && i < REC_TEL_SENSORS &&
			   i < json_object_array_length(a);
	     i++) {
		json_object *e = json_object_array_get_idx(a, i);

		if (e && json_object_is_type(e, json_type_int))
			s->sensors_c[i] = json_object_get_int64(e);
	}
	s->critical_warning = num_of(o, "critical_warning");
	s->tmt1_transitions = num_of(th, "tmt1_transitions");
	s->tmt2_transitions = num_of(th, "tmt2_transitions");
	s->tmt1_seconds = num_of(th, "tmt1_seconds");
	s->tmt2_seconds = num_of(th, "tmt2_seconds");
	s->warning_temp_minutes = num_of(th, "warning_temp_minutes");
	s->critical_temp_minutes = num_of(th, "critical_temp_minutes");
	s->data_read_bytes = num_of(o, "data_read_bytes");
	s->data_written_bytes = num_of(o, "data_written_bytes");
	s->media_errors = num_of(o, "media_errors");
	s->error_log_entries = num_of(o, "error_log_entries");
	if (m) {
		s->media_source = media_source_of(rec_json_str(m, "source"));
		s->media_written_bytes = num_of(m, "bytes");
		s->media_host_written_bytes = num_of(m, "host_bytes");
		s->media_pages = num_of(m, "pages");
		s->media_host_pages = num_of(m, "host_pages");
		s->media_detail = rec_json_str(m, "attribute");
	}
}

static void latmon_of(json_object *o, struct rec_tel_latmon *l)
{
	json_object *b = rec_json_get(o, "buckets");
	long long *cols[] = {l->reads, l->writes, l->trims, l->thresholds_ms};
	const char *names[] = {"reads", "writes", "deallocates", "thresholds_ms"};

	memset(l, 0, sizeof(*l));
	rec_json_num(o, "t", &l->t);
	l->test = rec_json_str(o, "test");
	l->member = rec_json_str(o, "member");
	l->status = rec_json_str(o, "status");
	l->message = rec_json_str(o, "message");
	for (int c = 0; c < 4; c++) {
		json_object *a = rec_json_get(b, names[c]);

		for (size_t i = 0; i < 4; i++) {
			json_object *e = a && json_object_is_type(a, json_type_array)
					     ? json_object_array_get_idx(a, i)
					     : NULL;

			cols[c][i] = e && json_object_is_type(e, json_type_int)
					 ? json_object_get_int64(e)
					 : REC_TEL_NONE;
		}
	}
	l->doc = o;
}

/* Each complete line of @text as an object into the array @docs. */
static int parse_lines(char *text, size_t len, json_object *docs)
{
	char *p = text, *end = text + len;

	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		json_object *o;

		if (!nl)
			break; /* a line cut short: not yet (or never) complete */
		*nl = '\0';
		o = json_tokener_parse(p);
		if (o && json_object_is_type(o, json_type_object))
			json_object_array_add(docs, o);
		else
			json_object_put(o);
		p = nl + 1;
	}
	return 0;
}

int rec_telemetry_read(const char *path, double from, double to, struct rec_tel_series *out,
		       char *err, size_t errlen)
{
	char *text;
	size_t len, n;
	int r;

	memset(out, 0, sizeof(*out));
	if ((r = rec_file_read(path, &text, &len)) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(-r));
		return r == -ENOENT ? -ENOENT : r;
	}
	out->docs = json_object_new_array();
	parse_lines(text, len, out->docs);
	free(text);
	n = json_object_array_length(out->docs);
	out->samples = calloc(n ? n : 1, sizeof(*out->samples));
	if (!out->samples) {
		rec_tel_series_free(out);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_array_get_idx(out->docs, i);
		double t = 0;

		rec_json_num(o, "t", &t);
		if ((from > 0 && t < from) || (to > 0 && t > to))
			continue;
		if (is_line(o, "sample")) {
			sample_of(o, &out->samples[out->n]);
			out->samples[out->n++].doc = o;
		} else if (is_line(o, "latency_monitor")) {
			if (!out->latmon && !(out->latmon = malloc(sizeof(*out->latmon)))) {
				rec_tel_series_free(out);
				return -ENOMEM;
			}
			latmon_of(o, out->latmon);
		}
	}
	return 0;
}

void rec_tel_series_free(struct rec_tel_series *s)
{
	free(s->samples);
	free(s->latmon);
	json_object_put(s->docs);
	memset(s, 0, sizeof(*s));
}

/* The telemetry file of @dir modified last, into @path. */
static int newest_file(const char *dir, char *path, size_t len)
{
	char tdir[PATH_MAX], p[PATH_MAX];
	struct timespec best = {0, 0};
	struct dirent *e;
	struct stat st;
	DIR *d;
	int found = 0;

	if ((size_t)snprintf(tdir, sizeof(tdir), "%s/" REC_TELEMETRY_DIR, dir) >= sizeof(tdir))
		return -ENAMETOOLONG;
	if (!(d = opendir(tdir)))
		return -errno;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (n < 7 || strcmp(e->d_name + n - 6, ".jsonl") ||
		    (size_t)snprintf(p, sizeof(p), "%s/%s", tdir, e->d_name) >= sizeof(p) ||
		    stat(p, &st) < 0 || !S_ISREG(st.st_mode))
			continue;
		if (!found || st.st_mtim.tv_sec > best.tv_sec ||
		    (st.st_mtim.tv_sec == best.tv_sec && st.st_mtim.tv_nsec > best.tv_nsec)) {
			best = st.st_mtim;
			if ((size_t)snprintf(path, len, "%s", p) >= len)
				continue;
			found = 1;
		}
	}
	closedir(d);
	return found ? 0 : -ENOENT;
}

/* How much of a file's end rec_telemetry_latest() reads: a sample line is under 1 KiB. */
#define TAIL_BYTES 16384

int rec_telemetry_latest(const char *dir, struct rec_tel_sample *out)
{
	char path[PATH_MAX], *buf = NULL;
	json_object *docs = NULL;
	off_t size;
	ssize_t n;
	int fd, r;

	rec_tel_sample_init(out);
	if ((r = newest_file(dir, path, sizeof(path))) < 0)
		return r;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -errno;
	size = lseek(fd, 0, SEEK_END);
	if (size < 0 || !(buf = malloc(TAIL_BYTES + 1))) {
		r = size < 0 ? -errno : -ENOMEM;
		goto out;
	}
	n = pread(fd, buf, TAIL_BYTES, size > TAIL_BYTES ? size - TAIL_BYTES : 0);
	if (n < 0) {
		r = -errno;
		goto out;
	}
	docs = json_object_new_array();
	{
		/* a tail that starts mid-line: skip to the first whole line */
		char *p = buf, *end = buf + n;

		if (size > TAIL_BYTES) {
			char *nl = memchr(p, '\n', (size_t)n);

			p = nl ? nl + 1 : end;
		}
		parse_lines(p, (size_t)(end - p), docs);
	}
	r = -ENOENT;
	for (size_t i = json_object_array_length(docs); i-- > 0;) {
		json_object *o = json_object_array_get_idx(docs, i);

		if (!is_line(o, "sample"))
			continue;
		sample_of(json_object_get(o), out);
		out->doc = o;
		r = 0;
		break;
	}
out:
	json_object_put(docs);
	free(buf);
	close(fd);
	return r;
}

void rec_tel_sample_free(struct rec_tel_sample *s)
{
	json_object_put(s->doc);
	s->doc = NULL;
}
