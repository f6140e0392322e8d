// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_cmd.c - command helpers shared by ssdctl's subcommands.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "codec/ata/ata_cmd.h"
#include "codec/nvme/nvme_status.h"
#include "codec/scsi/scsi_geometry.h"
#include "host/sgio.h"
#include "codec/scsi/scsi_vpd.h"
#include "ctl/ssdctl.h"

#define SSDCTL_SCSI_TIMEOUT_MS 10000u

void ssdctl_nvme_err(char *err, size_t errlen, const char *what, int r)
{
	if (r > 0) {
		struct ssd_nvme_status s = ssd_nvme_status_decode((uint16_t)r);

		snprintf(err, errlen, "%s: %s (SCT 0x%x SC 0x%02x%s)", what, s.name, s.sct, s.sc,
			 s.dnr ? ", DNR" : "");
	} else {
		snprintf(err, errlen, "%s: %s", what, strerror(errno));
	}
}

int ssdctl_scsi_in(int fd, const struct ssd_scsi_cdb *cdb, uint8_t *buf, size_t len, size_t *got,
		   char *err, size_t errlen)
{
	struct ssd_host_sg_result res;
	int r;

	memset(buf, 0, len);
	*got = 0;
	r = ssd_host_sgio(fd, cdb, SSD_HOST_SG_IN, buf, len, SSDCTL_SCSI_TIMEOUT_MS, NULL, &res);
	if (r < 0) {
		snprintf(err, errlen, "SG_IO: %s", strerror(-r));
		return r;
	}
	if (r > 0) {
		ssd_host_sgio_describe(err, errlen, cdb, &res);
		return r;
	}
	*got = len - (res.resid < len ? res.resid : len);
	return 0;
}

int ssdctl_scsi_vpd(int fd, uint8_t page, uint8_t *buf, size_t len, size_t *got, char *err,
		    size_t errlen)
{
	struct ssd_scsi_cdb cdb;

	ssd_scsi_cdb_inquiry(&cdb, true, page, (uint16_t)len);
	return ssdctl_scsi_in(fd, &cdb, buf, len, got, err, errlen);
}

bool ssdctl_is_sat(int fd)
{
	uint8_t buf[260];
	struct ssd_scsi_vpd_list list;
	size_t got;
	char err[256];

	return ssdctl_scsi_vpd(fd, SSD_SCSI_VPD_SUPPORTED, buf, sizeof(buf), &got, err,
			       sizeof(err)) == 0 &&
	       ssd_scsi_parse_vpd_supported(buf, got, &list, err, sizeof(err)) == 0 &&
	       ssd_scsi_vpd_list_has(&list, SSD_SCSI_VPD_ATA_INFO);
}

int ssdctl_ata_identify(int fd, struct ssd_ata_identity *id, char *err, size_t errlen)
{
	uint8_t buf[SSD_SCSI_VPD_ATA_INFO_LEN];
	struct ssd_scsi_ata_info info;
	struct ssd_scsi_cdb cdb;
	size_t got;
	int r;

	ssd_ata_cdb_identify(&cdb);
	r = ssdctl_scsi_in(fd, &cdb, buf, SSD_ATA_IDENTIFY_LEN, &got, err, errlen);
	if (r == 0)
		return ssd_ata_parse_identify(buf, got, id, err, errlen);
	/* the SAT layer may refuse pass-through but still carry IDENTIFY data in page 89h */
	if (ssdctl_scsi_vpd(fd, SSD_SCSI_VPD_ATA_INFO, buf, sizeof(buf), &got, err, errlen) == 0 &&
	    ssd_scsi_parse_vpd_ata_info(buf, got, &info, err, errlen) == 0 && info.identify_valid)
		return ssd_ata_parse_identify(info.identify, sizeof(info.identify), id, err,
					      errlen);
	return r;
}
