// SPDX-License-Identifier: GPL-2.0-only
/* fio_version.c - the engine's version (git describe of the build, Makefile's SSDENG_VERSION),
 * in a file of its own so that only it is rebuilt when the version changes. */
#include "fio.h"

#include "fio/fio_glue.h"

const char ssd_engine_version[] = SSDENG_VERSION;
