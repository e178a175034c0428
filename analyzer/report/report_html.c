/*
 * report_html.c - analyze --report FILE.html: one page to open and send,
 * self-contained (no script, no link, no font or image from elsewhere:
 * the figures inline as SVG): the headline with the warnings first, the
 * figures, the minima per N, and the whole text report.
 *
 * The figures are drawn by the usual scripts with the svg terminal into a
 * temporary directory (plot.c), read in, and removed with it.  Text from
 * the input (the kernel's name, the warnings that quote it) is escaped;
 * SVG from gnuplot goes in as gnuplot wrote it, after its XML prolog.
 */
#define _GNU_SOURCE	/* open_memstream */
#include "report_html.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "plot.h"
#include "report.h"
#include "units.h"

#define HTML_ROWS_MAX 200	/* minima per N shown; the rest sampled */
/* Samples its figures draw, about: each is a few hundred bytes of SVG in
 * every figure it is in (every sample of a minute, 111 MB a page) */
#define HTML_PLOT_SAMPLES 5000

static void esc(FILE *out, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '&': fputs("&amp;", out); break;
		case '"': fputs("&quot;", out); break;
		default: fputc(*s, out);
		}
}

static void cost_row(FILE *out, const char *name, double v, const double b[2], double unit_ns)
{
	int d = report_digits(v, b[1] - b[0]);
	double scale = fmax(fabs(v), fmax(fabs(b[0]), fabs(b[1])));
	double lo = fabs(b[0]) <= 1e-9 * scale ? 0 : b[0], hi = fabs(b[1]) <= 1e-9 * scale ? 0 : b[1];
	char x[48], y[48], z[48];
	fprintf(out, "<tr><th>%s</th>", name);
	if (unit_ns > 0) {
		struct time_unit u = time_unit_for((v != 0 ? v : scale) * unit_ns);
		fprintf(out, "<td class=n>%s %s</td><td>[%s, %s] %s</td>",
			fmt_in_unit(x, sizeof x, v * unit_ns, u, d), u.name,
			fmt_in_unit(y, sizeof y, lo * unit_ns, u, d),
			fmt_in_unit(z, sizeof z, hi * unit_ns, u, d), u.name);
	} else
		fprintf(out, "<td class=n>%.*g clock units</td><td>[%.*g, %.*g]</td>", d, v, d, lo, d, hi);
	fprintf(out, "<td class=n>%.*g units</td></tr>\n", d, v);
}

/* An activity trace's headline: what the gaps were.  Its gaps are no
 * timings of work at an N: no line, no unit cost, no minima. */
static void trace_headline(FILE *out, const struct analysis *a)
{
	const struct trace_summary *t = &a->trace_sum;
	double k = a->unit_ns > 0 ? a->unit_ns : 1;
	char cost[48] = "", longest[48] = "";
	fputs("<h1>activity trace <small>on ", out);
	esc(out, a->clock[0] ? a->clock : "an unknown clock");
	fputs("</small></h1>\n<table><tr><th></th><th>value</th></tr>\n", out);
	fprintf(out, "<tr><th>gaps</th><td class=n>%llu, %.4g per second</td></tr>\n",
		(unsigned long long)t->gaps, t->per_s);
	fprintf(out, "<tr><th>time lost</th><td class=n>%.3g%% of the trace</td></tr>\n",
		100 * t->lost_share);
	if (t->gaps > 0) {	/* as the text report gives them */
		if (a->unit_ns > 0) {
			fmt_time(cost, sizeof cost, t->cost * k, 4);
			fmt_time(longest, sizeof longest, t->max * k, 4);
		} else {
			snprintf(cost, sizeof cost, "%.4g units", t->cost);
			snprintf(longest, sizeof longest, "%.4g units", t->max);
		}
		fprintf(out, "<tr><th>one costs</th><td class=n>%s (median)</td></tr>\n", cost);
		fprintf(out, "<tr><th>the longest gap</th><td class=n>%s</td></tr>\n", longest);
	}
	fprintf(out, "<tr><th>sources</th><td class=n>%zu</td></tr>\n", t->sources.count);
	fputs("</table>\n", out);
}

