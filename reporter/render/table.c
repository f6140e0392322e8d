// SPDX-License-Identifier: GPL-2.0-only
/* table.c - text tables rendered as Markdown, CSV (RFC 4180) and HTML. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/csv.h"
#include "render/table.h"

/* A cell longer than this is prose, set to wrap (class "t"), not a figure (bytes). */
#define PROSE_CHARS 40
/* A table of more columns than this is set in a smaller type (class "dense"). */
#define DENSE_COLS 14

struct sr_table *sr_table_new(const char *name, const char *title, size_t ncols)
{
	struct sr_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->name = strdup(name);
	t->title = strdup(title);
	t->ncols = ncols;
	t->nleft = 1;
	t->head = calloc(ncols + 1, sizeof(char *));
	t->group = calloc(ncols + 1, sizeof(char *));
	t->text = calloc(ncols + 1, sizeof(bool));
	if (!t->name || !t->title || !t->head || !t->group || !t->text) {
		sr_table_free(t);
		return NULL;
	}
	return t;
}

/* Replace *@dst by a copy of @s; on failure mark the table. */
static void put(struct sr_table *t, char **dst, const char *s)
{
	char *c = s ? strdup(s) : NULL;

	if (s && !c) {
		t->nomem = true;
		return;
	}
	free(*dst);
	*dst = c;
}

void sr_table_head(struct sr_table *t, size_t c, const char *text)
{
	if (c < t->ncols)
		put(t, &t->head[c], text);
}

void sr_table_text(struct sr_table *t, size_t c)
{
	if (c < t->ncols)
		t->text[c] = true;
}

/* Column @c is text (aligned left): a leading column or one marked so. */
static bool left(const struct sr_table *t, size_t c) { return c < t->nleft || t->text[c]; }

void sr_table_group(struct sr_table *t, size_t c, const char *label)
{
	if (c < t->ncols)
		put(t, &t->group[c], label);
}

size_t sr_table_row(struct sr_table *t)
{
	struct sr_cell *grown;

	if (t->nomem)
		return (size_t)-1;
	/* room for 8, 16, 32... rows: a table of thousands of rows is not copied at each one */
	if (t->nrows < 8 ? !t->cells : !(t->nrows & (t->nrows - 1))) {
		grown = realloc(t->cells,
				(t->nrows < 8 ? 8 : 2 * t->nrows) * t->ncols * sizeof(*grown));
		if (!grown) {
			t->nomem = true;
			return (size_t)-1;
		}
		t->cells = grown;
	}
	grown = t->cells;
	memset(&grown[t->nrows * t->ncols], 0, t->ncols * sizeof(*grown));
	return t->nrows++;
}

static struct sr_cell *cell_at(struct sr_table *t, size_t r, size_t c)
{
	return r < t->nrows && c < t->ncols ? &t->cells[r * t->ncols + c] : NULL;
}

/* Replace *@dst by the printf text; on failure mark the table and keep *@dst. */
static void vput(struct sr_table *t, char **dst, const char *fmt, va_list ap)
{
	char *s;

	if (vasprintf(&s, fmt, ap) < 0) {
		t->nomem = true;
		return;
	}
	free(*dst);
	*dst = s;
}

void sr_table_set(struct sr_table *t, size_t r, size_t c, const char *fmt, ...)
{
	struct sr_cell *cell = cell_at(t, r, c);
	va_list ap;

	if (!cell)
		return;
	va_start(ap, fmt);
	vput(t, &cell->text, fmt, ap);
	va_end(ap);
	put(t, &cell->csv, NULL);
}

void sr_table_num(struct sr_table *t, size_t r, size_t c, const char *text, const char *csv)
{
	struct sr_cell *cell = cell_at(t, r, c);

	if (!cell)
		return;
	put(t, &cell->text, text);
	put(t, &cell->csv, csv);
}

void sr_table_link(struct sr_table *t, size_t r, size_t c, const char *href)
{
	struct sr_cell *cell = cell_at(t, r, c);

	if (cell)
		put(t, &cell->href, href);
}

void sr_table_mark(struct sr_table *t, size_t r, size_t c, enum sr_mark mark)
{
	struct sr_cell *cell = cell_at(t, r, c);

	if (cell)
		cell->mark = mark;
}

