/*
 * html.h - the parts of analyze's pages (--report FILE.html): one for a
 * collection (report_html.c), one for --compare and --group
 * (report_html_many.c).  A page is self-contained: no script, no link, no
 * font or image from elsewhere, its figures inline as SVG.
 */
#ifndef SUBTICK_HTML_H
#define SUBTICK_HTML_H

#include <stdio.h>

#include "analysis.h"
#include "outfile.h"

struct html_page {
	struct outfile o;
	FILE *out;		/* where the page is written */
};

/* Open path (written whole or not at all: outfile.h) and write the head,
 * with title (escaped) and the style.  Returns 0, or -1 said on err. */
int html_open(struct html_page *p, const char *path, const char *title, FILE *err);

/* The page's end, and path renamed over its target.  Returns 0, or -1
 * said on err (the target untouched). */
int html_close(struct html_page *p, const char *path, FILE *err);

/* Text from the input, escaped for HTML. */
void html_esc(FILE *out, const char *s);

/* Warnings in a box (who before each: "A: "), or that there are none.
 * n is the count of all; the box opens with the first. */
void html_warnings_open(FILE *out, size_t n);
void html_warning(FILE *out, const char *who, const char *text);
void html_warnings_close(FILE *out, size_t n);
/* All of a's warnings in a box of their own, or "No warnings." */
void html_warnings_of(FILE *out, const struct analysis *a);

/* A collection's heading of level 1 or 2: "kernel on clock", with
 * "name: " before it unless name is NULL. */
void html_heading(FILE *out, int level, const char *name, const struct analysis *a);

/* A collection's headline table: unit cost and overhead with their
 * bounds, in time and in clock units, the rate, N, samples, the tick. */
void html_summary(FILE *out, const struct analysis *a);

/* Figures drawn by draw(arg, dir, err) into a temporary directory, which
 * may hold the files names[0..count) (removed with it if a signal ends
 * analyze meanwhile); each .svg inline in out, timings.svg first, then by
 * name.  Returns 0, or -1 when some figure could not be drawn (said on
 * the page and on err). */
typedef int (*html_draw)(void *arg, const char *dir, FILE *err);
int html_figures(FILE *out, const char (*names)[OUTFILE_NAME_MAX], size_t count,
		 html_draw draw, void *arg, FILE *err);

/* A text report, written by text(out, arg), under a heading in <pre>. */
typedef void (*html_text)(FILE *out, const void *arg);
void html_text_report(FILE *out, html_text text, const void *arg);

#endif /* SUBTICK_HTML_H */
