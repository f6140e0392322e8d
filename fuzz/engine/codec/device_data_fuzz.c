// SPDX-License-Identifier: GPL-2.0-only
/*
 * device_data_fuzz.c - libFuzzer harness: arbitrary bytes as what a drive returns to the setup
 * and ssdctl commands, through every pure parser of it. The first byte picks the parser (see
 * enum target); the rest is the data returned, copied to a heap buffer of exactly that length
 * (so ASan catches a read past what the drive sent). NVMe structures (Identify, log pages) are
 * zero-filled past the input, as the kernel's buffer would be.
 *
 * Invariants checked beyond "no crash, no UB": a parser that accepts geometry data returns
 * values the engine can use (LBA size a power of two from 512 B to 64 KiB, capacity > 0 and
 * within 64 bits), and a parser that refuses says why (a non-empty message).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec/ata/ata_identify.h"
#include "codec/ata/ata_smart.h"
#include "codec/nvme/nvme_geometry.h"
#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_identity.h"
#include "codec/scsi/scsi_geometry.h"
#include "codec/scsi/scsi_logsense.h"
#include "codec/scsi/scsi_mgmt.h"
#include "codec/scsi/scsi_mode.h"
#include "codec/scsi/scsi_vpd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum target {
	T_NVME_ID_NS,
	T_NVME_ID_CTRL,
	T_NVME_SMART,
	T_NVME_SANITIZE,
	T_RC16,
	T_RC10,
	T_BLOCK_LIMITS,
	T_INQUIRY,
	T_VPD_SUPPORTED,
	T_VPD_SERIAL,
	T_VPD_DEVID,
	T_VPD_BDC,
	T_VPD_LBP,
	T_VPD_ATA_INFO,
	T_LOG_PAGES,
	T_ATA_IDENTIFY,
	T_ATA_SMART,
	T_ATA_DEVSTAT,
	T_OPCODE_SUPPORT,
	T_MODE_CACHING,
	T_POLL_SENSE,
	T_COUNT,
};

static void check_refusal(int ret, const char *err)
{
	if (ret < 0 && err[0] == '\0')
		abort();
}

static bool lba_size_ok(uint64_t b) { return b >= 512 && b <= 65536 && (b & (b - 1)) == 0; }

static void nvme_id_ns(const uint8_t *p, size_t n, char *err, size_t errlen)
{
	struct nvme_id_ns id;
	struct ssd_nvme_ns_info ns;
	struct ssd_nvme_ctrl_info ctrl = {.mdts = n ? p[0] : 0};
	struct ssd_nvme_lbaf lbaf[SSD_NVME_MAX_LBAF];
	struct ssd_geometry geo;
	char desc[SSD_DESC_LEN];
	uint64_t unit;
	int ret;

	memset(&id, 0, sizeof(id));
	memcpy(&id, p, n < sizeof(id) ? n : sizeof(id));
	if (ssd_nvme_parse_lbafs(&id, lbaf) > SSD_NVME_MAX_LBAF)
		abort();
	ret = ssd_nvme_parse_id_ns(&id, &ns, err, errlen);
	check_refusal(ret, err);
	if (ret)
		return;
	if (!lba_size_ok(ns.lba_bytes) || ns.nsze == 0)
		abort();
	ssd_nvme_fill_geometry(&ctrl, &ns, 1, SSD_NVME_ASSUMED_MPSMIN,
			       n > 1 ? (uint64_t)p[1] << 12 : 0, &geo);
	/* whole units, at most NLB's 65536; 0 only when the limit is below one LBA */
	unit = ns.lba_bytes + (ns.md_extended ? ns.md_bytes : 0u);
	if (geo.capacity_bytes / unit != ns.nsze || geo.max_xfer_bytes % unit ||
	    geo.max_xfer_bytes > 65536 * unit)
		abort();
	/* the description, built from whatever the format says (ASan: no overrun) */
	ssd_nvme_describe(&ns, 1, desc, sizeof(desc));
}

static void nvme_id_ctrl(const uint8_t *p, size_t n)
{
	struct nvme_id_ctrl id;
	struct ssd_nvme_ctrl_info c;
	struct ssd_nvme_identity ident;

	memset(&id, 0, sizeof(id));
	memcpy(&id, p, n < sizeof(id) ? n : sizeof(id));
	ssd_nvme_parse_id_ctrl(&id, &c);
	ssd_nvme_parse_identity(&id, &ident);
	if (strlen(ident.model) > 40 || strlen(ident.serial) > 20 || strlen(ident.firmware) > 8)
		abort();
	(void)ssd_nvme_mdts_bytes(c.mdts, SSD_NVME_ASSUMED_MPSMIN);
}

