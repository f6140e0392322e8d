// SPDX-License-Identifier: GPL-2.0-only
/*
 * section_live.c - the banner of a run still going on (ssdreport --live, model/model.h struct
 * sr_live), at the very top of index.html: that the run is live and when the page was built, the
 * test running with its progress, the tests done and left, the ETA by the plan and at the
 * measured pace, each drive's latest temperature. Its figures are status.json's, also as data-*
 * attributes of the banner (for scripts and tests). A report without --live has none of it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "render/format.h"
#include "render/sections.h"

/* seconds as h:mm:ss (or m:ss), "?" when not known */
static const char *hms(long s, char *buf, size_t len)
{
	if (s < 0)
		snprintf(buf, len, SR_UNKNOWN);
	else if (s >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
	else
		snprintf(buf, len, "%ld:%02ld", s / 60, s % 60);
	return buf;
}

/* the time of day of an ISO 8601 time ("2026-12-07T03:41:07Z" -> "03:41:07"), else as it is */
static const char *clock_of(const char *iso)
{
	const char *t = iso ? strchr(iso, 'T') : NULL;
	static char buf[16];

	if (!t || strlen(t) < 9)
		return iso ? iso : SR_UNKNOWN;
	snprintf(buf, sizeof(buf), "%.8s", t + 1);
	return buf;
}

/* @iso + @s seconds as a time of day in UTC ("14:03"), "" when either is unknown */
static const char *end_at(const char *iso, long s, char *buf, size_t len)
{
	struct tm tm = {0};
	time_t t;

	buf[0] = '\0';
	if (s < 0 || !iso || !strptime(iso, "%Y-%m-%dT%H:%M:%S", &tm))
		return buf;
	t = timegm(&tm) + s;
	gmtime_r(&t, &tm);
	strftime(buf, len, s >= 86400 ? "%a %H:%M UTC" : "%H:%M UTC", &tm);
	return buf;
}

static void esc(struct sr_report *r, const char *s) { sr_html_text(r->page.html, s); }

/* "test 12 of 30 · nvme0 · 4k-randwrite (4K random write) · 0:42 of 1:00 (70 %) · ..." */
static void running(struct sr_report *r, const struct sr_live *l, FILE *md)
{
	char a[32], b[32];
	long whole = l->eta_s >= 0 && l->elapsed_s >= 0 ? l->elapsed_s + l->eta_s : l->expected_s;
	FILE *h = r->page.html;

	fputs("<dt>running</dt><dd>", h);
	if (!l->test_id) {
		fputs("between tests</dd>\n", h);
		if (md)
			fputs("- running: between tests\n", md);
		return;
	}
	fprintf(h, "test <span class=lv-index>%lld</span> of %lld · ", l->index, l->total);
	esc(r, l->label ? l->label : SR_UNKNOWN);
	fputs(" · <b class=lv-test>", h);
	esc(r, l->test_id);
	fputs("</b>", h);
	if (l->title) {
		fputs(" (", h);
		esc(r, l->title);
		fputs(")", h);
	}
	fprintf(h, " · %s", hms(l->elapsed_s, a, sizeof(a)));
	if (whole > 0) {
		double pct = 100.0 * (double)l->elapsed_s / (double)whole;

		fprintf(h, " of %s (%.0f %%)", hms(whole, b, sizeof(b)), pct > 100 ? 100 : pct);
		fprintf(h, "<progress max=\"%ld\" value=\"%ld\"></progress>", whole,
			l->elapsed_s < whole ? l->elapsed_s : whole);
	}
	fprintf(h, " · eta %s", hms(l->eta_s, a, sizeof(a)));
	if (l->rate) {
		fputs(" · ", h);
		esc(r, l->rate);
	}
	fputs("</dd>\n", h);
	if (md)
		fprintf(md, "- running: test %lld of %lld · %s · %s · %s elapsed · eta %s\n",
			l->index, l->total, l->label ? l->label : SR_UNKNOWN, l->test_id,
			hms(l->elapsed_s, a, sizeof(a)), hms(l->eta_s, b, sizeof(b)));
}

static void counts(struct sr_report *r, const struct sr_live *l, FILE *md)
{
	char extra[128] = "";
	size_t n = 0;

	if (l->failed > 0)
		n += (size_t)snprintf(extra + n, sizeof(extra) - n, ", %lld failed", l->failed);
	if (l->kept > 0)
		n += (size_t)snprintf(extra + n, sizeof(extra) - n, ", %lld kept from earlier",
				      l->kept);
	if (l->skipped > 0)
		snprintf(extra + n, sizeof(extra) - n, ", %lld skipped", l->skipped);
	fprintf(r->page.html,
		"<dt>tests</dt><dd><span class=lv-done>%lld</span> done%s · <span "
		"class=lv-left>%lld</span> left of <span class=lv-total>%lld</span></dd>\n",
		l->done, extra, l->left, l->total);
	if (md)
		fprintf(md, "- tests: %lld done%s · %lld left of %lld\n", l->done, extra, l->left,
			l->total);
}

static void eta(struct sr_report *r, const struct sr_live *l, FILE *md)
{
	const char *ge = l->run_eta_lower_bound ? "\u2265 " : "";
	char a[32], c[32], e1[32];
	char text[512];

	end_at(l->built, l->run_eta_s, e1, sizeof(e1));
	snprintf(text, sizeof(text), "%s%s by the plan%s%s%s", ge, hms(l->run_eta_s, a, sizeof(a)),
		 *e1 ? " (" : "", e1, *e1 ? ")" : "");
	if (l->pace > 0)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 " and the measured pace: the tests so far took %.2f\u00d7 their planned "
			 "time",
			 l->pace);
	else
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 " · no pace measured yet (no test with a planned time has ended)");
	snprintf(text + strlen(text), sizeof(text) - strlen(text), " · elapsed %s",
		 hms(l->run_elapsed_s, c, sizeof(c)));
	fputs("<dt>ETA</dt><dd>", r->page.html);
	esc(r, text);
	fputs("</dd>\n", r->page.html);
	if (md)
		fprintf(md, "- ETA: %s\n", text);
}

