/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scsi_logsense.h - pure parsers for the LOG SENSE pages `ssdctl health` reads: Supported Log
 * Pages (00h), Write/Read Error Counters (02h/03h), Temperature (0Dh), Self-Test Results (10h),
 * Solid State Media (11h), Background Scan Results (15h, for the power-on time) and
 * Informational Exceptions (2Fh). Layouts: SPC-5 §7.3 and SBC-4 §6.4.
 *
 * A log page is a 4-byte header (byte 0 DS/SPF/PAGE CODE, byte 1 SUBPAGE CODE, bytes 2-3 PAGE
 * LENGTH) and log parameters, each a 4-byte header (PARAMETER CODE bytes 0-1, control byte 2,
 * PARAMETER LENGTH byte 3) and that many value bytes.
 */
#ifndef SSDENG_SCSI_LOGSENSE_H
#define SSDENG_SCSI_LOGSENSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SSD_SCSI_LOG_SUPPORTED 0x00
#define SSD_SCSI_LOG_WRITE_ERRORS 0x02
#define SSD_SCSI_LOG_READ_ERRORS 0x03
#define SSD_SCSI_LOG_TEMPERATURE 0x0d
#define SSD_SCSI_LOG_SELF_TEST 0x10
#define SSD_SCSI_LOG_SOLID_STATE 0x11
#define SSD_SCSI_LOG_BACKGROUND_SCAN 0x15
#define SSD_SCSI_LOG_INFO_EXCEPTIONS 0x2f

#define SSD_SCSI_LOG_MAX_LEN 1024

/* A value the page may or may not carry. */
struct ssd_scsi_log_value {
	bool valid;
	uint64_t value;
};

/**
 * ssd_scsi_log_check() - check a log page header.
 * @buf, @len: the page as returned
 * @page: the page code expected
 * @err, @errlen: message on failure
 * Return: the usable length (min(@len, PAGE LENGTH + 4)), or -EINVAL for fewer than 4 bytes,
 * another page code or, in subpage format (SPF set), a SUBPAGE CODE other than 00h.
 */
int ssd_scsi_log_check(const uint8_t *buf, size_t len, uint8_t page, char *err, size_t errlen);

/**
 * ssd_scsi_log_param() - find parameter @code in a checked page.
 * @buf: the page
 * @n: usable length from ssd_scsi_log_check()
 * @code: PARAMETER CODE
 * @vlen: output, the PARAMETER LENGTH (value bytes, all inside @n)
 * Return: a pointer to the value bytes, or NULL if the page has no such parameter.
 */
const uint8_t *ssd_scsi_log_param(const uint8_t *buf, int n, uint16_t code, unsigned int *vlen);

struct ssd_scsi_log_list {
	unsigned int n;
	uint8_t pages[64];
};

/** ssd_scsi_parse_log_supported() - page 00h: the page codes listed. Return: 0 or -EINVAL. */
int ssd_scsi_parse_log_supported(const uint8_t *buf, size_t len, struct ssd_scsi_log_list *out,
				 char *err, size_t errlen);
/** ssd_scsi_log_list_has() - whether @page is listed. */
bool ssd_scsi_log_list_has(const struct ssd_scsi_log_list *list, uint8_t page);

/* Temperature page 0Dh: param 0000h TEMPERATURE, 0001h REFERENCE TEMPERATURE, °C, FFh = none. */
struct ssd_scsi_log_temperature {
	struct ssd_scsi_log_value temperature_c;
	struct ssd_scsi_log_value reference_c;
};
/** ssd_scsi_parse_log_temperature() - page 0Dh. Return: 0 or -EINVAL. */
int ssd_scsi_parse_log_temperature(const uint8_t *buf, size_t len,
				   struct ssd_scsi_log_temperature *out, char *err, size_t errlen);

/* Error counter pages 02h/03h (SPC-5 §7.3.20 / §7.3.18): the counters ssdctl reports. */
struct ssd_scsi_log_errors {
	struct ssd_scsi_log_value corrected;	   /* 0003h TOTAL ERRORS CORRECTED */
	struct ssd_scsi_log_value bytes_processed; /* 0005h TOTAL BYTES PROCESSED */
	struct ssd_scsi_log_value uncorrected;	   /* 0006h TOTAL UNCORRECTED ERRORS */
};
/**
 * ssd_scsi_parse_log_errors() - page 02h or 03h (@page). Counters are big-endian of any length
 * up to 8 bytes; a longer one is kept invalid.
 * Return: 0 or -EINVAL.
 */
int ssd_scsi_parse_log_errors(const uint8_t *buf, size_t len, uint8_t page,
			      struct ssd_scsi_log_errors *out, char *err, size_t errlen);

/** ssd_scsi_parse_log_ssd() - page 11h param 0001h PERCENTAGE USED ENDURANCE INDICATOR. */
int ssd_scsi_parse_log_ssd(const uint8_t *buf, size_t len,
			   struct ssd_scsi_log_value *percentage_used, char *err, size_t errlen);

/** ssd_scsi_parse_log_bgscan() - page 15h param 0000h ACCUMULATED POWER ON MINUTES (bytes 0-3). */
int ssd_scsi_parse_log_bgscan(const uint8_t *buf, size_t len,
			      struct ssd_scsi_log_value *power_on_minutes, char *err,
			      size_t errlen);

/* Informational Exceptions page 2Fh, param 0000h (SPC-5 §7.3.10). */
struct ssd_scsi_log_ie {
	bool valid;
	uint8_t asc, ascq;			 /* INFORMATIONAL EXCEPTION ASC/ASCQ; 0/0 = none */
	struct ssd_scsi_log_value temperature_c; /* MOST RECENT TEMPERATURE READING, FFh = none */
};
/** ssd_scsi_parse_log_ie() - page 2Fh. Return: 0 or -EINVAL. */
int ssd_scsi_parse_log_ie(const uint8_t *buf, size_t len, struct ssd_scsi_log_ie *out, char *err,
			  size_t errlen);

/* One Self-Test Results log parameter (SPC-5 §7.3.22, parameter codes 0001h..0014h). */
struct ssd_scsi_self_test {
	uint16_t number_param;	 /* PARAMETER CODE: 1 = most recent */
	uint8_t code;		 /* SELF-TEST CODE (value byte 0 bits 7:5) */
	uint8_t result;		 /* SELF-TEST RESULTS (bits 3:0): 0 completed without error … */
	uint8_t number;		 /* SELF-TEST NUMBER */
	uint16_t power_on_hours; /* ACCUMULATED POWER ON HOURS when it ran */
	uint64_t first_failure_lba; /* ADDRESS OF FIRST FAILURE; all ones = none */
	uint8_t sense_key, asc, ascq;
};

#define SSD_SCSI_MAX_SELF_TESTS 20

struct ssd_scsi_log_self_tests {
	unsigned int n;
	struct ssd_scsi_self_test t[SSD_SCSI_MAX_SELF_TESTS];
};

/**
 * ssd_scsi_parse_log_self_test() - page 10h. Parameters whose 16 value bytes are all zero are
 * unused entries and skipped.
 * Return: 0 or -EINVAL.
 */
int ssd_scsi_parse_log_self_test(const uint8_t *buf, size_t len,
				 struct ssd_scsi_log_self_tests *out, char *err, size_t errlen);

/** ssd_scsi_self_test_result_name() - SELF-TEST RESULTS value name (SPC-5 table). Return: static.
 */
const char *ssd_scsi_self_test_result_name(uint8_t result);

#endif
