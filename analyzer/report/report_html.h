/*
 * report_html.h - analyze --report FILE.html: one self-contained page, of
 * a collection (report_html.c), or of --compare or --group
 * (report_html_many.c).
 */
#ifndef SUBTICK_REPORT_HTML_H
#define SUBTICK_REPORT_HTML_H

#include <stdio.h>

#include "analysis.h"
#include "group.h"

/* Write the page to path (atomically: a temporary beside it, renamed
 * when whole).  Returns 0; 1 when the page was written but some figure
 * could not be drawn; -1 (said on err) when the page was not written. */
int report_html(const char *path, struct analysis *a, FILE *err);
/* The same of a comparison: the verdict in times first, the warnings, B /
 * A, both collections, the figure of both, the text report. */
int report_html_compare(const char *path, struct comparison *c, FILE *err);
/* The same of groups: the slowest against the fastest first, the
 * warnings, a row per group, the figure of all, a table per group, the
 * text report. */
int report_html_group(const char *path, const struct grouping *gr, FILE *err);

#endif /* SUBTICK_REPORT_HTML_H */