static void nvme_logs(const uint8_t *p, size_t n, bool smart)
{
	if (smart) {
		struct nvme_smart_log log;
		struct ssd_nvme_health h;

		memset(&log, 0, sizeof(log));
		memcpy(&log, p, n < sizeof(log) ? n : sizeof(log));
		ssd_nvme_parse_smart(&log, &h);
		for (unsigned int bit = 0; bit < 8; bit++)
			(void)ssd_nvme_crit_warning_name(bit);
	} else {
		struct nvme_sanitize_log_page log;
		struct ssd_nvme_sanitize_status st;

		memset(&log, 0, sizeof(log));
		memcpy(&log, p, n < sizeof(log) ? n : sizeof(log));
		ssd_nvme_parse_sanitize_log(&log, &st);
		if (!ssd_nvme_sanitize_state_name(st.state) || st.progress_per_mille > 1000)
			abort();
	}
}

static void ssd_scsi_capacity(const uint8_t *p, size_t n, bool sixteen, char *err, size_t errlen)
{
	struct ssd_scsi_capacity c;
	int ret = sixteen ? ssd_scsi_parse_read_capacity16(p, n, &c, err, errlen)
			  : ssd_scsi_parse_read_capacity10(p, n, &c, err, errlen);

	check_refusal(ret, err);
	if (ret == 0 &&
	    (!lba_size_ok(c.lba_bytes) || c.nblocks == 0 || c.nblocks > UINT64_MAX / c.lba_bytes))
		abort();
}

static void scsi_vpd(enum target t, const uint8_t *p, size_t n, char *err, size_t errlen)
{
	struct ssd_scsi_block_limits bl;
	struct ssd_scsi_inquiry inq;
	struct ssd_scsi_vpd_list list;
	struct ssd_scsi_device_id id;
	struct ssd_scsi_bdc bdc;
	struct ssd_scsi_lbp lbp;
	struct ssd_scsi_ata_info ai;
	struct ssd_ata_identity ata;
	char serial[72];
	int ret = 0;

	switch (t) {
	case T_BLOCK_LIMITS:
		ret = ssd_scsi_parse_block_limits(p, n, &bl, err, errlen);
		break;
	case T_INQUIRY:
		ret = ssd_scsi_parse_inquiry(p, n, &inq, err, errlen);
		if (!ret)
			(void)ssd_scsi_device_type_name(inq.type);
		break;
	case T_VPD_SUPPORTED:
		ret = ssd_scsi_parse_vpd_supported(p, n, &list, err, errlen);
		if (!ret)
			(void)ssd_scsi_vpd_list_has(&list, SSD_SCSI_VPD_BLOCK_LIMITS);
		break;
	case T_VPD_SERIAL:
		ret = ssd_scsi_parse_vpd_serial(p, n, serial, sizeof(serial), err, errlen);
		break;
	case T_VPD_DEVID:
		ret = ssd_scsi_parse_vpd_devid(p, n, &id, err, errlen);
		if (!ret) {
			(void)ssd_scsi_devid_wwn(&id);
			for (unsigned int i = 0; i < id.n; i++) {
				(void)ssd_scsi_designator_type_name(id.d[i].type);
				(void)ssd_scsi_association_name(id.d[i].association);
			}
		}
		break;
	case T_VPD_BDC:
		ret = ssd_scsi_parse_vpd_bdc(p, n, &bdc, err, errlen);
		if (!ret)
			(void)ssd_scsi_form_factor_name(bdc.form_factor);
		break;
	case T_VPD_LBP:
		ret = ssd_scsi_parse_vpd_lbp(p, n, &lbp, err, errlen);
		if (!ret)
			(void)ssd_scsi_prov_type_name(lbp.prov_type);
		break;
	case T_VPD_ATA_INFO:
		ret = ssd_scsi_parse_vpd_ata_info(p, n, &ai, err, errlen);
		if (!ret && ai.identify_valid)
			check_refusal(ssd_ata_parse_identify(ai.identify, sizeof(ai.identify), &ata,
							     err, errlen),
				      err);
		break;
	default:
		break;
	}
	check_refusal(ret, err);
}

