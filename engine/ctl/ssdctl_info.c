// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_info.c - `ssdctl info`: the drive's identity as a json-c object (schema
 * ssdctl.info.v1, documented in engine/ctl/README.md). NVMe through libnvme's Identify calls;
 * SCSI through INQUIRY, VPD pages and READ CAPACITY; SATA behind SAT also through ATA
 * IDENTIFY DEVICE. What the drive does not report is null.
 */
#include <endian.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libnvme.h>

#include "codec/nvme/nvme_geometry.h"
#include "codec/nvme/nvme_identity.h"
#include "codec/scsi/scsi_geometry.h"
#include "codec/scsi/scsi_vpd.h"
#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"

#define MAX_NS 64

static json_object *nvme_commands(const struct ssd_nvme_identity *id)
{
	json_object *o = json_object_new_object();

	ssdctl_put_bool(o, "compare", true, id->oncs & NVME_CTRL_ONCS_COMPARE);
	ssdctl_put_bool(o, "write_uncorrectable", true,
			id->oncs & NVME_CTRL_ONCS_WRITE_UNCORRECTABLE);
	ssdctl_put_bool(o, "dataset_management", true, id->oncs & NVME_CTRL_ONCS_DSM);
	ssdctl_put_bool(o, "write_zeroes", true, id->oncs & NVME_CTRL_ONCS_WRITE_ZEROES);
	ssdctl_put_bool(o, "verify", true, id->oncs & NVME_CTRL_ONCS_VERIFY);
	ssdctl_put_bool(o, "copy", true, id->oncs & NVME_CTRL_ONCS_COPY);
	ssdctl_put_bool(o, "format_nvm", true, id->oacs & NVME_CTRL_OACS_FORMAT);
	/* User Data Erase has no capability bit: it comes with Format NVM */
	ssdctl_put_bool(o, "format_user_data_erase", true, id->oacs & NVME_CTRL_OACS_FORMAT);
	ssdctl_put_bool(o, "format_crypto_erase", true,
			(id->oacs & NVME_CTRL_OACS_FORMAT) &&
			    (id->fna & NVME_CTRL_FNA_CRYPTO_ERASE));
	ssdctl_put_bool(o, "sanitize_block_erase", true, id->sanicap & NVME_CTRL_SANICAP_BES);
	ssdctl_put_bool(o, "sanitize_crypto_erase", true, id->sanicap & NVME_CTRL_SANICAP_CES);
	ssdctl_put_bool(o, "sanitize_overwrite", true, id->sanicap & NVME_CTRL_SANICAP_OWS);
	return o;
}

/* A namespace identifier (NGUID, EUI64: NVMe Base 2.0 §4.1.5.3) as lower-case hex; null when
 * all zero, which the spec reserves for "not reported". */
static void put_id_bytes(json_object *o, const char *key, const uint8_t *b, size_t n)
{
	char hex[2 * 16 + 1] = "";
	bool any = false;

	for (size_t i = 0; i < n && i < 16; i++) {
		snprintf(hex + 2 * i, sizeof(hex) - 2 * i, "%02x", b[i]);
		any |= b[i] != 0;
	}
	ssdctl_put_str(o, key, any ? hex : NULL);
}

static json_object *nvme_namespace(struct ssdctl_dev *d, uint32_t nsid,
				   const struct ssdctl_ns_node *nodes, int nnodes,
				   struct ssd_nvme_ns_info *info_out)
{
	json_object *o = json_object_new_object(), *fmts = json_object_new_array();
	struct ssd_nvme_lbaf lbaf[SSD_NVME_MAX_LBAF];
	struct nvme_id_ns ns;
	struct ssd_nvme_ns_info info;
	char err[256], path[96];
	const char *disk = NULL, *ng = NULL;
	unsigned int n;
	int r;

	json_object_object_add(o, "nsid", json_object_new_int64(nsid));
	for (int i = 0; i < nnodes; i++)
		if (nodes[i].nsid == nsid) {
			disk = nodes[i].disk;
			ng = nodes[i].ng[0] ? nodes[i].ng : NULL;
		}
	snprintf(path, sizeof(path), "/dev/%s", disk ? disk : "");
	ssdctl_put_str(o, "block_device", disk ? path : NULL);
	snprintf(path, sizeof(path), "/dev/%s", ng ? ng : "");
	ssdctl_put_str(o, "generic_device", ng ? path : NULL);

