/*
 * report_html.h - analyze --report FILE.html: one self-contained page
 * (report_html.c).
 */
#ifndef SUBTICK_REPORT_HTML_H
#define SUBTICK_REPORT_HTML_H

#include <stdio.h>

#include "analysis.h"

/* Write the page to path (atomically: a temporary beside it, renamed
 * when whole).  Returns 0; 1 when the page was written but some figure
 * could not be drawn; -1 (said on err) when the page was not written. */
int report_html(const char *path, struct analysis *a, FILE *err);

#endif /* SUBTICK_REPORT_HTML_H */
