/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gnuplot_pool.h - the report's one way to run gnuplot: a few gnuplot processes drawing a page's
 * charts while the page is still being written, each reading `load '<chart>.gp'` lines on its
 * standard input, so the charts are drawn on every CPU and beside the rest of the report instead
 * of one after another at its end; sr_gp_draw() is the pool of one drawing one chart and waited
 * for (render/chart.c). A chart's script sets its own terminal and ends with `reset`
 * (render/chart.c), and every process but the first draws a throw-away SVG plot before its first
 * chart (gnuplot's SVG terminal keeps one colour from a plot to the next), so each chart's PNG
 * and SVG are, byte for byte, the ones a single gnuplot loading every chart in turn writes.
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
 * @script: a file name relative to the pool's directory (any characters but a line break; at
 *          most 2000 bytes), given to gnuplot quoted
 *
 * Return: 0; -EINVAL for an empty name, a longer one or one with a line break; -EIO when the
 * process it went to has stopped (gnuplot stops at a script's first error: sr_gp_pool_close()
 * says what it said).
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

/**
 * sr_gp_draw() - one gnuplot (a pool of one) drawing script @script in directory @dir, waited
 * for: what `cd DIR && gnuplot SCRIPT` draws.
 * @dir:    where the script and its data lie
 * @script: the script, as sr_gp_pool_load() takes it
 * @err:    what gnuplot wrote on its standard error (its first 400 bytes, on one line), whether
 *          it failed or not ("" when it wrote nothing): its warnings explain an empty chart
 * @len:    @err's size
 *
 * Return: 0 when gnuplot exited 0; -EIO when it failed or could not be run (exit status 127);
 * -EINVAL for a name sr_gp_pool_load() refuses; -ENOMEM or -errno when it cannot be started.
 */
int sr_gp_draw(const char *dir, const char *script, char *err, size_t len);

#endif
