/*
 * html.c - the parts of analyze's pages (html.h).
 *
 * The figures are drawn by the usual scripts with the svg terminal into a
 * temporary directory (plot.c), read in, and removed with it.  Text from
 * the input (the kernel's name, the warnings that quote it) is escaped;
 * SVG from gnuplot goes in as gnuplot wrote it, after its XML prolog.
 */
#define _GNU_SOURCE	/* open_memstream */
#include "html.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "units.h"

void html_esc(FILE *out, const char *s)
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

static const char *const style =
	"body{font-family:sans-serif;max-width:1250px;margin:1em auto;padding:0 1em;color:#222}"
	"h1 small,h2 small{font-weight:normal;color:#555}"
	"p.share{font-size:120%}"
	"table{border-collapse:collapse;margin:1em 0}"
	"th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}"
	"td.n{text-align:right;font-variant-numeric:tabular-nums}"
	".warn{background:#fff4e0;border-left:4px solid #e08000;padding:.5em 1em}"
	".ok{color:#2a7a2a}"
	"figure{margin:1em 0}figure svg{max-width:100%;height:auto}"
	"pre{background:#f6f6f6;padding:1em;overflow-x:auto;font-size:90%}";

int html_open(struct html_page *p, const char *path, const char *title, FILE *err)
{
	char msg[256];
	if (outfile_open(&p->o, path, msg, sizeof msg) != 0) {
		fprintf(err, "analyze: %s: %s\n", path, msg);
		return -1;
	}
	p->out = p->o.f;
	fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>subtick: ", p->out);
	html_esc(p->out, title);
	fprintf(p->out, "</title>\n<style>%s</style></head><body>\n", style);
	return 0;
}

int html_close(struct html_page *p, const char *path, FILE *err)
{
	fputs("<p><small>Made by subtick's analyze.</small></p>\n</body></html>\n", p->out);
	if (ferror(p->out)) {
		outfile_abandon(&p->o);
		fprintf(err, "analyze: %s: cannot write it\n", path);
		return -1;
	}
	if (outfile_commit(&p->o) != 0) {
		fprintf(err, "analyze: %s: %s\n", path, strerror(errno ? errno : EIO));
		return -1;
	}
	return 0;
}

void html_warnings_open(FILE *out, size_t n)
{
	if (n > 0)
		fputs("<div class=warn><b>Warnings</b><ul>\n", out);
	else
		fputs("<p class=ok>No warnings.</p>\n", out);
}

void html_warning(FILE *out, const char *who, const char *text)
{
	fputs("<li>", out);
	if (who != NULL && who[0]) {
		fputs("<b>", out);
		html_esc(out, who);
		fputs("</b>: ", out);
	}
	html_esc(out, text);
	fputs("</li>\n", out);
}

void html_warnings_close(FILE *out, size_t n)
{
	if (n > 0)
		fputs("</ul></div>\n", out);
}

void html_warnings_of(FILE *out, const struct analysis *a)
{
	size_t n = a->warnings < ANALYSIS_WARNINGS_MAX ? a->warnings : ANALYSIS_WARNINGS_MAX;
	html_warnings_open(out, n);
	for (size_t i = 0; i < n; i++)
		html_warning(out, NULL, a->warning[i]);
	html_warnings_close(out, n);
}

void html_heading(FILE *out, int level, const char *name, const struct analysis *a)
{
	fprintf(out, "<h%d>", level);
	if (name != NULL) {
		html_esc(out, name);
		fputs(": ", out);
	}
	html_esc(out, a->kernel[0] ? a->kernel : "unknown kernel");
	fputs(" <small>on ", out);
	html_esc(out, a->clock[0] ? a->clock : "an unknown clock");
	fprintf(out, "</small></h%d>\n", level);
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

void html_summary(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
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

enum { FIGURE_FILES_MAX = 32 };

/* The names of the files in dir, sorted. */
static size_t dir_names(const char *dir, char names[FIGURE_FILES_MAX][256])
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t count = 0;
	while (d && (e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] != '.' && count < FIGURE_FILES_MAX && n > 4 && n < 256)
			snprintf(names[count++], 256, "%s", e->d_name);
	}
	if (d)
		closedir(d);
	qsort(names, count, 256, (int (*)(const void *, const void *))strcmp);
	return count;
}

/* The directory, with whatever draw moved into it, is removed by the
 * outfile guard if a signal ends analyze meanwhile. */
int html_figures(FILE *out, const char (*guarded)[OUTFILE_NAME_MAX], size_t nguarded,
		 html_draw draw, void *arg, FILE *err)
{
	char dir[4096];
	const char *tmp = getenv("TMPDIR");
	snprintf(dir, sizeof dir, "%s/analyze-report.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	sigset_t all, old;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);	/* made and guarded as one */
	int made = mkdtemp(dir) != NULL;
	int saved = errno;
	if (made)
		outfile_guard_dir(dir, guarded, nguarded);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!made) {
		fprintf(err, "analyze: --report: a temporary directory: %s\n", strerror(saved));
		return -1;
	}
	int rc = draw(arg, dir, err);
	fputs("<h2>Figures</h2>\n", out);
	char names[FIGURE_FILES_MAX][256];
	size_t count = dir_names(dir, names);
	/* the timings first, then the others by name */
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

void html_text_report(FILE *out, html_text text, const void *arg)
{
	char *s = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&s, &len);
	if (m != NULL) {
		text(m, arg);
		fclose(m);
		fputs("<h2>The report</h2>\n<pre>", out);
		html_esc(out, s ? s : "");
		fputs("</pre>\n", out);
	}
	free(s);
}
