// SPDX-License-Identifier: GPL-2.0-only
/* pts_cache.c - the write cache through a PTS test (pts_cache.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites/pts_cache.h"
#include "record/json.h"
#include "util/util.h"

bool rv_pts_cache_applies(enum rv_kind kind, const char **why)
{
	switch (kind) {
	case RV_KIND_NVME_NG:
	case RV_KIND_NVME_BLK:
	case RV_KIND_SCSI_SG:
	case RV_KIND_SCSI_BLK:
		return true;
	case RV_KIND_FILE:
		*why = "a regular file has no drive write cache (fio bypasses the host's page "
		       "cache with direct=1)";
		return false;
	default:
		*why = "the device takes neither NVMe nor SCSI commands, so its write cache "
		       "cannot be set through the drive";
		return false;
	}
}

static const char *on_off(int v)
{
	return v > 0 ? "enabled" : v == 0 ? "disabled" : "not reported";
}

int rv_pts_cache_record(struct rec_pts *rec, bool enable, const char *why_na,
			const struct rv_cache_result *res, const struct rec_pts *earlier)
{
	const char *want = enable ? "enabled" : "disabled", *outcome, *msg = NULL;
	char text[1024], reason[64];
	int orig = -1, rc = 0;

	rec->cache = true;
	rec_str_set(&rec->cache_restored, NULL);
	if (why_na) {
		outcome = "not applicable";
		msg = why_na;
		rv_fmt(text, sizeof(text), "not applicable: %s", why_na);
	} else if (res->rc == 0) {
		orig = res->before;
		if (earlier && earlier->cache && earlier->cache_outcome &&
		    !strcmp(earlier->cache_outcome, "set") && earlier->cache_original >= 0)
			orig = earlier->cache_original; /* the earlier session changed it */
		outcome = res->before == res->after && orig == res->after ? "already so" : "set";
		if (res->after < 0)
			rv_fmt(text, sizeof(text),
			       "%s: the drive reports no volatile write cache setting", want);
		else if (!strcmp(outcome, "set"))
			rv_fmt(text, sizeof(text),
			       "%s for the test through the drive; its own setting (%s) restored "
			       "after it",
			       want, on_off(orig));
		else
			rv_fmt(text, sizeof(text), "%s (the drive's own setting)", want);
	} else {
		outcome = res->rc == RV_CACHE_REFUSED ? "refused" : "failed";
		msg = res->err;
		orig = res->before;
		rv_fmt(text, sizeof(text), "write cache could not be %s: not PTS compliant (%s)",
		       enable ? "enabled" : "disabled", res->err ? res->err : "no message");
		rv_fmt(reason, sizeof(reason), "write cache could not be %s",
		       enable ? "enabled" : "disabled");
		rc = rec_pts_add_not_compliant(rec, reason);
	}
	rec->cache_original = orig;
	if (rec_str_set(&rec->cache_wanted, want) || rec_str_set(&rec->cache_outcome, outcome) ||
	    rec_str_set(&rec->cache_message, msg) || rec_str_set(&rec->write_cache, text))
		return -ENOMEM;
	return rc;
}

void rv_pts_cache_apply(const char *path, enum rv_kind kind, bool enable,
			const struct rec_pts *earlier, struct rec_pts *rec, char *line, size_t len)
{
	const char *why = NULL;
	char err[1024] = "";
	struct rv_cache_result res = {.before = -1, .after = -1, .err = err};
	bool applies = rv_pts_cache_applies(kind, &why);

	if (applies)
		res.rc =
		    rv_drive_cache_set(path, enable, &res.before, &res.after, err, sizeof(err));
	if (rv_pts_cache_record(rec, enable, applies ? NULL : why, &res, earlier))
		fprintf(stderr, "ssd-review: out of memory\n");
	rv_fmt(line, len, "write cache: %s", rec->write_cache ? rec->write_cache : "?");
}

void rv_pts_cache_after_purge(const char *path, enum rv_kind kind, struct rec_pts *rec, char *line,
			      size_t len)
{
	const char *why = NULL;
	char err[1024] = "";
	struct rv_cache_result res = {.before = -1, .after = -1, .err = err};
	bool enable;
	int orig;

	line[0] = '\0';
	if (!rec->cache || !rec->cache_outcome || !rec->cache_wanted ||
	    (strcmp(rec->cache_outcome, "set") && strcmp(rec->cache_outcome, "already so")) ||
	    !rv_pts_cache_applies(kind, &why))
		return;
	enable = !strcmp(rec->cache_wanted, "enabled");
	res.rc = rv_drive_cache_set(path, enable, &res.before, &res.after, err, sizeof(err));
	if (!res.rc && res.before == res.after)
		return; /* the purge left it as the test set it */
	orig = rec->cache_original;
	if (!res.rc) {
		/* the purge had changed it: set again; what is restored stays the drive's own */
		if (!strcmp(rec->cache_outcome, "already so"))
			rec_str_set(&rec->cache_outcome, "set");
		rec->cache_original = orig;
		rv_fmt(line, len, "write cache: the purge had %s it; %s again",
		       enable ? "disabled" : "enabled", enable ? "enabled" : "disabled");
		return;
	}
	rv_pts_cache_record(rec, enable, NULL, &res, NULL);
	rec->cache_original = orig; /* the drive's own, not what the purge left */
	rv_fmt(line, len, "write cache: %s", rec->write_cache ? rec->write_cache : "?");
}

void rv_pts_cache_restore(const char *path, struct rec_pts *rec, char *line, size_t len)
{
	char err[1024] = "", text[1200];
	int rc;

	line[0] = '\0';
	if (!rec->cache || !rec->cache_outcome || rec->cache_restored)
		return;
	if (strcmp(rec->cache_outcome, "set") || rec->cache_original < 0) {
		rec_str_set(&rec->cache_restored, "nothing to restore");
		return;
	}
	rc = rv_drive_cache_restore(path, rec->cache_original, err, sizeof(err));
	if (!rc) {
		rec_str_set(&rec->cache_restored, "restored");
		rv_fmt(line, len, "write cache: the drive's own setting (%s) restored",
		       on_off(rec->cache_original));
		return;
	}
	rv_fmt(text, sizeof(text), "failed: %s", err);
	rec_str_set(&rec->cache_restored, text);
	rv_fmt(text, sizeof(text), "%s; restoring the drive's own setting (%s) failed: %s",
	       rec->cache_wanted ? rec->cache_wanted : "?", on_off(rec->cache_original), err);
	rec_str_set(&rec->write_cache, text);
	rv_fmt(line, len,
	       "WARNING: write cache: could not restore the drive's own setting (%s): %s",
	       on_off(rec->cache_original), err);
}
