// SPDX-License-Identifier: GPL-2.0-only
/* drivefile.c - drive.json and drive-<M>.json (drivefile.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "drivefile.h"
#include "record/layout.h"
#include "util.h"

static json_object *str(const char *s) { return s ? json_object_new_string(s) : NULL; }

static int write_dev(const struct rv_dev *d, const char *label, const char *path, bool before)
{
	json_object *o, *h;
	char now[32], err[PATH_MAX + 64];
	int r;

	rv_iso_time(time(NULL), now, sizeof(now));
	if (!before) {
		o = rv_json_read(path, err, sizeof(err));
		if (!o)
			return -ENOENT;
		h = rv_drive_health(d->path, &d->probe);
		json_object_object_add(o, "health_after", h);
		json_object_object_add(o, "health_after_at", str(now));
		r = rv_json_write(path, o);
		json_object_put(o);
		return r;
	}
	o = json_object_new_object();
	json_object_object_add(o, "label", str(label));
	json_object_object_add(o, "device", str(d->path));
	json_object_object_add(o, "kind", str(rv_kind_name(d->probe.kind)));
	json_object_object_add(o, "fio_filename", str(d->node));
	json_object_object_add(o, "size_bytes", json_object_new_uint64(d->probe.size));
	json_object_object_add(o, "span_bytes", json_object_new_uint64(d->span));
	json_object_object_add(o, "identity", d->info ? json_object_get(d->info) : NULL);
	json_object_object_add(o, "health_before", rv_drive_health(d->path, &d->probe));
	json_object_object_add(o, "health_after", NULL);
	json_object_object_add(o, "health_before_at", str(now));
	json_object_object_add(o, "note", d->info ? NULL : str(d->note));
	r = rv_json_write(path, o);
	json_object_put(o);
	return r;
}

static int write_obj(const char *path, json_object *o)
{
	int r = rv_json_write(path, o);

	json_object_put(o);
	return r;
}

int rv_drivefile_write(const struct rv_target *t, const char *out, bool before)
{
	char path[PATH_MAX], dir[PATH_MAX], label[192];
	json_object *o;
	int r = 0;

	rec_path_drive_dir(dir, sizeof(dir), out, t->label);
	rec_path_drive(path, sizeof(path), dir, NULL);
	switch (t->type) {
	case RV_T_DRIVE:
		return write_dev(&t->devs[0], t->label, path, before);
	case RV_T_GROUP:
		if (before) {
			char names[1024] = "";

			for (size_t i = 0; i < t->ndevs; i++)
				snprintf(names + strlen(names), sizeof(names) - strlen(names),
					 "%s%s", i ? " " : "", t->devs[i].name);
			o = json_object_new_object();
			json_object_object_add(o, "label", str(t->label));
			json_object_object_add(o, "kind", str("group"));
			json_object_object_add(o, "devices", str(t->device));
			json_object_object_add(o, "drives", str(names));
			json_object_object_add(o, "note",
					       str("a group of drives tested at once; each drive "
						   "is described in drive-<name>.json"));
			if ((r = write_obj(path, o)))
				return r;
		}
		for (size_t i = 0; i < t->ndevs && !r; i++) {
			rec_path_drive(path, sizeof(path), dir, t->devs[i].name);
			snprintf(label, sizeof(label), "%s/%s", t->label, t->devs[i].name);
			r = write_dev(&t->devs[i], label, path, before);
		}
		return r;
	case RV_T_CLIENTS:
		if (!before)
			return 0;
		o = json_object_new_object();
		json_object_object_add(o, "label", str(t->label));
		json_object_object_add(o, "kind", str("fio client/server"));
		json_object_object_add(o, "devices", str(t->device));
		json_object_object_add(o, "note",
				       str("drives on fio servers: identity and health are "
					   "not read (ssdctl runs locally only)"));
		return write_obj(path, o);
	case RV_T_REMOTE:
		if (!before)
			return 0;
		rv_fmt(label, sizeof(label), "%s:%d", t->host, t->port);
		o = json_object_new_object();
		json_object_object_add(o, "label", str(t->label));
		json_object_object_add(o, "device", str(t->device));
		json_object_object_add(o, "kind", str("remote"));
		json_object_object_add(o, "server", str(label));
		json_object_object_add(o, "identity", NULL);
		json_object_object_add(o, "note",
				       str("a drive on a fio server: identity and health "
					   "are not read (ssdctl runs locally only)"));
		return write_obj(path, o);
	}
	return 0;
}