	r = nvme_identify_ns(d->fd, nsid, &ns);
	if (r == 0)
		r = ssd_nvme_parse_id_ns(&ns, &info, err, sizeof(err)) < 0 ? -1 : 0;
	else
		ssdctl_nvme_err(err, sizeof(err), "Identify Namespace", r);
	if (r != 0) {
		ssdctl_put_str(o, "error", err);
		json_object_put(fmts);
		memset(info_out, 0, sizeof(*info_out));
		return o;
	}
	*info_out = info;
	put_id_bytes(o, "nguid", ns.nguid, sizeof(ns.nguid));
	put_id_bytes(o, "eui64", ns.eui64, sizeof(ns.eui64));
	ssdctl_put_u64(o, "size_bytes", true, info.nsze * info.lba_bytes);
	ssdctl_put_u64(o, "size_lbas", true, info.nsze);
	ssdctl_put_u64(o, "capacity_bytes", true, le64toh(ns.ncap) * info.lba_bytes);
	ssdctl_put_u64(o, "utilization_bytes", true, le64toh(ns.nuse) * info.lba_bytes);
	ssdctl_put_u64(o, "lba_format_in_use", true, info.lbaf);
	ssdctl_put_u64(o, "logical_block_bytes", true, info.lba_bytes);
	ssdctl_put_u64(o, "metadata_bytes", true, info.md_bytes);
	ssdctl_put_bool(o, "metadata_extended", true, info.md_extended);
	ssdctl_put_u64(o, "protection_type", true, info.pi_type);
	n = ssd_nvme_parse_lbafs(&ns, lbaf);
	for (unsigned int i = 0; i < n; i++) {
		json_object *f = json_object_new_object();

		json_object_object_add(f, "index", json_object_new_int64(i));
		ssdctl_put_u64(f, "data_bytes", lbaf[i].data_bytes != 0, lbaf[i].data_bytes);
		ssdctl_put_u64(f, "metadata_bytes", true, lbaf[i].md_bytes);
		ssdctl_put_str(f, "relative_performance", ssd_nvme_rp_name(lbaf[i].rp));
		ssdctl_put_bool(f, "in_use", true, i == info.lbaf);
		json_object_array_add(fmts, f);
	}
	json_object_object_add(o, "lba_formats", fmts);
	return o;
}

/* Active NSIDs: Identify CNS 02h, else the namespaces sysfs shows. */
static int active_nsids(struct ssdctl_dev *d, const struct ssdctl_ns_node *nodes, int nnodes,
			uint32_t *out)
{
	struct nvme_ns_list list;
	int n = 0;

	if (nvme_identify_active_ns_list(d->fd, 0, &list) == 0) {
		for (int i = 0; i < NVME_ID_NS_LIST_MAX && n < MAX_NS && list.ns[i]; i++)
			out[n++] = le32toh(list.ns[i]);
		return n;
	}
	for (int i = 0; i < nnodes && n < MAX_NS; i++)
		out[n++] = nodes[i].nsid;
	return n;
}

