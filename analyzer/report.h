/*
 * report.h - the analysis for people (text) and for programs (JSON).
 */
#ifndef SUBTICK_REPORT_H
#define SUBTICK_REPORT_H

#include <stdio.h>

#include "analysis.h"

void report_text(FILE *out, const struct analysis *a);
void report_json(FILE *out, const struct analysis *a);

/* Significant digits that show a value whose uncertainty is width. */
int report_digits(double value, double width);

#endif /* SUBTICK_REPORT_H */
