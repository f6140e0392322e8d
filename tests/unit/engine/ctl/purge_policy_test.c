// SPDX-License-Identifier: GPL-2.0-only
/*
 * purge_policy_test.c - what `ssdctl purge` checks before it erases a drive: the serial the
 * operator confirms, and the methods the drive supports (QEMU's NVMe: Format NVM only,
 * SANICAP 0; QEMU's scsi-hd: no REPORT SUPPORTED OPERATION CODES).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ctl/purge_policy.h"

static char err[512];

static void test_serial(void **state)
{
	(void)state;
	assert_int_equal(ssdctl_purge_check_serial("NVME0001", "NVME0001", err, sizeof(err)), 0);
	/* Identify pads with spaces; so may a shell argument */
	assert_int_equal(ssdctl_purge_check_serial("NVME0001    ", " NVME0001", err, sizeof(err)),
			 0);
	assert_int_equal(ssdctl_purge_check_serial("NVME0001", "NVME0002", err, sizeof(err)),
			 -EPERM);
	assert_non_null(strstr(err, "'NVME0002' does not match"));
	assert_non_null(strstr(err, "'NVME0001'"));
	assert_int_equal(ssdctl_purge_check_serial("NVME0001", "nvme0001", err, sizeof(err)),
			 -EPERM);
	assert_int_equal(ssdctl_purge_check_serial("NVME0001", "NVME000", err, sizeof(err)),
			 -EPERM);
	assert_int_equal(ssdctl_purge_check_serial("NVME0001", "NVME00011", err, sizeof(err)),
			 -EPERM);
	assert_int_equal(ssdctl_purge_check_serial("NVME0001", NULL, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "--confirm SERIAL is required"));
	assert_int_equal(ssdctl_purge_check_serial("   ", "", err, sizeof(err)), -ENODATA);
}

static void test_methods(void **state)
{
	struct ssd_nvme_identity qemu = {.oacs = 0x000a, .sanicap = 0};
	struct ssd_nvme_identity full = {.oacs = 0x0202, .sanicap = 0x7};
	enum ssdctl_purge_method m;
	unsigned int mask;
	char list[128];

	(void)state;
	assert_int_equal(ssdctl_purge_method_parse("sanitize-crypto", &m), 0);
	assert_int_equal(m, SSDCTL_PURGE_SANITIZE_CRYPTO);
	assert_int_equal(ssdctl_purge_method_parse("format-unit", &m), 0);
	assert_int_equal(m, SSDCTL_PURGE_FORMAT_UNIT);
	assert_int_equal(ssdctl_purge_method_parse("sanitize", &m), -EINVAL);
	assert_int_equal(ssdctl_purge_method_parse(NULL, &m), -EINVAL);

	mask = ssdctl_purge_nvme_methods(&qemu);
	assert_int_equal(mask, SSDCTL_PURGE_BIT(SSDCTL_PURGE_FORMAT));
	assert_int_equal(ssdctl_purge_check_method(mask, SSDCTL_PURGE_FORMAT, err, sizeof(err)), 0);
	assert_int_equal(
	    ssdctl_purge_check_method(mask, SSDCTL_PURGE_SANITIZE_BLOCK, err, sizeof(err)),
	    -EOPNOTSUPP);
	assert_string_equal(err, "the drive does not support --method sanitize-block (Sanitize, "
				 "block erase); supported methods: format");
	assert_int_equal(
	    ssdctl_purge_check_method(mask, SSDCTL_PURGE_FORMAT_UNIT, err, sizeof(err)),
	    -EOPNOTSUPP);

	mask = ssdctl_purge_nvme_methods(&full);
	ssdctl_purge_methods_list(mask, list, sizeof(list));
	assert_string_equal(list, "format, sanitize-block, sanitize-crypto, sanitize-overwrite");
	ssdctl_purge_methods_list(0, list, sizeof(list));
	assert_string_equal(list, "none");

	/* QEMU scsi-hd rejects REPORT SUPPORTED OPERATION CODES: FORMAT UNIT assumed, no
	 * sanitize */
	mask = ssdctl_purge_scsi_methods(-EOPNOTSUPP, -EOPNOTSUPP, -EOPNOTSUPP, -EOPNOTSUPP);
	assert_int_equal(mask, SSDCTL_PURGE_BIT(SSDCTL_PURGE_FORMAT_UNIT));
	mask = ssdctl_purge_scsi_methods(0, 1, 0, 1);
	ssdctl_purge_methods_list(mask, list, sizeof(list));
	assert_string_equal(list, "sanitize-block, sanitize-overwrite");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_serial),
	    cmocka_unit_test(test_methods),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
