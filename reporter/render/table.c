// SPDX-License-Identifier: GPL-2.0-only
/* table.c - text tables rendered as Markdown, CSV (RFC 4180) and HTML. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "render/csv.h"
#include "render/table.h"

struct sr_table *sr_table_new(const char *name, const char *title, size_t ncols)
{
	struct sr_table *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->name = strdup(name);
	t->title = strdup(title);
	t->ncols = ncols;
	t->head = calloc(ncols, sizeof(char *));
	if (!t->name || !t->title || !t->head) {
		sr_table_free(t);
		return NULL;
	}
	return t;
}

int sr_table_head(struct sr_table *t, size_t c, const char *text)
{
	free(t->head[c]);
	t->head[c] = strdup(text);
	return t->head[c] ? 0 : -ENOMEM;
}

long sr_table_row(struct sr_table *t)
{
	char **grown = realloc(t->cells, (t->nrows + 1) * t->ncols * sizeof(char *));

	if (!grown)
		return -ENOMEM;
	t->cells = grown;
	memset(&grown[t->nrows * t->ncols], 0, t->ncols * sizeof(char *));
	return (long)t->nrows++;
}

int sr_table_set(struct sr_table *t, size_t r, size_t c, const char *fmt, ...)
{
	char **cell = &t->cells[r * t->ncols + c];
	va_list ap;
	int n;

	free(*cell);
	va_start(ap, fmt);
	n = vasprintf(cell, fmt, ap);
	va_end(ap);
	if (n < 0) {
		*cell = NULL;
		return -ENOMEM;
	}
	return 0;
}

void sr_table_free(struct sr_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i]);
	for (size_t i = 0; i < t->ncols; i++)
		free(t->head[i]);
	free(t->cells);
	free(t->head);
	free(t->name);
	free(t->title);
	free(t);
}

static const char *cell(const struct sr_table *t, size_t r, size_t c)
{
	const char *s = t->cells[r * t->ncols + c];
	return s ? s : "";
}

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
		md_text(f, t->head[c] ? t->head[c] : "");
		fputs(" |", f);
	}
	fputs("\n|", f);
	for (size_t c = 0; c < t->ncols; c++)
		fputs(c ? "---:|" : "---|", f);
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputc('|', f);
		for (size_t c = 0; c < t->ncols; c++) {
			fputc(' ', f);
			md_text(f, cell(t, r, c));
			fputs(" |", f);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

void sr_table_csv(FILE *f, const struct sr_table *t)
{
	for (size_t c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', f);
		sr_csv_str(f, t->head[c]);
	}
	fputc('\n', f);
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', f);
			sr_csv_str(f, cell(t, r, c));
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

void sr_table_html(FILE *f, const struct sr_table *t)
{
	fputs("<table>\n<caption>", f);
	sr_html_text(f, t->title);
	fputs(" <a href=\"", f);
	sr_html_text(f, t->name);
	fputs(".csv\">csv</a></caption>\n<tr>", f);
	for (size_t c = 0; c < t->ncols; c++) {
		fputs("<th>", f);
		sr_html_text(f, t->head[c]);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (size_t r = 0; r < t->nrows; r++) {
		fputs("<tr>", f);
		for (size_t c = 0; c < t->ncols; c++) {
			fputs(c ? "<td class=n>" : "<td>", f);
			sr_html_text(f, cell(t, r, c));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}
