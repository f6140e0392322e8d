// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_probe.c - `ssdctl probe`: what the host says about a path (host/dev_class.h,
 * host/in_use.h) as a json-c object, schema ssdctl.probe.v1 (engine/ctl/README.md). Opens no
 * device and sends no command.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/transport_select.h"
#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"
#include "host/dev_class.h"
#include "host/in_use.h"

/* Uses listed at most; a drive with more partitions in use than this is still refused. */
#define MAX_USES 64

/* "/dev/<name>", or null when @name is "". */
static void put_node(json_object *o, const char *key, const char *name)
{
	char path[80];

	snprintf(path, sizeof(path), "/dev/%s", name);
	ssdctl_put_str(o, key, name[0] ? path : NULL);
}

static json_object *use_object(const struct ssd_host_use *u)
{
	static const char *const reasons[] = {
	    [SSD_HOST_USE_MOUNTED] = "mounted",
	    [SSD_HOST_USE_SWAP] = "swap",
	    [SSD_HOST_USE_HELD] = "held",
	};
	json_object *o = json_object_new_object();
	const bool mounted = u->kind == SSD_HOST_USE_MOUNTED;

	put_node(o, "device", u->dev);
	ssdctl_put_str(o, "reason", reasons[u->kind]);
	ssdctl_put_str(o, "mount_point", mounted ? u->target : NULL);
	ssdctl_put_str(o, "filesystem", mounted ? u->fstype : NULL);
	ssdctl_put_str(o, "holder", u->kind == SSD_HOST_USE_HELD ? u->target : NULL);
	return o;
}

/* Every use of the block devices behind @h: an array, or NULL (JSON null) when unknown. */
static json_object *in_use(const struct ssd_host_dev *h)
{
	struct ssd_host_blockdev *devs = calloc(SSD_HOST_MAX_BLOCKDEVS, sizeof(*devs));
	struct ssd_host_use *uses = calloc(MAX_USES, sizeof(*uses));
	json_object *arr = NULL;
	char err[256];
	int n, found = 0;

	if (!devs || !uses)
		goto out;
	n = ssd_host_blockdevs_of("/sys", h, devs, SSD_HOST_MAX_BLOCKDEVS, err, sizeof(err));
	if (n > 0)
		found = ssd_host_uses("/sys", "/proc", devs, (unsigned int)n, uses, MAX_USES, err,
				      sizeof(err));
	if (n < 0 || found < 0)
		goto out;
	arr = json_object_new_array();
	for (int i = 0; i < found && i < MAX_USES; i++)
		json_object_array_add(arr, use_object(&uses[i]));
out:
	free(devs);
	free(uses);
	return arr;
}

int ssdctl_probe_json(const char *path, json_object **out, char *err, size_t errlen)
{
	enum ssd_transport_family fam;
	struct ssd_host_dev h;
	json_object *root = json_object_new_object();
	char buf[128];

	if (!root) {
		snprintf(err, errlen, "%s: out of memory", path);
		return -ENOMEM;
	}
	ssd_host_classify(path, &h);
	ssdctl_put_str(root, "schema", "ssdctl.probe.v1");
	ssdctl_put_str(root, "device", path);
	ssdctl_put_str(root, "kind", ssd_host_kind_id(h.kind));
	ssdctl_put_str(root, "description", ssd_host_describe(path, &h, buf, sizeof(buf)));
	ssdctl_put_bool(root, "partition", true, h.partition);
	snprintf(buf, sizeof(buf), "%u:%u", h.major, h.minor);
	ssdctl_put_str(root, "device_number", h.major || h.minor ? buf : NULL);
	put_node(root, "block_device", h.block);
	put_node(root, "disk", h.disk);
	ssdctl_put_str(root, "generic_device", h.generic);
	put_node(root, "nvme_controller", h.ctrl);
	ssdctl_put_u64(root, "capacity_bytes", h.capacity_known, h.capacity_bytes);
	fam = ssd_transport_family_of(&h);
	ssdctl_put_str(root, "transport_auto",
		       fam == SSD_FAMILY_AUTO ? NULL : ssd_family_name(fam));
	json_object_object_add(root, "in_use", in_use(&h));
	*out = root;
	return 0;
}
