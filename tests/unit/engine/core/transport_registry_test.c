// SPDX-License-Identifier: GPL-2.0-only
/*
 * transport_registry_test.c - engine/core/transport_registry.c: each transport is one row, and
 * what selection, the option help and the docs read from it agrees with what the transports
 * declare of themselves (struct ssd_transport_ops: name, caps.family, caps.fallback).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/transport_registry.h"
#include "host/dev_class.h"

/* Each row's family is the one its ops declare; names are unique and found by name and ops. */
static void rows_agree_with_their_ops(void **state)
{
	(void)state;
	assert_int_equal(ssd_transport_count(), SSD_TRANSPORT_N);
	assert_int_equal(SSD_TRANSPORT_N, 4);
	assert_null(ssd_transport_at(SSD_TRANSPORT_N));
	for (size_t i = 0; i < ssd_transport_count(); i++) {
		const struct ssd_transport_reg *t = ssd_transport_at(i);
		const char *name = t->ops->name;

		assert_int_equal(t->family, t->ops->caps.family);
		assert_ptr_equal(ssd_transport_of(t->ops), t);
		assert_ptr_equal(ssd_transport_find(name, strlen(name)), t);
		assert_non_null(ssd_family_reg(t->family));
		assert_true(t->help && t->help[0]);
		/* a fallback is registered, of the same family */
		if (t->ops->caps.fallback) {
			assert_non_null(ssd_transport_of(t->ops->caps.fallback));
			assert_int_equal(t->ops->caps.fallback->caps.family, t->family);
		}
		for (size_t j = 0; j < i; j++)
			assert_string_not_equal(ssd_transport_at(j)->ops->name, name);
	}
	assert_null(ssd_transport_find("nvme-urin", 9));
	assert_null(ssd_transport_find("nvme-uring,", 11));
	assert_ptr_equal(ssd_transport_find("nvme-uring, x", 10)->ops, &ssd_tp_nvme_uring_ops);
}

/* The lanes the fio glue takes: nvme-uring's and scsi-sg's, no other. */
static void lanes(void **state)
{
	static const struct ssd_transport_ops stranger = {.name = "stranger"};

	(void)state;
	assert_int_equal(ssd_transport_of(&ssd_tp_nvme_uring_ops)->lane, SSD_LANE_NVME_URING);
	assert_int_equal(ssd_transport_of(&ssd_tp_scsi_sg_ops)->lane, SSD_LANE_SCSI_SG);
	assert_int_equal(ssd_transport_of(&ssd_tp_nvme_ioctl_ops)->lane, SSD_LANE_NONE);
	assert_int_equal(ssd_transport_of(&ssd_tp_block_aio_ops)->lane, SSD_LANE_NONE);
	assert_null(ssd_transport_of(&stranger));
}

/* A family's transport under each value of its mode option. */
static void family_transport_by_mode(void **state)
{
	struct ssd_options opt = {.depth = 1};
	const struct ssd_family_reg *nvme = ssd_family_reg(SSD_FAMILY_NVME);
	const struct ssd_family_reg *scsi = ssd_family_reg(SSD_FAMILY_SCSI);
	const struct ssd_family_reg *block = ssd_family_reg(SSD_FAMILY_BLOCK);

	(void)state;
	opt.nvme_mode = SSD_NVME_MODE_AUTO;
	assert_ptr_equal(ssd_family_transport(nvme, &opt), &ssd_tp_nvme_uring_ops);
	opt.nvme_mode = SSD_NVME_MODE_URING;
	assert_ptr_equal(ssd_family_transport(nvme, &opt), &ssd_tp_nvme_uring_ops);
	opt.nvme_mode = SSD_NVME_MODE_IOCTL;
	assert_int_equal(ssd_family_mode(nvme, &opt), SSD_NVME_MODE_IOCTL);
	assert_ptr_equal(ssd_family_transport(nvme, &opt), &ssd_tp_nvme_ioctl_ops);
	/* another family's mode option is not this one's */
	assert_ptr_equal(ssd_family_transport(scsi, &opt), &ssd_tp_scsi_sg_ops);
	assert_int_equal(ssd_family_mode(block, &opt), 0);
	assert_ptr_equal(ssd_family_transport(block, &opt), &ssd_tp_block_aio_ops);
	opt.scsi_mode = SSD_SCSI_MODE_SGIO;
	assert_int_equal(ssd_family_mode(scsi, &opt), SSD_SCSI_MODE_SGIO);
	assert_ptr_equal(ssd_family_transport(scsi, &opt), &ssd_tp_scsi_sg_ops);
	assert_null(ssd_family_transport(ssd_family_reg(SSD_FAMILY_AUTO), &opt));
	assert_null(ssd_family_reg((enum ssd_transport_family)99));
}

