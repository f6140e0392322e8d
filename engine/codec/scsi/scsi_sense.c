// SPDX-License-Identifier: GPL-2.0-only
/*
 * scsi_sense.c - status, host status and sense decoding; names from SAM-5, SPC-5 and Linux.
 */
#include "codec/scsi/scsi_sense.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "codec/scsi/scsi_bytes.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* Fixed format (SPC-5 §4.4.3): VALID in byte 0 bit 7, INFORMATION bytes 3-6, ADDITIONAL SENSE
 * LENGTH byte 7, ASC byte 12, ASCQ byte 13. */
#define FIXED_VALID 0x80
#define FIXED_ASC_END 14
/* Descriptor format (SPC-5 §4.4.2): descriptors start at byte 8; the Information descriptor is
 * type 00h, 12 bytes, VALID in byte 2 bit 7, INFORMATION in bytes 4-11. */
#define DESC_HEADER_LEN 8
#define DESC_TYPE_INFORMATION 0x00
#define DESC_INFO_LEN 12

static void parse_fixed(const uint8_t *buf, size_t len, struct ssd_scsi_sense *s)
{
	size_t end = len;

	if (len >= 8 && (size_t)8 + buf[7] < end)
		end = (size_t)8 + buf[7];
	if (end >= 7 && (buf[0] & FIXED_VALID)) {
		s->info_valid = true;
		s->info = ssd_scsi_get_be32(&buf[3]);
	}
	if (end >= FIXED_ASC_END) {
		s->asc = buf[12];
		s->ascq = buf[13];
	}
}

static void parse_descriptor(const uint8_t *buf, size_t len, struct ssd_scsi_sense *s)
{
	size_t end, off;

	if (len >= 2)
		s->key = buf[1] & 0x0f;
	if (len >= 4) {
		s->asc = buf[2];
		s->ascq = buf[3];
	}
	if (len < DESC_HEADER_LEN)
		return;
	end = (size_t)DESC_HEADER_LEN + buf[7];
	if (end > len)
		end = len;
	for (off = DESC_HEADER_LEN; off + 2 <= end; off += 2 + (size_t)buf[off + 1]) {
		const uint8_t *d = &buf[off];

		if (d[0] != DESC_TYPE_INFORMATION || off + DESC_INFO_LEN > end)
			continue;
		if (d[2] & 0x80) {
			s->info_valid = true;
			s->info = ssd_scsi_get_be64(&d[4]);
		}
		break;
	}
}

int ssd_scsi_sense_parse(const uint8_t *buf, size_t len, struct ssd_scsi_sense *out)
{
	*out = (struct ssd_scsi_sense){0};
	if (!buf || len < 1)
		return -EINVAL;
	out->response_code = buf[0] & 0x7f;
	switch (out->response_code) {
	case 0x70:
	case 0x71:
		if (len < 3)
			return -EINVAL;
		out->key = buf[2] & 0x0f;
		parse_fixed(buf, len, out);
		break;
	case 0x72:
	case 0x73:
		if (len < 2)
			return -EINVAL;
		parse_descriptor(buf, len, out);
		break;
	default:
		return -EINVAL;
	}
	out->deferred = out->response_code == 0x71 || out->response_code == 0x73;
	return 0;
}

static const char *const sense_key_names[16] = {
    [SSD_SCSI_SK_NO_SENSE] = "NO SENSE",
    [SSD_SCSI_SK_RECOVERED_ERROR] = "RECOVERED ERROR",
    [SSD_SCSI_SK_NOT_READY] = "NOT READY",
    [SSD_SCSI_SK_MEDIUM_ERROR] = "MEDIUM ERROR",
    [SSD_SCSI_SK_HARDWARE_ERROR] = "HARDWARE ERROR",
    [SSD_SCSI_SK_ILLEGAL_REQUEST] = "ILLEGAL REQUEST",
    [SSD_SCSI_SK_UNIT_ATTENTION] = "UNIT ATTENTION",
    [SSD_SCSI_SK_DATA_PROTECT] = "DATA PROTECT",
    [SSD_SCSI_SK_BLANK_CHECK] = "BLANK CHECK",
    [SSD_SCSI_SK_VENDOR_SPECIFIC] = "VENDOR SPECIFIC",
    [SSD_SCSI_SK_COPY_ABORTED] = "COPY ABORTED",
    [SSD_SCSI_SK_ABORTED_COMMAND] = "ABORTED COMMAND",
    [0xc] = "RESERVED",
    [SSD_SCSI_SK_VOLUME_OVERFLOW] = "VOLUME OVERFLOW",
    [SSD_SCSI_SK_MISCOMPARE] = "MISCOMPARE",
    [SSD_SCSI_SK_COMPLETED] = "COMPLETED",
};