static void temperatures(struct sr_report *r, const struct sr_live *l, FILE *md)
{
	FILE *h = r->page.html;

	fputs("<dt>temperature</dt><dd>", h);
	if (md)
		fputs("- temperature:", md);
	for (size_t i = 0; i < l->ntemps; i++) {
		const struct sr_live_temp *t = &l->temps[i];

		if (i)
			fputs(" · ", h);
		esc(r, t->label);
		if (t->known) {
			fprintf(h, " <span class=lv-temp>%.0f\u00a0\u00b0C</span>", t->celsius);
			if (t->at)
				fprintf(h, " (%s)", clock_of(t->at));
		} else {
			fputs(" " SR_NOT_MEASURED, h);
		}
		if (md) {
			if (t->known)
				fprintf(md, " %s %.0f °C", t->label, t->celsius);
			else
				fprintf(md, " %s " SR_NOT_MEASURED, t->label);
		}
	}
	if (!l->ntemps)
		fputs(SR_NOT_MEASURED, h);
	fputs("</dd>\n", h);
	if (md)
		fputs("\n", md);
}

int sr_section_live(struct sr_report *r)
{
	const struct sr_live *l = r->m->live;
	FILE *h = r->page.html, *md = r->page.md;
	bool going = l && !strcmp(l->state, "running");

	if (!l)
		return 0;
	fprintf(h,
		"<div class=live id=live data-state=\"%s\" data-total=\"%lld\" data-done=\"%lld\" "
		"data-failed=\"%lld\" data-kept=\"%lld\" data-skipped=\"%lld\" data-left=\"%lld\" "
		"data-test=\"",
		going ? "running" : "ended", l->total, l->done, l->failed, l->kept,
		l->skipped > 0 ? l->skipped : 0, l->left);
	esc(r, l->test_id ? l->test_id : "");
	fputs("\" data-built=\"", h);
	esc(r, l->built);
	fputs("\">\n<p class=lv-head><b>LIVE</b> ", h);
	if (going)
		fputs("This review is still running: the page shows the tests done so far.", h);
	else
		fputs("This review ended while this page was being built; its final report "
		      "replaces it.",
		      h);
	fprintf(h, " Built %s UTC", clock_of(l->built));
	fprintf(h,
		"<span id=lv-age></span>, from status.json of %s UTC; it reloads itself every "
		"%d s",
		clock_of(l->updated), l->refresh_s);
	if (l->every_s >= 60)
		fprintf(h, " and is rebuilt after each test (every %ld min while one runs)",
			(l->every_s + 59) / 60);
	else if (l->every_s > 0)
		fprintf(h, " and is rebuilt after each test (every %ld s while one runs)",
			l->every_s);
	fputs(".</p>\n<dl class=list>\n", h);
	if (md)
		fprintf(md, "**LIVE**: this review is still running (page built %s UTC).\n\n",
			clock_of(l->built));
	running(r, l, md);
	counts(r, l, md);
	eta(r, l, md);
	temperatures(r, l, md);
	fputs("</dl>\n", h);
	/* the page's age as the reader's clock sees it: a page that stopped being rebuilt says so
	 */
	fprintf(
	    h,
	    "<script>(function(){var b=Date.parse(\"%s\"),e=document.getElementById(\"lv-age\");"
	    "function u(){var m=Math.floor((Date.now()-b)/60000);e.textContent=m>0?\" (\"+m+"
	    "\" min ago)\":\"\";}u();setInterval(u,15000);})();</script>\n</div>\n",
	    l->built);
	if (md)
		fputs("\n", md);
	return r->page.err;
}