/* transport= values in the option's order; each device kind picked by at most one family, and
 * a family drives what it picks; every family but auto has one default transport. */
static void families(void **state)
{
	static const char *const names[] = {"auto", "nvme", "scsi", "block"};
	uint32_t picked = 0;

	(void)state;
	assert_int_equal(ssd_family_count(), 4);
	assert_null(ssd_family_at(4));
	for (size_t i = 0; i < ssd_family_count(); i++) {
		const struct ssd_family_reg *f = ssd_family_at(i);
		int defaults = 0;

		assert_string_equal(f->name, names[i]);
		assert_ptr_equal(ssd_family_reg(f->family), f);
		assert_int_equal(f->picks & picked, 0);
		assert_int_equal(f->picks & ~f->drives, 0);
		picked |= f->picks;
		for (size_t t = 0; t < ssd_transport_count(); t++)
			defaults += ssd_transport_at(t)->family == f->family &&
				    ssd_transport_at(t)->mode == SSD_MODE_DEFAULT;
		assert_int_equal(defaults, f->family == SSD_FAMILY_AUTO ? 0 : 1);
	}
	assert_int_equal(picked, (1u << SSD_HOST_KIND_NVME_NG) | (1u << SSD_HOST_KIND_NVME_BLK) |
				     (1u << SSD_HOST_KIND_SCSI_SG) |
				     (1u << SSD_HOST_KIND_SCSI_BLK) | (1u << SSD_HOST_KIND_FILE) |
				     (1u << SSD_HOST_KIND_BLK));
	/* the block family drives NVMe and SCSI block devices when asked, not their generic nodes
	 */
	assert_true(ssd_family_reg(SSD_FAMILY_BLOCK)->drives & (1u << SSD_HOST_KIND_NVME_BLK));
	assert_false(ssd_family_reg(SSD_FAMILY_BLOCK)->drives & (1u << SSD_HOST_KIND_NVME_NG));
}

/* The docs' tables: a header each, one line per family and per transport. */
static void doc_tables(void **state)
{
	char *text = NULL, *p;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int lines = 0;

	(void)state;
	assert_non_null(f);
	assert_int_equal(ssd_transport_doc(f), 0);
	fclose(f);
	for (p = text; (p = strchr(p, '\n')); p++)
		lines++;
	/* 2 header lines + 4 families, a blank line, 2 header lines + 4 transports */
	assert_int_equal(lines, 2 + 4 + 1 + 2 + 4);
	assert_non_null(strstr(text,
			       "\n| `nvme` | NVMe namespaces: `/dev/ngXnY`, `/dev/nvmeXnY` "
			       "(through its generic node) | `nvme-uring`, `nvme-ioctl` |\n"));
	assert_non_null(strstr(text, "\n| `block-aio` | `block` | "));
	assert_non_null(strstr(text, "\n| `nvme-ioctl` | `nvme` | NVMe I/O commands, one "
				     "NVME_IOCTL_IO64_CMD per I/O (synchronous) | none: every "
				     "request through its `queue()` |\n"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(rows_agree_with_their_ops),
	    cmocka_unit_test(lanes),
	    cmocka_unit_test(family_transport_by_mode),
	    cmocka_unit_test(families),
	    cmocka_unit_test(doc_tables),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
