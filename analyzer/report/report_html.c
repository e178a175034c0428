/*
 * report_html.c - analyze --report FILE.html: one page to open and send,
 * self-contained (no script, no link, no font or image from elsewhere:
 * the figures inline as SVG): the headline with the warnings first, the
 * figures, the minima per N, and the whole text report.  Its parts are
 * html.c's.
 */
#include "report_html.h"

#include "html.h"
#include "plot.h"
#include "report.h"
#include "units.h"

#define HTML_ROWS_MAX 200	/* minima per N shown; the rest sampled */
/* Samples its figures draw, about: each is a few hundred bytes of SVG in
 * every figure it is in (every sample of a minute, 111 MB a page) */
#define HTML_PLOT_SAMPLES 5000

/* An activity trace's headline: what the gaps were.  Its gaps are no
 * timings of work at an N: no line, no unit cost, no minima. */
static void trace_headline(FILE *out, const struct analysis *a)
{
	const struct trace_summary *t = &a->trace_sum;
	char cost[48] = "", longest[48] = "";
	fputs("<h1>activity trace <small>on ", out);
	html_esc(out, a->clock[0] ? a->clock : "an unknown clock");
	fputs("</small></h1>\n<table><tr><th></th><th>value</th></tr>\n", out);
	fprintf(out, "<tr><th>gaps</th><td class=n>%llu, %.4g per second</td></tr>\n",
		(unsigned long long)t->gaps, t->per_s);
	fprintf(out, "<tr><th>time lost</th><td class=n>%.3g%% of the trace</td></tr>\n",
		100 * t->lost_share);
	if (t->gaps > 0) {	/* as the text report gives them */
		fmt_span(cost, sizeof cost, t->cost, a->unit_ns);
		fmt_span(longest, sizeof longest, t->max, a->unit_ns);
		fprintf(out, "<tr><th>one costs</th><td class=n>%s (median)</td></tr>\n", cost);
		fprintf(out, "<tr><th>the longest gap</th><td class=n>%s</td></tr>\n", longest);
	}
	fprintf(out, "<tr><th>sources</th><td class=n>%zu</td></tr>\n", t->sources.count);
	fputs("</table>\n", out);
}

static void headline(FILE *out, const struct analysis *a)
{
	html_heading(out, 1, NULL, a);
	html_warnings_of(out, a);
	html_summary(out, a);
}

/* The minima per N: all of them up to HTML_ROWS_MAX, else as many spread
 * evenly over the N, said so. */
static void minima_table(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	size_t step = s->count > HTML_ROWS_MAX ? (s->count + HTML_ROWS_MAX - 1) / HTML_ROWS_MAX : 1;
	fputs("<h2>Minimum per N</h2>\n", out);
	if (step > 1)
		fprintf(out, "<p>Every %zu-th of the %zu N (all of them: analyze --minima FILE).</p>\n",
			step, s->count);
	fputs("<table><tr><th>N</th><th>minimum</th><th>above the line</th><th>runs</th><th>mean</th></tr>\n", out);
	double k = a->unit_ns > 0 ? a->unit_ns : 1;
	const char *u = a->unit_ns > 0 ? "" : " clock units";
	for (size_t i = 0; i < s->count; i += step) {
		const struct point *p = &s->p[i];
		char m[48], e[48], mean[48];
		double line = a->fit.intercept + a->fit.slope * (double)p->n;
		if (a->unit_ns > 0) {
			fmt_time(m, sizeof m, p->min * k, 5);
			fmt_time(e, sizeof e, (p->min - line) * k, 3);
			fmt_time(mean, sizeof mean, p->mean * k, 5);
		} else {
			snprintf(m, sizeof m, "%.6g%s", p->min, u);
			snprintf(e, sizeof e, "%.3g%s", p->min - line, u);
			snprintf(mean, sizeof mean, "%.6g%s", p->mean, u);
		}
		fprintf(out, "<tr><td class=n>%llu</td><td class=n>%s</td><td class=n>%s</td><td class=n>%llu</td><td class=n>%s</td></tr>\n",
			(unsigned long long)p->n, m, e, (unsigned long long)p->count, mean);
	}
	fputs("</table>\n", out);
}

/* The figures of --plot, as SVG from about HTML_PLOT_SAMPLES samples,
 * into dir. */
static int draw_all(void *arg, const char *dir, FILE *err)
{
	struct analysis *a = arg;
	struct analysis_settings svg = *a->opt;
	const struct analysis_settings *kept = a->opt;
	svg.plot_format = "svg";
	svg.plot_samples = HTML_PLOT_SAMPLES;
	a->opt = &svg;
	int rc = plot_all(a, dir, NULL, err);
	a->opt = kept;
	return rc;
}

static void text_of(FILE *out, const void *a)
{
	report_text(out, a);
}

int report_html(const char *path, struct analysis *a, FILE *err)
{
	struct html_page page;
	if (html_open(&page, path, a->kernel[0] ? a->kernel : "unknown kernel", err) != 0)
		return -1;
	FILE *out = page.out;
	if (a->trace)
		trace_headline(out, a);
	else
		headline(out, a);
	char guarded[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
	size_t nguarded = plot_file_names(PLOT_SET_ONE, "svg", guarded);
	int figs = html_figures(out, (const char (*)[OUTFILE_NAME_MAX])guarded, nguarded,
				draw_all, a, err);
	if (!a->trace)
		minima_table(out, a);
	/* the whole text report, the diagnosis and the header's facts in it */
	html_text_report(out, text_of, a);
	if (html_close(&page, path, err) != 0)
		return -1;
	return figs != 0 ? 1 : 0;
}
