// SPDX-License-Identifier: GPL-2.0-only
/*
 * ata_media.c - the drive families whose SMART attributes name their media writes, and those
 * writes read from SMART READ DATA (ata_media.h).
 *
 * The attribute numbers, names and units are facts from the documents named in each row's
 * source; the model patterns are written from the families' model-number schemes. A family is
 * listed only where a source names both the attribute and its unit.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "codec/ata/ata_media.h"

#define MIB32 (32ull << 20)
#define GIB (1ull << 30)
#define DRIVEDB "smartmontools drivedb.h"

/* Intel: 'INTEL SSDSC' + form factor + series letters + capacity + generation digit. */
static const char *const intel_s3510_s3610[] = {"INTEL SSDSC2BB*G6", /* DC S3510 */
						"INTEL SSDSC2BB*T6", /* DC S3510, 1.2 and 1.6 TB */
						"INTEL SSDSC1BX*G4", /* DC S3610, 1.8" */
						"INTEL SSDSC2BX*G4", /* DC S3610 */
						"INTEL SSDSC2BX*T4", /* DC S3610, 1.2 and 1.6 TB */
						NULL};
static const char *const intel_s3710[] = {"INTEL SSDSC2BA*G4", "INTEL SSDSC2BA*T4", NULL};
static const char *const intel_s3520[] = {"INTEL SSDSC2BB*G7", "INTEL SSDSC2BB*T7",
					  "INTEL SSDSCKJB*G7", NULL};
static const char *const intel_s45x0[] = {"INTEL SSDSC2KB*G[78]",
					  "INTEL SSDSC2KB*T[78]", /* DC S4500, S4510 */
					  "INTEL SSDSC2KG*G[78]",
					  "INTEL SSDSC2KG*T[78]", /* DC S4600, S4610 */
					  "INTEL SSDSCKKB*G8",	  /* DC S4510 M.2 */
					  NULL};
static const char *const intel_520[] = {"INTEL SSDSC2CW*A3", "INTEL SSDSC2BW*A3",
					"INTEL SSDSC2BW*A3F", NULL};
static const char *const micron_client[] = {
    "Crucial_CT*M500SSD*",  "Crucial_CT*M550SSD*", "Crucial_CT*MX100SSD*", "Crucial_CT*MX200SSD*",
    "Crucial_CT*MX300SSD*", "CT*MX500SSD*",	   "Micron_M500_*",	   "Micron_M550_*",
    "Micron_M600_*",	    "Micron_1100_*",	   "Micron_1300_*",	   NULL};
static const char *const micron_5x00[] = {"Micron_5100_*", "Micron_5200_*", "Micron_5210_*",
					  "Micron_5300_*", NULL};
static const char *const sandisk[] = {"SanDisk SDSSDHII*",   /* Ultra II */
				      "SanDisk Ultra II *",  /* Ultra II */
				      "SanDisk SDSSDH3*",    /* Ultra 3D */
				      "SanDisk SDSSDXP*",    /* Extreme Pro */
				      "SanDisk SDSSDA-*",    /* SSD Plus */
				      "SanDisk SSD PLUS *",  /* SSD Plus */
				      "SanDisk SD8S[BN]8U*", /* X400 */
				      "SanDisk SD9S[BN]8W*", /* X600 */
				      NULL};

