// SPDX-License-Identifier: GPL-2.0-only
/* html.c - the page skeleton: HTML and Markdown side by side (see html.h). */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "output/files.h"
#include "render/html.h"

/* Compact: a reviewer's page is read as charts with a few numbers. */
static const char style[] =
    "body{font-family:sans-serif;font-size:14px;margin:1em 2em;max-width:1216px;color:#222}"
    "h1{margin:.2em 0}h2{border-bottom:2px solid #0072b2;margin-top:1.4em;padding-bottom:2px}"
    "h3{margin:1em 0 .3em}"
    "table{border-collapse:collapse;margin:.4em 0 .8em}table.dense{font-size:12.5px}"
    "td,th{border:1px solid #ccc;padding:1px 5px;vertical-align:top}"
    "th{background:#eef3f8;font-weight:600;text-align:right}th.l{text-align:left}"
    "th.g{text-align:center;background:#dde7f1}"
    "td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}"
    "td.l{text-align:left}td.k{white-space:nowrap}span.nw{white-space:nowrap}" /* k: a row's name
										  kept on one line
										*/
    "td.t{text-align:left;white-space:normal;min-width:14em;max-width:26em}"
    "td.p{text-align:left}" /* p: a short cell of a row of words among figures ("same") */
    "td.pass{background:#e3f4e3}td.fail{background:#f9d6d5;font-weight:600}"
    "td.warn{background:#fff3cd}"
    /* a marked figure ("max 759,000", "\u2265 17,100") may break after its mark rather than
     * widen a table of many columns past the page */
    "td.n.warn{white-space:normal}td.pub{font-style:italic;color:#555}"
    "caption{text-align:left;font-weight:600;padding:2px 0}a.csv{font-weight:normal;"
    "font-size:12px}"
    "dl.facts{display:grid;grid-template-columns:repeat(2,max-content minmax(0,460px));"
    "gap:1px 12px;margin:.4em 0}"
    "dl.facts dt{font-weight:600}dl.facts dd{margin:0}"
    "p.lead{font-size:15px}p.note{color:#555;font-size:12px;margin:.2em 0}"
    "p.warn{background:#fff3cd;border-left:4px solid #e69f00;padding:4px 8px}"
    "figure{margin:.4em 0 .8em;display:inline-block;vertical-align:top}"
    "figcaption{font-size:12px;color:#444}img{max-width:100%;height:auto}"
    "div.grid{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:flex-start}"
    "div.grid figure{margin:0}"
    /* a table never widens the page: past its width it scrolls in its own box, its first
     * column (what each row is) staying in view; the note under it wraps at its width */
    "div.tbl{display:inline-block;vertical-align:top;max-width:100%;min-width:0}"
    "div.tbl>div.scroll{overflow-x:auto}"
    "div.scroll td:first-child,div.scroll th:first-child{position:sticky;left:0;z-index:1;"
    "background:#fff;box-shadow:1px 0 0 #ccc}"
    "div.scroll th:first-child{background:#eef3f8}div.scroll th.g:first-child{background:#dde7f1}"
    "div.tbl>p.note{contain:inline-size}"
    "details{margin:.2em 0}summary{cursor:pointer;font-weight:600}"
    "dl.list{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:1px 12px;"
    "margin:.3em 0 .5em 1em}dl.list dd{margin:0;overflow-wrap:anywhere}"
    "p.note{max-width:1000px}"
    "nav a{margin-right:1em}";

/* the banner of a run still going on (section_live.c): only on a page that reloads itself */
static const char style_live[] =
    "div.live{background:#eaf4fb;border:2px solid #0072b2;border-radius:4px;padding:2px 12px;"
    "margin:.3em 0 .8em}div.live p.lv-head{margin:.3em 0;font-size:15px}"
    "div.live p.lv-head b{background:#d55e00;color:#fff;padding:1px 7px;border-radius:3px;"
    "margin-right:4px;letter-spacing:.05em}div.live dl.list{margin:.2em 0 .4em}"
    "div.live progress{width:160px;margin:0 6px;vertical-align:middle}";

static void fail(struct sr_page *p, int e)
{
	if (!p->err)
		p->err = e ? -e : -EIO;
}

int sr_page_open(struct sr_page *p, const char *dir, const char *name, bool md, const char *title)
{
	return sr_page_open_refresh(p, dir, name, md, title, 0);
}

int sr_page_open_refresh(struct sr_page *p, const char *dir, const char *name, bool md,
			 const char *title, int refresh_s)
{
	memset(p, 0, sizeof(*p));
	p->dir = dir;
	snprintf(p->name, sizeof(p->name), "%s", name);
	p->root = strchr(name, '/') ? "../" : "";
	p->html = sr_out_open(dir, name, "w");
	if (!p->html)
		return -errno;
	if (md) {
		p->md = sr_out_open(dir, "report.md", "w");
		if (!p->md) {
			int e = errno;
			fclose(p->html);
			return -e;
		}
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>", p->html);
	sr_html_text(p->html, title);
	fputs("</title>\n", p->html);
	if (refresh_s > 0)
		fprintf(p->html, "<meta http-equiv=\"refresh\" content=\"%d\">\n", refresh_s);
	fprintf(p->html, "<style>%s%s</style>\n</head><body>\n", style,
		refresh_s > 0 ? style_live : "");
	return 0;
}

void sr_page_heading(struct sr_page *p, int level, const char *anchor, const char *text)
{
	fprintf(p->html, "<h%d", level);
	if (anchor) {
		fputs(" id=\"", p->html);
		sr_html_text(p->html, anchor);
		fputc('"', p->html);
	}
	fputc('>', p->html);
	sr_html_text(p->html, text);
	fprintf(p->html, "</h%d>\n", level);
	if (p->md)
		fprintf(p->md, "%.*s %s\n\n", level, "###", text);
}

void sr_page_anchor(struct sr_page *p, const char *anchor)
{
	fputs("<a id=\"", p->html);
	sr_html_text(p->html, anchor);
	fputs("\"></a>\n", p->html);
}

void sr_page_text(struct sr_page *p, const char *cls, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		va_end(ap);
		fail(p, ENOMEM);
		return;
	}
	va_end(ap);
	if (cls)
		fprintf(p->html, "<p class=%s>", cls);
	else
		fputs("<p>", p->html);
	sr_html_prose(p->html, s);
	fputs("</p>\n", p->html);
	if (p->md)
		fprintf(p->md, "%s%s\n\n", cls && !strcmp(cls, "warn") ? "> **Note:** " : "", s);
	free(s);
}

