// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_health.c - `ssdctl health`: wear and error counters as a json-c object (schema
 * ssdctl.health.v1, engine/ctl/README.md). NVMe: the SMART / Health Information log through
 * libnvme. SCSI: the LOG SENSE pages the device lists. SATA behind SAT: SMART READ DATA and
 * the Device Statistics log through ATA PASS-THROUGH(16). What the drive does not report
 * is null.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libnvme.h>

#include "codec/ata/ata_cmd.h"
#include "codec/ata/ata_smart.h"
#include "codec/nvme/nvme_health.h"
#include "codec/scsi/scsi_logsense.h"
#include "codec/scsi/scsi_mgmt.h"
#include "codec/scsi/scsi_sense.h"
#include "ctl/libssdctl.h"
#include "ctl/ssdctl.h"

/* The fields every transport fills (null when it has no source for them). */
struct common {
	struct {
		bool valid;
		int64_t v;
	} temperature_c;
	struct {
		bool valid;
		uint64_t v;
	} percentage_used, data_read_bytes, data_written_bytes, host_reads, host_writes,
	    power_on_hours, power_cycles, unsafe_shutdowns, media_errors, error_log_entries,
	    avail_spare, spare_thresh, critical_warning;
};

#define SET(f, val)                                                                                \
	do {                                                                                       \
		c->f.valid = true;                                                                 \
		c->f.v = (val);                                                                    \
	} while (0)

static void put_common(json_object *root, const struct common *c)
{
	ssdctl_put_i64(root, "temperature_c", c->temperature_c.valid, c->temperature_c.v);
	ssdctl_put_u64(root, "percentage_used", c->percentage_used.valid, c->percentage_used.v);
	ssdctl_put_u64(root, "data_read_bytes", c->data_read_bytes.valid, c->data_read_bytes.v);
	ssdctl_put_u64(root, "data_written_bytes", c->data_written_bytes.valid,
		       c->data_written_bytes.v);
	ssdctl_put_u64(root, "host_read_commands", c->host_reads.valid, c->host_reads.v);
	ssdctl_put_u64(root, "host_write_commands", c->host_writes.valid, c->host_writes.v);
	ssdctl_put_u64(root, "power_on_hours", c->power_on_hours.valid, c->power_on_hours.v);
	ssdctl_put_u64(root, "power_cycles", c->power_cycles.valid, c->power_cycles.v);
	ssdctl_put_u64(root, "unsafe_shutdowns", c->unsafe_shutdowns.valid, c->unsafe_shutdowns.v);
	ssdctl_put_u64(root, "media_errors", c->media_errors.valid, c->media_errors.v);
	ssdctl_put_u64(root, "error_log_entries", c->error_log_entries.valid,
		       c->error_log_entries.v);
	ssdctl_put_u64(root, "available_spare_pct", c->avail_spare.valid, c->avail_spare.v);
	ssdctl_put_u64(root, "available_spare_threshold_pct", c->spare_thresh.valid,
		       c->spare_thresh.v);
	ssdctl_put_u64(root, "critical_warning", c->critical_warning.valid, c->critical_warning.v);
}

#define FROM(f, src)                                                                               \
	do {                                                                                       \
		c->f.valid = (src).valid;                                                          \
		c->f.v = (src).value;                                                              \
	} while (0)

