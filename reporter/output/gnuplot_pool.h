/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gnuplot_pool.h - a few gnuplot processes drawing a page's charts while the page is still being
 * written: each reads `load "<chart>.gp"` lines on its standard input, so the charts are drawn
 * on every CPU and beside the rest of the report instead of one after another at its end. A
 * chart's script sets its own terminal and ends with `reset` (render/chart.c), and every process
 * but the first draws a throw-away SVG plot before its first chart (gnuplot's SVG terminal keeps
 * one colour from a plot to the next), so each chart's PNG and SVG are, byte for byte, the ones a
 * single gnuplot loading every chart in turn writes.
 */
#ifndef SSDREPORT_OUTPUT_GNUPLOT_POOL_H
#define SSDREPORT_OUTPUT_GNUPLOT_POOL_H

#include <stddef.h>

struct sr_gp_pool;

/**
 * sr_gp_pool_width() - how many gnuplot processes a pool starts: the online CPUs, 1 to 4;
 * $SSDREPORT_GNUPLOTS (1 to 16) when set.
 */
int sr_gp_pool_width(void);

/**
 * sr_gp_pool_open() - start @n gnuplot processes in directory @dir, reading commands on their
 * standard input (a socket: a process that stopped is seen when loaded, never a SIGPIPE), their
 * standard error kept aside (shown only when one fails).
 * @out: the pool (sr_gp_pool_close())
 * @dir: where the scripts and their data lie (the names loaded are relative to it)
 * @n:   how many processes (1 to 16)
 *
 * Return: 0, -EINVAL for @n out of range, -ENOMEM, or -errno when one cannot be started
 * (the others are stopped and waited for).
 */
int sr_gp_pool_open(struct sr_gp_pool **out, const char *dir, int n);

/**
 * sr_gp_pool_load() - have one of the processes (each in turn) draw script @script.
 * @p:      the pool
 * @script: a file name in the pool's directory, of the characters [A-Za-z0-9._/-] only
 *
 * Return: 0; -EINVAL for a name with other characters; -EIO when the process it went to has
 * stopped (gnuplot stops at a script's first error: sr_gp_pool_close() says what it said).
 */
int sr_gp_pool_load(struct sr_gp_pool *p, const char *script);

/**
 * sr_gp_pool_close() - end the processes' input, wait for every one, free the pool.
 * @p:   the pool (NULL: nothing)
 * @err: on failure, what the first failed process wrote on its standard error (its first 400
 *       bytes, on one line), "" when it wrote nothing
 * @len: @err's size
 *
 * Return: 0 when every process exited 0; -EIO otherwise (one failed, or could not run gnuplot).
 */
int sr_gp_pool_close(struct sr_gp_pool *p, char *err, size_t len);

#endif
