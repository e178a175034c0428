/*
 * report.h - the analysis for people (text) and for programs (JSON).
 */
#ifndef SUBTICK_REPORT_H
#define SUBTICK_REPORT_H

#include <stdio.h>

#include "analysis.h"

/* The full report (analyze -v). */
void report_text(FILE *out, const struct analysis *a);
/* The short report (report_short.c): the headline, one line a
 * disturbance, every warning, in 15 lines but for the warnings. */
void report_short(FILE *out, const struct analysis *a);
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

/* A value and its bounds as the text reports print them: to the digits
 * the bounds vouch for, trailing zeros kept ("0.7180"), a bound a hair
 * from zero as 0; in clock units, and in the time unit the value's
 * magnitude calls for (units.h) where unit_ns is known. */
struct report_shown {
	char v[40], lo[40], hi[40];		/* clock units */
	char t_v[40], t_lo[40], t_hi[40];	/* in unit */
	const char *unit;			/* "ns", "µs"...; NULL: no time */
};
void report_shown(struct report_shown *q, double v, const double iv[2], double unit_ns);

/* What the timings are counted in: "clock units", or "units of the
 * input" where it had no header; report_units is "units" where a time
 * stands beside them (unit_ns known), else that. */
const char *report_units_of(const struct analysis *a);
const char *report_units(const struct analysis *a);
/* The same for a parenthesis beside a time in the short report and the
 * figures' titles: "TSC cycles" on the TSC. */
const char *report_clock_units(const struct analysis *a);

/* The text reports' lines of rates (GB/s, per second, Mops/s) and of a
 * message kernel's latency and bandwidth; none where unit_ns is unknown. */
void report_rates_text(FILE *out, const struct analysis *a);
void report_message_text(FILE *out, const struct analysis *a);

#endif /* SUBTICK_REPORT_H */
