// SPDX-License-Identifier: GPL-2.0-only
/*
 * sgio.c - synchronous SG_IO.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>

#include <scsi/sg.h>

#include "codec/scsi/scsi_mgmt.h"
#include "transport/scsi_sg.h"
#include "host/sgio.h"

int scsi_sgio(int fd, const struct ssd_scsi_cdb *cdb, enum scsi_dir dir, void *buf, size_t len,
	      unsigned int timeout_ms, struct scsi_result *res)
{
	static const int dirs[] = {[SCSI_DIR_NONE] = SG_DXFER_NONE,
				   [SCSI_DIR_IN] = SG_DXFER_FROM_DEV,
				   [SCSI_DIR_OUT] = SG_DXFER_TO_DEV};
	struct sg_io_hdr h;
	struct ssd_scsi_sense sense;
	int ret;

	memset(res, 0, sizeof(*res));
	ssd_tp_sg_hdr_init(&h, (struct ssd_scsi_cdb *)cdb, dirs[dir],
			   dir == SCSI_DIR_NONE ? NULL : buf,
			   dir == SCSI_DIR_NONE ? 0 : (uint32_t)len, res->sense, timeout_ms);
	h.mx_sb_len = sizeof(res->sense);
	ret = ssd_tp_sg_run(fd, &h);
	if (ret)
		return ret;
	ssd_tp_sg_outcome(&h, &res->outcome);
	res->resid = h.resid > 0 ? (unsigned int)h.resid : 0;
	if (ssd_scsi_outcome_ok(&res->outcome))
		return 0;
	if (h.sb_len_wr && ssd_scsi_sense_parse(res->sense, h.sb_len_wr, &sense) == 0)
		return ssd_scsi_outcome_errno(&res->outcome, &sense);
	return ssd_scsi_outcome_errno(&res->outcome, NULL);
}

void scsi_sgio_describe(char *buf, size_t len, const struct ssd_scsi_cdb *cdb,
			const struct scsi_result *res)
{
	const char *name = ssd_scsi_opcode_name(cdb) ? NULL : ssd_scsi_mgmt_opcode_name(cdb->b[0]);
	int n = name ? snprintf(buf, len, "%s: ", name) : 0;

	if (n < 0 || (size_t)n >= len)
		n = 0;
	ssd_scsi_outcome_format(buf + n, len - (size_t)n, cdb, 0, 0, &res->outcome);
}