static int nvme_info(struct ssdctl_dev *d, json_object *root, char *err, size_t errlen)
{
	struct nvme_id_ctrl ctrl;
	struct ssd_nvme_identity id;
	struct ssdctl_ns_node nodes[MAX_NS];
	uint32_t nsids[MAX_NS];
	json_object *nv, *nsarr;
	uint64_t sum = 0, mdts;
	bool have_sel = false;
	struct ssd_nvme_ns_info sel = {0};
	int nnodes, nns, r;

	r = nvme_identify_ctrl(d->fd, &ctrl);
	if (r != 0) {
		ssdctl_nvme_err(err, errlen, "Identify Controller", r);
		return r > 0 ? r : -errno;
	}
	ssd_nvme_parse_identity(&ctrl, &id);
	nnodes = ssdctl_nvme_ns_nodes(d->ctrl, nodes, MAX_NS);
	if (nnodes < 0)
		nnodes = 0;
	nns = active_nsids(d, nodes, nnodes, nsids);

	ssdctl_put_str(root, "transport", "nvme");
	ssdctl_put_str(root, "model", id.model);
	ssdctl_put_str(root, "serial", id.serial);
	ssdctl_put_str(root, "firmware", id.firmware);

	nv = json_object_new_object();
	ssdctl_put_str(nv, "controller", d->ctrl);
	ssdctl_put_u64(nv, "nsid", d->nsid != 0, d->nsid);
	ssdctl_put_hex(nv, "pci_vendor_id", 4, id.pci_vid);
	ssdctl_put_hex(nv, "pci_subsystem_vendor_id", 4, id.pci_ssvid);
	ssdctl_put_hex(nv, "ieee_oui", 6, id.ieee_oui);
	ssdctl_put_u64(nv, "controller_id", true, id.cntlid);
	ssdctl_put_u64(nv, "total_capacity_bytes", id.tnvmcap_valid, id.tnvmcap_bytes);
	mdts = ssd_nvme_mdts_bytes(id.mdts, SSD_NVME_ASSUMED_MPSMIN);
	ssdctl_put_u64(nv, "mdts_bytes", mdts != 0, mdts);
	ssdctl_put_u64(nv, "max_namespaces", true, id.nn);
	ssdctl_put_bool(nv, "volatile_write_cache", true, id.vwc_present);
	json_object_object_add(nv, "optional_commands", nvme_commands(&id));
	ssdctl_put_bool(nv, "format_applies_to_all_namespaces", true,
			id.fna & NVME_CTRL_FNA_FMT_ALL_NAMESPACES);
	ssdctl_put_bool(nv, "secure_erase_applies_to_all_namespaces", true,
			id.fna & NVME_CTRL_FNA_SEC_ALL_NAMESPACES);

	nsarr = json_object_new_array();
	for (int i = 0; i < nns; i++) {
		struct ssd_nvme_ns_info info;

		json_object_array_add(nsarr, nvme_namespace(d, nsids[i], nodes, nnodes, &info));
		sum += info.nsze * info.lba_bytes;
		if (nsids[i] == d->nsid) {
			sel = info;
			have_sel = info.lba_bytes != 0;
		}
	}
	json_object_object_add(nv, "namespaces", nsarr);

	if (d->nsid)
		ssdctl_put_u64(root, "capacity_bytes", have_sel, sel.nsze * sel.lba_bytes);
	else
		ssdctl_put_u64(root, "capacity_bytes", nns > 0, sum);
	ssdctl_put_u64(root, "logical_block_bytes", have_sel, sel.lba_bytes);
	json_object_object_add(root, "nvme", nv);
	json_object_object_add(root, "scsi", NULL);
	json_object_object_add(root, "ata", NULL);
	return 0;
}

static json_object *ssd_scsi_block_limits(int fd)
{
	uint8_t buf[SSD_SCSI_VPD_BLOCK_LIMITS_LEN];
	struct ssd_scsi_block_limits bl;
	json_object *o;
	char err[256];
	size_t got;

	if (ssdctl_scsi_vpd(fd, SSD_SCSI_VPD_BLOCK_LIMITS, buf, sizeof(buf), &got, err,
			    sizeof(err)) ||
	    ssd_scsi_parse_block_limits(buf, got, &bl, err, sizeof(err)))
		return NULL;
	o = json_object_new_object();
	ssdctl_put_u64(o, "max_transfer_blocks", bl.max_xfer_blocks != 0, bl.max_xfer_blocks);
	ssdctl_put_u64(o, "optimal_transfer_blocks", bl.opt_xfer_blocks != 0, bl.opt_xfer_blocks);
	ssdctl_put_u64(o, "optimal_transfer_granularity_blocks", bl.opt_xfer_gran != 0,
		       bl.opt_xfer_gran);
	ssdctl_put_u64(o, "max_unmap_lbas", true, bl.max_unmap_lbas);
	ssdctl_put_u64(o, "max_unmap_descriptors", true, bl.max_unmap_descs);
	ssdctl_put_u64(o, "optimal_unmap_granularity_blocks", bl.opt_unmap_gran != 0,
		       bl.opt_unmap_gran);
	ssdctl_put_u64(o, "max_write_same_blocks", bl.max_write_same_blocks != 0,
		       bl.max_write_same_blocks);
	return o;
}

