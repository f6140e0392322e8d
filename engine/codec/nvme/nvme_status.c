// SPDX-License-Identifier: GPL-2.0-only
/* nvme_status.c - NVMe status code tables and lookup; see nvme_status.h for sources. */
#include "codec/nvme/nvme_status.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

struct status_entry {
	uint8_t sc;
	int err; /* positive errno */
	const char *name;
};

/* NVMe Base 2.0, "Generic Command Status Values"; 0x80-0x84 from NVM Command Set 1.0. */
static const struct status_entry generic_status[] = {
    {0x00, 0, "Successful Completion"},
    {0x01, EINVAL, "Invalid Command Opcode"},
    {0x02, EINVAL, "Invalid Field in Command"},
    {0x03, EIO, "Command ID Conflict"},
    {0x04, EIO, "Data Transfer Error"},
    {0x05, ECANCELED, "Commands Aborted due to Power Loss Notification"},
    {0x06, EIO, "Internal Error"},
    {0x07, ECANCELED, "Command Abort Requested"},
    {0x08, ECANCELED, "Command Aborted due to SQ Deletion"},
    {0x09, ECANCELED, "Command Aborted due to Failed Fused Command"},
    {0x0a, ECANCELED, "Command Aborted due to Missing Fused Command"},
    {0x0b, EINVAL, "Invalid Namespace or Format"},
    {0x0c, EIO, "Command Sequence Error"},
    {0x0d, EINVAL, "Invalid SGL Segment Descriptor"},
    {0x0e, EINVAL, "Invalid Number of SGL Descriptors"},
    {0x0f, EINVAL, "Data SGL Length Invalid"},
    {0x10, EINVAL, "Metadata SGL Length Invalid"},
    {0x11, EINVAL, "SGL Descriptor Type Invalid"},
    {0x12, EINVAL, "Invalid Use of Controller Memory Buffer"},
    {0x13, EINVAL, "PRP Offset Invalid"},
    {0x14, EIO, "Atomic Write Unit Exceeded"},
    {0x15, EACCES, "Operation Denied"},
    {0x16, EINVAL, "SGL Offset Invalid"},
    {0x18, EIO, "Host Identifier Inconsistent Format"},
    {0x19, EIO, "Keep Alive Timer Expired"},
    {0x1a, EINVAL, "Keep Alive Timeout Invalid"},
    {0x1b, ECANCELED, "Command Aborted due to Preempt and Abort"},
    {0x1c, EIO, "Sanitize Failed"},
    {0x1d, EBUSY, "Sanitize In Progress"},
    {0x1e, EINVAL, "SGL Data Block Granularity Invalid"},
    {0x1f, EINVAL, "Command Not Supported for Queue in CMB"},
    {0x20, EROFS, "Namespace is Write Protected"},
    {0x21, EINTR, "Command Interrupted"},
    {0x22, EIO, "Transient Transport Error"},
    {0x23, EACCES, "Command Prohibited by Command and Feature Lockdown"},
    {0x24, EBUSY, "Admin Command Media Not Ready"},
    {0x80, EINVAL, "LBA Out of Range"},
    {0x81, ENOSPC, "Capacity Exceeded"},
    {0x82, EBUSY, "Namespace Not Ready"},
    {0x83, EBADE, "Reservation Conflict"},
    {0x84, EBUSY, "Format In Progress"},
};

/* NVMe Base 2.0, "Command Specific Status Values"; 0x80-0x83 NVM Command Set 1.0,
 * 0xb8-0xbf Zoned Namespace Command Set 1.1. */
static const struct status_entry cmd_specific_status[] = {
    {0x00, EINVAL, "Completion Queue Invalid"},
    {0x01, EINVAL, "Invalid Queue Identifier"},
    {0x02, EINVAL, "Invalid Queue Size"},
    {0x03, EIO, "Abort Command Limit Exceeded"},
    {0x05, EIO, "Asynchronous Event Request Limit Exceeded"},
    {0x06, EINVAL, "Invalid Firmware Slot"},
    {0x07, EINVAL, "Invalid Firmware Image"},
    {0x08, EINVAL, "Invalid Interrupt Vector"},
    {0x09, EINVAL, "Invalid Log Page"},
    {0x0a, EINVAL, "Invalid Format"},
    {0x0b, EIO, "Firmware Activation Requires Conventional Reset"},
    {0x0c, EINVAL, "Invalid Queue Deletion"},
    {0x0d, EINVAL, "Feature Identifier Not Saveable"},
    {0x0e, EINVAL, "Feature Not Changeable"},
    {0x0f, EINVAL, "Feature Not Namespace Specific"},
    {0x10, EIO, "Firmware Activation Requires NVM Subsystem Reset"},
    {0x11, EIO, "Firmware Activation Requires Controller Level Reset"},
    {0x12, EIO, "Firmware Activation Requires Maximum Time Violation"},
    {0x13, EACCES, "Firmware Activation Prohibited"},
    {0x14, EINVAL, "Overlapping Range"},
    {0x15, ENOSPC, "Namespace Insufficient Capacity"},
    {0x16, EINVAL, "Namespace Identifier Unavailable"},
    {0x18, EINVAL, "Namespace Already Attached"},
    {0x19, EINVAL, "Namespace Is Private"},
    {0x1a, EINVAL, "Namespace Not Attached"},
    {0x1b, EINVAL, "Thin Provisioning Not Supported"},
    {0x1c, EINVAL, "Controller List Invalid"},
    {0x1d, EBUSY, "Device Self-test In Progress"},
    {0x1e, EACCES, "Boot Partition Write Prohibited"},
    {0x1f, EINVAL, "Invalid Controller Identifier"},
    {0x20, EINVAL, "Invalid Secondary Controller State"},
    {0x21, EINVAL, "Invalid Number of Controller Resources"},
    {0x22, EINVAL, "Invalid Resource Identifier"},
    {0x23, EACCES, "Sanitize Prohibited While Persistent Memory Region is Enabled"},
    {0x24, EINVAL, "ANA Group Identifier Invalid"},
    {0x25, EIO, "ANA Attach Failed"},
    {0x26, ENOSPC, "Insufficient Capacity"},
    {0x27, EINVAL, "Namespace Attachment Limit Exceeded"},
    {0x28, EINVAL, "Prohibition of Command Execution Not Supported"},
    {0x29, EINVAL, "I/O Command Set Not Supported"},
    {0x2a, EINVAL, "I/O Command Set Not Enabled"},
    {0x2b, EINVAL, "I/O Command Set Combination Rejected"},
    {0x2c, EINVAL, "Invalid I/O Command Set"},
    {0x2d, EINVAL, "Identifier Unavailable"},
    {0x80, EINVAL, "Conflicting Attributes"},
    {0x81, EINVAL, "Invalid Protection Information"},
    {0x82, EROFS, "Attempted Write to Read Only Range"},
    {0x83, EINVAL, "Command Size Limit Exceeded"},
    {0xb8, EINVAL, "Zoned Boundary Error"},
    {0xb9, ENOSPC, "Zone Is Full"},
    {0xba, EROFS, "Zone Is Read Only"},
    {0xbb, EIO, "Zone Is Offline"},
    {0xbc, EINVAL, "Zone Invalid Write"},
    {0xbd, EBUSY, "Too Many Active Zones"},
    {0xbe, EBUSY, "Too Many Open Zones"},
    {0xbf, EINVAL, "Invalid Zone State Transition"},
};

