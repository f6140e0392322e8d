// SPDX-License-Identifier: GPL-2.0-only
/* targets.c - the drives, groups and fio servers of a run, checked (targets.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/targets.h"
#include "targets/targets_build.h"
#include "targets/targets_client.h"
#include "util/util.h"

/* The earlier drive sharing a lock with @d (the same drive given twice), or NULL. */
static const struct rv_dev *same_drive(struct rv_tbuild *b, const struct rv_dev *d)
{
	for (size_t i = 0; i < b->ts->n; i++)
		for (size_t j = 0; j < b->ts->t[i].ndevs; j++) {
			const struct rv_dev *e = &b->ts->t[i].devs[j];

			if (e == d)
				return NULL;
			for (size_t x = 0; x < e->probe.nlocks; x++)
				for (size_t y = 0; y < d->probe.nlocks; y++)
					if (!strcmp(e->probe.locks[x], d->probe.locks[y]))
						return e;
		}
	return NULL;
}

/* Classify, map and check a local drive; its span. */
static int add_dev(struct rv_tbuild *b, struct rv_dev *d)
{
	const struct rv_opts *o = b->o;
	struct rv_probe *p = &d->probe;
	const struct rv_dev *twin;
	char node[4096], why[1024], msg[1400];
	uint64_t span;

	rv_drive_probe(d->path, p);
	if (p->kind == RV_KIND_MISSING)
		return rv_tb_fail(b, "%s: no such file or device%s", d->what, "");
	if (p->kind == RV_KIND_CHR || p->kind == RV_KIND_OTHER) {
		snprintf(
		    b->err, b->errlen, "%s: %s is %s%s", d->what, d->path, p->desc,
		    p->kind == RV_KIND_CHR
			? " (a character device that is neither an NVMe generic (ng) nor a SCSI "
			  "generic (sg) node)"
			: "");
		return -EINVAL;
	}
	if (rv_drive_node(d->path, p, o->engine, node, sizeof(node), why, sizeof(why)) < 0)
		return rv_tb_fail(b, "%s: %s", d->what, why);
	if (!(d->node = strdup(node)))
		return -ENOMEM;
	if ((twin = same_drive(b, d))) {
		snprintf(b->err, b->errlen, "%s: the same drive as %s (%s%s); give each drive once",
			 d->what, twin->what, p->block[0] ? "/dev/" : "",
			 p->block[0] ? p->block : d->path);
		return -EINVAL;
	}
	if (p->kind == RV_KIND_FILE && p->size > 0 && !o->yes && !o->dry_run) {
		snprintf(
		    b->err, b->errlen,
		    "%s: %s is an existing file of %llu bytes: the review overwrites its first "
		    "span; add --yes to go ahead (a new or empty file needs none)",
		    d->what, d->path, (unsigned long long)p->size);
		return -EINVAL;
	}
	if (p->kind != RV_KIND_FILE) {
		if (!o->yes && !o->dry_run) {
			snprintf(
			    b->err, b->errlen,
			    "%s is a %s device: the review overwrites it; add --yes to go ahead",
			    d->what, rv_kind_name(p->kind));
			return -EINVAL;
		}
		if (!o->allow_mounted && rv_drive_check_unused(d->path, why, sizeof(why)) < 0) {
			snprintf(msg, sizeof(msg), "%s: %s", d->what, why);
			snprintf(b->err, b->errlen, "%s", msg);
			return -EINVAL;
		}
		if (!p->size && p->detached)
			return rv_tb_fail(
			    b,
			    "%s: a loop device with no file attached (losetup %s FILE "
			    "attaches one)",
			    d->what, d->path);
		if (!p->size)
			return rv_tb_fail(b, "%s: cannot read its capacity from sysfs%s", d->what,
					  "");
	} else if (!p->size && !b->limit) {
		return rv_tb_fail(
		    b,
		    "%s: the file is empty or missing; give --span SIZE (or --profile "
		    "quick)%s",
		    d->what, "");
	}
	span = p->size;
	if (b->limit && (!span || span > b->limit)) {
		span = b->limit;
	} else if (o->span && o->span > span) { /* more than there is: refused, never the
						 * whole drive written over instead */
		const char *what = p->kind == RV_KIND_FILE ? "file" : "drive";

		snprintf(b->err, b->errlen,
			 "%s: --span %llu bytes is more than the %s's %llu bytes (%llu MiB): give "
			 "a --span from 16M to %lluM, or none to test the whole %s",
			 d->what, (unsigned long long)o->span, what, (unsigned long long)span,
			 (unsigned long long)(span / RV_MIB), (unsigned long long)(span / RV_MIB),
			 what);
		return -EINVAL;
	}
	span = span / RV_MIB * RV_MIB;
	if (span < RV_MIN_SPAN) {
		snprintf(b->err, b->errlen, "%s: span of %llu bytes is under 16 MiB", d->what,
			 (unsigned long long)span);
		return -EINVAL;
	}
	d->span = span;
	return 0;
}

