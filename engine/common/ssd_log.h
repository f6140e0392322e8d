/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ssd_log.h - one place where engine and tool messages go.
 *
 * The fio glue points the sink at fio's own logging (so messages reach a fio client in
 * client/server mode); ssdctl and the unit tests keep the default, stderr.
 */
#ifndef SSDENG_SSD_LOG_H
#define SSDENG_SSD_LOG_H

enum ssd_log_level { SSD_LOG_ERR, SSD_LOG_WARN, SSD_LOG_INFO };

typedef void (*ssd_log_sink_t)(enum ssd_log_level level, const char *line);

/* ssd_log_set_sink() - route messages to @sink (NULL restores stderr). Call once at load. */
void ssd_log_set_sink(ssd_log_sink_t sink);

/* ssd_log() - format one message (printf style, newline added if missing) and send it. */
void ssd_log(enum ssd_log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
