/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * status_sample.h - struct rec_status values to write, for status_fields_test.c: a test running
 * with fio, the live report on and a pace (status_full()); between tests, nothing known
 * (status_sparse(): NULL strings, -1 counts, no test, no fio, no pace, live off); and a run that
 * ended (status_ended(): a reason, an exit status, skipped tests, a test's rate ""). Their
 * documents as record/status.c of main 505a3ee (the members written out one by one) wrote them
 * are tests/unit/record/fixtures/status/{full,sparse,ended}.json; "updated" is the time of
 * writing, so a test compares with it set to the fixture's. Header-only.
 */
#ifndef SSDENG_STATUS_SAMPLE_H
#define SSDENG_STATUS_SAMPLE_H

#include <string.h>

#include <json-c/json.h>

#include "record/status.h"

static json_object *sample_command(void)
{
	return json_tokener_parse("[\"ssd-review\", \"--drive\", \"a=/dev/nvme0n1\", \"--out\", "
				  "\"/r/out\"]");
}

static void status_full(struct rec_status *s, json_object *command)
{
	memset(s, 0, sizeof(*s));
	s->state = "running";
	s->pid = 4242;
	s->pid_starttime = 660482ULL;
	s->command = command;
	s->resume_command = "ssd-review --resume --out /r/out";
	s->out = "/r/out";
	s->started = "2026-12-07T10:00:00Z";
	s->total = 12;
	s->done = 4;
	s->failed = 1;
	s->kept = 2;
	s->skipped = 1;
	s->run_elapsed_s = 3600;
	s->run_eta_s = 5400;
	s->run_eta_lower_bound = true;
	s->pace = 1.1429999;
	s->live_every_s = 300;
	s->live_rebuilds = 7;
	s->live_failed = 1;
	s->live_built = "2026-12-07T10:55:00Z";
	s->live_cpu_s = 12.345;
	s->index = 8;
	s->label = "a";
	s->test_id = "fc-4k-randwrite";
	s->title = "4K random write";
	s->test_started = "2026-12-07T10:58:00Z";
	s->elapsed_s = 42;
	s->expected_s = 120;
	s->eta_s = 78;
	s->rate = "12.5k IOPS";
	s->fio_pid = 4300;
	s->fio_starttime = 9000000000ULL;
	s->exit_status = -1;
}

static void status_sparse(struct rec_status *s)
{
	memset(s, 0, sizeof(*s));
	s->pid = -1;
	s->total = s->done = s->failed = s->kept = s->skipped = -1;
	s->run_elapsed_s = s->run_eta_s = -1;
	s->pace = -1;
	s->live_every_s = -1;
	s->exit_status = -1;
}

static void status_ended(struct rec_status *s, json_object *command)
{
	status_full(s, command);
	s->state = "interrupted";
	s->ended = "2026-12-07T11:00:00Z";
	s->reason = "stopped by SIGINT";
	s->run_eta_s = -1;
	s->run_eta_lower_bound = false;
	s->pace = 0.5;
	s->live_every_s = 0;
	s->eta_s = -1;
	s->rate = "";
	s->fio_pid = 0;
	s->exit_status = 130;
}

#endif
