/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libssdctl.h - what `ssdctl info|health|probe|cache DEV --json` print, and the drive's
 * volatile write cache read, set and restored, as a library for other programs (the review
 * driver): build/libssdctl.a, linked with build/libssdcore.a, libnvme, liburing, libaio and
 * json-c:
 *
 *   cc -Iengine prog.c build/libssdctl.a build/libssdcore.a -lnvme -luring -laio -ljson-c
 *
 * Each *_json call returns a new json-c object with exactly the fields the command prints
 * (schemas ssdctl.info.v1, ssdctl.health.v1, ssdctl.probe.v1, ssdctl.cache.v1 in
 * engine/ctl/README.md: null means the drive or the host does not report it). The caller releases
 * it with json_object_put(). Warnings (a SCSI UNIT ATTENTION retried, say) go to stderr
 * (common/ssd_log.h).
 */
#ifndef SSDENG_CTL_LIBSSDCTL_H
#define SSDENG_CTL_LIBSSDCTL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;

/**
 * ssdctl_info_json() - the identity of a drive: model, serial, firmware, capacity, LBA
 * formats, optional commands (NVMe Identify; SCSI INQUIRY, VPD pages, READ CAPACITY; ATA
 * IDENTIFY DEVICE behind SAT).
 * @dev:    /dev/nvmeX, /dev/nvmeXnY, /dev/ngXnY, /dev/sgN or /dev/sdX
 * @out:    a new object, schema "ssdctl.info.v1"
 * @err:    a one-line message on failure, naming @dev
 * @errlen: size of @err, bytes
 * Return: 0; -ENOENT or -ENODEV when @dev is missing or not a drive ssdctl reads (`ssdctl`
 * exits 2); another negative errno, or a positive NVMe status, when the identity could not be
 * read (exit 1).
 */
int ssdctl_info_json(const char *dev, struct json_object **out, char *err, size_t errlen);

/**
 * ssdctl_health_json() - temperature, wear and error counters (NVMe SMART / Health log, SCSI
 * LOG SENSE, ATA SMART and Device Statistics). As ssdctl_info_json(); schema
 * "ssdctl.health.v1".
 */
int ssdctl_health_json(const char *dev, struct json_object **out, char *err, size_t errlen);

/**
 * ssdctl_probe_json() - what the host says about any path, without opening it: its kind
 * (host/dev_class.h), the block device, disk, ng or sg node and NVMe controller behind it,
 * its capacity, the transport transport=auto picks, and every reason its block devices are in
 * use (mounted, swap, held by device mapper / md / bcache).
 * @path:   any path (a missing one is kind "missing")
 * @out:    a new object, schema "ssdctl.probe.v1"
 * @err:    a one-line message on failure
 * @errlen: size of @err, bytes
 * Return: 0, or -ENOMEM. What cannot be read (/proc/self/mountinfo) is null in the object.
 */
int ssdctl_probe_json(const char *path, struct json_object **out, char *err, size_t errlen);

/* ---- the drive's volatile write cache (ssdctl cache) ------------------------------------- */

/*
 * What the drive says about its volatile write cache. Each field is 1, 0, or -1 when the drive
 * does not report it.
 *   enabled:    NVMe Get Features Volatile Write Cache (FID 06h) WCE; SCSI/SATA the WCE bit of
 *               the Caching mode page (08h), current values
 *   present:    NVMe Identify Controller VWC bit 0; SCSI: -1 (SBC-4 has no such field)
 *   changeable: NVMe Get Features SEL 011b bit 2; SCSI WCE in the page's changeable values
 *   saveable:   NVMe Get Features SEL 011b bit 0; SCSI the page's PS bit
 * transport is "nvme", "scsi" or "sata" (a SATA drive behind the kernel's SAT layer).
 */
struct ssdctl_cache_state {
	int enabled, present, changeable, saveable;
	char transport[8];
};

/* How the drive refused a command: its own status, for the record and the message. */
struct ssdctl_drive_status {
	enum { SSDCTL_STATUS_NONE, SSDCTL_STATUS_NVME, SSDCTL_STATUS_SCSI } kind;
	uint16_t nvme_status;	      /* NVMe: the CQE status field (SC 7:0, SCT 10:8, DNR 14) */
	uint8_t scsi_status;	      /* SCSI: the status byte (02h CHECK CONDITION) */
	uint8_t sense_key, asc, ascq; /* SCSI: the sense, when the drive returned some */
};