static int nvme_health(struct ssdctl_dev *d, json_object *root, char *err, size_t errlen)
{
	struct nvme_smart_log log;
	struct ssd_nvme_health h;
	struct common cc = {0}, *c = &cc;
	json_object *nv, *warn, *sensors;
	int r = nvme_get_log_smart(d->fd, NVME_NSID_ALL, false, &log);

	if (r != 0) {
		int e = errno;

		ssdctl_nvme_err(err, errlen, "Get Log Page SMART / Health Information", r);
		return r > 0 ? r : -e;
	}
	ssd_nvme_parse_smart(&log, &h);
	c->temperature_c.valid = h.temperature_valid;
	c->temperature_c.v = h.temperature_c;
	SET(percentage_used, h.percent_used);
	FROM(data_read_bytes, h.data_read_bytes);
	FROM(data_written_bytes, h.data_written_bytes);
	FROM(host_reads, h.host_reads);
	FROM(host_writes, h.host_writes);
	FROM(power_on_hours, h.power_on_hours);
	FROM(power_cycles, h.power_cycles);
	FROM(unsafe_shutdowns, h.unsafe_shutdowns);
	FROM(media_errors, h.media_errors);
	FROM(error_log_entries, h.error_log_entries);
	SET(avail_spare, h.avail_spare_pct);
	SET(spare_thresh, h.spare_thresh_pct);
	SET(critical_warning, h.critical_warning);
	put_common(root, c);

	warn = json_object_new_array();
	for (unsigned int b = 0; b < 8; b++)
		if (h.critical_warning & (1u << b)) {
			const char *name = ssd_nvme_crit_warning_name(b);

			json_object_array_add(warn,
					      json_object_new_string(name ? name : "reserved"));
		}
	json_object_object_add(root, "critical_warnings", warn);

	nv = json_object_new_object();
	ssdctl_put_u64(nv, "controller_busy_minutes", h.busy_minutes.valid, h.busy_minutes.value);
	ssdctl_put_u64(nv, "warning_temperature_minutes", true, h.warning_temp_minutes);
	ssdctl_put_u64(nv, "critical_temperature_minutes", true, h.critical_temp_minutes);
	sensors = json_object_new_array();
	for (int i = 0; i < 8; i++)
		json_object_array_add(
		    sensors, h.sensor_valid[i] ? json_object_new_int64(h.sensor_c[i]) : NULL);
	json_object_object_add(nv, "temperature_sensors_c", sensors);
	json_object_object_add(root, "nvme", nv);
	json_object_object_add(root, "scsi", NULL);
	json_object_object_add(root, "ata", NULL);
	return 0;
}

static int log_page(int fd, uint8_t page, uint8_t *buf, size_t len, size_t *got)
{
	struct ssd_scsi_cdb cdb;
	char err[256];

	ssd_scsi_cdb_log_sense(&cdb, page, 0, (uint16_t)len);
	return ssdctl_scsi_in(fd, &cdb, buf, len, got, err, sizeof(err));
}

static json_object *self_tests(const struct ssd_scsi_log_self_tests *t)
{
	json_object *arr = json_object_new_array();

	for (unsigned int i = 0; i < t->n; i++) {
		json_object *o = json_object_new_object();
		const struct ssd_scsi_self_test *s = &t->t[i];

		json_object_object_add(o, "number", json_object_new_int64(s->number));
		json_object_object_add(o, "code", json_object_new_int64(s->code));
		ssdctl_put_str(o, "result", ssd_scsi_self_test_result_name(s->result));
		ssdctl_put_u64(o, "power_on_hours", true, s->power_on_hours);
		ssdctl_put_u64(o, "first_failure_lba", s->first_failure_lba != UINT64_MAX,
			       s->first_failure_lba);
		ssdctl_put_str(o, "sense_key",
			       s->sense_key ? ssd_scsi_sense_key_name(s->sense_key) : NULL);
		ssdctl_put_hex(o, "asc_ascq", 4, (uint64_t)s->asc << 8 | s->ascq);
		json_object_array_add(arr, o);
	}
	return arr;
}

