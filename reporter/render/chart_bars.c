// SPDX-License-Identifier: GPL-2.0-only
/* chart_bars.c - clustered bars, one or more panels, one legend below (see chart_kinds.h). */
#include <math.h>
#include <stdio.h>

#include "render/chart_kinds.h"

static void bar_panel(struct sr_chart *c, const struct sr_bar_panel *p, const struct sr_key *keys,
		      size_t nkeys, bool with_keys, bool multi)
{
	char dat[200], ylabel[160];
	bool any = false;
	/* bars a hundred times apart (a published drive beside an emulated one) would flatten the
	 * small ones to nothing on a linear axis: a log axis, said in the axis label */
	bool wide = sr_chart_wide(c, p->col, 100);

	sr_chart_file(c, dat, sizeof(dat));
	sr_chart_panel_begin(c, p->title, with_keys, multi);
	fprintf(c->gp, "  set style data histogram\n  set style histogram clustered gap 1\n"
		       "  set grid ytics\n");
	fprintf(c->gp, "  set xtics nomirror rotate by -%d left%s\n",
		c->xtic_angle ? c->xtic_angle : 25, c->xtic_angle < 90 ? " offset -1,0" : "");
	if (!multi && c->right_px) /* a lone panel: room for its last label, as the layout gives */
		fprintf(c->gp, "  set rmargin at screen %.3f\n",
			1 - (double)c->right_px / c->width);
	if (wide) {
		/* the axis starts a decade below the smallest bar's power of ten when that bar is
		 * one (a count of 1 on an axis from 1 would have no height); plain numbers */
		double bottom = pow(10, floor(log10(c->lo[p->col] * 0.999)));

		fprintf(c->gp, "  set logscale y\n  set format y \"%s\"\n  set yrange [%g:*]\n",
			bottom >= 1 ? "%.0f" : "%.10g", bottom);
	} else /* plain numbers: "1000000", never "1e+06" */
		fprintf(c->gp, "  set yrange [0:*]\n  set format y \"%%.10g\"\n");
	snprintf(ylabel, sizeof(ylabel), "%s%s", p->ylabel ? p->ylabel : "",
		 wide ? " (log scale)" : "");
	fprintf(c->gp, "  set ylabel ");
	sr_gp_str(c->gp, ylabel);
	fputc('\n', c->gp);
	for (size_t b = 0; b < nkeys; b++)
		any |= sr_chart_has(c, b, p->col);
	if (!any) {
		fprintf(c->gp, "  set label 9 \"no data\" at graph 0.5, graph 0.5 center\n"
			       "  set style data lines\n  set xrange [0:1]\n  set yrange [0:1]\n"
			       "  plot 2 notitle");
	} else {
		/* a series without a value in this panel is left out (gnuplot warns about it); the
		 * colours say which drive a bar is */
		size_t k = 0;

		fprintf(c->gp, "  plot ");
		for (size_t b = 0; b < nkeys; b++) {
			if (!sr_chart_has(c, b, p->col))
				continue;
			fprintf(c->gp, "%s\"%s\" index %zu using %zu%s fs %s lc rgb \"%s\" notitle",
				k ? ", \\\n       " : "", dat, b, sr_chart_col(c, p->col),
				k ? "" : ":xtic(1)",
				keys[b].pattern ? "pattern 4 border" : "solid 0.85 border -1",
				sr_colour(keys[b].colour));
			k++;
		}
	}
	if (with_keys)
		sr_chart_keyentries(c->gp, keys, nkeys, true);
	fputc('\n', c->gp);
}

static void draw_panel(struct sr_chart *c, const void *panels, size_t i, const struct sr_key *keys,
		       size_t nkeys, bool multi)
{
	bar_panel(c, (const struct sr_bar_panel *)panels + i, keys, nkeys, !multi, multi);
}

/* The turn of the cluster labels at which neighbours do not touch: two parallel labels lie the
 * clusters' spacing x sin(angle) apart, which must hold a line of text and a gap (18 px at 10 pt);
 * at least 25 degrees, in steps of 5, upright (90) past 60. */
static int label_angle(const struct sr_chart *c, int across)
{
	double panel = 0.7 * c->width / (across > 0 ? across : 1);
	double s = 18.0 * (c->rows ? (double)c->rows : 1.0) / panel;
	int a;

	if (s >= sin(60 * M_PI / 180))
		return 90;
	a = (int)ceil(asin(s) * 180 / M_PI / 5) * 5;
	return a < 25 ? 25 : a;
}

int sr_chart_bars(struct sr_chart *c, const struct sr_bar_panel *p, size_t np, int across,
		  const struct sr_key *keys, size_t nkeys)
{
	double rad;
	int below;

	/* the turned cluster labels take their length x sin(angle) under each panel (6 px a
	 * character), 70 px at least, the chart made taller by what passes 70; the last one runs
	 * right of its panel by its length x cos(angle) ("128K sequential write": 105 px at 25) */
	c->xtic_angle = label_angle(c, across);
	rad = c->xtic_angle * M_PI / 180;
	below = (int)(10 + 6.0 * (double)c->text_max * sin(rad));
	if (below < 70)
		below = 70;
	c->height += (below - 70) * (np > (size_t)across ? 2 : 1);
	if (c->text_max * 5 * cos(rad) > c->width / 20.0)
		c->right_px = (int)(c->text_max * 5 * cos(rad));
	sr_chart_panels(c, p, np, across, keys, nkeys, below, true, draw_panel);
	return 0;
}
