/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * manifest.h - where a results directory's figures come from: the run's request (suite,
 * profile, their options, engine and option), the drive (its identity as `ssdctl info` reads
 * it, span), the software (fio, ssdeng) and the host. run.json carries it ("manifest"); a
 * resumed run continues only when its own manifest matches, and every test records the id of
 * the manifest it ran under, so a results tree assembled from different runs shows it.
 *
 * Schema "ssdeng.manifest.v1" (docs/results-format.md, docs/schemas/manifest.schema.json):
 *   schema, id (16 hex digits: a hash of the compared parts), created, command (argv), cwd,
 *   request {...}, drive {...}, software {...}, host {...}   -- compared by --resume
 *   info {...}                                               -- recorded, not compared
 */
#ifndef SSDENG_RECORD_MANIFEST_H
#define SSDENG_RECORD_MANIFEST_H

#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#define REC_MANIFEST_SCHEMA "ssdeng.manifest.v1"

/* The parts of a manifest: each a json-c object whose reference rec_manifest_new() takes. */
struct rec_manifest_parts {
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
 * rec_manifest_new() - a manifest from its parts, with its id.
 * @p: the parts; the objects' references pass to the manifest (also on failure)
 * Return: a new object, or NULL when out of memory.
 */
json_object *rec_manifest_new(struct rec_manifest_parts *p);

/**
 * rec_manifest_id() - the id of @m: 16 hex digits of a hash over its compared parts (request,
 * drive, software, host), so two manifests that compare equal have the same id.
 * @m: a manifest
 * @out: at least 17 bytes
 */
void rec_manifest_id(json_object *m, char *out);

/**
 * rec_manifest_diff() - what differs between the manifest of earlier results and this run's,
 * one line per difference: "profile: \"quick\" in the results, \"full\" now",
 * "drive.identity.serial: \"S1\" in the results, \"S2\" now". Only the compared parts count.
 * @old: the results' manifest
 * @cur: this run's
 * @out: buffer for the lines, each ending in '\n' (truncated with "..." when full)
 * @len: size of @out
 * Return: the number of differences (0: the run may continue the results).
 */
int rec_manifest_diff(json_object *old, json_object *cur, char *out, size_t len);

/**
 * rec_manifest_host() - the host a manifest names: "host": {"name": ...} (ssdeng.manifest.v1),
 * or "host" as one string (the first drivers). Return: owned by @m, or NULL.
 */
const char *rec_manifest_host(json_object *m);

/**
 * rec_manifest_suite() - suite @i of the run a manifest names: its "suites" (an array, or one
 * string: the first drivers), else its request's "suite".
 * Return: owned by @m, or NULL past the last.
 */
const char *rec_manifest_suite(json_object *m, size_t i);

/** rec_fnv1a64() - the 64-bit FNV-1a hash of @s (a manifest's id; a stable short name). */
uint64_t rec_fnv1a64(const char *s);

#endif