static void scsi_errors(json_object *sc, struct common *c, int fd, uint8_t page, const char *prefix,
			bool listed, uint64_t *uncorrected, bool *unc_valid)
{
	uint8_t buf[SSD_SCSI_LOG_MAX_LEN];
	struct ssd_scsi_log_errors e = {0};
	char key[64], err[256];
	size_t got;

	if (listed && log_page(fd, page, buf, sizeof(buf), &got) == 0)
		ssd_scsi_parse_log_errors(buf, got, page, &e, err, sizeof(err));
	snprintf(key, sizeof(key), "%s_errors_corrected", prefix);
	ssdctl_put_u64(sc, key, e.corrected.valid, e.corrected.value);
	snprintf(key, sizeof(key), "%s_errors_uncorrected", prefix);
	ssdctl_put_u64(sc, key, e.uncorrected.valid, e.uncorrected.value);
	snprintf(key, sizeof(key), "%s_bytes_processed", prefix);
	ssdctl_put_u64(sc, key, e.bytes_processed.valid, e.bytes_processed.value);
	if (e.uncorrected.valid) {
		*uncorrected += e.uncorrected.value;
		*unc_valid = true;
	}
	if (e.bytes_processed.valid) {
		if (page == SSD_SCSI_LOG_READ_ERRORS)
			SET(data_read_bytes, e.bytes_processed.value);
		else
			SET(data_written_bytes, e.bytes_processed.value);
	}
}

static json_object *scsi_health(int fd, struct common *c)
{
	uint8_t buf[SSD_SCSI_LOG_MAX_LEN];
	struct ssd_scsi_log_list list = {0};
	json_object *sc = json_object_new_object(), *pages;
	struct ssd_scsi_log_temperature t = {0};
	struct ssd_scsi_log_value v = {0};
	struct ssd_scsi_log_ie ie = {0};
	struct ssd_scsi_log_self_tests st = {0};
	uint64_t unc = 0;
	bool unc_valid = false, have_list, have_st = false;
	char err[256];
	size_t got;

	have_list = log_page(fd, SSD_SCSI_LOG_SUPPORTED, buf, sizeof(buf), &got) == 0 &&
		    ssd_scsi_parse_log_supported(buf, got, &list, err, sizeof(err)) == 0;
	if (have_list) {
		pages = json_object_new_array();
		for (unsigned int i = 0; i < list.n; i++) {
			char hex[8];

			snprintf(hex, sizeof(hex), "0x%02x", list.pages[i]);
			json_object_array_add(pages, json_object_new_string(hex));
		}
	} else {
		pages = NULL; /* LOG SENSE rejected */
	}
	json_object_object_add(sc, "log_pages", pages);

	if (ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_TEMPERATURE) &&
	    log_page(fd, SSD_SCSI_LOG_TEMPERATURE, buf, sizeof(buf), &got) == 0)
		ssd_scsi_parse_log_temperature(buf, got, &t, err, sizeof(err));
	if (ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_INFO_EXCEPTIONS) &&
	    log_page(fd, SSD_SCSI_LOG_INFO_EXCEPTIONS, buf, sizeof(buf), &got) == 0)
		ssd_scsi_parse_log_ie(buf, got, &ie, err, sizeof(err));
	if (t.temperature_c.valid)
		SET(temperature_c, (int64_t)t.temperature_c.value);
	else if (ie.temperature_c.valid)
		SET(temperature_c, (int64_t)ie.temperature_c.value);
	ssdctl_put_u64(sc, "reference_temperature_c", t.reference_c.valid, t.reference_c.value);

	if (ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_SOLID_STATE) &&
	    log_page(fd, SSD_SCSI_LOG_SOLID_STATE, buf, sizeof(buf), &got) == 0 &&
	    ssd_scsi_parse_log_ssd(buf, got, &v, err, sizeof(err)) == 0 && v.valid)
		SET(percentage_used, v.value);
	memset(&v, 0, sizeof(v));
	if (ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_BACKGROUND_SCAN) &&
	    log_page(fd, SSD_SCSI_LOG_BACKGROUND_SCAN, buf, sizeof(buf), &got) == 0 &&
	    ssd_scsi_parse_log_bgscan(buf, got, &v, err, sizeof(err)) == 0 && v.valid)
		SET(power_on_hours, v.value / 60);

	scsi_errors(sc, c, fd, SSD_SCSI_LOG_READ_ERRORS, "read",
		    ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_READ_ERRORS), &unc, &unc_valid);
	scsi_errors(sc, c, fd, SSD_SCSI_LOG_WRITE_ERRORS, "write",
		    ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_WRITE_ERRORS), &unc, &unc_valid);
	if (unc_valid)
		SET(media_errors, unc);

	if (ie.valid) {
		json_object *o = json_object_new_object();
		const char *name = ssd_scsi_asc_name(ie.asc, ie.ascq);

		ssdctl_put_hex(o, "asc_ascq", 4, (uint64_t)ie.asc << 8 | ie.ascq);
		ssdctl_put_str(o, "description", ie.asc ? name : "no exception");
		json_object_object_add(sc, "informational_exception", o);
	} else {
		json_object_object_add(sc, "informational_exception", NULL);
	}
	if (ssd_scsi_log_list_has(&list, SSD_SCSI_LOG_SELF_TEST) &&
	    log_page(fd, SSD_SCSI_LOG_SELF_TEST, buf, sizeof(buf), &got) == 0)
		have_st = ssd_scsi_parse_log_self_test(buf, got, &st, err, sizeof(err)) == 0;
	json_object_object_add(sc, "self_tests", have_st ? self_tests(&st) : NULL);
	return sc;
}

