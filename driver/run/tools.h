/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tools.h - the programs and files a run uses, found beside the driver (the source tree:
 * driver/ssd-review with engine/ and reporter/ beside it; or an installed PREFIX/bin with
 * PREFIX/lib and PREFIX/share/ssdeng), and the facts recorded about them: fio's version, this
 * build's version, the host.
 */
#ifndef SSDENG_DRIVER_TOOLS_H
#define SSDENG_DRIVER_TOOLS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "cli/options.h"
#include "run/platform.h"

struct rv_tools {
	char exe_dir[PATH_MAX];	      /* where this program is */
	char fio_version[64];	      /* `fio --version`: "fio-3.33" */
	char engine_so[PATH_MAX];     /* libssdeng.so (engine ssdeng), "" otherwise */
	char ioengine[PATH_MAX + 16]; /* SSD_ENGINE: "external:/abs/libssdeng.so", "libaio"... */
	char engine_opt[256];	      /* SSD_ENGINE_OPT: --engine-opt or the engine's default */
	const char *log_window;	      /* SSD_LOG_WINDOW for this fio */
	char ssdreport[PATH_MAX];     /* "" when not built */
	char ssd_apps[PATH_MAX];      /* apps/ssd-apps (the apps suite's tool), "" when not built */
	char hostname[256];	      /* rv_host_name() */
	char kernel[128];
	char machine[64];
	struct rv_platform platform; /* CPU, memory, OS */
	const char *ssdeng_version;  /* git describe of the build */
};

/**
 * rv_host_name() - the host as a report names it: the kernel's hostname @nodename (uname(2)), or
 * where none was set (empty, or the kernel's "(none)": a lab guest booted without one) "unnamed
 * host", with the machine's DMI vendor and product when known (@vendor, @product, may be NULL or
 * empty: "unnamed host (QEMU Standard PC (Q35 + ICH9, 2009), no hostname set)").
 */
void rv_host_name(const char *nodename, const char *vendor, const char *product, char *out,
		  size_t len);

/**
 * rv_tools_find() - fill @t for the options @o.
 * @err, @errlen: "fio is not installed", "libssdeng.so not found: run 'make' in ..."
 * Return: 0, or -ENOENT (a refusal: exit status 2).
 */
int rv_tools_find(const struct rv_opts *o, struct rv_tools *t, char *err, size_t errlen);

/**
 * rv_fio_version_at_least() - whether "fio-3.36" (@version) is at least @major.@minor.
 */
bool rv_fio_version_at_least(const char *version, int major, int minor);

#endif