static int add_drive(struct rv_tbuild *b, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char label[256], what[4400];
	struct rv_target *t;
	struct rv_dev *d;

	if (!eq || eq == arg || !eq[1])
		return rv_tb_fail(b, "--drive '%s': expected LABEL=DEV%s", arg, "");
	snprintf(label, sizeof(label), "%.*s", (int)(eq - arg), arg);
	if (!rv_check_label(label))
		return rv_tb_fail(b, "--drive '%s': %s", arg, RV_LABEL_RULE);
	if (!(t = rv_tb_target(b, label, RV_T_DRIVE)) || !(d = rv_tb_dev(t)))
		return -ENOMEM;
	if (rv_tb_taken(b, label))
		return rv_tb_fail(b, "--drive: label '%s' given twice%s", label, "");
	snprintf(what, sizeof(what), "--drive %s=%s", label, eq + 1);
	rv_fmt(d->name, sizeof(d->name), "%s", label);
	if (!(d->path = strdup(eq + 1)) || !(d->what = strdup(what)))
		return -ENOMEM;
	if (add_dev(b, d))
		return -EINVAL;
	t->device = strdup(d->path);
	t->node = strdup(d->node);
	t->kind = rv_kind_name(d->probe.kind);
	t->span = d->span;
	t->size = d->probe.size;
	return t->device && t->node ? 0 : -ENOMEM;
}

/* "M:DEV" when the part before ':' is a name (a path may hold ':' too), else "DEV". */
static void split_member(const char *md, char *m, size_t mlen, const char **dev)
{
	const char *colon = strchr(md, ':'), *slash;

	if (colon && !memchr(md, '/', (size_t)(colon - md))) {
		snprintf(m, mlen, "%.*s", (int)(colon - md), md);
		*dev = colon + 1;
		return;
	}
	slash = strrchr(md, '/');
	snprintf(m, mlen, "%s", slash ? slash + 1 : md);
	*dev = md;
}

static int add_member(struct rv_tbuild *b, struct rv_target *t, const char *md)
{
	char m[256], what[4400], *devs;
	const char *dev;
	struct rv_dev *d;

	split_member(md, m, sizeof(m), &dev);
	snprintf(what, sizeof(what), "--group %s: drive '%s'", t->label, md);
	if (!rv_check_label(m))
		return rv_tb_fail(b, "%s: %s", what, RV_LABEL_RULE);
	if (!strcmp(m, "global"))
		return rv_tb_fail(
		    b, "--group %s: 'global' cannot name a drive (fio's [global] section)%s",
		    t->label, "");
	if (!(d = rv_tb_dev(t)))
		return -ENOMEM;
	rv_fmt(d->name, sizeof(d->name), "%s", m);
	snprintf(what, sizeof(what), "--group %s: %s=%s", t->label, m, dev);
	if (!(d->path = strdup(dev)) || !(d->what = strdup(what)))
		return -ENOMEM;
	/* the same drive twice is said as such first: naming the two would not help */
	if (add_dev(b, d))
		return -EINVAL;
	for (size_t i = 0; i + 1 < t->ndevs; i++)
		if (!strcmp(t->devs[i].name, m)) {
			snprintf(b->err, b->errlen, "--group %s: drive name '%s' given twice%s",
				 t->label, m, dev == md ? " (name them M:DEV)" : "");
			return -EINVAL;
		}
	if (!t->span || d->span < t->span)
		t->span = d->span;
	if (!t->size || d->probe.size < t->size)
		t->size = d->probe.size;
	devs = malloc(strlen(t->device ? t->device : "") + strlen(dev) + 2);
	if (!devs)
		return -ENOMEM;
	sprintf(devs, "%s%s%s", t->device ? t->device : "", t->device ? "," : "", dev);
	free(t->device);
	t->device = devs;
	return 0;
}

