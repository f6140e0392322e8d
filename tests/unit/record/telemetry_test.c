// SPDX-License-Identifier: GPL-2.0-only
/*
 * telemetry_test.c - record/telemetry.c: samples appended line by line and read back as they
 * were written (NONE stays null), the window of a test's own attempt, a line cut short by a
 * kill skipped, the latency monitor's line, and the newest sample of a drive folder found from
 * the tail of the file written last.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#define SCRATCH_DOC "telemetry/fc-4k-randwrite.jsonl"
#include "scratch.h"

#include "record/json.h"
#include "record/layout.h"
#include "record/telemetry.h"

static void sample_at(struct rec_tel_sample *s, double t, long long temp, long long written)
{
	rec_tel_sample_init(s);
	s->t = t;
	s->test = "fc-4k-randwrite";
	s->transport = "nvme";
	s->cost_s = 0.0004;
	s->temperature_c = temp;
	s->sensors_c[0] = temp + 2;
	s->critical_warning = 0;
	s->tmt1_transitions = 3;
	s->tmt1_seconds = 40;
	s->data_written_bytes = written;
	s->media_source = REC_TEL_MEDIA_OCP_C0;
	s->media_written_bytes = written * 3;
}

static void round_trip(void **state)
{
	struct rec_tel_series ser;
	struct rec_tel_sample s;
	char path[256], err[256];

	(void)state;
	assert_int_equal(rec_path_telemetry(path, sizeof(path), scratch, "fc-4k-randwrite"), 0);
	assert_string_equal(path, scratch_doc);
	unlink(path);
	sample_at(&s, 1000.5, 41, 512000);
	assert_int_equal(rec_telemetry_append(path, &s), 0);
	sample_at(&s, 1001.5, 43, 1024000);
	s.critical_warning = 0x02;
	assert_int_equal(rec_telemetry_append(path, &s), 0);
	assert_int_equal(rec_telemetry_read(path, 0, 0, &ser, err, sizeof(err)), 0);
	assert_int_equal(ser.n, 2);
	assert_true(ser.samples[0].t > 1000.49 && ser.samples[0].t < 1000.51);
	assert_string_equal(ser.samples[0].test, "fc-4k-randwrite");
	assert_null(ser.samples[0].part);
	assert_null(ser.samples[0].member);
	assert_int_equal(ser.samples[0].temperature_c, 41);
	assert_int_equal(ser.samples[0].sensors_c[0], 43);
	assert_true(ser.samples[0].sensors_c[1] == REC_TEL_NONE);
	assert_int_equal(ser.samples[1].critical_warning, 2);
	assert_int_equal(ser.samples[1].tmt1_transitions, 3);
	assert_true(ser.samples[1].tmt2_transitions == REC_TEL_NONE);
	assert_int_equal(ser.samples[1].data_written_bytes, 1024000);
	assert_true(ser.samples[1].data_read_bytes == REC_TEL_NONE);
	assert_int_equal(ser.samples[1].media_source, REC_TEL_MEDIA_OCP_C0);
	assert_int_equal(ser.samples[1].media_written_bytes, 3072000);
	assert_null(ser.latmon);
	rec_tel_series_free(&ser);

	/* a window: the second sample alone */
	assert_int_equal(rec_telemetry_read(path, 1001, 0, &ser, err, sizeof(err)), 0);
	assert_int_equal(ser.n, 1);
	assert_int_equal(ser.samples[0].temperature_c, 43);
	rec_tel_series_free(&ser);
	assert_int_equal(rec_telemetry_read(path, 0, 1001, &ser, err, sizeof(err)), 0);
	assert_int_equal(ser.n, 1);
	assert_int_equal(ser.samples[0].temperature_c, 41);
	rec_tel_series_free(&ser);
}

/* A SATA family that counts NAND pages: the pages and the attribute read back, the byte
 * fields stay null; an NVMe line carries neither. */
static void sata_pages(void **state)
{
	struct rec_tel_series ser;
	struct rec_tel_sample s;
	char err[256];

	(void)state;
	unlink(scratch_doc);
	sample_at(&s, 1000, 40, 4096);
	assert_int_equal(rec_telemetry_append(scratch_doc, &s), 0);
	rec_tel_sample_init(&s);
	s.t = 1001;
	s.test = "fc-4k-randwrite";
	s.transport = "sata";
	s.media_source = REC_TEL_MEDIA_SATA_ATTR;
	s.media_pages = 52000;
	s.media_host_pages = 40000;
	s.media_detail = "SMART attributes (247 + 248) / 247, Micron 5100/5200/5300";
	assert_int_equal(rec_telemetry_append(scratch_doc, &s), 0);
	assert_int_equal(rec_telemetry_read(scratch_doc, 0, 0, &ser, err, sizeof(err)), 0);
	assert_int_equal(ser.n, 2);
	assert_true(ser.samples[0].media_pages == REC_TEL_NONE);
	assert_true(ser.samples[0].media_host_pages == REC_TEL_NONE);
	assert_null(ser.samples[0].media_detail);
	assert_null(rec_json_get(rec_json_get(ser.samples[0].doc, "media_writes"), "pages"));
	assert_int_equal(ser.samples[1].media_source, REC_TEL_MEDIA_SATA_ATTR);
	assert_int_equal(ser.samples[1].media_pages, 52000);
	assert_int_equal(ser.samples[1].media_host_pages, 40000);
	assert_true(ser.samples[1].media_written_bytes == REC_TEL_NONE);
	assert_true(ser.samples[1].media_host_written_bytes == REC_TEL_NONE);
	assert_string_equal(ser.samples[1].media_detail,
			    "SMART attributes (247 + 248) / 247, Micron 5100/5200/5300");
	rec_tel_series_free(&ser);
}

