/*
 * report_md.c - analyze --format markdown: the headline as GitHub-flavoured
 * Markdown, to paste in a pull request or a README (a table of the unit
 * cost and overhead with their bounds, the data behind them, the warnings
 * as a list); for --compare, the verdict in times as a heading, then the
 * ratio B / A with its bounds, as hyperfine's --export-markdown gives its
 * table; for --group, the slowest against the fastest, and a row per
 * group.
 */
#include "group.h"
#include "report.h"
#include "units.h"

#include <math.h>
#include <string.h>

/* A table cell holds no '|' and no line break. */
static void cell(FILE *out, const char *s)
{
	for (; *s; s++)
		fputs(*s == '|' ? "\\|" : *s == '\n' ? " " : (char[2]){ *s, 0 }, out);
}

/* "0.26984 ns" and "[0.26965, 0.27002] ns" in one unit, or clock units. */
static void row(FILE *out, const char *name, double v, const double bounds[2], double unit_ns)
{
	int d = report_digits(v, bounds[1] - bounds[0]);
	/* a bound rounding left a hair from zero is 0 */
	double scale = fmax(fabs(v), fmax(fabs(bounds[0]), fabs(bounds[1])));
	double iv[2] = { fabs(bounds[0]) <= 1e-9 * scale ? 0 : bounds[0],
			 fabs(bounds[1]) <= 1e-9 * scale ? 0 : bounds[1] };
	char a[48], b[48], c[48];
	if (unit_ns > 0) {
		struct time_unit u = time_unit_for(v * unit_ns);
		fprintf(out, "| %s | %s %s | [%s, %s] %s |\n", name,
			fmt_in_unit(a, sizeof a, v * unit_ns, u, d), u.name,
			fmt_in_unit(b, sizeof b, iv[0] * unit_ns, u, d),
			fmt_in_unit(c, sizeof c, iv[1] * unit_ns, u, d), u.name);
	} else
		fprintf(out, "| %s | %.*g clock units | [%.*g, %.*g] clock units |\n", name,
			d, v, d, iv[0], d, iv[1]);
}

static void warnings(FILE *out, const char *const *w, size_t n, const char *who)
{
	if (n == 0) {
		fprintf(out, "\nNo warnings%s.\n", who);
		return;
	}
	fprintf(out, "\n**Warnings%s**\n\n", who);
	for (size_t i = 0; i < n; i++) {
		fputs("- ", out);
		cell(out, w[i]);
		fputs("\n", out);
	}
}

static void warnings_of(FILE *out, const struct analysis *a, const char *who)
{
	const char *w[ANALYSIS_WARNINGS_MAX];
	for (size_t i = 0; i < a->warnings && i < ANALYSIS_WARNINGS_MAX; i++)
		w[i] = a->warning[i];
	warnings(out, w, a->warnings, who);
}

void report_markdown(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	fputs("### ", out);
	cell(out, a->kernel[0] ? a->kernel : "unknown kernel");
	fputs(" on ", out);
	cell(out, a->clock[0] ? a->clock : "an unknown clock");
	fputs("\n\n| | value | bounds |\n|:---|---:|:---|\n", out);
	row(out, "unit cost", a->fit.slope, a->iv.slope, a->unit_ns);
	row(out, "overhead", a->fit.intercept, a->iv.intercept, a->unit_ns);
	fprintf(out, "| N | %zu, from %llu to %llu | |\n", s->count,
		(unsigned long long)s->p[0].n, (unsigned long long)s->p[s->count - 1].n);
	fprintf(out, "| samples | %llu (%llu run%s per N, median) | |\n",
		(unsigned long long)s->samples, (unsigned long long)a->runs_median,
		a->runs_median == 1 ? "" : "s");
	if (a->tick > 0 && a->unit_ns > 0) {
		char t[48];
		fprintf(out, "| clock tick | %s | |\n", fmt_time(t, sizeof t, a->tick * a->unit_ns, 4));
	}
	warnings_of(out, a, "");
}