const char *ssd_scsi_sense_key_name(uint8_t key) { return sense_key_names[key & 0x0f]; }

/* SPC-5 Annex F (Table F.2, ASC and ASCQ assignments), the entries a disk is likely to return. */
static const struct {
	uint8_t asc, ascq;
	const char *name;
} asc_names[] = {
    {0x00, 0x00, "No additional sense information"},
    {0x00, 0x06, "I/O process terminated"},
    {0x00, 0x16, "Operation in progress"},
    {0x00, 0x17, "Cleaning requested"},
    {0x00, 0x1d, "ATA pass through information available"},
    {0x01, 0x00, "No index/sector signal"},
    {0x02, 0x00, "No seek complete"},
    {0x03, 0x00, "Peripheral device write fault"},
    {0x04, 0x00, "Logical unit not ready, cause not reportable"},
    {0x04, 0x01, "Logical unit is in process of becoming ready"},
    {0x04, 0x02, "Logical unit not ready, initializing command required"},
    {0x04, 0x03, "Logical unit not ready, manual intervention required"},
    {0x04, 0x04, "Logical unit not ready, format in progress"},
    {0x04, 0x05, "Logical unit not ready, rebuild in progress"},
    {0x04, 0x06, "Logical unit not ready, recalculation in progress"},
    {0x04, 0x07, "Logical unit not ready, operation in progress"},
    {0x04, 0x08, "Logical unit not ready, long write in progress"},
    {0x04, 0x09, "Logical unit not ready, self-test in progress"},
    {0x04, 0x0a, "Logical unit not accessible, asymmetric access state transition"},
    {0x04, 0x0b, "Logical unit not accessible, target port in standby state"},
    {0x04, 0x0c, "Logical unit not accessible, target port in unavailable state"},
    {0x04, 0x0d, "Logical unit not ready, structure check required"},
    {0x04, 0x0e, "Logical unit not ready, security session in progress"},
    {0x04, 0x10, "Logical unit not ready, auxiliary memory not accessible"},
    {0x04, 0x11, "Logical unit not ready, notify (enable spinup) required"},
    {0x04, 0x12, "Logical unit not ready, offline"},
    {0x04, 0x13, "Logical unit not ready, SA creation in progress"},
    {0x04, 0x14, "Logical unit not ready, space allocation in progress"},
    {0x04, 0x1a, "Logical unit not ready, START STOP UNIT command in progress"},
    {0x04, 0x1b, "Logical unit not ready, sanitize in progress"},
    {0x04, 0x1c, "Logical unit not ready, additional power use not yet granted"},
    {0x04, 0x22, "Logical unit not ready, power cycle required"},
    {0x05, 0x00, "Logical unit does not respond to selection"},
    {0x08, 0x00, "Logical unit communication failure"},
    {0x08, 0x01, "Logical unit communication time-out"},
    {0x08, 0x02, "Logical unit communication parity error"},
    {0x0b, 0x00, "Warning"},
    {0x0b, 0x01, "Warning - specified temperature exceeded"},
    {0x0c, 0x00, "Write error"},
    {0x0c, 0x02, "Write error - auto reallocation failed"},
    {0x0c, 0x03, "Write error - recommend reassignment"},
    {0x10, 0x00, "ID CRC or ECC error"},
    {0x10, 0x01, "Logical block guard check failed"},
    {0x10, 0x02, "Logical block application tag check failed"},
    {0x10, 0x03, "Logical block reference tag check failed"},
    {0x11, 0x00, "Unrecovered read error"},
    {0x11, 0x01, "Read retries exhausted"},
    {0x11, 0x02, "Error too long to correct"},
    {0x11, 0x04, "Unrecovered read error - auto reallocate failed"},
    {0x11, 0x0b, "Unrecovered read error - recommend reassignment"},
    {0x11, 0x0c, "Unrecovered read error - recommend rewrite the data"},
    {0x14, 0x00, "Recorded entity not found"},
    {0x14, 0x01, "Record not found"},
    {0x15, 0x00, "Random positioning error"},
    {0x16, 0x00, "Data synchronization mark error"},
    {0x17, 0x00, "Recovered data with no error correction applied"},
    {0x17, 0x01, "Recovered data with retries"},
    {0x18, 0x00, "Recovered data with error correction applied"},
    {0x19, 0x00, "Defect list error"},
    {0x1a, 0x00, "Parameter list length error"},
    {0x1b, 0x00, "Synchronous data transfer error"},
    {0x1d, 0x00, "Miscompare during verify operation"},
    {0x20, 0x00, "Invalid command operation code"},
    {0x21, 0x00, "Logical block address out of range"},
    {0x21, 0x01, "Invalid element address"},
    {0x21, 0x02, "Invalid address for write"},
    {0x24, 0x00, "Invalid field in CDB"},
    {0x24, 0x01, "CDB decryption error"},
    {0x25, 0x00, "Logical unit not supported"},
    {0x26, 0x00, "Invalid field in parameter list"},
    {0x26, 0x01, "Parameter not supported"},
    {0x26, 0x02, "Parameter value invalid"},
    {0x26, 0x03, "Threshold parameters not supported"},
    {0x26, 0x04, "Invalid release of persistent reservation"},
    {0x27, 0x00, "Write protected"},
    {0x27, 0x01, "Hardware write protected"},
    {0x27, 0x02, "Logical unit software write protected"},
    {0x27, 0x07, "Space allocation failed write protect"},
    {0x28, 0x00, "Not ready to ready change, medium may have changed"},
    {0x29, 0x00, "Power on, reset, or bus device reset occurred"},
    {0x29, 0x01, "Power on occurred"},
    {0x29, 0x02, "SCSI bus reset occurred"},
    {0x29, 0x03, "Bus device reset function occurred"},
    {0x29, 0x04, "Device internal reset"},
    {0x29, 0x07, "I_T nexus loss occurred"},
    {0x2a, 0x00, "Parameters changed"},
    {0x2a, 0x01, "Mode parameters changed"},
    {0x2a, 0x02, "Log parameters changed"},
    {0x2a, 0x03, "Reservations preempted"},
    {0x2a, 0x04, "Reservations released"},
    {0x2a, 0x05, "Registrations preempted"},
    {0x2a, 0x06, "Asymmetric access state changed"},
    {0x2a, 0x07, "Implicit asymmetric access state transition failed"},
    {0x2a, 0x09, "Capacity data has changed"},
    {0x2a, 0x10, "Timestamp changed"},
    {0x2c, 0x00, "Command sequence error"},
    {0x2f, 0x00, "Commands cleared by another initiator"},
    {0x2f, 0x01, "Commands cleared by power loss notification"},
    {0x2f, 0x02, "Commands cleared by device server"},
    {0x31, 0x00, "Medium format corrupted"},
    {0x31, 0x01, "Format command failed"},
    {0x32, 0x00, "No defect spare location available"},
    {0x37, 0x00, "Rounded parameter"},
    {0x38, 0x07, "Thin provisioning soft threshold reached"},
    {0x39, 0x00, "Saving parameters not supported"},
    {0x3a, 0x00, "Medium not present"},
    {0x3e, 0x00, "Logical unit has not self-configured yet"},
    {0x3e, 0x01, "Logical unit failure"},
    {0x3e, 0x02, "Timeout on logical unit"},
    {0x3e, 0x03, "Logical unit failed self-test"},
    {0x3f, 0x00, "Target operating conditions have changed"},
    {0x3f, 0x01, "Microcode has been changed"},
    {0x3f, 0x03, "Inquiry data has changed"},
    {0x3f, 0x0e, "Reported LUNs data has changed"},
    {0x44, 0x00, "Internal target failure"},
    {0x45, 0x00, "Select or reselect failure"},
    {0x47, 0x00, "SCSI parity error"},
    {0x47, 0x01, "Data phase CRC error detected"},
    {0x47, 0x02, "SCSI parity error detected during ST data phase"},
    {0x47, 0x03, "Information unit iuCRC error detected"},
    {0x47, 0x04, "Asynchronous information protection error detected"},
    {0x47, 0x05, "Protocol service CRC error"},
    {0x47, 0x06, "PHY test function in progress"},
    {0x47, 0x7f, "Some commands cleared by iSCSI protocol event"},
    {0x48, 0x00, "Initiator detected error message received"},
    {0x49, 0x00, "Invalid message error"},
    {0x4a, 0x00, "Command phase error"},
    {0x4b, 0x00, "Data phase error"},
    {0x4b, 0x01, "Invalid target port transfer tag received"},
    {0x4b, 0x02, "Too much write data"},
    {0x4b, 0x03, "ACK/NAK timeout"},
    {0x4b, 0x04, "NAK received"},
    {0x4b, 0x05, "Data offset error"},
    {0x4b, 0x06, "Initiator response timeout"},
    {0x4b, 0x07, "Connection lost"},
    {0x4c, 0x00, "Logical unit failed self-configuration"},
    {0x4e, 0x00, "Overlapped commands attempted"},
    {0x55, 0x03, "Insufficient resources"},
    {0x55, 0x04, "Insufficient registration resources"},
    {0x5d, 0x00, "Failure prediction threshold exceeded"},
    {0x5d, 0x01, "Media failure prediction threshold exceeded"},
    {0x5d, 0x02, "Logical unit failure prediction threshold exceeded"},
    {0x5d, 0x03, "Spare area exhaustion prediction threshold exceeded"},
    {0x5d, 0x10, "Hardware impending failure general hard drive failure"},
    {0x5d, 0x11, "Hardware impending failure drive error rate too high"},
    {0x5d, 0x12, "Hardware impending failure data error rate too high"},
    {0x5d, 0x13, "Hardware impending failure seek error rate too high"},
    {0x5d, 0x14, "Hardware impending failure too many block reassigns"},
    {0x5d, 0x15, "Hardware impending failure access times too high"},
    {0x5d, 0x16, "Hardware impending failure start unit times too high"},
    {0x5d, 0x17, "Hardware impending failure channel parametrics"},
    {0x5d, 0x18, "Hardware impending failure controller detected"},
    {0x5d, 0x19, "Hardware impending failure throughput performance"},
    {0x5d, 0x1a, "Hardware impending failure seek time performance"},
    {0x5d, 0x1b, "Hardware impending failure spin-up retry count"},
    {0x5d, 0x1c, "Hardware impending failure drive calibration retry count"},
    {0x5d, 0x73, "Media impending failure endurance limit met"},
    {0x5d, 0xff, "Failure prediction threshold exceeded (false)"},
    {0x5e, 0x00, "Low power condition on"},
    {0x5e, 0x01, "Idle condition activated by timer"},
    {0x5e, 0x02, "Standby condition activated by timer"},
    {0x65, 0x00, "Voltage fault"},
};

