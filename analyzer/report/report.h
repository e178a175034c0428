/*
 * report.h - the analysis for people (text) and for programs (JSON).
 */
#ifndef SUBTICK_REPORT_H
#define SUBTICK_REPORT_H

#include <stdio.h>

#include "analysis.h"

void report_text(FILE *out, const struct analysis *a);
void report_json(FILE *out, const struct analysis *a);
/* The headline as GitHub-flavoured Markdown (report_md.c). */
void report_markdown(FILE *out, const struct analysis *a);

/* A JSON string, always valid UTF-8; a number (%.17g), or null when not
 * finite. */
void json_string(FILE *out, const char *s);
void json_number(FILE *out, double v);
/* "key": with the separator before every key but the first. */
void json_key(FILE *out, int *first, const char *k);
/* {"k[0]": v[0], ...}: an object of n numbers, each as json_number. */
void json_numbers(FILE *out, size_t n, const char *const *k, const double *v);

/* What disturbed the timings (report_diagnosis.c): a section of the text
 * report, and the keys of the JSON object. */
void report_diagnosis_text(FILE *out, const struct analysis *a);
/* The compensated unit cost, where the runs were saturated (a line of the
 * fit's section). */
void report_compensated_text(FILE *out, const struct analysis *a);
/* What the kernel counted meanwhile (counters.h): text, and the key
 * "kernel_counted". */
void report_counted_text(FILE *out, const struct analysis *a);
void report_counted_json(FILE *out, int *first, const struct analysis *a);
/* An activity trace (collect --trace): the whole text report, and the
 * key "trace". */
void report_trace_text(FILE *out, const struct analysis *a);
void report_trace_json(FILE *out, int *first, const struct analysis *a);
void report_diagnosis_json(FILE *out, int *first, const struct analysis *a);

/* Significant digits that show a value whose uncertainty is width. */
int report_digits(double value, double width);

#endif /* SUBTICK_REPORT_H */