void sr_table_note(struct sr_table *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vput(t, &t->note, fmt, ap);
	va_end(ap);
}

void sr_table_lead(struct sr_table *t, const char *const *heads, size_t n)
{
	for (size_t i = 0; i < n; i++)
		sr_table_head(t, i, heads[i]);
	t->nleft = n;
}

void sr_table_prose(struct sr_table *t, size_t r)
{
	for (size_t c = 0; c < t->ncols; c++) {
		struct sr_cell *x = c >= t->nleft && !t->text[c] ? cell_at(t, r, c) : NULL;

		if (x)
			x->prose = true;
	}
}

struct sr_table *sr_table_transpose(const struct sr_table *t, const char *corner, size_t nleft)
{
	struct sr_table *x = sr_table_new(t->name, t->title, t->nrows + 1);

	if (!x)
		return NULL;
	x->nleft = nleft;
	x->flags = t->flags;
	put(x, &x->note, t->note);
	sr_table_head(x, 0, corner);
	for (size_t r = 0; r < t->nrows; r++)
		sr_table_head(x, r + 1, t->cells[r * t->ncols].text);
	for (size_t c = 1; c < t->ncols; c++) {
		size_t row = sr_table_row(x);

		sr_table_set(x, row, 0, "%s", t->head[c] ? t->head[c] : "");
		for (size_t r = 0; r < t->nrows; r++) {
			const struct sr_cell *from = &t->cells[r * t->ncols + c];
			struct sr_cell *to = cell_at(x, row, r + 1);

			if (!to)
				break;
			put(x, &to->text, from->text);
			put(x, &to->csv, from->csv);
			put(x, &to->href, from->href);
			to->mark = from->mark;
			to->prose = from->prose;
		}
	}
	return x;
}

int sr_table_ok(const struct sr_table *t) { return t->nomem ? -ENOMEM : 0; }

void sr_table_free(struct sr_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nrows * t->ncols; i++) {
		free(t->cells[i].text);
		free(t->cells[i].csv);
		free(t->cells[i].href);
	}
	for (size_t i = 0; t->head && i < t->ncols; i++)
		free(t->head[i]);
	for (size_t i = 0; t->group && i < t->ncols; i++)
		free(t->group[i]);
	free(t->cells);
	free(t->head);
	free(t->group);
	free(t->text);
	free(t->name);
	free(t->title);
	free(t->note);
	free(t);
}

static const struct sr_cell *cell(const struct sr_table *t, size_t r, size_t c)
{
	return &t->cells[r * t->ncols + c];
}

static const char *text_of(const struct sr_cell *c) { return c->text ? c->text : ""; }

static void md_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' ? ' ' : *s, f);
	}
}

void sr_table_md(FILE *f, const struct sr_table *t)
{
	fprintf(f, "### ");
	md_text(f, t->title);
	fputs("\n\n|", f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputc(' ', f);
		if (t->group[c]) {
			md_text(f, t->group[c]);
			fputc(' ', f);
		}
		md_text(f, t->head[c] ? t->head[c] : "");
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		fputs(left(t, c) ? "---|" : "---:|", f);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct sr_cell *x = cell(t, r, c);
			bool strong = x->mark == SR_MARK_FAIL;

			fputs(strong ? " **" : " ", f);
			if (x->href && x->text) {
				fputc('[', f);
				md_text(f, x->text);
				fprintf(f, "](%s)", x->href);
			} else {
				md_text(f, text_of(x));
			}
			fputs(strong ? "** |" : " |", f);
		}
		fputc('\n', f);
	}
	if (t->note) {
		fputs("\n", f);
		md_text(f, t->note);
		fputc('\n', f);
	}
	fputc('\n', f);
}

void sr_table_csv(FILE *f, const struct sr_table *t)
{
	for (size_t c = 0; c < t->ncols; c++) {
		char *h = NULL;

		if (c)
			fputc(',', f);
		if (t->group[c] &&
		    asprintf(&h, "%s %s", t->group[c], t->head[c] ? t->head[c] : "") > 0)
			sr_csv_str(f, h);
		else
			sr_csv_str(f, t->head[c]);
		free(h);
	}
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			const struct sr_cell *x = cell(t, r, c);

			if (c)
				fputc(',', f);
			/* "–" (U+2013) marks a figure not measured: an empty field in a CSV file */
			if (!x->csv && x->text && !strcmp(x->text, "\xe2\x80\x93"))
				continue;
			sr_csv_str(f, x->csv ? x->csv : text_of(x));
		}
		fputc('\n', f);
	}
}