static int add_group(struct rv_tbuild *b, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char label[256], *list, *save;
	struct rv_target *t;
	int r = 0;

	if (!eq || eq == arg || !eq[1])
		return rv_tb_fail(b, "--group '%s': expected NAME=DEV1,DEV2,...%s", arg, "");
	snprintf(label, sizeof(label), "%.*s", (int)(eq - arg), arg);
	if (!rv_check_label(label))
		return rv_tb_fail(b, "--group '%s': %s", arg, RV_LABEL_RULE);
	if (!(t = rv_tb_target(b, label, RV_T_GROUP)))
		return -ENOMEM;
	t->kind = "group";
	if (rv_tb_taken(b, label))
		return rv_tb_fail(b, "--group: label '%s' given twice%s", label, "");
	if (!strchr(eq + 1, ','))
		return rv_tb_fail(
		    b,
		    "--group '%s': a group needs at least two drives (use --drive for "
		    "one)%s",
		    arg, "");
	if (!(list = strdup(eq + 1)))
		return -ENOMEM;
	for (char *md = strtok_r(list, ",", &save); md && !r; md = strtok_r(NULL, ",", &save))
		r = add_member(b, t, md);
	free(list);
	if (!r && t->ndevs < 2)
		return rv_tb_fail(
		    b,
		    "--group '%s': a group needs at least two drives (use --drive for "
		    "one)%s",
		    arg, "");
	if (!r && !(t->node = strdup(t->devs[0].node)))
		r = -ENOMEM;
	return r;
}

int rv_targets_build(const struct rv_opts *o, const struct catalogue_profile *profile,
		     struct rv_targets *ts, char *err, size_t errlen)
{
	struct rv_tbuild b = {.o = o, .ts = ts, .err = err, .errlen = errlen};
	int r = 0;

	memset(ts, 0, sizeof(*ts));
	b.limit = o->span ? o->span : profile->span_bytes;
	if (o->clients.n)
		r = rv_tb_clients(&b);
	for (size_t i = 0; !r && i < o->drives.n; i++)
		r = add_drive(&b, o->drives.v[i]);
	for (size_t i = 0; !r && i < o->groups.n; i++)
		r = add_group(&b, o->groups.v[i]);
	if (!o->clients.n)
		ts->nrun = ts->n;
	if (r == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	return r;
}

void rv_targets_identify(struct rv_targets *ts)
{
	for (size_t i = 0; i < ts->n; i++)
		for (size_t j = 0; ts->t[i].type != RV_T_REMOTE && j < ts->t[i].ndevs; j++) {
			struct rv_dev *d = &ts->t[i].devs[j];

			if (!d->info)
				d->info =
				    rv_drive_info(d->path, &d->probe, d->note, sizeof(d->note));
			if (!d->info && !d->reference &&
			    (d->reference = rv_drive_reference(&d->probe)))
				snprintf(d->note, sizeof(d->note),
					 "a reference drive (scripts/refdrive): QEMU's throttle "
					 "filter over a raw file, exported through FUSE, a loop "
					 "device over the export; its limits are its identity");
		}
}

void rv_targets_free(struct rv_targets *ts)
{
	for (size_t i = 0; i < ts->n; i++) {
		struct rv_target *t = &ts->t[i];

		for (size_t j = 0; j < t->ndevs; j++) {
			free(t->devs[j].path);
			free(t->devs[j].node);
			free(t->devs[j].what);
			json_object_put(t->devs[j].info);
			json_object_put(t->devs[j].reference);
		}
		free(t->devs);
		free(t->device);
		free(t->node);
	}
	free(ts->t);
	memset(ts, 0, sizeof(*ts));
}

struct rv_target *rv_targets_find(struct rv_targets *ts, const char *label)
{
	for (size_t i = 0; i < ts->n; i++)
		if (!strcmp(ts->t[i].label, label))
			return &ts->t[i];
	return NULL;
}