static bool ata_in(int fd, const struct ssd_scsi_cdb *cdb, uint8_t *buf)
{
	char err[256];
	size_t got;

	return ssdctl_scsi_in(fd, cdb, buf, 512, &got, err, sizeof(err)) == 0 && got == 512;
}

static json_object *ata_health(int fd, struct common *c)
{
	uint8_t buf[512];
	struct ssd_ata_identity id;
	struct ssd_ata_smart smart;
	struct ssd_ata_devstats ds;
	struct ssd_scsi_cdb cdb;
	json_object *a = json_object_new_object(), *attrs = NULL, *dso;
	const struct ssd_ata_smart_attr *at;
	static const uint8_t pages[] = {SSD_ATA_DEVSTAT_GENERAL, SSD_ATA_DEVSTAT_TEMPERATURE,
					SSD_ATA_DEVSTAT_SSD};
	uint32_t sector = 512;
	bool have_smart = false, have_ds = false;
	char err[256];

	memset(&ds, 0, sizeof(ds));
	if (ssdctl_ata_identify(fd, &id, err, sizeof(err)) == 0)
		sector = id.logical_bytes;

	ssd_ata_cdb_smart_read_data(&cdb);
	if (ata_in(fd, &cdb, buf) &&
	    ssd_ata_parse_smart_data(buf, 512, &smart, err, sizeof(err)) == 0) {
		have_smart = true;
		attrs = json_object_new_array();
		for (unsigned int i = 0; i < smart.n; i++) {
			json_object *o = json_object_new_object();
			const struct ssd_ata_smart_attr *s = &smart.a[i];

			json_object_object_add(o, "id", json_object_new_int64(s->id));
			ssdctl_put_str(o, "name", ssd_ata_smart_attr_name(s->id));
			json_object_object_add(o, "value", json_object_new_int64(s->value));
			json_object_object_add(o, "worst", json_object_new_int64(s->worst));
			ssdctl_put_u64(o, "raw", true, s->raw);
			ssdctl_put_hex(o, "flags", 4, s->flags);
			json_object_array_add(attrs, o);
		}
	}
	json_object_object_add(a, "smart_attributes", attrs);

	for (size_t i = 0; i < sizeof(pages); i++) {
		ssd_ata_cdb_read_log_ext(&cdb, SSD_ATA_LOG_DEVICE_STATISTICS, pages[i], 1);
		if (ata_in(fd, &cdb, buf) &&
		    ssd_ata_parse_devstat_page(buf, 512, pages[i], &ds, err, sizeof(err)) == 0)
			have_ds = true;
	}
	if (have_ds) {
		dso = json_object_new_object();
		ssdctl_put_u64(dso, "power_on_hours", ds.power_on_hours.valid,
			       (uint64_t)ds.power_on_hours.value);
		ssdctl_put_u64(dso, "logical_sectors_written", ds.logical_sectors_written.valid,
			       (uint64_t)ds.logical_sectors_written.value);
		ssdctl_put_u64(dso, "logical_sectors_read", ds.logical_sectors_read.valid,
			       (uint64_t)ds.logical_sectors_read.value);
		ssdctl_put_u64(dso, "write_commands", ds.write_commands.valid,
			       (uint64_t)ds.write_commands.value);
		ssdctl_put_u64(dso, "read_commands", ds.read_commands.valid,
			       (uint64_t)ds.read_commands.value);
		ssdctl_put_i64(dso, "temperature_c", ds.temperature_c.valid,
			       ds.temperature_c.value);
		ssdctl_put_u64(dso, "percentage_used", ds.percentage_used.valid,
			       (uint64_t)ds.percentage_used.value);
		json_object_object_add(a, "device_statistics", dso);
	} else {
		json_object_object_add(a, "device_statistics", NULL);
	}

	/* common fields: the standard Device Statistics first, then the de facto attributes */
	if (ds.temperature_c.valid)
		SET(temperature_c, ds.temperature_c.value);
	else if (have_smart &&
		 ((at = ssd_ata_smart_find(&smart, 194)) || (at = ssd_ata_smart_find(&smart, 190))))
		SET(temperature_c, (int64_t)(at->raw & 0xff)); /* raw byte 0 is the current °C */
	if (ds.power_on_hours.valid)
		SET(power_on_hours, (uint64_t)ds.power_on_hours.value);
	else if (have_smart && (at = ssd_ata_smart_find(&smart, 9)))
		SET(power_on_hours, at->raw & 0xffffffffu);
	if (have_smart && (at = ssd_ata_smart_find(&smart, 12)))
		SET(power_cycles, at->raw & 0xffffffffu);
	if (ds.percentage_used.valid)
		SET(percentage_used, (uint64_t)ds.percentage_used.value);
	if (ds.logical_sectors_written.valid)
		SET(data_written_bytes, (uint64_t)ds.logical_sectors_written.value * sector);
	if (ds.logical_sectors_read.valid)
		SET(data_read_bytes, (uint64_t)ds.logical_sectors_read.value * sector);
	if (ds.write_commands.valid)
		SET(host_writes, (uint64_t)ds.write_commands.value);
	if (ds.read_commands.valid)
		SET(host_reads, (uint64_t)ds.read_commands.value);
	return a;
}

