/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * purge_policy.h - the checks `ssdctl purge` makes before it erases a drive, besides the drive
 * being unused (host/in_use.h), as pure functions so they can be tested without a drive:
 *   - the drive supports the method asked for (else the message lists those it supports);
 *   - the operator typed the drive's serial number (--confirm).
 * Each check returns 0 or a negative errno with a message that says what to do.
 */
#ifndef SSDENG_CTL_PURGE_POLICY_H
#define SSDENG_CTL_PURGE_POLICY_H

#include <stddef.h>

#include "codec/nvme/nvme_identity.h"

enum ssdctl_purge_method {
	SSDCTL_PURGE_FORMAT,		 /* NVMe Format NVM with Secure Erase Settings */
	SSDCTL_PURGE_SANITIZE_BLOCK,	 /* NVMe Sanitize / SCSI SANITIZE block erase */
	SSDCTL_PURGE_SANITIZE_CRYPTO,	 /* … cryptographic erase */
	SSDCTL_PURGE_SANITIZE_OVERWRITE, /* … overwrite */
	SSDCTL_PURGE_FORMAT_UNIT,	 /* SCSI FORMAT UNIT */
	SSDCTL_PURGE_NMETHODS,
};

#define SSDCTL_PURGE_BIT(m) (1u << (m))

/**
 * ssdctl_purge_method_parse() - the method named on the command line.
 * @name: "format", "sanitize-block", "sanitize-crypto", "sanitize-overwrite", "format-unit"
 * @out: output
 * Return: 0, or -EINVAL for any other name.
 */
int ssdctl_purge_method_parse(const char *name, enum ssdctl_purge_method *out);

/** ssdctl_purge_method_name() - the command-line name of @m. Return: static string. */
const char *ssdctl_purge_method_name(enum ssdctl_purge_method m);

/** ssdctl_purge_method_desc() - what @m sends ("NVMe Format NVM (Secure Erase Settings)"…). */
const char *ssdctl_purge_method_desc(enum ssdctl_purge_method m);

/**
 * ssdctl_purge_methods_list() - "format, sanitize-crypto" for the bits of @mask, or "none".
 * @mask: SSDCTL_PURGE_BIT() of each supported method
 * @buf, @len: output, always NUL-terminated
 */
void ssdctl_purge_methods_list(unsigned int mask, char *buf, size_t len);

/**
 * ssdctl_purge_nvme_methods() - the purge methods an NVMe controller supports: format when OACS
 * bit 1 (Format NVM), each sanitize kind when its SANICAP bit is set (NVMe Base 2.0
 * §5.17.2.1: CES bit 0, BES bit 1, OWS bit 2) and OACS bit 9 (Sanitize command; not checked:
 * SANICAP alone says it, some controllers leave OACS 9 clear).
 */
unsigned int ssdctl_purge_nvme_methods(const struct ssd_nvme_identity *id);

/**
 * ssdctl_purge_scsi_methods() - the methods a SCSI device supports, from REPORT SUPPORTED
 * OPERATION CODES answers (1 supported, 0 not, negative unknown).
 * @format_unit: FORMAT UNIT; unknown counts as supported (SBC-4 makes it mandatory)
 * @block, @crypto, @overwrite: SANITIZE service actions 02h, 03h, 01h; unknown = not
 */
unsigned int ssdctl_purge_scsi_methods(int format_unit, int block, int crypto, int overwrite);

/**
 * ssdctl_purge_check_method() - refuse a method the drive does not support.
 * @supported: mask from ssdctl_purge_nvme_methods() / ssdctl_purge_scsi_methods()
 * @m: the method asked for
 * @err, @errlen: "the drive does not support sanitize-block (NVMe Sanitize, block erase);
 *                it supports: format"
 * Return: 0 or -EOPNOTSUPP.
 */
int ssdctl_purge_check_method(unsigned int supported, enum ssdctl_purge_method m, char *err,
			      size_t errlen);

/**
 * ssdctl_purge_check_serial() - refuse unless @confirm equals the drive's serial.
 * @serial: the serial the drive reports (Identify SN, VPD 80h, IDENTIFY words 10-19)
 * @confirm: the --confirm argument, or NULL when it was not given
 * @err, @errlen: message naming both values
 *
 * Leading and trailing spaces are ignored on both sides; the comparison is otherwise exact.
 * A drive that reports no serial (empty) cannot be confirmed.
 * Return: 0, -EINVAL (no --confirm), -EPERM (mismatch), -ENODATA (drive reports no serial).
 */
int ssdctl_purge_check_serial(const char *serial, const char *confirm, char *err, size_t errlen);

#endif