static json_object *ssd_scsi_bdc(int fd)
{
	uint8_t buf[64];
	struct ssd_scsi_bdc b;
	json_object *o;
	char err[256];
	size_t got;

	if (ssdctl_scsi_vpd(fd, SSD_SCSI_VPD_BDC, buf, sizeof(buf), &got, err, sizeof(err)) ||
	    ssd_scsi_parse_vpd_bdc(buf, got, &b, err, sizeof(err)))
		return NULL;
	o = json_object_new_object();
	ssdctl_put_u64(o, "rotation_rate_rpm", b.rotation_rate > 1, b.rotation_rate);
	ssdctl_put_bool(o, "non_rotating", b.rotation_rate != 0, b.rotation_rate == 1);
	ssdctl_put_str(o, "form_factor", ssd_scsi_form_factor_name(b.form_factor));
	ssdctl_put_u64(o, "zoned", true, b.zoned);
	return o;
}

static json_object *ssd_scsi_lbp(int fd)
{
	uint8_t buf[64];
	struct ssd_scsi_lbp l;
	json_object *o;
	char err[256];
	size_t got;

	if (ssdctl_scsi_vpd(fd, SSD_SCSI_VPD_LBP, buf, sizeof(buf), &got, err, sizeof(err)) ||
	    ssd_scsi_parse_vpd_lbp(buf, got, &l, err, sizeof(err)))
		return NULL;
	o = json_object_new_object();
	ssdctl_put_bool(o, "unmap", true, l.lbpu);
	ssdctl_put_bool(o, "write_same_16_unmap", true, l.lbpws);
	ssdctl_put_bool(o, "write_same_10_unmap", true, l.lbpws10);
	ssdctl_put_u64(o, "lbprz", true, l.lbprz);
	ssdctl_put_str(o, "provisioning_type", ssd_scsi_prov_type_name(l.prov_type));
	return o;
}

static void scsi_devid(int fd, json_object *sc)
{
	uint8_t buf[SSD_SCSI_VPD_MAX_LEN];
	struct ssd_scsi_device_id id;
	json_object *arr;
	char err[256];
	size_t got;

	if (ssdctl_scsi_vpd(fd, SSD_SCSI_VPD_DEVICE_ID, buf, sizeof(buf), &got, err, sizeof(err)) ||
	    ssd_scsi_parse_vpd_devid(buf, got, &id, err, sizeof(err))) {
		json_object_object_add(sc, "wwn", NULL);
		json_object_object_add(sc, "designators", NULL);
		return;
	}
	ssdctl_put_str(sc, "wwn", ssd_scsi_devid_wwn(&id));
	arr = json_object_new_array();
	for (unsigned int i = 0; i < id.n; i++) {
		json_object *o = json_object_new_object();

		ssdctl_put_str(o, "type", ssd_scsi_designator_type_name(id.d[i].type));
		ssdctl_put_str(o, "association", ssd_scsi_association_name(id.d[i].association));
		ssdctl_put_str(o, "value", id.d[i].value);
		json_object_array_add(arr, o);
	}
	json_object_object_add(sc, "designators", arr);
}

static bool ssd_scsi_capacity(int fd, struct ssd_scsi_capacity *cap)
{
	uint8_t buf[SSD_SCSI_READ_CAPACITY_16_LEN];
	struct ssd_scsi_cdb cdb;
	char err[256];
	size_t got;

	ssd_scsi_cdb_read_capacity16(&cdb, sizeof(buf));
	if (ssdctl_scsi_in(fd, &cdb, buf, sizeof(buf), &got, err, sizeof(err)) == 0 &&
	    ssd_scsi_parse_read_capacity16(buf, got, cap, err, sizeof(err)) == 0)
		return true;
	ssd_scsi_cdb_read_capacity10(&cdb);
	return ssdctl_scsi_in(fd, &cdb, buf, SSD_SCSI_READ_CAPACITY_10_LEN, &got, err,
			      sizeof(err)) == 0 &&
	       ssd_scsi_parse_read_capacity10(buf, got, cap, err, sizeof(err)) == 0;
}

