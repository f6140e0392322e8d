/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * progress.h - how far a run is: the running test's elapsed time and ETA (fio's own ETA when it
 * has one, else the catalogue's duration), the run's elapsed time and ETA (the tests still to
 * run at their catalogue durations, corrected by what the tests that ended took), and the
 * progress line on stderr:
 *   "[3/24] nvme0 · 4k-randwrite · elapsed 0:42 · eta 0:18 · w=5120 IOPS · run 1:02:03, eta 9:57"
 * rewritten in place on a terminal, one line every SSD_PROGRESS_EVERY seconds (30) otherwise.
 */
#ifndef SSDENG_DRIVER_PROGRESS_H
#define SSDENG_DRIVER_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>

/* What fio's last status line ("Jobs: 1 (f=1): [W(1)][40.0%][w=5120KiB/s][w=1280 IOPS][eta
 * 00m:03s]", --eta=always --eta-newline=1) says. */
struct rv_fio_status {
	long eta_s;    /* -1 when fio has none ("eta --") */
	char rate[64]; /* "w=1280 IOPS", "r=3587,w=1541 IOPS"; "" when none */
};

/**
 * rv_fio_status_parse() - the last status line in @text (the tail of fio's stdout).
 * Return: true when @text holds one.
 */
bool rv_fio_status_parse(const char *text, struct rv_fio_status *st);

/* fio's ETA beyond a year is its own overflow, not an estimate (between the stonewalled cells
 * of a PTS round fio prints "[eta 5368709h:07m:39s]"-sized values): taken as unknown. */
#define RV_FIO_ETA_MAX_S (366L * 86400L)

/**
 * rv_eta_test() - seconds left in the running test: fio's own @fio_eta_s when known (0 to
 * RV_FIO_ETA_MAX_S); else @expected_s - @elapsed_s, not below 0; -1 when neither is known (a
 * size-based fill before fio prints an ETA).
 */
long rv_eta_test(long expected_s, long elapsed_s, long fio_eta_s);

/*
 * What the tests that ended so far took (rv_eta_learn()): the run's overhead per test beyond
 * the catalogue's durations (fio's start, the jobfile's parse, the ramp to the first I/O, the
 * result kept, the records rewritten), and how long the tests of unknown duration (size-based
 * fills) took. Zero before the first test ends.
 */
struct rv_eta_learned {
	size_t nknown;	       /* tests with a catalogue duration that ended */
	long known_s;	       /* their wall time, s */
	long known_expected_s; /* their catalogue durations, s */
	size_t nunknown;       /* tests of unknown duration that ended */
	long unknown_s;	       /* their wall time, s */
};

/**
 * rv_eta_learn() - add a test that ended to @l: its catalogue duration @expected_s (0: unknown,
 * a size-based fill) and the wall time it took, @took_s (both s; a kept test is not added).
 */
void rv_eta_learn(struct rv_eta_learned *l, long expected_s, long took_s);

/**
 * rv_eta_pace() - the pace of the run so far: the wall time of the tests with a catalogue
 * duration that ended over those durations (1.07: 7 % over the plan), -1 before the first.
 */
double rv_eta_pace(const struct rv_eta_learned *l);

/**
 * rv_eta_run() - seconds left in the run: @current_left (rv_eta_test(), -1 unknown) plus each
 * test still to run, @pending[0..@n) (catalogue durations, s; 0 unknown), estimated from what
 * the tests that ended took (@l, may be NULL): a known duration plus the measured overhead per
 * test (never below 0 in all), an unknown one the mean of the unknown ones that ended.
 * @lower_bound: set when a part is still unknown (a fill before any fill ended, or the
 *               running test's own), so the sum is a lower bound ("eta ≥ 1:02:03")
 * Return: seconds, >= 0.
 */
long rv_eta_run(long current_left, const long *pending, size_t n, const struct rv_eta_learned *l,
		bool *lower_bound);

/* One progress report. */
struct rv_progress {
	size_t index, total; /* this test's place in the run, from 1 */
	const char *label, *id;
	long elapsed_s, eta_s; /* the test's; eta -1 unknown */
	const char *rate;      /* fio's, or "" */
	long run_elapsed_s, run_eta_s;
	bool run_eta_lower_bound;
};

/** rv_progress_line() - the progress line for @p into @out. */
void rv_progress_line(const struct rv_progress *p, char *out, size_t len);

/**
 * rv_progress_print() - write @line to stderr: on a terminal rewriting the current line
 * (@final ends it with a newline), otherwise as a line. Write errors (a hung-up terminal) are
 * ignored.
 */
void rv_progress_print(const char *line, bool tty, bool final);

#endif