const char *ssd_scsi_asc_name(uint8_t asc, uint8_t ascq)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(asc_names); i++)
		if (asc_names[i].asc == asc && asc_names[i].ascq == ascq)
			return asc_names[i].name;
	return NULL;
}

static const struct {
	uint8_t status;
	const char *name;
} status_names[] = {
    {SSD_SCSI_STATUS_GOOD, "GOOD"},
    {SSD_SCSI_STATUS_CHECK_CONDITION, "CHECK CONDITION"},
    {SSD_SCSI_STATUS_CONDITION_MET, "CONDITION MET"},
    {SSD_SCSI_STATUS_BUSY, "BUSY"},
    {0x10, "INTERMEDIATE"},
    {0x14, "INTERMEDIATE-CONDITION MET"},
    {SSD_SCSI_STATUS_RESERVATION_CONFLICT, "RESERVATION CONFLICT"},
    {0x22, "COMMAND TERMINATED"},
    {SSD_SCSI_STATUS_TASK_SET_FULL, "TASK SET FULL"},
    {SSD_SCSI_STATUS_ACA_ACTIVE, "ACA ACTIVE"},
    {SSD_SCSI_STATUS_TASK_ABORTED, "TASK ABORTED"},
};

const char *ssd_scsi_status_name(uint8_t status)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(status_names); i++)
		if (status_names[i].status == status)
			return status_names[i].name;
	return NULL;
}

