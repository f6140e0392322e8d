/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * manifest.h - where a results directory's figures come from: the run's request (suite,
 * profile, their options, engine and option), the drive (its identity as `ssdctl info` reads
 * it, span), the software (fio, ssdeng) and the host. run.json carries it ("manifest"); a
 * resumed run continues only when its own manifest matches, and every test records the id of
 * the manifest it ran under, so a results tree assembled from different runs shows it.
 *
 * Schema "ssdeng.manifest.v1" (driver/README.md):
 *   schema, id (16 hex digits: a hash of the compared parts), created, command (argv), cwd,
 *   request {...}, drive {...}, software {...}, host {...}   -- compared by --resume
 *   info {...}                                               -- recorded, not compared
 */
#ifndef SSDENG_DRIVER_MANIFEST_H
#define SSDENG_DRIVER_MANIFEST_H

#include <stddef.h>

#include <json-c/json.h>

#define RV_MANIFEST_SCHEMA "ssdeng.manifest.v1"

/* The parts of a manifest: each a json-c object whose reference rv_manifest_new() takes. */
struct rv_manifest_parts {
	json_object *command; /* array of strings */
	const char *cwd;
	const char *created;   /* ISO time the run that made these results started */
	json_object *request;  /* compared */
	json_object *drive;    /* compared */
	json_object *software; /* compared */
	json_object *host;     /* compared */
	json_object *info;     /* recorded only */
};

/**
 * rv_manifest_new() - a manifest from its parts, with its id.
 * @p: the parts; the objects' references pass to the manifest (also on failure)
 * Return: a new object, or NULL when out of memory.
 */
json_object *rv_manifest_new(struct rv_manifest_parts *p);

/**
 * rv_manifest_id() - the id of @m: 16 hex digits of a hash over its compared parts (request,
 * drive, software, host), so two manifests that compare equal have the same id.
 * @m: a manifest
 * @out: at least 17 bytes
 */
void rv_manifest_id(json_object *m, char *out);

/**
 * rv_manifest_diff() - what differs between the manifest of earlier results and this run's,
 * one line per difference: "profile: \"quick\" in the results, \"full\" now",
 * "drive.identity.serial: \"S1\" in the results, \"S2\" now". Only the compared parts count.
 * @old: the results' manifest
 * @cur: this run's
 * @out: buffer for the lines, each ending in '\n' (truncated with "..." when full)
 * @len: size of @out
 * Return: the number of differences (0: the run may continue the results).
 */
int rv_manifest_diff(json_object *old, json_object *cur, char *out, size_t len);

#endif
