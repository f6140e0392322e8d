/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * same_bytes.h - the document a test wrote (scratch.h's scratch_doc) byte for byte as a fixture:
 * the tables of fields' tests check a writer against fixtures written by the code it replaced.
 * Include after cmocka.h, scratch.h and slurp.h. Header-only: each test is one binary.
 */
#ifndef SSDENG_SAME_BYTES_H
#define SSDENG_SAME_BYTES_H

/* same_bytes() - fail the test unless scratch_doc holds exactly @fixture's bytes. */
static void same_bytes(const char *fixture)
{
	char *want = slurp(fixture), *got = slurp(scratch_doc);

	assert_string_equal(got, want);
	free(want);
	free(got);
}

#endif