static void headline(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	fputs("<h1>", out);
	esc(out, a->kernel[0] ? a->kernel : "unknown kernel");
	fputs(" <small>on ", out);
	esc(out, a->clock[0] ? a->clock : "an unknown clock");
	fputs("</small></h1>\n", out);
	if (a->warnings) {
		fputs("<div class=warn><b>Warnings</b><ul>\n", out);
		for (size_t i = 0; i < a->warnings && i < ANALYSIS_WARNINGS_MAX; i++) {
			fputs("<li>", out);
			esc(out, a->warning[i]);
			fputs("</li>\n", out);
		}
		fputs("</ul></div>\n", out);
	} else
		fputs("<p class=ok>No warnings.</p>\n", out);
	fputs("<table><tr><th></th><th>value</th><th>bounds</th><th>clock units</th></tr>\n", out);
	cost_row(out, "unit cost", a->fit.slope, a->iv.slope, a->unit_ns);
	cost_row(out, "overhead", a->fit.intercept, a->iv.intercept, a->unit_ns);
	if (a->unit_ns > 0 && a->fit.slope > 0)
		fprintf(out, "<tr><th>rate</th><td class=n>%.4g per second</td><td></td><td></td></tr>\n",
			1e9 / (a->fit.slope * a->unit_ns));
	fprintf(out, "<tr><th>N</th><td class=n>%zu</td><td>%llu to %llu</td><td></td></tr>\n",
		s->count, (unsigned long long)s->p[0].n, (unsigned long long)s->p[s->count - 1].n);
	fprintf(out, "<tr><th>samples</th><td class=n>%llu</td><td>%llu run%s per N (median)</td><td></td></tr>\n",
		(unsigned long long)s->samples, (unsigned long long)a->runs_median,
		a->runs_median == 1 ? "" : "s");
	if (a->tick > 0) {
		char t[48] = "";
		if (a->unit_ns > 0)
			fmt_time(t, sizeof t, a->tick * a->unit_ns, 4);
		fprintf(out, "<tr><th>clock tick</th><td class=n>%s</td><td></td><td class=n>%.10g units</td></tr>\n",
			t, a->tick);
	}
	fputs("</table>\n", out);
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
	const char *u = a->unit_ns > 0 ? "" : " units";
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

/* An SVG file's content from its <svg on, into out. */
static int inline_svg(FILE *out, const char *path)
{
	FILE *f = fopen(path, "r");
	if (f == NULL)
		return -1;
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	char buf[8192];
	size_t k;
	while (m && (k = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, k, m);
	fclose(f);
	if (m == NULL || fclose(m) != 0)
		return free(text), -1;
	const char *at = strstr(text, "<svg");
	if (at == NULL)
		return free(text), -1;
	fputs("<figure>", out);
	fputs(at, out);
	fputs("</figure>\n", out);
	free(text);
	return 0;
}

/* The figures, drawn as SVG into a temporary directory, inline.  The
 * directory, with whatever plot_all moved into it, is removed by the
 * outfile guard if a signal ends analyze meanwhile. */
static int figures(FILE *out, struct analysis *a, FILE *err)
{
	char dir[4096], guarded[PLOT_FILES_MAX][OUTFILE_NAME_MAX];
	const char *tmp = getenv("TMPDIR");
	size_t nguarded = plot_file_names(PLOT_SET_ONE, "svg", guarded);
	snprintf(dir, sizeof dir, "%s/analyze-report.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);	/* made and guarded as one */
	int made = mkdtemp(dir) != NULL;
	int saved = errno;
	if (made)
		outfile_guard_dir(dir, (const char (*)[OUTFILE_NAME_MAX])guarded, nguarded);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!made) {
		fprintf(err, "analyze: --report: a temporary directory: %s\n", strerror(saved));
		return -1;
	}
	struct analysis_settings svg = *a->opt;
	const struct analysis_settings *kept = a->opt;
	svg.plot_format = "svg";
	svg.plot_samples = HTML_PLOT_SAMPLES;
	a->opt = &svg;
	int rc = plot_all(a, dir, NULL, err);
	a->opt = kept;
	fputs("<h2>Figures</h2>\n", out);
	DIR *d = opendir(dir);
	struct dirent *e;
	char names[32][256];
	size_t count = 0;
	while (d && (e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] != '.' && count < 32 && n > 4 && n < 256)
			snprintf(names[count++], sizeof names[0], "%s", e->d_name);
	}
	if (d)
		closedir(d);
	/* the timings first, then the others by name */
	qsort(names, count, sizeof names[0], (int (*)(const void *, const void *))strcmp);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < count; i++) {
			int timings = strcmp(names[i], "timings.svg") == 0;
			size_t n = strlen(names[i]);
			if (timings != (pass == 0) || strcmp(names[i] + n - 4, ".svg") != 0)
				continue;
			char p[4352];
			snprintf(p, sizeof p, "%s/%s", dir, names[i]);
			if (inline_svg(out, p) != 0)
				rc = -1;
		}
	for (size_t i = 0; i < count; i++) {
		char p[4352];
		snprintf(p, sizeof p, "%s/%s", dir, names[i]);
		unlink(p);
	}
	rmdir(dir);
	outfile_unguard_dir();
	if (rc != 0)
		fputs("<p>Some figures could not be drawn (gnuplot: see analyze's stderr).</p>\n", out);
	return rc;
}

static const char *const style =
	"body{font-family:sans-serif;max-width:1250px;margin:1em auto;padding:0 1em;color:#222}"
	"h1 small{font-weight:normal;color:#555}"
	"table{border-collapse:collapse;margin:1em 0}"
	"th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}"
	".warn{background:#fff4e0;border-left:4px solid #e08000;padding:.5em 1em}"
	".ok{color:#2a7a2a}"
	"figure{margin:1em 0}figure svg{max-width:100%;height:auto}"
	"pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:90%}";

int report_html(const char *path, struct analysis *a, FILE *err)
{
	struct outfile o;
	char msg[256];
	if (outfile_open(&o, path, msg, sizeof msg) != 0) {
		fprintf(err, "analyze: %s: %s\n", path, msg);
		return -1;
	}
	FILE *out = o.f;
	fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>subtick: ", out);
	esc(out, a->kernel[0] ? a->kernel : "unknown kernel");
	fprintf(out, "</title>\n<style>%s</style></head><body>\n", style);
	if (a->trace)
		trace_headline(out, a);
	else
		headline(out, a);
	int figs = figures(out, a, err);
	if (!a->trace)
		minima_table(out, a);
	/* the whole text report, the diagnosis and the header's facts in it */
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (m != NULL) {
		report_text(m, a);
		fclose(m);
		fputs("<h2>The report</h2>\n<pre>", out);
		esc(out, text ? text : "");
		fputs("</pre>\n", out);
	}
	free(text);
	fputs("<p><small>Made by subtick's analyze.</small></p>\n</body></html>\n", out);
	if (ferror(out)) {
		outfile_abandon(&o);
		fprintf(err, "analyze: %s: cannot write it\n", path);
		return -1;
	}
	if (outfile_commit(&o) != 0) {
		fprintf(err, "analyze: %s: %s\n", path, strerror(errno ? errno : EIO));
		return -1;
	}
	return figs != 0 ? 1 : 0;
}
