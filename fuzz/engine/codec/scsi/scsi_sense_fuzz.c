// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sense_fuzz.c - libFuzzer harness: arbitrary sense data (fixed or descriptor format,
 * SPC-5 §4.4) and sg_io_hdr outcome bytes through the decoder, the errno mapping and the
 * one-line formatter. Input: status (1 byte), host status (2), driver status (2), CDB length
 * (1) and 16 CDB bytes, then the sense buffer (at most 252 bytes, the SPC-5 maximum).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec/scsi/scsi_cdb.h"
#include "codec/scsi/scsi_sense.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HDR 22
#define MAX_SENSE 252

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ssd_scsi_outcome o = {0};
	struct ssd_scsi_sense s;
	struct ssd_scsi_cdb cdb;
	uint8_t *sense;
	size_t slen;
	char line[512], tiny[12];
	bool have;
	int e;

	if (size < HDR)
		return 0;
	slen = size - HDR < MAX_SENSE ? size - HDR : MAX_SENSE;
	/* an exact-size copy: ASan sees a read one byte past the sense returned */
	sense = malloc(slen ? slen : 1);
	if (!sense)
		return 0;
	memcpy(sense, data + HDR, slen);
	o.status = data[0];
	o.host_status = (uint16_t)(data[1] | data[2] << 8);
	o.driver_status = (uint16_t)(data[3] | data[4] << 8);
	o.sense = slen ? sense : NULL;
	o.sense_len = slen;
	memset(&cdb, 0, sizeof(cdb));
	cdb.len = data[5] % (SSD_SCSI_CDB_MAX_LEN + 1);
	memcpy(cdb.b, data + 6, 16 < SSD_SCSI_CDB_MAX_LEN ? 16 : SSD_SCSI_CDB_MAX_LEN);

	have = ssd_scsi_sense_parse(sense, slen, &s) == 0;
	if (have) {
		(void)ssd_scsi_sense_key_name(s.key);
		(void)ssd_scsi_asc_name(s.asc, s.ascq);
	}
	(void)ssd_scsi_status_name(o.status);
	(void)ssd_scsi_host_status_name(o.host_status);
	e = ssd_scsi_outcome_errno(&o, have ? &s : NULL);
	if (ssd_scsi_outcome_ok(&o) ? e != 0 : e <= 0)
		abort();
	if (ssd_scsi_outcome_format(line, sizeof(line), &cdb, 0x123456789ull, 8, &o) < 0 ||
	    strlen(line) >= sizeof(line))
		abort();
	ssd_scsi_outcome_format(tiny, sizeof(tiny), &cdb, 0, 0, &o);
	if (strlen(tiny) >= sizeof(tiny))
		abort();
	free(sense);
	return 0;
}
