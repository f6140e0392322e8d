/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * size.h - sizes as people and fio write them ("4k", "128KiB", "1g", "4096"), read one way by
 * every program: ssd-review's --span, ssd-apps's --buffer-pool, a PTS phase's block sizes and
 * the bs= of fio's job options in its JSON output.
 *
 * A size is a decimal whole number, then optionally k, m, g, t or p (any case) for a power of
 * the unit, then optionally 'i' (the power is of 1024 whatever the unit: "KiB"), then
 * optionally 'b' ("KB", "KiB"). The unit is 1024, or 1000 for fio's kb_base=1000 (where "4k" is
 * 4000 bytes and "4KiB" still 4096), as fio's parse.c reads bs=.
 */
#ifndef SSDENG_RECORD_SIZE_H
#define SSDENG_RECORD_SIZE_H

#include <stdint.h>

/* What may follow the size. */
enum rec_size_rest {
	REC_SIZE_WHOLE, /* nothing: the whole string is one size */
	REC_SIZE_FIRST, /* the first size of a list of fio's ("4k,64k", "4k-16k", "4k:8k",
			 * "4k/50"): blanks before it are skipped, it ends at ',', ':', '-', '/'
			 * or a blank */
};

/**
 * rec_size_parse() - the size @s in bytes.
 * @s:       the text
 * @kb_base: 1024 (every program's unit) or 1000 (fio's kb_base=1000)
 * @rest:    what may follow the size
 * @out:     bytes
 * Return: 0, or -EINVAL when @s is not such a size or it does not fit 64 bits.
 */
int rec_size_parse(const char *s, unsigned kb_base, enum rec_size_rest rest, uint64_t *out);

#endif
