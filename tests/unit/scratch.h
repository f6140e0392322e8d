/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * scratch.h - a unit test binary's scratch directory, made and removed by cmocka group fixtures
 * (scratch_setup(), scratch_teardown()), and the path of the one document a test writes there
 * (SCRATCH_DOC, defined before including: "run.json"). Header-only: each test is one binary.
 */
#ifndef SSDENG_SCRATCH_H
#define SSDENG_SCRATCH_H

#include "fake_tree.h"

#ifndef SCRATCH_DOC
#define SCRATCH_DOC "doc.json"
#endif

static char scratch[64];			      /* the directory */
static char scratch_doc[192] __attribute__((unused)); /* SCRATCH_DOC in it */

static int scratch_setup(void **state)
{
	(void)state;
	if (ft_new(scratch, "/tmp/ssdeng_unit.XXXXXX"))
		return -1;
	snprintf(scratch_doc, sizeof(scratch_doc), "%s/%s", scratch, SCRATCH_DOC);
	return 0;
}

static int scratch_teardown(void **state)
{
	(void)state;
	return ft_remove(scratch);
}

#endif
