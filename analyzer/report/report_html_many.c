/*
 * report_html_many.c - analyze --compare or --group with --report
 * FILE.html: a page as the one of a collection (report_html.c, its parts
 * html.c's), the verdict first and in times ("B is 9.38× faster than A"),
 * then the warnings, the ratio or the groups' table, the figure of every
 * collection's minima and line (each over its own N only), each
 * collection's headline table, and the whole text report.
 */
#include "report_html.h"

#include <stdlib.h>

#include "html.h"
#include "plot.h"

/* The verdict as the page's heading, and the share of time under it. */
static void verdict(FILE *out, const char *head, const char *share)
{
	fputs("<h1>", out);
	html_esc(out, head);
	fputs("</h1>\n", out);
	if (share[0]) {
		fputs("<p class=share>", out);
		html_esc(out, share);
		fputs(".</p>\n", out);
	}
}

/* A collection's heading ("A: kernel on clock") and headline table. */
static void side(FILE *out, const char *name, const struct analysis *a)
{
	html_heading(out, 2, name, a);
	html_summary(out, a);
}

static void warnings_of(FILE *out, const char *who, const struct analysis *a)
{
	for (size_t i = 0; i < a->warnings && i < ANALYSIS_WARNINGS_MAX; i++)
		html_warning(out, who, a->warning[i]);
}

static void bounds_row(FILE *out, const char *name, double v, double lo, double hi,
		       const char *unit)
{
	fprintf(out, "<tr><th>%s</th><td class=n>%.5g%s</td><td>[%.5g, %.5g]%s</td></tr>\n",
		name, v, unit, lo, hi, unit);
}

static void ratio_table(FILE *out, const struct comparison *c)
{
	const char *u = c->in_ns ? " ns" : " clock units";
	fputs("<table><tr><th></th><th>value</th><th>bounds</th></tr>\n", out);
	bounds_row(out, "B / A (unit costs)", c->ratio, c->ratio_lo, c->ratio_hi, "");
	if (c->nfifths) {
		fputs("<tr><th>B / A by fifths of the collection in time</th><td colspan=2>", out);
		for (size_t q = 0; q < c->nfifths; q++)
			fprintf(out, "%s%.5g", q ? ", " : "", c->fifth[q][0]);
		fputs("</td></tr>\n", out);
	}
	bounds_row(out, "B &minus; A per unit", c->diff, c->diff_lo, c->diff_hi, u);
	bounds_row(out, "overhead B &minus; A", c->odiff, c->odiff_lo, c->odiff_hi, u);
	fputs("<tr><th>paired</th><td colspan=2>", out);
	if (compare_unpaired_why(c)) {
		fputs("no, though A and B say they were timed in turn: ", out);
		html_esc(out, compare_unpaired_why(c));
		fputs("; the bounds hold what varied within each side", out);
	} else {
		fputs(c->paired ? "yes: A and B were timed in turn, and their bounds pair their stretches of time"
				: "no: the bounds hold what varied within each side (the report below says why)",
		      out);
	}
	fputs("</td></tr>\n</table>\n", out);
}

static int draw_compare(void *arg, const char *dir, FILE *err)
{
	const struct comparison *c = arg;
	return plot_compare(&c->a, &c->b, c->in_ns, c->verdict, "svg", dir, NULL, err);
}

static void compare_text(FILE *out, const void *c)
{
	compare_report_text(out, c);
}

