/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * params.h - a job's parameters as fio's own options state them (the job's "job options" over the
 * file's "global options", parse/fio_json.c), never read from a file or job name: what groups
 * anyone's results into sweeps and comparisons (analyse/structure.h), and what tells a folder of
 * block-size folders (fio-plot's bench-fio tree) from a folder of drives (parse/inputs.c).
 */
#ifndef SSDREPORT_MODEL_PARAMS_H
#define SSDREPORT_MODEL_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "model/model.h"

/* The parameters, in the order they are compared and shown. */
enum sr_param {
	SR_P_RW = 0,   /* rw= after defaults ("randread") */
	SR_P_BS,       /* bytes */
	SR_P_MIX,      /* rwmixread=, percent; only for a mixed rw (rw, randrw, readwrite) */
	SR_P_NUMJOBS,  /* T */
	SR_P_IODEPTH,  /* Q per job */
	SR_P_RATE,     /* rate=, rate_iops= as fio printed them, "" when neither is set */
	SR_P_IOENGINE, /* ioengine= as printed, "" when not printed */
	SR_P_TARGET,   /* filename= (else directory=) as printed: the device or file, "" unknown */
	SR_P_HOST,     /* client/server hostname, "" for a local run */
	SR_NPARAMS,
};

/* A job's parameters; the strings point into the run (valid while it lives). */
struct sr_params {
	const char *rw;
	uint64_t bs;
	unsigned mix; /* rwmixread=, percent; 0 when rw is not mixed (see mixed) */
	bool mixed;   /* rw reads and writes (sr_rw_mixed()): mix is its read share, 0 included */
	unsigned numjobs, iodepth;
	char rate[64];
	const char *ioengine, *target, *host;
	/* How the job ran and ended, from the options that say it (time_based, runtime, size,
	 * io_size, loops, number_ios, ramp_time, ss, ss_dur, ss_ramp as printed, "key=value;"
	 * each): a fill (written once through, no runtime) and a run to steady state of the same
	 * rw and bs are two jobs, never points of one line nor repeats of one job. */
	char run[256];
};

/* A set of parameters (bit 1u << enum sr_param each). */
typedef unsigned sr_param_mask;
#define SR_P_ALL ((1u << SR_NPARAMS) - 1)
#define SR_P_BIT(p) (1u << (p))

/**
 * sr_params_of() - the parameters of run @r.
 * @r:   a run of the model (its rw, bs, numjobs, iodepth, rwmixread fields and its options)
 * @out: filled; a parameter fio printed no option for is "" or 0
 */
void sr_params_of(const struct sr_run *r, struct sr_params *out);

/**
 * sr_params_cmp() - order two parameter sets over the parameters in @mask, in enum order
 * (numbers by value, text by strcmp).
 * Return: <0, 0 (equal on every parameter of @mask), >0.
 */
int sr_params_cmp(const struct sr_params *a, const struct sr_params *b, sr_param_mask mask);

/**
 * sr_params_cmp_job() - sr_params_cmp() over @mask, then how the jobs ran (struct sr_params.run):
 * 0 only for one job, run the same way, on every parameter of @mask.
 */
int sr_params_cmp_job(const struct sr_params *a, const struct sr_params *b, sr_param_mask mask);

/* sr_param_name() - the parameter as fio names its option ("iodepth"), "host" for SR_P_HOST. */
const char *sr_param_name(enum sr_param p);

/*
 * sr_rw_mixed() - does fio rw= value @rw read and write, so that rwmixread applies?
 * True for rw, readwrite and randrw, with or without fio's ":N" offset suffix; false for
 * trimwrite and randtrimwrite (trim then write: no reads) and for NULL.
 */
bool sr_rw_mixed(const char *rw);

#endif