static json_object *ata_object(int fd, struct ssd_ata_identity *id, bool *ok)
{
	json_object *o, *san;
	char err[256];

	*ok = ssdctl_ata_identify(fd, id, err, sizeof(err)) == 0;
	if (!*ok)
		return NULL;
	o = json_object_new_object();
	ssdctl_put_str(o, "model", id->model);
	ssdctl_put_str(o, "serial", id->serial);
	ssdctl_put_str(o, "firmware", id->firmware);
	ssdctl_put_u64(o, "capacity_sectors", true, id->sectors);
	ssdctl_put_u64(o, "logical_sector_bytes", true, id->logical_bytes);
	ssdctl_put_u64(o, "physical_sector_bytes", true, id->physical_bytes);
	ssdctl_put_bool(o, "trim", true, id->trim);
	ssdctl_put_bool(o, "trim_deterministic_read", true, id->trim_deterministic);
	ssdctl_put_bool(o, "trim_read_zeroes", true, id->trim_zeroes);
	ssdctl_put_bool(o, "ncq", true, id->ncq);
	ssdctl_put_u64(o, "queue_depth", id->ncq, id->queue_depth);
	ssdctl_put_u64(o, "sata_generation", id->sata_gen_max != 0, id->sata_gen_max);
	ssdctl_put_u64(o, "rotation_rate_rpm", id->rotation_rate > 1, id->rotation_rate);
	ssdctl_put_bool(o, "non_rotating", id->rotation_rate != 0, id->rotation_rate == 1);
	ssdctl_put_str(o, "form_factor", ssd_scsi_form_factor_name(id->form_factor));
	ssdctl_put_bool(o, "smart_supported", true, id->smart_supported);
	ssdctl_put_bool(o, "smart_enabled", true, id->smart_enabled);
	san = json_object_new_object();
	ssdctl_put_bool(san, "supported", true, id->sanitize);
	ssdctl_put_bool(san, "block_erase", true, id->sanitize_block);
	ssdctl_put_bool(san, "crypto_scramble", true, id->sanitize_crypto);
	ssdctl_put_bool(san, "overwrite", true, id->sanitize_overwrite);
	json_object_object_add(o, "sanitize", san);
	return o;
}

