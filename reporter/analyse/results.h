/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results.h - one figure set per (drive, test, group): the analysis step between the model and
 * the renderers. Runs of one group (fio groupid) run together, so their IOPS and bytes/s add,
 * latency means weigh by I/O count, max is the max, stddev is combined from N/mean/stddev
 * (stats.c), percentiles come from the single run or from merged json+ bins. Groups of one file
 * ran one after another (stonewall) and stay separate results. An "All clients" entry, when
 * present, is the group's figure as fio computed it.
 *
 * Two kinds of run are reported per member and in total (METHODOLOGY.md §3: several drives at
 * once, each and the aggregate; README.md "Many drives / many hosts"):
 *  - a drive group (ssd-review --group): one group per drive, every group after the first
 *    started with new_group=1 and no stonewall, so all ran at once. One result: the total over
 *    every group, with one member per group named by its job name (the drive's label);
 *  - client/server output with several hosts: one member per host ("host:port"), the total
 *    being fio's "All clients" entry, or the combination of the hosts' runs without one.
 */
#ifndef SSDREPORT_RESULTS_H
#define SSDREPORT_RESULTS_H

#include "model/model.h"

#define SR_NQOS 4
extern const double sr_qos_pcts[SR_NQOS]; /* 99, 99.9, 99.99, 99.999 */

struct sr_dir_fig {
	bool present;		      /* the direction did I/O */
	struct sr_value iops;	      /* IOPS */
	struct sr_value bw;	      /* bytes/s */
	struct sr_value mean;	      /* clat mean, ns */
	struct sr_value max;	      /* clat max, ns */
	struct sr_value sd;	      /* clat stddev, ns */
	struct sr_value ios;	      /* completed I/Os (clat N, else total_ios): what a
				       * percentile may be read from */
	struct sr_value qos[SR_NQOS]; /* clat percentiles, ns */
	const struct sr_lat *dist; /* the distribution for an exceedance plot (one run), or NULL */
};

struct sr_result {
	const struct sr_test *test;
	const struct sr_run *first; /* first run of the group (name, rw, bs, T/Q) */
	int groupid;
	bool several_groups;	  /* the test file held more than one group */
	unsigned threads;	  /* numjobs summed over the group's runs (T) */
	unsigned qd;		  /* iodepth (Q) */
	struct sr_dir_fig dir[2]; /* read, write */
	int error;	  /* fio's error (errno) of the first of its runs that failed, 0 when
			   * every run ended cleanly */
	bool interrupted; /* a run of it was cut short (analyse/interrupted.h) */
	char *member;	  /* a member's name (drive label or host:port); NULL otherwise */
	struct sr_result *members; /* per drive or per host, in file order; owned, may be NULL */
	size_t nmembers;
};

/**
 * sr_results_of_test() - the results of one test, one per group in file order.
 * @t:   the test
 * @out: array of results, caller frees with free()
 * @n:   number of results
 *
 * Return: 0 or -ENOMEM.
 */
int sr_results_of_test(const struct sr_test *t, struct sr_result **out, size_t *n);

/**
 * sr_result_release() - free what a result owns (its members and their names), not @r itself.
 * @r: the result
 */
void sr_result_release(struct sr_result *r);

/**
 * sr_results_free() - free an array from sr_results_of_test().
 * @v: the array (NULL is fine)
 * @n: its length
 */
void sr_results_free(struct sr_result *v, size_t n);

#endif
