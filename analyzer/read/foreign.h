/*
 * foreign.h - other tools' results read as samples: Google Benchmark's
 * JSON (--benchmark_format=json or --benchmark_out, repetitions included)
 * and CSV, and hyperfine's --export-json of a --parameter-scan.
 *
 * Google Benchmark: N is the first argument of the benchmark's name
 * (count/1024: 1024), a sample is one entry of run_type "iteration" (one
 * repetition): its real_time, a mean over many iterations, in ns; the
 * aggregates (mean, median, stddev, cv, BigO, RMS) are left out.  With
 * several benchmarks in one file, --column NAME chooses one.
 * hyperfine: N is the scanned parameter's value, a sample one run's wall
 * time (times[]), in ns.
 */
#ifndef SUBTICK_FOREIGN_H
#define SUBTICK_FOREIGN_H

#include "input.h"

enum foreign_kind {
	FOREIGN_NONE,
	FOREIGN_GBENCH,		/* Google Benchmark JSON */
	FOREIGN_GBENCH_CSV,
	FOREIGN_HYPERFINE,
};

/* What path holds, by its content, or as --from says (gbench, hyperfine;
 * NULL: detect).  FOREIGN_NONE for a subtick stream or bare columns. */
enum foreign_kind foreign_detect(const char *path, const char *from);

/* Read path as kind, calling fn for each sample (t in ns; meta says
 * unit_ns 1, the clock and the benchmark).  Returns 0, or -1 with err. */
int foreign_read(const char *path, enum foreign_kind kind, const char *column,
		 struct input_meta *meta, input_sample_fn *fn, void *ctx,
		 struct input_error *err);

#endif /* SUBTICK_FOREIGN_H */