/* ssdctl_cache_set() and _restore(): the drive answered, but did not take the setting. */
#define SSDCTL_CACHE_REFUSED 1

/**
 * ssdctl_cache_get() - read the drive's volatile write cache setting, without changing it.
 * @dev:    /dev/nvmeX, /dev/nvmeXnY, /dev/ngXnY, /dev/sgN or /dev/sdX
 * @st:     output
 * @err:    a one-line message on failure: the command and the drive's status or sense
 * @errlen: size of @err, bytes
 * Return: 0; -ENOENT or -ENODEV for a path that is not a drive; -EOPNOTSUPP for a SCSI device
 * without the Caching mode page; -EIO when the drive refused the read; another negative errno
 * when a command could not be sent.
 */
int ssdctl_cache_get(const char *dev, struct ssdctl_cache_state *st, char *err, size_t errlen);

/**
 * ssdctl_cache_set() - enable or disable the drive's volatile write cache through the drive:
 * NVMe Set Features Volatile Write Cache; SCSI and SATA (behind SAT) MODE SELECT(10) of the
 * Caching mode page with the current values and WCE changed. Reads the setting first (@before,
 * what ssdctl_cache_restore() puts back), sends the change only when it differs (or @save),
 * then reads it back (@after). Disabling the cache of an NVMe drive whose Identify Controller
 * says it has none (VWC bit 0 clear) succeeds without a command: there is nothing to disable. On
 * SCSI the kernel's view of the disk (sd's cache_type) is refreshed afterwards by a rescan of the
 * device, so it flushes when the cache is on.
 * @dev:     as for ssdctl_cache_get()
 * @enable:  WCE
 * @save:    also make it the drive's saved setting (NVMe SV, SCSI SP); false changes the
 *           current setting only, which a power cycle or reset undoes
 * @before:  output, the setting found (may be NULL)
 * @after:   output, the setting read back (may be NULL)
 * @refusal: output, the drive's status when it refused (kind NONE otherwise; may be NULL)
 * @err, @errlen: the message on failure or refusal
 * Return: 0; SSDCTL_CACHE_REFUSED when the drive refused the command (@refusal says how) or
 * took it and still reports the old setting; a negative errno as for ssdctl_cache_get().
 */
int ssdctl_cache_set(const char *dev, bool enable, bool save, struct ssdctl_cache_state *before,
		     struct ssdctl_cache_state *after, struct ssdctl_drive_status *refusal,
		     char *err, size_t errlen);

/**
 * ssdctl_cache_restore() - put back the setting ssdctl_cache_set() found: nothing when
 * @before->enabled is -1 (the drive reported none), else ssdctl_cache_set(dev,
 * @before->enabled, false, …). The current setting only, never the saved one.
 * Return: as ssdctl_cache_set().
 */
int ssdctl_cache_restore(const char *dev, const struct ssdctl_cache_state *before,
			 struct ssdctl_drive_status *refusal, char *err, size_t errlen);

/* What `ssdctl cache` does. */
enum ssdctl_cache_action { SSDCTL_CACHE_SHOW, SSDCTL_CACHE_OFF, SSDCTL_CACHE_ON };

/**
 * ssdctl_cache_json() - `ssdctl cache DEV [show|on|off] [--save] --json`: the setting, and for
 * on/off what was changed, as an object of schema "ssdctl.cache.v1" (engine/ctl/README.md).
 * A refusal is in the object ("change"."refusal") and in @err.
 * @dev:    as for ssdctl_cache_get()
 * @action: show, off or on
 * @save:   as for ssdctl_cache_set()
 * @out:    a new object, also on a refusal (NULL on other failures)
 * @err, @errlen: the message on failure
 * Return: as ssdctl_cache_set().
 */
int ssdctl_cache_json(const char *dev, enum ssdctl_cache_action action, bool save,
		      struct json_object **out, char *err, size_t errlen);

/* ---- the drive's own account while a test runs (docs/telemetry.md) ----------------------- */

/* Where media-side writes come from, in the order they are tried. */
enum ssdctl_media_source {
	SSDCTL_MEDIA_NONE,	      /* not reported by this drive */
	SSDCTL_MEDIA_ENDURANCE_GROUP, /* NVMe Endurance Group Information log 09h, MUW */
	SSDCTL_MEDIA_FDP,	      /* NVMe FDP statistics log 22h, MBMW */
	SSDCTL_MEDIA_OCP_C0,	      /* OCP SMART / Health Information Extended log C0h, PMUW */
	SSDCTL_MEDIA_SATA_ATTR,	      /* a SATA vendor SMART attribute naming NAND writes, for
				       * the families of codec/ata/ata_media.c */
};