static const char *const host_status_names[] = {
    [SSD_SCSI_DID_OK] = "DID_OK",
    [SSD_SCSI_DID_NO_CONNECT] = "DID_NO_CONNECT",
    [SSD_SCSI_DID_BUS_BUSY] = "DID_BUS_BUSY",
    [SSD_SCSI_DID_TIME_OUT] = "DID_TIME_OUT",
    [SSD_SCSI_DID_BAD_TARGET] = "DID_BAD_TARGET",
    [SSD_SCSI_DID_ABORT] = "DID_ABORT",
    [SSD_SCSI_DID_PARITY] = "DID_PARITY",
    [SSD_SCSI_DID_ERROR] = "DID_ERROR",
    [SSD_SCSI_DID_RESET] = "DID_RESET",
    [SSD_SCSI_DID_BAD_INTR] = "DID_BAD_INTR",
    [SSD_SCSI_DID_PASSTHROUGH] = "DID_PASSTHROUGH",
    [SSD_SCSI_DID_SOFT_ERROR] = "DID_SOFT_ERROR",
    [SSD_SCSI_DID_IMM_RETRY] = "DID_IMM_RETRY",
    [SSD_SCSI_DID_REQUEUE] = "DID_REQUEUE",
    [SSD_SCSI_DID_TRANSPORT_DISRUPTED] = "DID_TRANSPORT_DISRUPTED",
    [SSD_SCSI_DID_TRANSPORT_FAILFAST] = "DID_TRANSPORT_FAILFAST",
    [SSD_SCSI_DID_TARGET_FAILURE] = "DID_TARGET_FAILURE",
    [SSD_SCSI_DID_NEXUS_FAILURE] = "DID_NEXUS_FAILURE",
    [SSD_SCSI_DID_ALLOC_FAILURE] = "DID_ALLOC_FAILURE",
    [SSD_SCSI_DID_MEDIUM_ERROR] = "DID_MEDIUM_ERROR",
    [SSD_SCSI_DID_TRANSPORT_MARGINAL] = "DID_TRANSPORT_MARGINAL",
};

