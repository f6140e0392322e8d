// SPDX-License-Identifier: GPL-2.0-only
/* drivefile.c - drive.json and drive-<M>.json of a run's targets (drivefile.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "record/drive.h"
#include "record/layout.h"
#include "state/drivefile.h"
#include "util/util.h"

/* One drive's file at @path: before the first test (identity, health before; a resumed run
 * keeps the health before its first session read) or after the last (health after added to
 * what is there, and a file's length now that fio laid it out). */
static int write_dev(const struct rv_dev *d, const char *label, const char *path,
		     enum rv_drivefile_when when)
{
	struct rec_drive f = {.shape = REC_DRIVE_ONE}, old = {0};
	char now[32], err[PATH_MAX + 64];
	json_object *health = rv_drive_health(d->path, &d->probe);
	struct stat st;
	int r;

	rv_iso_time(time(NULL), now, sizeof(now));
	if (when == RV_DRIVEFILE_AFTER) {
		if (rec_drive_read(path, &f, err, sizeof(err))) {
			json_object_put(health);
			return -ENOENT;
		}
		f.health_after = health;
		f.health_after_at = now;
		if (d->probe.kind == RV_KIND_FILE && stat(d->path, &st) == 0)
			f.size_bytes = (long long)st.st_size;
		r = rec_drive_write(path, &f);
		rec_drive_free(&f);
		json_object_put(health);
		return r;
	}
	f.label = label;
	f.device = d->path;
	f.kind = rv_kind_name(d->probe.kind);
	f.fio_filename = d->node;
	f.size_bytes = (long long)d->probe.size;
	f.span_bytes = (long long)d->span;
	f.logical_block_bytes = d->probe.lbs ? (long long)d->probe.lbs : -1;
	f.identity = d->info;
	f.reference = d->reference;
	f.health_before = health;
	f.health_before_at = now;
	if (when == RV_DRIVEFILE_RESUMED && !rec_drive_read(path, &old, err, sizeof(err)) &&
	    old.health_before_at) {
		f.health_before = old.health_before;
		f.health_before_at = old.health_before_at;
	}
	f.note = d->info ? NULL : d->note;
	r = rec_drive_write(path, &f);
	rec_drive_free(&old);
	json_object_put(health);
	return r;
}

int rv_drivefile_write(const struct rv_target *t, const char *out, enum rv_drivefile_when when)
{
	bool before = when != RV_DRIVEFILE_AFTER;
	char path[PATH_MAX], dir[PATH_MAX], label[192], names[1024] = "";
	struct rec_drive f = {0};
	int r = 0;

	rec_path_drive_dir(dir, sizeof(dir), out, t->label);
	rec_path_drive(path, sizeof(path), dir, NULL);
	f.label = t->label;
	f.size_bytes = f.span_bytes = f.logical_block_bytes = -1;
	switch (t->type) {
	case RV_T_DRIVE:
		return write_dev(&t->devs[0], t->label, path, when);
	case RV_T_GROUP:
		if (before) {
			for (size_t i = 0; i < t->ndevs; i++)
				snprintf(names + strlen(names), sizeof(names) - strlen(names),
					 "%s%s", i ? " " : "", t->devs[i].name);
			f.shape = REC_DRIVE_GROUP;
			f.devices = t->device;
			f.drives = names;
			f.note = "a group of drives tested at once; each drive is described in "
				 "drive-<name>.json";
			if ((r = rec_drive_write(path, &f)))
				return r;
		}
		for (size_t i = 0; i < t->ndevs && !r; i++) {
			rec_path_drive(path, sizeof(path), dir, t->devs[i].name);
			snprintf(label, sizeof(label), "%s/%s", t->label, t->devs[i].name);
			r = write_dev(&t->devs[i], label, path, when);
		}
		return r;
	case RV_T_CLIENTS:
		if (!before)
			return 0;
		f.shape = REC_DRIVE_CLIENTS;
		f.devices = t->device;
		f.note = "drives on fio servers: identity and health are not read (ssdctl runs "
			 "locally only)";
		return rec_drive_write(path, &f);
	case RV_T_REMOTE:
		if (!before)
			return 0;
		rv_fmt(label, sizeof(label), "%s:%d", t->host, t->port);
		f.shape = REC_DRIVE_REMOTE;
		f.device = t->device;
		f.server = label;
		f.note = "a drive on a fio server: identity and health are not read (ssdctl runs "
			 "locally only)";
		return rec_drive_write(path, &f);
	}
	return 0;
}
