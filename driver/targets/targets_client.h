/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * targets_client.h - the targets of a --client run: the combined client/server results and one
 * per fio server ("HOST[:PORT]=LABEL:/DEV"). Internal to targets/.
 */
#ifndef SSDENG_DRIVER_TARGETS_CLIENT_H
#define SSDENG_DRIVER_TARGETS_CLIENT_H

#include "targets/targets_build.h"

/* The --client targets: the combined results first, then one per server. Return 0 or -errno. */
int rv_tb_clients(struct rv_tbuild *b);

#endif
