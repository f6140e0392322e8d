// SPDX-License-Identifier: GPL-2.0-only
/* chart_hbars.c - ranked horizontal bars, one per row, the highlighted ones in a colour of their
 * own (see chart_kinds.h): a ranking of many drives stays readable where clustered bars would
 * not. */
#include <stdio.h>
#include <string.h>

#include "render/chart_kinds.h"

#define BAR_PX 20   /* a bar and its gap: a 10-pt label each, apart */
#define RIGHT_PX 70 /* right of the plot: room for the longest bar's value label */
#define EDGE_PX 8   /* the least room between a label and the chart's edge */
/* A character of 10-pt text, wide enough for most: DejaVu Sans, as the page's SVG draws it at
 * 13.33 px (chart.c's fontscale), averages 7 px a character over words and digits. */
#define CHAR_PX 7.5

/* Characters of @s, UTF-8 ("µs" is two), the first @n bytes. */
static size_t chars_of(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n && s[i]; i++)
		k += ((unsigned char)s[i] & 0xc0) != 0x80;
	return k;
}

static size_t away(size_t i, size_t mid) { return i > mid ? i - mid : mid - i; }

/* Where @s (@len bytes) breaks in two lines: the ", " nearest its middle when both lines then
 * hold at most @room characters, else the space nearest its middle; 0: nowhere. */
static size_t break_at(const char *s, size_t len, size_t room)
{
	size_t best = 0;

	for (int spaces = 0; spaces < 2 && !best; spaces++) {
		for (size_t i = 1; i + 1 < len; i++)
			if ((spaces ? s[i] == ' ' : s[i] == ',' && s[i + 1] == ' ') &&
			    (!best || away(i, len / 2) < away(best, len / 2)))
				best = i;
		if (!spaces && best &&
		    (chars_of(s, best + 1) > room || chars_of(s + best + 2, len) > room))
			best = 0;
	}
	return best;
}

/*
 * The value axis's label, whole inside the chart: gnuplot centres it under the plot, which with a
 * wide left margin (long bar labels) puts a long label's end past the chart's right edge ("lower
 * is bette"). Moved left as far as it must, by a screen offset; a label wider than the chart
 * itself broken in two at the ", " (else the space) nearest its middle, the chart a line taller.
 */
static void value_label(struct sr_chart *c, const char *xlabel, int left)
{
	size_t len = strlen(xlabel), cut = 0, lines = 1;
	double width = chars_of(xlabel, len) * CHAR_PX, centre = (left + c->width - RIGHT_PX) / 2.0;
	double shift;

	if (width > c->width - 2 * EDGE_PX)
		cut = break_at(xlabel, len, (size_t)((c->width - 2 * EDGE_PX) / CHAR_PX));
	if (cut) {
		size_t a = chars_of(xlabel, cut), b = chars_of(xlabel + cut, len) - 1;

		lines = 2;
		width = (a > b ? a : b) * CHAR_PX;
		c->height += 16;
	}
	shift = c->width - EDGE_PX - (centre + width / 2); /* < 0: the label's end is cut */
	if (centre + shift - width / 2 < EDGE_PX)	   /* wider than the chart: its middle */
		shift = c->width / 2.0 - centre;
	fprintf(c->gp, "  set bmargin %.1f\n  set xlabel ", lines > 1 ? 4.5 : 3.5);
	if (cut) {
		char first[512];

		snprintf(first, sizeof(first), "%.*s", (int)(cut + (xlabel[cut] == ',')), xlabel);
		sr_gp_str(c->gp, first);
		fputs(".\"\\n\".", c->gp);
		sr_gp_str(c->gp, xlabel + cut + 1 + (xlabel[cut] == ','));
	} else {
		sr_gp_str(c->gp, xlabel);
	}
	if (shift < 0)
		fprintf(c->gp, " offset screen %.4f,0", shift / c->width);
	fputc('\n', c->gp);
}

int sr_chart_hbars(struct sr_chart *c, const char *xlabel, size_t col, size_t hl_col, double div)
{
	char dat[200], shown[64];
	size_t n = c->rows, v = sr_chart_col(c, col), h = sr_chart_col(c, hl_col);
	int left = (int)(c->text_max * 7.5) + 20;

	if (left < 80)
		left = 80;
	if (left > c->width / 2)
		left = c->width / 2;
	c->height = 90 + (int)(n < 3 ? 3 : n) * BAR_PX;
	sr_chart_file(c, dat, sizeof(dat));
	fprintf(c->gp, "  set lmargin at screen %.4f\n  set rmargin at screen %.4f\n",
		(double)left / c->width, 1 - (double)RIGHT_PX / c->width);
	fprintf(c->gp, "  set tmargin 1\n");
	fprintf(c->gp, "  set style fill solid 0.85 border -1\n  set grid xtics\n");
	fprintf(c->gp, "  set yrange [%.1f:0.6]\n  set ytics scale 0 nomirror\n",
		-(double)(n ? n : 1) + 0.4);
	fprintf(c->gp, "  set xrange [0:*]\n  set format x \"%%.10g\"\n  set offsets 0, graph "
		       "0.08, 0, 0\n");
	value_label(c, xlabel, left);
	if (!n) {
		fprintf(c->gp, "  set label 9 \"no data\" at graph 0.5, graph 0.5 center\n"
			       "  plot 2 notitle\n");
		return 0;
	}
	/* a bar's value as the table prints it (the frame's shown column), else as the data has it
	 */
	if (c->shown_col)
		snprintf(shown, sizeof(shown), "stringcolumn(%zu)", sr_chart_shown(c));
	else
		snprintf(shown, sizeof(shown), "sprintf(\"%%.10g\", $%zu/%g)", v, div);
	fprintf(c->gp,
		"  plot \"%s\" index 0 using ($%zu/%g/2):(-$0):($%zu/%g/2):(0.38)"
		":($%zu > 0 ? 0x%s : 0x%s):ytic(1) with boxxyerror lc rgb variable notitle, \\\n"
		"       \"%s\" index 0 using ($%zu/%g):(-$0):(%s) with labels "
		"left offset char 0.5,0 font \",8\" notitle\n",
		dat, v, div, v, div, h, sr_colour(4) + 1, sr_colour(0) + 1, dat, v, div, shown);
	return 0;
}
