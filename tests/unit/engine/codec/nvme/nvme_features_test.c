// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_features_test.c - Get/Set Features dwords for the Volatile Write Cache feature, checked
 * against the field layout of NVMe Base 2.0 §5.15 (Get Features CDW10: FID 07:00, SEL 10:08),
 * §5.27 (Set Features CDW10: FID 07:00, SV 31) and §5.27.1.4 (Volatile Write Cache: WCE in
 * CDW11 bit 0 and in Dword 0 of the completion).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "codec/nvme/nvme_features.h"

static void test_get(void **state)
{
	struct ssd_nvme_admin_cmd c;

	(void)state;
	ssd_nvme_cmd_get_features(&c, SSD_NVME_FID_VOLATILE_WC, SSD_NVME_SEL_CURRENT, 0);
	assert_int_equal(c.opcode, 0x0a);
	assert_int_equal(c.nsid, 0);
	assert_int_equal(c.cdw10, 0x00000006);
	assert_int_equal(c.cdw11, 0);
	/* SEL 011b (supported capabilities) lands in bits 10:08 */
	ssd_nvme_cmd_get_features(&c, SSD_NVME_FID_VOLATILE_WC, SSD_NVME_SEL_SUPPORTED, 0);
	assert_int_equal(c.cdw10, 0x00000306);
	ssd_nvme_cmd_get_features(&c, SSD_NVME_FID_VOLATILE_WC, SSD_NVME_SEL_SAVED, 0);
	assert_int_equal(c.cdw10, 0x00000206);
	/* a namespace-specific feature keeps its NSID; FID is 8 bits */
	ssd_nvme_cmd_get_features(&c, 0x05, SSD_NVME_SEL_DEFAULT, 1);
	assert_int_equal(c.nsid, 1);
	assert_int_equal(c.cdw10, 0x00000105);
}

static void test_set(void **state)
{
	struct ssd_nvme_admin_cmd c;

	(void)state;
	ssd_nvme_cmd_vwc_set(&c, true, false);
	assert_int_equal(c.opcode, 0x09);
	assert_int_equal(c.nsid, 0);
	assert_int_equal(c.cdw10, 0x00000006); /* SV 0: the current value only */
	assert_int_equal(c.cdw11, 0x00000001); /* WCE */
	ssd_nvme_cmd_vwc_set(&c, false, false);
	assert_int_equal(c.cdw10, 0x00000006);
	assert_int_equal(c.cdw11, 0x00000000);
	ssd_nvme_cmd_vwc_set(&c, false, true);
	assert_int_equal(c.cdw10, 0x80000006); /* SV is bit 31 */
	assert_int_equal(c.cdw11, 0);
}

static void test_decode(void **state)
{
	struct ssd_nvme_feat_caps caps;

	(void)state;
	assert_true(ssd_nvme_vwc_enabled(0x00000001));
	assert_false(ssd_nvme_vwc_enabled(0x00000000));
	assert_false(ssd_nvme_vwc_enabled(0xfffffffe)); /* only bit 0 is WCE */
	/* QEMU 7.2 reports FID 06h as changeable only (bit 2) */
	caps = ssd_nvme_feat_caps_decode(0x4);
	assert_true(caps.changeable);
	assert_false(caps.saveable);
	assert_false(caps.per_namespace);
	caps = ssd_nvme_feat_caps_decode(0x3);
	assert_true(caps.saveable);
	assert_true(caps.per_namespace);
	assert_false(caps.changeable);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_get),
	    cmocka_unit_test(test_set),
	    cmocka_unit_test(test_decode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