const char *ssd_scsi_host_status_name(uint16_t host_status)
{
	return host_status < ARRAY_LEN(host_status_names) ? host_status_names[host_status] : NULL;
}

static bool sense_key_is_success(uint8_t key)
{
	return key == SSD_SCSI_SK_NO_SENSE || key == SSD_SCSI_SK_RECOVERED_ERROR ||
	       key == SSD_SCSI_SK_COMPLETED;
}

bool ssd_scsi_outcome_ok(const struct ssd_scsi_outcome *o)
{
	struct ssd_scsi_sense s;

	if (o->host_status != SSD_SCSI_DID_OK)
		return false;
	if (o->status == SSD_SCSI_STATUS_GOOD || o->status == SSD_SCSI_STATUS_CONDITION_MET)
		return true;
	if (o->status != SSD_SCSI_STATUS_CHECK_CONDITION)
		return false;
	if (ssd_scsi_sense_parse(o->sense, o->sense_len, &s))
		return false;
	return !s.deferred && sense_key_is_success(s.key);
}

static int host_errno(uint16_t host_status)
{
	switch (host_status) {
	case SSD_SCSI_DID_TIME_OUT:
		return ETIMEDOUT;
	case SSD_SCSI_DID_NO_CONNECT:
	case SSD_SCSI_DID_BAD_TARGET:
		return ENODEV;
	case SSD_SCSI_DID_BUS_BUSY:
		return EBUSY;
	case SSD_SCSI_DID_ABORT:
		return ECANCELED;
	case SSD_SCSI_DID_ALLOC_FAILURE:
		return ENOMEM;
	case SSD_SCSI_DID_MEDIUM_ERROR:
		return ENODATA;
	default:
		return EIO;
	}
}