void sr_page_link(struct sr_page *p, const char *href, const char *text)
{
	fputs("<p><a href=\"", p->html);
	sr_html_text(p->html, href);
	fputs("\">", p->html);
	sr_html_text(p->html, text);
	fputs("</a></p>\n", p->html);
	if (p->md)
		fprintf(p->md, "[%s](%s)\n\n", text, href);
}

/* A definition list of @n pairs, of class @cls; @code: the values are commands (monospace). */
static void pair_list(struct sr_page *p, const char *cls, const char *const (*pairs)[2], size_t n,
		      bool code)
{
	fprintf(p->html, "<dl class=%s>", cls);
	for (size_t i = 0; i < n; i++) {
		fputs("<dt>", p->html);
		sr_html_text(p->html, pairs[i][0]);
		fputs(code ? "</dt><dd><code>" : "</dt><dd>", p->html);
		sr_html_prose(p->html, pairs[i][1]);
		fputs(code ? "</code></dd>" : "</dd>", p->html);
		if (p->md)
			fprintf(p->md, code ? "- **%s**: `%s`\n" : "- **%s**: %s\n", pairs[i][0],
				pairs[i][1]);
	}
	fputs("</dl>", p->html);
	if (p->md)
		fputc('\n', p->md);
}

void sr_page_facts(struct sr_page *p, const char *const (*pairs)[2], size_t n)
{
	pair_list(p, "facts", pairs, n, false);
	fputc('\n', p->html);
}

void sr_page_details(struct sr_page *p, const char *summary, const char *const (*pairs)[2],
		     size_t n)
{
	fputs("<details><summary>", p->html);
	sr_html_text(p->html, summary);
	fputs("</summary>", p->html);
	if (p->md)
		fprintf(p->md, "**%s**\n\n", summary);
	pair_list(p, "list", pairs, n, true);
	fputs("</details>\n", p->html);
}

int sr_page_table(struct sr_page *p, const struct sr_table *t)
{
	char path[4400], href[600];
	const char *slash = strrchr(t->name, '/');
	FILE *f;
	int rc = sr_table_ok(t);

	if (rc)
		return rc;
	snprintf(path, sizeof(path), "%s.csv", t->name);
	f = sr_out_open(p->dir, path, "w");
	if (!f) {
		fail(p, errno);
		return p->err;
	}
	sr_table_csv(f, t);
	if (fclose(f)) {
		fail(p, errno);
		return p->err;
	}
	/* the CSV lies in the page's own directory or the report's root */
	if (*p->root && slash)
		snprintf(href, sizeof(href), "%s.csv", slash + 1);
	else
		snprintf(href, sizeof(href), "%s%s.csv", p->root, t->name);
	sr_table_html(p->html, t, href);
	if (p->md)
		sr_table_md(p->md, t);
	return 0;
}

/* A chart's figure: @img ("png", "svg") on the page, linking the SVG. */
static void figure(struct sr_page *p, const char *chart, const char *title, int width,
		   const char *img)
{
	const char *slash = strrchr(chart, '/');
	const char *f = *p->root && slash ? slash + 1 : chart; /* the chart beside a detail page */
	const char *r = *p->root && slash ? "" : p->root;

	fprintf(p->html,
		"<figure style=\"width:%dpx\"><a href=\"%s%s.svg\"><img src=\"%s%s.%s\" "
		"width=\"%d\" alt=\"",
		width, r, f, r, f, img, width);
	sr_html_text(p->html, title);
	fputs("\"></a><figcaption>", p->html);
	sr_html_text(p->html, title);
	fprintf(p->html,
		" (<a href=\"%s%s.svg\">svg</a>, <a href=\"%s%s.gp\">gnuplot</a>, "
		"<a href=\"%s%s.csv\">csv</a>)</figcaption></figure>\n",
		r, f, r, f, r, f);
	if (p->md)
		fprintf(p->md, "![%s](%s.%s) ([svg](%s.svg), [gnuplot](%s.gp), [csv](%s.csv))\n\n",
			title, chart, img, chart, chart, chart);
}

void sr_page_figure(struct sr_page *p, const char *chart, const char *title, int width)
{
	figure(p, chart, title, width, "png");
}

void sr_page_figure_svg(struct sr_page *p, const char *chart, const char *title, int width)
{
	figure(p, chart, title, width, "svg");
}

void sr_page_grid(struct sr_page *p, bool open)
{
	fputs(open ? "<div class=grid>\n" : "</div>\n", p->html);
}

void sr_page_raw(struct sr_page *p, const char *html) { fputs(html, p->html); }

int sr_page_close(struct sr_page *p)
{
	fputs("</body></html>\n", p->html);
	if (ferror(p->html))
		fail(p, EIO);
	if (fclose(p->html))
		fail(p, errno);
	if (p->md) {
		if (ferror(p->md))
			fail(p, EIO);
		if (fclose(p->md))
			fail(p, errno);
	}
	p->html = p->md = NULL;
	return p->err;
}
