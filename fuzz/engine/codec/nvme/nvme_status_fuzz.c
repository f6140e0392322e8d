// SPDX-License-Identifier: GPL-2.0-only
/*
 * nvme_status_fuzz.c - libFuzzer harness: any 16-bit NVMe status (CQE DW3 bits 31:17) with any
 * command fields through the decoder, the errno mapping and the one-line formatter. Input:
 * status (2 bytes, little-endian), NSID (4), SLBA (8), NLB (4), then the operation name text.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec/nvme/nvme_status.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t take(const uint8_t **p, size_t *left, unsigned int n)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < n && *left; i++, (*p)++, (*left)--)
		v |= (uint64_t) * *p << (8 * i);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p = data;
	size_t left = size;
	uint16_t status = (uint16_t)take(&p, &left, 2);
	uint32_t nsid = (uint32_t)take(&p, &left, 4);
	uint64_t slba = take(&p, &left, 8);
	uint32_t nlb = (uint32_t)take(&p, &left, 4);
	struct ssd_nvme_status st = ssd_nvme_status_decode(status);
	char op[64], line[160], tiny[8];
	size_t k = left < sizeof(op) - 1 ? left : sizeof(op) - 1;
	int n;

	if (!st.name)
		abort();
	memcpy(op, p, k);
	op[k] = '\0';
	/* SCT 0 / SC 0 is success and maps to 0; every other status to a positive errno */
	n = ssd_nvme_status_errno(status);
	if ((status & 0x7ff) == 0 ? n != 0 : n <= 0)
		abort();
	n = ssd_nvme_status_format(line, sizeof(line), op, nsid, slba, nlb, status);
	if (n < 0 || strlen(line) >= sizeof(line))
		abort();
	/* a buffer too small for the line is truncated, still terminated */
	ssd_nvme_status_format(tiny, sizeof(tiny), op, nsid, slba, nlb, status);
	if (strlen(tiny) >= sizeof(tiny))
		abort();
	return 0;
}
