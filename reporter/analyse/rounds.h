/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rounds.h - rounds of one job written by another tool: the same job (every parameter of
 * model/params.h equal, on the same drive, device and host) in several fio documents, as a PTS
 * script that runs a job once per round and keeps each round's JSON in its own file (SSSPT's
 * wdpc_bs32KB_read5_round1.json ... _round11.json). Recognised by fio's options, not by names;
 * ordered by fio's "timestamp" (the time the round ended), the file name's natural order breaking
 * ties and standing in for a document without one.
 *
 * A series is a PTS script's rounds only when the tool said so: each of its jobs in a fio document
 * of its own whose file is named as a round ("..._round3.json", "round-3", "Round 3"). Other runs
 * of one job (two groups of one file differing in startdelay or name, two files the tool did not
 * name rounds) are a REPEAT: listed as such, with no SNIA verdict.
 *
 * Each series of rounds is judged as the SNIA PTS test flow judges its rounds (pts/steady.h, PTS
 * Enterprise v2.0.2 §2.1 and §3): the tracking variable is the job's IOPS (reads and writes), the
 * measurement window the first 5 rounds meeting both criteria (data excursion <= 20 %, slope
 * excursion <= 10 % of the window's mean), else the last 5.
 */
#ifndef SSDREPORT_ANALYSE_ROUNDS_H
#define SSDREPORT_ANALYSE_ROUNDS_H

#include <stdbool.h>
#include <stddef.h>

#include "analyse/structure.h"
#include "pts/steady.h"

/* One series of rounds. */
struct sr_round_series {
	size_t *pts;		/* indices into struct sr_structure.pts, round 1 first */
	double *iops;		/* per round: reads + writes, IOPS; NaN: no I/O or interrupted */
	size_t n;		/* rounds (documents) */
	bool by_time;		/* every round had fio's timestamp: ordered by it */
	bool rounds;		/* the tool named them rounds (above): judged; else a repeat */
	bool has_window;	/* rounds, n >= PTS_SS_WINDOW and the window could be evaluated */
	bool steady;		/* the window met both criteria */
	struct pts_ss_window w; /* rounds w.first..w.last (indices into pts); x: round 1..n */
};

/* The series of a model, by source, then job parameters. */
struct sr_rounds {
	struct sr_round_series *g;
	size_t n;
	size_t nrounds; /* of them PTS rounds (struct sr_round_series.rounds); the rest repeats */
};

/**
 * sr_round_named() - is @name (a fio output's file name or test id) named as a round of a PTS
 * script: "round" (any case) then, after at most one '_', '-', '.' or space, a digit?
 */
bool sr_round_named(const char *name);

/**
 * sr_rounds_build() - the series of rounds among @s's repeated points (s->repeat), each judged.
 * @s:   the structure (structure.h); @out's series index its points
 * @out: filled (sr_rounds_free())
 *
 * Return: 0 or -ENOMEM.
 */
int sr_rounds_build(const struct sr_structure *s, struct sr_rounds *out);

void sr_rounds_free(struct sr_rounds *r);

#endif
