// SPDX-License-Identifier: GPL-2.0-only
/* chart_hbars.c - ranked horizontal bars, one per row, the highlighted ones in a colour of their
 * own (see chart_kinds.h): a ranking of many drives stays readable where clustered bars would
 * not. */
#include <stdio.h>

#include "render/chart_kinds.h"

#define BAR_PX 20 /* a bar and its gap: a 10-pt label each, apart */

int sr_chart_hbars(struct sr_chart *c, const char *xlabel, size_t col, size_t hl_col, double div,
		   const char *fmt)
{
	char dat[200];
	size_t n = c->rows, v = sr_chart_col(c, col), h = sr_chart_col(c, hl_col);
	int left = (int)(c->text_max * 7.5) + 20;

	if (left < 80)
		left = 80;
	if (left > c->width / 2)
		left = c->width / 2;
	c->height = 90 + (int)(n < 3 ? 3 : n) * BAR_PX;
	sr_chart_file(c, dat, sizeof(dat));
	fprintf(c->gp, "  set lmargin at screen %.4f\n  set rmargin at screen %.4f\n",
		(double)left / c->width, 1 - 70.0 / c->width);
	fprintf(c->gp, "  set tmargin 1\n  set bmargin 3.5\n");
	fprintf(c->gp, "  set style fill solid 0.85 border -1\n  set grid xtics\n");
	fprintf(c->gp, "  set yrange [%.1f:0.6]\n  set ytics scale 0 nomirror\n",
		-(double)(n ? n : 1) + 0.4);
	fprintf(c->gp, "  set xrange [0:*]\n  set format x \"%%.10g\"\n  set offsets 0, graph "
		       "0.08, 0, 0\n");
	fprintf(c->gp, "  set xlabel ");
	sr_gp_str(c->gp, xlabel);
	fputc('\n', c->gp);
	if (!n) {
		fprintf(c->gp, "  set label 9 \"no data\" at graph 0.5, graph 0.5 center\n"
			       "  plot 2 notitle\n");
		return 0;
	}
	fprintf(
	    c->gp,
	    "  plot \"%s\" index 0 using ($%zu/%g/2):(-$0):($%zu/%g/2):(0.38)"
	    ":($%zu > 0 ? 0x%s : 0x%s):ytic(1) with boxxyerror lc rgb variable notitle, \\\n"
	    "       \"%s\" index 0 using ($%zu/%g):(-$0):(sprintf(\"%s\", $%zu/%g)) with labels "
	    "left offset char 0.5,0 font \",8\" notitle\n",
	    dat, v, div, v, div, h, sr_colour(4) + 1, sr_colour(0) + 1, dat, v, div, fmt, v, div);
	return 0;
}