static int sense_errno(const struct ssd_scsi_sense *s)
{
	switch (s->key) {
	case SSD_SCSI_SK_MEDIUM_ERROR:
	case SSD_SCSI_SK_BLANK_CHECK:
		return ENODATA;
	case SSD_SCSI_SK_NOT_READY:
		return s->asc == 0x3a ? ENOMEDIUM : EBUSY;
	case SSD_SCSI_SK_ILLEGAL_REQUEST:
		if (s->asc == 0x21)
			return ERANGE;
		if (s->asc == 0x20)
			return EOPNOTSUPP;
		return EINVAL;
	case SSD_SCSI_SK_DATA_PROTECT:
		if (s->asc == 0x27 && s->ascq == 0x07)
			return ENOSPC;
		return EROFS;
	case SSD_SCSI_SK_VOLUME_OVERFLOW:
		return ENOSPC;
	case SSD_SCSI_SK_MISCOMPARE:
		return EILSEQ;
	default:
		return EIO;
	}
}

int ssd_scsi_outcome_errno(const struct ssd_scsi_outcome *o, const struct ssd_scsi_sense *sense)
{
	if (ssd_scsi_outcome_ok(o))
		return 0;
	if (o->host_status != SSD_SCSI_DID_OK)
		return host_errno(o->host_status);
	switch (o->status) {
	case SSD_SCSI_STATUS_CHECK_CONDITION:
		return sense ? sense_errno(sense) : EIO;
	case SSD_SCSI_STATUS_BUSY:
	case SSD_SCSI_STATUS_TASK_SET_FULL:
		return EBUSY;
	case SSD_SCSI_STATUS_RESERVATION_CONFLICT:
		return EBADE;
	case SSD_SCSI_STATUS_TASK_ABORTED:
		return ECANCELED;
	default:
		return EIO;
	}
}

/* snprintf that appends at *pos and keeps counting past the end like snprintf does. */
static void append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(*pos < len ? buf + *pos : NULL, *pos < len ? len - *pos : 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		*pos += (size_t)n;
}

static void append_sense(char *buf, size_t len, size_t *pos, const struct ssd_scsi_sense *s)
{
	const char *asc = ssd_scsi_asc_name(s->asc, s->ascq);

	append(buf, len, pos, ", %ssense key %s, ASC/ASCQ %02X/%02X",
	       s->deferred ? "deferred " : "", ssd_scsi_sense_key_name(s->key), s->asc, s->ascq);
	if (asc)
		append(buf, len, pos, " %s", asc);
	else if (s->asc >= 0x80 || s->ascq >= 0x80)
		append(buf, len, pos, " (vendor specific)");
	if (s->info_valid)
		append(buf, len, pos, ", info %llu", (unsigned long long)s->info);
}

int ssd_scsi_outcome_format(char *buf, size_t len, const struct ssd_scsi_cdb *cdb, uint64_t lba,
			    uint32_t nlb, const struct ssd_scsi_outcome *o)
{
	const char *op = ssd_scsi_opcode_name(cdb);
	const char *st = ssd_scsi_status_name(o->status);
	struct ssd_scsi_sense s;
	size_t pos = 0;

	if (len)
		buf[0] = '\0';
	if (op)
		append(buf, len, &pos, "scsi: %s", op);
	else
		append(buf, len, &pos, "scsi: opcode 0x%02x", cdb->b[0]);
	if (nlb)
		append(buf, len, &pos, " lba %llu blocks %u", (unsigned long long)lba, nlb);
	if (o->host_status != SSD_SCSI_DID_OK) {
		const char *h = ssd_scsi_host_status_name(o->host_status);

		if (h)
			append(buf, len, &pos, ": host status %s", h);
		else
			append(buf, len, &pos, ": host status 0x%02x", o->host_status);
		if (o->driver_status)
			append(buf, len, &pos, ", driver status 0x%02x", o->driver_status);
		return (int)pos;
	}
	if (st)
		append(buf, len, &pos, ": %s", st);
	else
		append(buf, len, &pos, ": status 0x%02x", o->status);
	if (o->status == SSD_SCSI_STATUS_CHECK_CONDITION) {
		if (ssd_scsi_sense_parse(o->sense, o->sense_len, &s) == 0)
			append_sense(buf, len, &pos, &s);
		else
			append(buf, len, &pos, ", no sense data");
	}
	return (int)pos;
}