int report_html_compare(const char *path, struct comparison *c, FILE *err)
{
	struct html_page page;
	char head[256], share[256];
	compare_headline(c, "B", "A", head, sizeof head);
	compare_share(c, "B", "A", share, sizeof share);
	if (html_open(&page, path, head, err) != 0)
		return -1;
	FILE *out = page.out;
	verdict(out, head, share);
	size_t n = (c->ratio_drift[0] != 0) + c->a.warnings + c->b.warnings;
	html_warnings_open(out, n);
	if (c->ratio_drift[0])
		html_warning(out, "B / A", c->ratio_drift);
	warnings_of(out, "A", &c->a);
	warnings_of(out, "B", &c->b);
	html_warnings_close(out, n);
	ratio_table(out, c);
	side(out, "A", &c->a);
	side(out, "B", &c->b);
	char guarded[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
	size_t nguarded = plot_file_names(PLOT_SET_COMPARE, "svg", guarded);
	int figs = html_figures(out, (const char (*)[OUTFILE_NAME_MAX])guarded, nguarded,
				draw_compare, c, err);
	html_text_report(out, compare_text, c);
	if (html_close(&page, path, err) != 0)
		return -1;
	return figs != 0 ? 1 : 0;
}

/* A row per group: its value, files, samples, unit cost with bounds,
 * overhead, and against the fastest. */
static void group_table(FILE *out, const struct grouping *gr)
{
	const char *u = gr->in_ns ? "ns" : "clock units";
	fputs("<table><tr><th>", out);
	html_esc(out, gr->key);
	fprintf(out, "</th><th>files</th><th>samples</th><th>unit cost (%s)</th><th>bounds</th>"
		     "<th>overhead (%s)</th><th>against the fastest</th></tr>\n", u, u);
	for (size_t i = 0; i < gr->count; i++) {
		const struct group *g = &gr->g[i];
		struct group_row r;
		group_row(gr, i, &r);
		fputs("<tr><td>", out);
		html_esc(out, g->value);
		fprintf(out, "</td><td class=n>%zu</td><td class=n>%llu</td><td class=n>%s</td>"
			     "<td>[%s, %s]</td><td class=n>%s</td><td>%s</td></tr>\n",
			g->nfiles, (unsigned long long)g->a.points.samples, r.cost, r.lo, r.hi,
			r.overhead, r.vs);
	}
	fputs("</table>\n", out);
}

/* The names in the figure's legend ("rank 0"), and its title. */
struct group_figure {
	const struct grouping *gr;
	const char *title;
};

static int draw_group(void *arg, const char *dir, FILE *err)
{
	const struct group_figure *f = arg;
	const struct grouping *gr = f->gr;
	const struct analysis **x = calloc(gr->count, sizeof *x);
	char (*name)[200] = calloc(gr->count, sizeof *name);
	const char **names = calloc(gr->count, sizeof *names);
	int rc = -1;
	if (x && name && names) {
		for (size_t i = 0; i < gr->count; i++) {
			x[i] = &gr->g[i].a;
			group_name(gr, i, name[i], sizeof name[i]);
			names[i] = name[i];
		}
		rc = plot_group(x, names, gr->count, gr->in_ns, f->title, "svg", dir, err);
	} else
		fprintf(err, "analyze: --report: out of memory\n");
	free(x), free(name), free(names);
	return rc;
}

static void group_text(FILE *out, const void *gr)
{
	group_report_text(out, gr);
}

int report_html_group(const char *path, const struct grouping *gr, FILE *err)
{
	struct html_page page;
	char head[512], share[512], title[600];
	group_headline(gr, head, sizeof head, share, sizeof share);
	if (html_open(&page, path, head, err) != 0)
		return -1;
	FILE *out = page.out;
	verdict(out, head, share);
	size_t n = 0;
	for (size_t i = 0; i < gr->count; i++)
		n += gr->g[i].a.warnings;
	html_warnings_open(out, n);
	for (size_t i = 0; i < gr->count; i++) {
		char who[200];
		group_name(gr, i, who, sizeof who);
		warnings_of(out, who, &gr->g[i].a);
	}
	html_warnings_close(out, n);
	group_table(out, gr);
	snprintf(title, sizeof title, "%s: %zu groups\n%s", gr->key, gr->count, head);
	struct group_figure fig = { gr, title };
	char guarded[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
	size_t nguarded = plot_file_names(PLOT_SET_GROUP, "svg", guarded);
	int figs = html_figures(out, (const char (*)[OUTFILE_NAME_MAX])guarded, nguarded,
				draw_group, &fig, err);
	for (size_t i = 0; i < gr->count; i++) {
		char name[200];
		group_name(gr, i, name, sizeof name);
		side(out, name, &gr->g[i].a);
	}
	html_text_report(out, group_text, gr);
	if (html_close(&page, path, err) != 0)
		return -1;
	return figs != 0 ? 1 : 0;
}
