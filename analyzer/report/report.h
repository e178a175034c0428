/*
 * report.h - the analysis for people (text) and for programs (JSON).
 */
#ifndef SUBTICK_REPORT_H
#define SUBTICK_REPORT_H

#include <stdio.h>

#include "analysis.h"

void report_text(FILE *out, const struct analysis *a);
void report_json(FILE *out, const struct analysis *a);

/* A JSON string, always valid UTF-8; a number (%.17g), or null when not
 * finite. */
void json_string(FILE *out, const char *s);
void json_number(FILE *out, double v);

/* Significant digits that show a value whose uncertainty is width. */
int report_digits(double value, double width);

#endif /* SUBTICK_REPORT_H */
