// SPDX-License-Identifier: GPL-2.0-only
/* transport_registry.c - the engine's transports and families; see transport_registry.h. */
#include "core/transport_registry.h"
#include "host/dev_class.h"

#include <string.h>

#define SSD_TRANSPORT_ROW(o, fam, md, ln, text)                                                    \
	{.ops = &(o), .family = (fam), .mode = (md), .lane = (ln), .help = (text)},
static const struct ssd_transport_reg ssd_transports[] = {SSD_TRANSPORTS(SSD_TRANSPORT_ROW)};
#undef SSD_TRANSPORT_ROW
_Static_assert(sizeof(ssd_transports) / sizeof(ssd_transports[0]) == SSD_TRANSPORT_N,
	       "SSD_TRANSPORT_N counts the rows");

/* ssd_family_mode() reads a mode option as an unsigned int whose 0 is auto */
_Static_assert(SSD_NVME_MODE_AUTO == 0 && SSD_SCSI_MODE_AUTO == 0, "a mode's auto is 0");
_Static_assert(sizeof(enum ssd_nvme_mode) == sizeof(unsigned int) &&
		   sizeof(enum ssd_scsi_mode) == sizeof(unsigned int),
	       "mode options are read as unsigned int");

#define KIND(k) (1u << (k))
#define NO_MODE ((size_t)-1)

/* The transport= values, in the order of the option's help. */
static const struct ssd_family_reg ssd_families[] = {
    {.family = SSD_FAMILY_AUTO,
     .name = "auto",
     .help = "From the file: ng/nvme namespace -> nvme, sg/sd -> scsi, else block",
     .nodes = "each file by what it is",
     .mode_off = NO_MODE},
    {.family = SSD_FAMILY_NVME,
     .name = "nvme",
     .help = "NVMe I/O commands (passthrough)",
     .nodes = "NVMe namespaces: `/dev/ngXnY`, `/dev/nvmeXnY` (through its generic node)",
     .picks = KIND(SSD_HOST_KIND_NVME_NG) | KIND(SSD_HOST_KIND_NVME_BLK),
     .drives = KIND(SSD_HOST_KIND_NVME_NG) | KIND(SSD_HOST_KIND_NVME_BLK),
     .mode_off = offsetof(struct ssd_options, nvme_mode)},
    {.family = SSD_FAMILY_SCSI,
     .name = "scsi",
     .help = "SCSI commands through sg",
     .nodes = "SCSI devices: `/dev/sgN`, `/dev/sdX` (through its sg node)",
     .picks = KIND(SSD_HOST_KIND_SCSI_SG) | KIND(SSD_HOST_KIND_SCSI_BLK),
     .drives = KIND(SSD_HOST_KIND_SCSI_SG) | KIND(SSD_HOST_KIND_SCSI_BLK),
     .mode_off = offsetof(struct ssd_options, scsi_mode)},
    {.family = SSD_FAMILY_BLOCK,
     .name = "block",
     .help = "Block layer, libaio + O_DIRECT",
     .nodes = "regular files, partitions and other block devices; NVMe and SCSI disks when "
	      "asked",
     .picks = KIND(SSD_HOST_KIND_FILE) | KIND(SSD_HOST_KIND_BLK),
     .drives = KIND(SSD_HOST_KIND_FILE) | KIND(SSD_HOST_KIND_BLK) | KIND(SSD_HOST_KIND_NVME_BLK) |
	       KIND(SSD_HOST_KIND_SCSI_BLK),
     .mode_off = NO_MODE},
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

size_t ssd_transport_count(void) { return NELEM(ssd_transports); }

const struct ssd_transport_reg *ssd_transport_at(size_t i)
{
	return i < NELEM(ssd_transports) ? &ssd_transports[i] : NULL;
}

const struct ssd_transport_reg *ssd_transport_of(const struct ssd_transport_ops *ops)
{
	for (size_t i = 0; i < NELEM(ssd_transports); i++)
		if (ssd_transports[i].ops == ops)
			return &ssd_transports[i];
	return NULL;
}

const struct ssd_transport_reg *ssd_transport_find(const char *name, size_t len)
{
	for (size_t i = 0; i < NELEM(ssd_transports); i++) {
		const char *n = ssd_transports[i].ops->name;

		if (strlen(n) == len && !memcmp(n, name, len))
			return &ssd_transports[i];
	}
	return NULL;
}

size_t ssd_family_count(void) { return NELEM(ssd_families); }

const struct ssd_family_reg *ssd_family_at(size_t i)
{
	return i < NELEM(ssd_families) ? &ssd_families[i] : NULL;
}

const struct ssd_family_reg *ssd_family_reg(enum ssd_transport_family fam)
{
	for (size_t i = 0; i < NELEM(ssd_families); i++)
		if (ssd_families[i].family == fam)
			return &ssd_families[i];
	return NULL;
}

int ssd_family_mode(const struct ssd_family_reg *f, const struct ssd_options *opt)
{
	if (f->mode_off == NO_MODE)
		return 0;
	return (int)*(const unsigned int *)((const char *)opt + f->mode_off);
}

const struct ssd_transport_ops *ssd_family_transport(const struct ssd_family_reg *f,
						     const struct ssd_options *opt)
{
	const struct ssd_transport_ops *dflt = NULL;
	const int mode = ssd_family_mode(f, opt);

	for (size_t i = 0; i < NELEM(ssd_transports); i++) {
		const struct ssd_transport_reg *t = &ssd_transports[i];

		if (t->family != f->family)
			continue;
		if (t->mode == mode)
			return t->ops;
		if (t->mode == SSD_MODE_DEFAULT && !dflt)
			dflt = t->ops;
	}
	return dflt;
}

/* The names of @fam's transports, "`a`, `b`", into @buf. */
static void family_members(enum ssd_transport_family fam, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < NELEM(ssd_transports) && used < len; i++)
		if (ssd_transports[i].family == fam)
			used += (size_t)snprintf(buf + used, len - used, "%s`%s`", used ? ", " : "",
						 ssd_transports[i].ops->name);
}

/* A lane, in words (docs). */
static const char *lane_text(enum ssd_lane_kind lane)
{
	switch (lane) {
	case SSD_LANE_NVME_URING:
		return "Reads and Writes as SQE templates into the ring, inline";
	case SSD_LANE_SCSI_SG:
		return "Reads and Writes as sg v3 requests, inline (not with `scsi_mode=sgio`)";
	default:
		return "none: every request through its `queue()`";
	}
}

int ssd_transport_doc(FILE *out)
{
	char members[256];

	fputs("| `transport=` | drives | transports |\n|---|---|---|\n", out);
	for (size_t i = 0; i < NELEM(ssd_families); i++) {
		const struct ssd_family_reg *f = &ssd_families[i];

		family_members(f->family, members, sizeof(members));
		fprintf(out, "| `%s` | %s | %s |\n", f->name, f->nodes,
			f->family == SSD_FAMILY_AUTO ? "the family's, per file" : members);
	}
	fputs("\n| transport | family | what it is | fast lane |\n|---|---|---|---|\n", out);
	for (size_t i = 0; i < NELEM(ssd_transports); i++) {
		const struct ssd_transport_reg *t = &ssd_transports[i];
		const struct ssd_family_reg *f = ssd_family_reg(t->family);

		fprintf(out, "| `%s` | `%s` | %s | %s |\n", t->ops->name, f ? f->name : "?",
			t->help, lane_text(t->lane));
	}
	return fflush(out) == 0 && !ferror(out) ? 0 : -1;
}
