// SPDX-License-Identifier: GPL-2.0-only
/*
 * sgio.c - one synchronous SCSI command through SG_IO; see sgio.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include "codec/scsi/scsi_mgmt.h"
#include "common/ssd_log.h"
#include "host/sgio.h"

void ssd_host_sg_hdr_init(struct sg_io_hdr *hdr, struct ssd_scsi_cdb *cdb, int dir, void *buf,
			  uint32_t len, uint8_t *sense, unsigned int timeout_ms)
{
	memset(hdr, 0, sizeof(*hdr));
	hdr->interface_id = 'S';
	hdr->dxfer_direction = len ? dir : SG_DXFER_NONE;
	hdr->cmd_len = cdb->len;
	hdr->cmdp = cdb->b;
	hdr->mx_sb_len = SSD_HOST_SENSE_LEN;
	hdr->sbp = sense;
	hdr->dxferp = len ? buf : NULL;
	hdr->dxfer_len = len;
	hdr->timeout = timeout_ms;
	hdr->flags = SG_FLAG_Q_AT_TAIL;
}

void ssd_host_sg_outcome(const struct sg_io_hdr *hdr, struct ssd_scsi_outcome *o)
{
	o->status = hdr->status;
	o->host_status = hdr->host_status;
	o->driver_status = hdr->driver_status;
	o->sense = hdr->sbp;
	o->sense_len = hdr->sb_len_wr;
}

int ssd_host_sg_run(int fd, struct sg_io_hdr *hdr)
{
	return ioctl(fd, SG_IO, hdr) < 0 ? -errno : 0;
}

/* One attempt. Return as ssd_host_sgio(). */
static int sgio_once(int fd, const struct ssd_scsi_cdb *cdb, enum ssd_host_sg_dir dir, void *buf,
		     size_t len, unsigned int timeout_ms, struct ssd_host_sg_result *res)
{
	static const int dirs[] = {[SSD_HOST_SG_NONE] = SG_DXFER_NONE,
				   [SSD_HOST_SG_IN] = SG_DXFER_FROM_DEV,
				   [SSD_HOST_SG_OUT] = SG_DXFER_TO_DEV};
	const bool data = dir != SSD_HOST_SG_NONE && buf && len;
	struct sg_io_hdr h;
	int ret;

	memset(res, 0, sizeof(*res));
	if (data && dir == SSD_HOST_SG_IN)
		memset(buf, 0, len);
	ssd_host_sg_hdr_init(&h, (struct ssd_scsi_cdb *)cdb, dirs[dir], data ? buf : NULL,
			     data ? (uint32_t)len : 0, res->sense, timeout_ms);
	ret = ssd_host_sg_run(fd, &h);
	if (ret)
		return ret;
	ssd_host_sg_outcome(&h, &res->outcome);
	res->resid = h.resid > 0 ? (unsigned int)h.resid : 0;
	if (ssd_scsi_outcome_ok(&res->outcome))
		return 0;
	res->have_sense =
	    h.sb_len_wr && ssd_scsi_sense_parse(res->sense, h.sb_len_wr, &res->key) == 0;
	return ssd_scsi_outcome_errno(&res->outcome, res->have_sense ? &res->key : NULL);
}

int ssd_host_sgio(int fd, const struct ssd_scsi_cdb *cdb, enum ssd_host_sg_dir dir, void *buf,
		  size_t len, unsigned int timeout_ms, const char *who,
		  struct ssd_host_sg_result *res)
{
	char line[320];
	int ret = sgio_once(fd, cdb, dir, buf, len, timeout_ms, res);

	if (ret > 0 && res->have_sense && res->key.key == SSD_SCSI_SK_UNIT_ATTENTION) {
		ssd_host_sgio_describe(line, sizeof(line), cdb, res);
		ssd_log(SSD_LOG_WARN, "%s%s%s; retrying once", who ? who : "", who ? ": " : "",
			line);
		ret = sgio_once(fd, cdb, dir, buf, len, timeout_ms, res);
	}
	return ret;
}

void ssd_host_sgio_describe(char *buf, size_t len, const struct ssd_scsi_cdb *cdb,
			    const struct ssd_host_sg_result *res)
{
	const char *name = ssd_scsi_opcode_name(cdb) ? NULL : ssd_scsi_mgmt_opcode_name(cdb->b[0]);
	int n = name ? snprintf(buf, len, "%s: ", name) : 0;

	if (n < 0 || (size_t)n >= len)
		n = 0;
	ssd_scsi_outcome_format(buf + n, len - (size_t)n, cdb, 0, 0, &res->outcome);
}