static int scsi_health_root(struct ssdctl_dev *d, json_object *root, char *err, size_t errlen)
{
	struct common c = {0};
	bool sat = ssdctl_is_sat(d->fd);
	json_object *sc, *ata = NULL;
	uint8_t buf[96];
	struct ssd_scsi_cdb cdb;
	size_t got;
	int r;

	/* the device must answer at all: a standard INQUIRY */
	ssd_scsi_cdb_inquiry(&cdb, false, 0, sizeof(buf));
	r = ssdctl_scsi_in(d->fd, &cdb, buf, sizeof(buf), &got, err, errlen);
	if (r != 0)
		return r;
	sc = scsi_health(d->fd, &c);
	if (sat)
		ata = ata_health(d->fd, &c);
	put_common(root, &c);
	json_object_object_add(root, "critical_warnings", NULL);
	json_object_object_add(root, "nvme", NULL);
	json_object_object_add(root, "scsi", sc);
	json_object_object_add(root, "ata", ata);
	return 0;
}

int ssdctl_health(struct ssdctl_dev *d, json_object **out, char *err, size_t errlen)
{
	json_object *root = json_object_new_object();
	int r;

	ssdctl_put_str(root, "schema", "ssdctl.health.v1");
	ssdctl_put_str(root, "device", d->path);
	ssdctl_put_str(root, "transport",
		       d->family == SSDCTL_NVME ? "nvme"
		       : ssdctl_is_sat(d->fd)	? "sata"
						: "scsi");
	r = d->family == SSDCTL_NVME ? nvme_health(d, root, err, errlen)
				     : scsi_health_root(d, root, err, errlen);
	if (r != 0) {
		json_object_put(root);
		return r;
	}
	*out = root;
	return 0;
}

int ssdctl_health_json(const char *dev, json_object **out, char *err, size_t errlen)
{
	return ssdctl_report(dev, ssdctl_health, out, err, errlen);
}
