// SPDX-License-Identifier: GPL-2.0-only
/* telemetry.c - a test's telemetry in the model released (telemetry.h). */
#include <stdlib.h>
#include <string.h>

#include "model/telemetry.h"

void sr_tel_test_free(struct sr_tel_test *t)
{
	free(t->id);
	free(t->member);
	free(t->points);
	free(t->media_source);
	free(t->latmon_status);
	free(t->latmon_message);
	memset(t, 0, sizeof(*t));
}