static void scsi_logs(const uint8_t *p, size_t n, char *err, size_t errlen)
{
	struct ssd_scsi_log_list list;
	struct ssd_scsi_log_errors e;
	struct ssd_scsi_log_temperature temp;
	struct ssd_scsi_log_self_tests st;
	struct ssd_scsi_log_value v;
	struct ssd_scsi_log_ie ie;

	/* every parser sees the page; the page code in byte 0 decides which one gets past the
	 * header check */
	check_refusal(ssd_scsi_parse_log_supported(p, n, &list, err, errlen), err);
	check_refusal(ssd_scsi_parse_log_errors(p, n, SSD_SCSI_LOG_READ_ERRORS, &e, err, errlen),
		      err);
	check_refusal(ssd_scsi_parse_log_errors(p, n, SSD_SCSI_LOG_WRITE_ERRORS, &e, err, errlen),
		      err);
	check_refusal(ssd_scsi_parse_log_temperature(p, n, &temp, err, errlen), err);
	check_refusal(ssd_scsi_parse_log_ssd(p, n, &v, err, errlen), err);
	check_refusal(ssd_scsi_parse_log_bgscan(p, n, &v, err, errlen), err);
	check_refusal(ssd_scsi_parse_log_ie(p, n, &ie, err, errlen), err);
	if (ssd_scsi_parse_log_self_test(p, n, &st, err, errlen) == 0) {
		if (st.n > SSD_SCSI_MAX_SELF_TESTS)
			abort();
		for (unsigned int i = 0; i < st.n; i++)
			(void)ssd_scsi_self_test_result_name(st.t[i].result);
	}
}

static void ata(enum target t, const uint8_t *p, size_t n, char *err, size_t errlen)
{
	struct ssd_ata_identity id;
	struct ssd_ata_smart s;
	struct ssd_ata_devstats ds = {0};
	int ret = 0;

	switch (t) {
	case T_ATA_IDENTIFY:
		ret = ssd_ata_parse_identify(p, n, &id, err, errlen);
		if (!ret && (!lba_size_ok(id.logical_bytes) || id.sectors == 0))
			abort();
		break;
	case T_ATA_SMART:
		ret = ssd_ata_parse_smart_data(p, n, &s, err, errlen);
		for (unsigned int i = 0; !ret && i < s.n; i++)
			(void)ssd_ata_smart_attr_name(s.a[i].id);
		break;
	case T_ATA_DEVSTAT:
		ret = ssd_ata_parse_devstat_page(p, n, n > 2 ? p[2] : 1, &ds, err, errlen);
		break;
	default:
		break;
	}
	check_refusal(ret, err);
}

/* MODE SENSE(10) data: a page found is the page sent back by MODE SELECT, WCE changed only. */
static void mode_caching(const uint8_t *p, size_t n, char *err, size_t errlen)
{
	uint8_t list[SSD_SCSI_MODE_HEADER10_LEN + SSD_SCSI_CACHING_PAGE_LEN];
	struct ssd_scsi_caching c;
	int ret = ssd_scsi_parse_caching(p, n, &c, err, errlen);

	check_refusal(ret, err);
	if (ret)
		return;
	if ((c.page[0] & 0x3f) != SSD_SCSI_PAGE_CACHING ||
	    ssd_scsi_caching_select_list(&c, !c.wce, list) != sizeof(list) ||
	    (list[SSD_SCSI_MODE_HEADER10_LEN] & 0x80) ||
	    !(list[SSD_SCSI_MODE_HEADER10_LEN + 2] & 0x04) == !c.wce)
		abort();
}

/* REQUEST SENSE data: a reported progress is at most 100 %. */
static void poll_sense(const uint8_t *p, size_t n)
{
	struct ssd_scsi_sense s;
	unsigned int pm = 0;

	if (ssd_scsi_poll_sense(p, n, &pm, &s) > SSD_SCSI_POLL_FAILED || pm > 1000)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum target t;
	uint8_t *p;
	size_t n;
	char err[256];

	if (size < 1)
		return 0;
	t = (enum target)(data[0] % T_COUNT);
	n = size - 1;
	p = malloc(n ? n : 1);
	if (!p)
		return 0;
	memcpy(p, data + 1, n);
	err[0] = '\0';
	switch (t) {
	case T_NVME_ID_NS:
		nvme_id_ns(p, n, err, sizeof(err));
		break;
	case T_NVME_ID_CTRL:
		nvme_id_ctrl(p, n);
		break;
	case T_NVME_SMART:
		nvme_logs(p, n, true);
		break;
	case T_NVME_SANITIZE:
		nvme_logs(p, n, false);
		break;
	case T_RC16:
		ssd_scsi_capacity(p, n, true, err, sizeof(err));
		break;
	case T_RC10:
		ssd_scsi_capacity(p, n, false, err, sizeof(err));
		break;
	case T_LOG_PAGES:
		scsi_logs(p, n, err, sizeof(err));
		break;
	case T_ATA_IDENTIFY:
	case T_ATA_SMART:
	case T_ATA_DEVSTAT:
		ata(t, p, n, err, sizeof(err));
		break;
	case T_OPCODE_SUPPORT:
		(void)ssd_scsi_parse_opcode_support(p, n);
		break;
	case T_MODE_CACHING:
		mode_caching(p, n, err, sizeof(err));
		break;
	case T_POLL_SENSE:
		poll_sense(p, n);
		break;
	default:
		scsi_vpd(t, p, n, err, sizeof(err));
		break;
	}
	free(p);
	return 0;
}
