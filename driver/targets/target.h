/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * target.h - what a run writes results for, as data: a target (a --drive, a --group, a
 * --client run's combined results or one of its fio servers) and its drives. Built by
 * targets.h.
 */
#ifndef SSDENG_DRIVER_TARGET_H
#define SSDENG_DRIVER_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "drive/drive.h"

enum rv_ttype {
	RV_T_DRIVE,   /* --drive LABEL=DEV */
	RV_T_GROUP,   /* --group NAME=DEV,DEV... */
	RV_T_CLIENTS, /* the combined results of a --client run */
	RV_T_REMOTE,  /* one fio server's drive of a --client run */
};

/* One drive: of a --drive, a member of a --group, or on a fio server. */
struct rv_dev {
	char name[64]; /* a group member's name (M, or the node's file name); else the label */
	char *path;    /* as given */
	char *node;    /* the node fio opens for the engine */
	char *what;    /* how the user named it, for messages: "--drive a=/dev/x" */
	struct rv_probe probe;
	uint64_t span;		/* bytes tested */
	json_object *info;	/* `ssdctl info` (rv_targets_identify()), NULL when none */
	json_object *reference; /* a reference drive's parameters (rv_drive_reference()), or NULL */
	char note[512];		/* why there is none */
};

struct rv_target {
	char label[64];
	enum rv_ttype type;
	struct rv_dev *devs; /* DRIVE, REMOTE: one; GROUP: the members; CLIENTS: none */
	size_t ndevs;
	char *device; /* run.json drive.device: the path, "a,b" for a group, "h:p:dev,..." */
	char *node;   /* SSD_DEV: the first drive's node */
	const char
	    *kind;     /* run.json / drive.json kind: "nvme-ng"..., "group", "clients", "remote" */
	uint64_t span; /* a group's: its smallest drive's */
	uint64_t size;
	char host[256]; /* REMOTE */
	int port;
};

struct rv_targets {
	struct rv_target *t;
	size_t n;
	size_t nrun;	  /* t[0..nrun) run the tests; the rest are a --client run's servers */
	bool client_mode; /* t[0] is the combined results (RV_T_CLIENTS) */
};

#endif