void sr_html_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

/* Is @s at the start of a command-line option: "--" then a letter, at the text's start or after
 * a space, '(' or '"'? */
static bool option_at(const char *start, const char *s)
{
	return s[0] == '-' && s[1] == '-' &&
	       ((s[2] >= 'a' && s[2] <= 'z') || (s[2] >= 'A' && s[2] <= 'Z')) &&
	       (s == start || s[-1] == ' ' || s[-1] == '(' || s[-1] == '"');
}

void sr_html_prose(FILE *f, const char *s)
{
	const char *start = s;

	while (s && *s) {
		size_t n;
		char tok[256];

		if (!option_at(start, s)) {
			char c[2] = {*s++, '\0'};

			sr_html_text(f, c);
			continue;
		}
		/* the option and its "=value", up to a space or the punctuation that ends it */
		for (n = 0; s[n] && s[n] != ' ' && s[n] != ')' && s[n] != ',' && s[n] != ';' &&
			    !(s[n] == ':' && (s[n + 1] == ' ' || !s[n + 1])) &&
			    !(s[n] == '.' && (s[n + 1] == ' ' || !s[n + 1])) && n < sizeof(tok) - 1;
		     n++)
			tok[n] = s[n];
		tok[n] = '\0';
		fputs("<span class=nw>", f);
		sr_html_text(f, tok);
		fputs("</span>", f);
		s += n;
	}
}

/* The row of group labels over the headers: one cell per run of equal labels. */
static void html_groups(FILE *f, const struct sr_table *t)
{
	bool any = false;

	for (size_t c = 0; c < t->ncols; c++)
		any |= t->group[c] != NULL;
	if (!any)
		return;
	fputs("<tr>", f);
	for (size_t c = 0; c < t->ncols;) {
		size_t k = c + 1;

		while (k < t->ncols && t->group[c] && t->group[k] &&
		       !strcmp(t->group[c], t->group[k]))
			k++;
		fprintf(f, "<th class=g colspan=%zu>", k - c);
		sr_html_text(f, t->group[c]);
		fputs("</th>", f);
		c = k;
	}
	fputs("</tr>\n", f);
}

static const char *const mark_class[] = {"", " pass", " fail", " warn", " pub"};

void sr_table_html(FILE *f, const struct sr_table *t, const char *csv_href)
{
	/* many columns of figures (every run, every T/Q point): a smaller type */
	fputs(t->ncols > DENSE_COLS
		  ? "<div class=tbl><div class=scroll><table class=dense>\n<caption>"
		  : "<div class=tbl><div class=scroll><table>\n<caption>",
	      f);
	sr_html_text(f, t->title);
	if (csv_href) {
		fputs(" <a class=csv href=\"", f);
		sr_html_text(f, csv_href);
		fputs("\">csv</a>", f);
	}
	fputs("</caption>\n", f);
	html_groups(f, t);
	fputs("<tr>", f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputs(left(t, c) ? "<th class=l>" : "<th>", f);
		sr_html_text(f, t->head[c]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct sr_cell *x = cell(t, r, c);

			/* prose (a workload's description) wraps; figures do not, nor a row's
			 * name where the table has room (not a dense one); a short cell of a row
			 * of words ("same") is set left without a prose cell's width */
			fprintf(f, "<td class=\"%s%s\">",
				strlen(text_of(x)) > PROSE_CHARS	     ? "t"
				: x->prose				     ? "p"
				: !c && t->ncols <= DENSE_COLS && left(t, c) ? "l k"
				: left(t, c)				     ? "l"
									     : "n",
				mark_class[x->mark]);
			if (x->href) {
				fputs("<a href=\"", f);
				sr_html_text(f, x->href);
				fputs("\">", f);
			}
			sr_html_prose(f, text_of(x));
			fputs(x->href ? "</a></td>" : "</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n", f);
	if (t->note) {
		fputs("<p class=note>", f);
		sr_html_prose(f, t->note);
		fputs("</p>\n", f);
	}
	fputs("</div>\n", f);
}
