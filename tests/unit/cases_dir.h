/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cases_dir.h - where the real fio outputs of ../shared/cases are (CI clones the repo with shared/
 * beside it; tests run from the repo root): $SSD_CASES, else ../shared/cases, else
 * ../../shared/cases (a worktree under wt/).
 */
#ifndef SSDENG_TEST_CASES_DIR_H
#define SSDENG_TEST_CASES_DIR_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

static inline const char *cases_dir(void)
{
	static const char *const tries[] = {"../shared/cases", "../../shared/cases"};
	const char *env = getenv("SSD_CASES");
	struct stat st;

	if (env)
		return env;
	for (size_t i = 0; i < sizeof(tries) / sizeof(tries[0]); i++)
		if (stat(tries[i], &st) == 0 && S_ISDIR(st.st_mode))
			return tries[i];
	return tries[0];
}

/* case_path() - @rel ("c09-.../fio.json") under the cases directory, into @out. */
static inline void case_path(char *out, size_t len, const char *rel)
{
	snprintf(out, len, "%s/%s", cases_dir(), rel);
}

#endif