/* One sample. A has_* false: the drive does not report it. Temperatures °C, sizes bytes. */
struct ssdctl_tel_sample {
	char transport[8]; /* "nvme", "scsi", "sata" */
	bool has_temperature;
	int temperature_c;
	bool sensor_valid[8];
	int sensor_c[8];
	bool has_nvme; /* the NVMe-only fields below */
	uint8_t critical_warning;
	uint32_t tmt1_transitions, tmt2_transitions, tmt1_seconds, tmt2_seconds;
	uint32_t warning_temp_minutes, critical_temp_minutes;
	bool has_data_read, has_data_written, has_media_errors, has_error_log_entries;
	uint64_t data_read_bytes, data_written_bytes, media_errors, error_log_entries;
	enum ssdctl_media_source media_source;
	bool has_media_written, has_media_host_written;
	uint64_t media_written_bytes, media_host_written_bytes;
	bool media_in_pages;	/* SATA: the two counts above are NAND program pages, not bytes:
				 * only their ratio is exact (Micron's 247/248) */
	char media_detail[192]; /* SATA: the attribute and family ("SMART attribute 243
				 * NAND_Writes_32MiB, Intel DC S3510/S3610"); "" otherwise */
};

struct ssdctl_tel;

/**
 * ssdctl_tel_open() - open @dev for sampling through its admin path (NVMe admin commands
 * through libnvme; SCSI LOG SENSE and ATA SMART through SG_IO), never the I/O queues the
 * engine uses. The first sample finds which media-side source the drive has (09h, 22h, C0h,
 * with the OCP page's GUID and version checked) and later samples read only that one; a SATA
 * drive's comes from its IDENTIFY model's family (codec/ata/ata_media.h), read once here.
 * @dev: as ssdctl_info_json()
 * @out: the sampler (ssdctl_tel_close())
 * Return: 0, or as ssdctl_info_json().
 */
int ssdctl_tel_open(const char *dev, struct ssdctl_tel **out, char *err, size_t errlen);

/**
 * ssdctl_tel_sample() - one sample: NVMe SMART / Health log 02h (NSID FFFFFFFFh, RAE set so
 * the host's asynchronous events are kept) and the media source's log; SCSI and SATA what
 * ssdctl health reads, and for a SATA drive of a known family its media-writes attributes
 * from the same SMART READ DATA (a count that went backwards, or is 0 while the host's grew,
 * is left out of the sample).
 * Return: 0, or a negative errno / positive NVMe status with @err set.
 */
int ssdctl_tel_sample(struct ssdctl_tel *t, struct ssdctl_tel_sample *s, char *err, size_t errlen);

/* The OCP latency monitor of one test. */
struct ssdctl_latmon {
	enum { SSDCTL_LATMON_READ, SSDCTL_LATMON_NOT_SUPPORTED, SSDCTL_LATMON_FAILED } status;
	char message[192];
	uint32_t reads[4], writes[4], trims[4]; /* active bucket counters 0..3 */
	unsigned int thresholds_ms[4];		/* the bucket bounds A..D */
};

/**
 * ssdctl_tel_latmon_start() - where the drive has the OCP latency monitor (log C3h with its
 * GUID), keep its settings and set the feature (C5h) enabled with the drive's own thresholds,
 * which starts its active buckets afresh for the test. A drive without it: status
 * SSDCTL_LATMON_NOT_SUPPORTED with the drive's words, nothing sent but the Get Log Page.
 * Return: 0 when configured, else the status's reason in @l (not an error of the run).
 */
int ssdctl_tel_latmon_start(struct ssdctl_tel *t, struct ssdctl_latmon *l);

/**
 * ssdctl_tel_latmon_end() - the active bucket counters read (log C3h), then the feature's
 * settings from before ssdctl_tel_latmon_start() set back. Nothing when it did not start.
 * Return: 0, or -1 with @l's status and message saying what failed.
 */
int ssdctl_tel_latmon_end(struct ssdctl_tel *t, struct ssdctl_latmon *l);

/** ssdctl_tel_close() - close the drive; NULL is ignored. */
void ssdctl_tel_close(struct ssdctl_tel *t);

#endif
