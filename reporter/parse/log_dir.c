// SPDX-License-Identifier: GPL-2.0-only
/* log_dir.c - the fio logs a folder holds, listed once (log_dir.h). */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "parse/log_dir.h"

int sr_log_dir_list(const char *dir, struct sr_log_dir *out)
{
	struct dirent *e;
	size_t cap = 0;
	DIR *dp = opendir(dir);
	int rc = 0;

	*out = (struct sr_log_dir){0};
	if (!dp)
		return 0;
	while ((e = readdir(dp))) {
		struct sr_log_name ln;
		struct sr_log_entry *grown;

		if (sr_log_parse_name(e->d_name, &ln) < 0 || ln.kind == SR_LOG_UNKNOWN)
			continue;
		if (out->n == cap) {
			cap = cap ? 2 * cap : 32;
			grown = realloc(out->e, cap * sizeof(*grown));
			if (!grown) {
				rc = -ENOMEM;
				break;
			}
			out->e = grown;
		}
		out->e[out->n].name = strdup(e->d_name);
		out->e[out->n].ln = ln;
		if (!out->e[out->n].name) {
			rc = -ENOMEM;
			break;
		}
		out->n++;
	}
	closedir(dp);
	if (rc)
		sr_log_dir_free(out);
	return rc;
}

void sr_log_dir_free(struct sr_log_dir *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->e[i].name);
	free(l->e);
	*l = (struct sr_log_dir){0};
}