/* The verdict as a heading, and B's share of A's time under it. */
static void headline(FILE *out, const char *head, const char *share)
{
	fputs("### ", out);
	cell(out, head);
	fputs("\n\n", out);
	if (share[0]) {
		cell(out, share);
		fputs(".\n\n", out);
	}
}

void report_compare_markdown(FILE *out, const struct comparison *c)
{
	const char *unit = c->in_ns ? "ns" : "clock units";
	double ka = c->in_ns ? c->a.unit_ns : 1, kb = c->in_ns ? c->b.unit_ns : 1;
	char head[256], share[256];
	compare_headline(c, "B", "A", head, sizeof head);
	compare_share(c, "B", "A", share, sizeof share);
	headline(out, head, share);
	fprintf(out, "| | kernel | unit cost (%s) | bounds | overhead (%s) |\n|:---|:---|---:|:---|---:|\n",
		unit, unit);
	const struct analysis *side[2] = { &c->a, &c->b };
	double k[2] = { ka, kb };
	for (int i = 0; i < 2; i++) {
		const struct analysis *x = side[i];
		int d = report_digits(x->fit.slope, x->iv.slope[1] - x->iv.slope[0]);
		fprintf(out, "| %c | ", i ? 'B' : 'A');
		cell(out, x->kernel[0] ? x->kernel : "?");
		fprintf(out, " | %.*g | [%.*g, %.*g] | %.4g |\n", d, x->fit.slope * k[i],
			d, x->iv.slope[0] * k[i], d, x->iv.slope[1] * k[i], x->fit.intercept * k[i]);
	}
	fprintf(out, "\n**B / A = %.5g**, bounds [%.5g, %.5g]%s: ", c->ratio, c->ratio_lo,
		c->ratio_hi, c->paired ? " (timed in turn, paired)" : "");
	cell(out, c->verdict);
	fputs("\n", out);
	if (c->ratio_drift[0]) {
		fputs("\n**Warning (B / A)**: ", out);
		cell(out, c->ratio_drift);
		fputs("\n", out);
	}
	if (compare_unpaired_why(c)) {
		fputs("\n**Not paired**, though A and B say they were timed in turn: ", out);
		cell(out, compare_unpaired_why(c));
		fputs("; the bounds hold what varied within each side, not a change of the machine's speed that moved both\n",
		      out);
	}
	warnings_of(out, &c->a, " (A)");
	warnings_of(out, &c->b, " (B)");
}

void group_report_markdown(FILE *out, const struct grouping *gr)
{
	const char *unit = gr->in_ns ? "ns" : "clock units";
	char head[512], share[512];
	group_headline(gr, head, sizeof head, share, sizeof share);
	headline(out, head, share);
	fputs("| ", out);
	cell(out, gr->key);
	fprintf(out, " | files | samples | unit cost (%s) | bounds | overhead (%s) | against the fastest |\n"
		     "|:---|---:|---:|---:|:---|---:|:---|\n", unit, unit);
	for (size_t i = 0; i < gr->count; i++) {
		const struct group *g = &gr->g[i];
		struct group_row r;
		group_row(gr, i, &r);
		fputs("| ", out);
		cell(out, g->value);
		fprintf(out, " | %zu | %llu | %s | [%s, %s] | %s | %s |\n", g->nfiles,
			(unsigned long long)g->a.points.samples, r.cost, r.lo, r.hi, r.overhead, r.vs);
	}
	fputs("\n", out);
	cell(out, gr->verdict);
	fputs("\n", out);
	size_t warned = 0;
	for (size_t i = 0; i < gr->count; i++) {
		char who[220];
		snprintf(who, sizeof who, " (%s %.60s)", gr->key, gr->g[i].value);
		if (gr->g[i].a.warnings)
			warnings_of(out, &gr->g[i].a, who);
		warned += gr->g[i].a.warnings;
	}
	if (warned == 0)
		warnings(out, NULL, 0, "");
}