static const struct ssd_ata_media_family families[] = {
    {"Intel DC S3510/S3610", intel_s3510_s3610, 243, "NAND_Writes_32MiB", MIB32, false, 241,
     "Host_Writes_32MiB", MIB32,
     DRIVEDB " 'Intel 730 and DC S35x0/3610/3700 Series SSDs' (243 on S3510/S3610)"},
    {"Intel DC S3710", intel_s3710, 243, "NAND_Writes_32MiB", MIB32, false, 225,
     "Host_Writes_32MiB", MIB32, DRIVEDB " 'Intel 3710 Series SSDs'"},
    {"Intel DC S3520", intel_s3520, 243, "NAND_Writes_32MiB", MIB32, false, 241,
     "Host_Writes_32MiB", MIB32, DRIVEDB " 'Intel S3520 Series SSDs'"},
    {"Intel DC S4500/S4510/S4600/S4610", intel_s45x0, 243, "NAND_Writes_32MiB", MIB32, false, 241,
     "Host_Writes_32MiB", MIB32, DRIVEDB " 'Intel/Solidigm S46x0/S45x0 Series SSDs'"},
    {"Intel 520", intel_520, 249, "NAND_Writes_1GiB", GIB, false, 241, "Host_Writes_32MiB", MIB32,
     DRIVEDB " 'Intel 520 Series SSDs'"},
    {"Micron/Crucial client (M500, M550, M600, MX100-MX500, 1100, 1300)", micron_client, 248,
     "FTL_Program_Page_Count", 0, true, 247, "Host_Program_Page_Count", 0,
     "Micron TN-FD-22 Client SATA SSD SMART Attribute Reference (Rev. E); MX500: " DRIVEDB
     " 'Crucial/Micron Client SSDs'"},
    {"Micron 5100/5200/5300", micron_5x00, 248, "Bckgnd_Program_Page_Cnt", 0, true, 247,
     "Host_Program_Page_Count", 0,
     "Micron TN-FD-34 5100 SSD SMART Implementation (Rev. B); " DRIVEDB
     " 'Micron 5100 / 52x0 / 5300 / 5400 SSDs'"},
    {"SanDisk (Marvell based)", sandisk, 233, "Total_NAND_Writes_GiB", GIB, false, 241,
     "Total_Writes_GiB", GIB, DRIVEDB " 'Marvell based SanDisk SSDs'"},
};

const struct ssd_ata_media_family *ssd_ata_media_families(size_t *n)
{
	*n = sizeof(families) / sizeof(families[0]);
	return families;
}

const struct ssd_ata_media_family *ssd_ata_media_family(const char *model)
{
	if (!model || !*model)
		return NULL;
	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		for (const char *const *p = families[i].models; *p; p++)
			if (fnmatch(*p, model, 0) == 0)
				return &families[i];
	return NULL;
}

/* @raw × @unit into @out; false when it passes 2^64 - 1. A unit of 0 (pages) is 1. */
static bool scaled(uint64_t raw, uint64_t unit, uint64_t *out)
{
	if (!unit)
		unit = 1;
	if (raw > UINT64_MAX / unit)
		return false;
	*out = raw * unit;
	return true;
}

void ssd_ata_media_read(const struct ssd_ata_media_family *f, const struct ssd_ata_smart *smart,
			struct ssd_ata_media *out)
{
	const struct ssd_ata_smart_attr *m, *h;

	memset(out, 0, sizeof(*out));
	out->family = f;
	if (!f)
		return;
	out->pages = f->media_unit == 0;
	m = ssd_ata_smart_find(smart, f->media_attr);
	h = f->host_attr ? ssd_ata_smart_find(smart, f->host_attr) : NULL;
	out->has_host = h && scaled(h->raw, f->host_unit, &out->host);
	if (m && (!f->media_adds_host || out->has_host)) {
		out->has_media = scaled(m->raw, f->media_unit, &out->media);
		if (out->has_media && f->media_adds_host) {
			out->has_media = out->media <= UINT64_MAX - out->host;
			out->media += out->host;
		}
	}
	if (f->media_adds_host)
		snprintf(out->source, sizeof(out->source),
			 "SMART attributes (%u %s + %u %s) / %u, %s: NAND pages, a ratio",
			 f->host_attr, f->host_name, f->media_attr, f->media_name, f->host_attr,
			 f->family);
	else
		snprintf(out->source, sizeof(out->source), "SMART attribute %u %s, %s",
			 f->media_attr, f->media_name, f->family);
}

bool ssd_ata_media_usable(const struct ssd_ata_media *prev, const struct ssd_ata_media *cur)
{
	if (!cur->has_media)
		return false;
	if (prev && prev->has_media && cur->media < prev->media)
		return false;
	if (cur->media == 0 && cur->has_host &&
	    (prev && prev->has_host ? cur->host > prev->host : cur->host > 0))
		return false;
	return true;
}