/* NVMe Base 2.0 / NVM Command Set 1.0, "Media and Data Integrity Errors Values". */
static const struct status_entry media_status[] = {
    {0x80, EIO, "Write Fault"},
    {0x81, EIO, "Unrecovered Read Error"},
    {0x82, EILSEQ, "End-to-end Guard Check Error"},
    {0x83, EILSEQ, "End-to-end Application Tag Check Error"},
    {0x84, EILSEQ, "End-to-end Reference Tag Check Error"},
    {0x85, EILSEQ, "Compare Failure"},
    {0x86, EACCES, "Access Denied"},
    {0x87, ENODATA, "Deallocated or Unwritten Logical Block"},
    {0x88, EILSEQ, "End-to-end Storage Tag Check Error"},
};

/* NVMe Base 2.0, "Path Related Status Values". */
static const struct status_entry path_status[] = {
    {0x00, EIO, "Internal Path Error"},
    {0x01, EIO, "Asymmetric Access Persistent Loss"},
    {0x02, EIO, "Asymmetric Access Inaccessible"},
    {0x03, EAGAIN, "Asymmetric Access Transition"},
    {0x60, EIO, "Controller Pathing Error"},
    {0x70, EIO, "Host Pathing Error"},
    {0x71, ECANCELED, "Command Aborted By Host"},
};

struct status_table {
	const struct status_entry *entries;
	size_t count;
};

#define TABLE(t)                                                                                   \
	{                                                                                          \
		t, sizeof(t) / sizeof((t)[0])                                                      \
	}

/* indexed by SCT; SCT 4-6 are reserved, 7 vendor specific */
static const struct status_table tables[8] = {
    [SSD_NVME_SCT_GENERIC] = TABLE(generic_status),
    [SSD_NVME_SCT_CMD_SPECIFIC] = TABLE(cmd_specific_status),
    [SSD_NVME_SCT_MEDIA] = TABLE(media_status),
    [SSD_NVME_SCT_PATH] = TABLE(path_status),
};

static const struct status_entry *lookup(uint8_t sct, uint8_t sc)
{
	const struct status_table *t = &tables[sct & 7];

	for (size_t i = 0; i < t->count; i++)
		if (t->entries[i].sc == sc)
			return &t->entries[i];
	return NULL;
}

struct ssd_nvme_status ssd_nvme_status_decode(uint16_t status)
{
	struct ssd_nvme_status s = {
	    .sc = status & 0xff,
	    .sct = (status >> 8) & 0x7,
	    .crd = (status >> 11) & 0x3,
	    .more = (status >> 13) & 1,
	    .dnr = (status >> 14) & 1,
	};
	const struct status_entry *e = lookup(s.sct, s.sc);

	if (e)
		s.name = e->name;
	else if (s.sct == SSD_NVME_SCT_VENDOR || (s.sct <= SSD_NVME_SCT_PATH && s.sc >= 0xc0))
		s.name = "Vendor Specific";
	else
		s.name = "Reserved";
	return s;
}

int ssd_nvme_status_errno(uint16_t status)
{
	const struct status_entry *e;

	if ((status & 0x7ff) == 0)
		return 0;
	e = lookup((status >> 8) & 0x7, status & 0xff);
	return e && e->err ? e->err : EIO;
}

int ssd_nvme_status_format(char *buf, size_t len, const char *op, uint32_t nsid, uint64_t slba,
			   uint32_t nlb, uint16_t status)
{
	struct ssd_nvme_status s = ssd_nvme_status_decode(status);

	return snprintf(buf, len,
			"nvme: %s nsid %" PRIu32 " slba %" PRIu64 " nlb %" PRIu32
			": SCT 0x%x SC 0x%02x %s (DNR=%d More=%d)",
			op, nsid, slba, nlb, s.sct, s.sc, s.name, s.dnr, s.more);
}
