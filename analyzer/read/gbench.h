/*
 * gbench.h - Google Benchmark's results (JSON: --benchmark_format=json or
 * --benchmark_out; CSV: --benchmark_format=csv) as samples.
 *
 * A benchmark's name is its function's name, then its arguments, then
 * suffixes, joined by '/': count/1024, BM_par/1024/8, count/1024/
 * threads:2, count/1024/real_time, count/1024/min_time:0.010,
 * "BM_T<int, 2>/256", BM_x/n:1024 (ArgName).  N is the first argument
 * (digits, or NAME:digits); every other part tells variants apart, and
 * variants are never pooled.  A variant is named by its benchmarks' name
 * with N written for that argument: count/N, BM_par/N/8,
 * count/N/threads:2, BM_x/n:N.  --column picks one: by that name (N may
 * stand for any argument: BM_par/8/N takes N from the second), or by the
 * function's name alone (BM_copy) when it has one variant.  Without
 * --column the file must hold one variant; otherwise the error lists them
 * all.
 *
 * A sample is one result of run_type iteration (one repetition): its
 * real_time (or cpu_time), a mean per iteration, in ns.  Aggregates
 * (mean, median, stddev, cv, BigO, RMS, and any user statistic) are left
 * out; results with error_occurred or skipped are left out and counted.
 */
#ifndef SUBTICK_GBENCH_H
#define SUBTICK_GBENCH_H

#include <stddef.h>

#include <json-c/json.h>

#include "foreign_util.h"

/* The benchmarks array of a parsed JSON document.  Returns 0, or -1. */
int gbench_json(json_object *root, struct foreign_job *j);

/* CSV text[0..len) (text[len] writable; unquoted in place).  Lines before
 * the header (the context, when stderr went with stdout) are skipped.
 * Returns 0, or -1 with a line in the error. */
int gbench_csv(char *text, size_t len, struct foreign_job *j);

#endif /* SUBTICK_GBENCH_H */