static int scsi_info(struct ssdctl_dev *d, json_object *root, char *err, size_t errlen)
{
	uint8_t buf[SSD_SCSI_VPD_MAX_LEN];
	struct ssd_scsi_inquiry inq;
	struct ssd_scsi_vpd_list vpd = {0};
	struct ssd_scsi_capacity cap;
	struct ssd_ata_identity ata;
	json_object *sc, *pages, *ataobj = NULL;
	char serial[128] = "", model[32], path[80];
	bool have_cap, sat, have_ata = false;
	struct ssd_scsi_cdb cdb;
	size_t got;
	int r;

	ssd_scsi_cdb_inquiry(&cdb, false, 0, 96);
	r = ssdctl_scsi_in(d->fd, &cdb, buf, 96, &got, err, errlen);
	if (r == 0)
		r = ssd_scsi_parse_inquiry(buf, got, &inq, err, errlen);
	if (r != 0)
		return r;
	if (ssdctl_scsi_vpd(d->fd, SSD_SCSI_VPD_SUPPORTED, buf, 260, &got, err, errlen) == 0)
		ssd_scsi_parse_vpd_supported(buf, got, &vpd, err, errlen);
	if (ssd_scsi_vpd_list_has(&vpd, SSD_SCSI_VPD_UNIT_SERIAL) &&
	    ssdctl_scsi_vpd(d->fd, SSD_SCSI_VPD_UNIT_SERIAL, buf, 256, &got, err, errlen) == 0)
		ssd_scsi_parse_vpd_serial(buf, got, serial, sizeof(serial), err, errlen);
	sat = ssd_scsi_vpd_list_has(&vpd, SSD_SCSI_VPD_ATA_INFO);
	if (sat)
		ataobj = ata_object(d->fd, &ata, &have_ata);
	have_cap = ssd_scsi_capacity(d->fd, &cap);

	ssdctl_put_str(root, "transport", sat ? "sata" : "scsi");
	snprintf(model, sizeof(model), "%s%s%s", inq.vendor, inq.vendor[0] ? " " : "", inq.product);
	ssdctl_put_str(root, "model", have_ata ? ata.model : model);
	ssdctl_put_str(root, "serial", have_ata ? ata.serial : serial);
	ssdctl_put_str(root, "firmware", have_ata ? ata.firmware : inq.revision);
	ssdctl_put_u64(root, "capacity_bytes", have_cap, cap.nblocks * cap.lba_bytes);
	ssdctl_put_u64(root, "logical_block_bytes", have_cap, cap.lba_bytes);
	json_object_object_add(root, "nvme", NULL);

	sc = json_object_new_object();
	ssdctl_put_str(sc, "sg_device", d->sg);
	snprintf(path, sizeof(path), "/dev/%s", d->disk);
	ssdctl_put_str(sc, "block_device", d->disk[0] ? path : NULL);
	ssdctl_put_str(sc, "vendor", inq.vendor);
	ssdctl_put_str(sc, "product", inq.product);
	ssdctl_put_str(sc, "revision", inq.revision);
	ssdctl_put_str(sc, "device_type", ssd_scsi_device_type_name(inq.type));
	ssdctl_put_str(sc, "unit_serial", serial);
	if (ssd_scsi_vpd_list_has(&vpd, SSD_SCSI_VPD_DEVICE_ID)) {
		scsi_devid(d->fd, sc);
	} else {
		json_object_object_add(sc, "wwn", NULL);
		json_object_object_add(sc, "designators", NULL);
	}
	pages = json_object_new_array();
	for (unsigned int i = 0; i < vpd.n; i++) {
		char hex[8];

		snprintf(hex, sizeof(hex), "0x%02x", vpd.pages[i]);
		json_object_array_add(pages, json_object_new_string(hex));
	}
	json_object_object_add(sc, "vpd_pages", pages);
	ssdctl_put_u64(sc, "capacity_blocks", have_cap, cap.nblocks);
	ssdctl_put_u64(sc, "logical_block_bytes", have_cap, cap.lba_bytes);
	ssdctl_put_u64(sc, "physical_block_bytes", have_cap, (uint64_t)cap.lba_bytes << cap.lbppbe);
	ssdctl_put_bool(sc, "thin_provisioning_enabled", have_cap, cap.lbpme);
	ssdctl_put_bool(sc, "unmapped_reads_zero", have_cap, cap.lbprz);
	ssdctl_put_bool(sc, "protection_enabled", have_cap, cap.prot_en);
	json_object_object_add(sc, "block_limits",
			       ssd_scsi_vpd_list_has(&vpd, SSD_SCSI_VPD_BLOCK_LIMITS)
				   ? ssd_scsi_block_limits(d->fd)
				   : NULL);
	json_object_object_add(sc, "characteristics",
			       ssd_scsi_vpd_list_has(&vpd, SSD_SCSI_VPD_BDC) ? ssd_scsi_bdc(d->fd)
									     : NULL);
	json_object_object_add(sc, "provisioning",
			       ssd_scsi_vpd_list_has(&vpd, SSD_SCSI_VPD_LBP) ? ssd_scsi_lbp(d->fd)
									     : NULL);
	if (sat && ssdctl_scsi_vpd(d->fd, SSD_SCSI_VPD_ATA_INFO, buf, SSD_SCSI_VPD_ATA_INFO_LEN,
				   &got, err, errlen) == 0) {
		struct ssd_scsi_ata_info ai;
		json_object *o = json_object_new_object();

		if (ssd_scsi_parse_vpd_ata_info(buf, got, &ai, err, errlen) == 0) {
			ssdctl_put_str(o, "vendor", ai.sat_vendor);
			ssdctl_put_str(o, "product", ai.sat_product);
			ssdctl_put_str(o, "revision", ai.sat_revision);
		}
		json_object_object_add(sc, "sat", o);
	} else {
		json_object_object_add(sc, "sat", NULL);
	}
	json_object_object_add(root, "scsi", sc);
	json_object_object_add(root, "ata", ataobj);
	return 0;
}

int ssdctl_info(struct ssdctl_dev *d, json_object **out, char *err, size_t errlen)
{
	json_object *root = json_object_new_object();
	int r;

	ssdctl_put_str(root, "schema", "ssdctl.info.v1");
	ssdctl_put_str(root, "device", d->path);
	r = d->family == SSDCTL_NVME ? nvme_info(d, root, err, errlen)
				     : scsi_info(d, root, err, errlen);
	if (r != 0) {
		json_object_put(root);
		return r;
	}
	*out = root;
	return 0;
}

int ssdctl_serial(struct ssdctl_dev *d, char *serial, size_t len, char *err, size_t errlen)
{
	json_object *info, *s;
	int r = ssdctl_info(d, &info, err, errlen);

	if (r != 0)
		return r;
	s = json_object_object_get(info, "serial");
	snprintf(serial, len, "%s", s ? json_object_get_string(s) : "");
	json_object_put(info);
	return 0;
}

int ssdctl_info_json(const char *dev, json_object **out, char *err, size_t errlen)
{
	return ssdctl_report(dev, ssdctl_info, out, err, errlen);
}