static void cut_line_and_latmon(void **state)
{
	struct rec_tel_series ser;
	struct rec_tel_latmon l = {.t = 1003,
				   .test = "fc-4k-randwrite",
				   .status = "not supported",
				   .message = "Invalid Field in Command"};
	struct rec_tel_sample s;
	char err[256];
	int fd;

	(void)state;
	unlink(scratch_doc);
	sample_at(&s, 1000, 40, 0);
	assert_int_equal(rec_telemetry_append(scratch_doc, &s), 0);
	/* a kill in the middle of a line: no newline at its end */
	fd = open(scratch_doc, O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "{\"schema\":\"ssdeng.tel", 21), 21);
	close(fd);
	assert_int_equal(rec_telemetry_read(scratch_doc, 0, 0, &ser, err, sizeof(err)), 0);
	assert_int_equal(ser.n, 1);
	rec_tel_series_free(&ser);
	/* the cut bytes and the next line make one unreadable line, skipped */
	assert_int_equal(rec_telemetry_append_latmon(scratch_doc, &l), 0);
	l.t = 1004;
	l.status = "read";
	l.message = NULL;
	for (int i = 0; i < 4; i++) {
		l.reads[i] = 10 * (i + 1);
		l.writes[i] = i;
		l.trims[i] = 0;
		l.thresholds_ms[i] = REC_TEL_NONE;
	}
	assert_int_equal(rec_telemetry_append_latmon(scratch_doc, &l), 0);
	assert_int_equal(rec_telemetry_read(scratch_doc, 0, 0, &ser, err, sizeof(err)), 0);
	assert_int_equal(ser.n, 1);
	assert_non_null(ser.latmon);
	assert_string_equal(ser.latmon->status, "read");
	assert_int_equal(ser.latmon->reads[3], 40);
	assert_int_equal(ser.latmon->writes[2], 2);
	assert_true(ser.latmon->thresholds_ms[0] == REC_TEL_NONE);
	rec_tel_series_free(&ser);
	assert_int_equal(rec_telemetry_read("/nonexistent/x.jsonl", 0, 0, &ser, err, sizeof(err)),
			 -ENOENT);
}

static void latest(void **state)
{
	char dir[128], path[256];
	struct rec_tel_sample s, got;
	struct timespec ts[2] = {{0, UTIME_OMIT}, {0, 0}};

	(void)state;
	snprintf(dir, sizeof(dir), "%s/drv", scratch);
	assert_int_equal(rec_telemetry_latest(dir, &got), -ENOENT);
	assert_int_equal(mkdir(dir, 0755), 0);
	assert_int_equal(rec_telemetry_latest(dir, &got), -ENOENT);
	/* an older test's file with many samples, then the running test's */
	assert_int_equal(rec_path_telemetry(path, sizeof(path), dir, "old"), 0);
	for (int i = 0; i < 400; i++) {
		sample_at(&s, 500 + i, 30 + i % 7, i);
		assert_int_equal(rec_telemetry_append(path, &s), 0);
	}
	ts[1].tv_sec = 1000000;
	assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
	assert_int_equal(rec_telemetry_latest(dir, &got), 0);
	assert_int_equal(got.temperature_c, 30 + 399 % 7);
	assert_true(got.t > 898.9 && got.t < 899.1);
	rec_tel_sample_free(&got);

	assert_int_equal(rec_path_telemetry(path, sizeof(path), dir, "new"), 0);
	sample_at(&s, 2000, 55, 1);
	s.test = "new";
	s.part = "iops-round-02";
	assert_int_equal(rec_telemetry_append(path, &s), 0);
	assert_int_equal(rec_telemetry_latest(dir, &got), 0);
	assert_int_equal(got.temperature_c, 55);
	assert_string_equal(got.test, "new");
	assert_string_equal(got.part, "iops-round-02");
	rec_tel_sample_free(&got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip),
	    cmocka_unit_test(sata_pages),
	    cmocka_unit_test(cut_line_and_latmon),
	    cmocka_unit_test(latest),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
