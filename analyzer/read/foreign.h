/*
 * foreign.h - other tools' results read as samples: Google Benchmark's
 * JSON (--benchmark_format=json or --benchmark_out, repetitions included)
 * and CSV (gbench.h), and hyperfine's --export-json of a --parameter-scan
 * or a --parameter-list of numbers (hyperfine.h).  Samples are in ns; such inputs have no start times.
 *
 * Errors name the file and the place: a line where the format has lines
 * (CSV, and JSON that does not parse), else the entry
 * ("benchmarks[3], benchmark 'BM_x/8': real_time is null, not a
 * number"); names from the file are escaped (text_escape).
 */
#ifndef SUBTICK_FOREIGN_H
#define SUBTICK_FOREIGN_H

#include <stddef.h>
#include <stdio.h>

#include "input.h"

enum foreign_kind {
	FOREIGN_NONE,		/* a subtick stream, or bare columns */
	FOREIGN_JSON,		/* Google Benchmark's or hyperfine's */
	FOREIGN_CSV,		/* Google Benchmark's */
};

struct foreign_request {
	const char *from;	/* --from gbench|hyperfine; NULL: by content */
	const char *column;	/* --column: a benchmark or a command; NULL
				 * or "t": none chosen */
	const char *time_key;	/* real_time (NULL) or cpu_time */
};

/*
 * Open path ("-": stdin) and tell what it holds from its first 4 KB
 * ('{': JSON; a line "name,iterations,real_time...": Google Benchmark's
 * CSV, perhaps after its context), or as --from says.  The stream returned reads from the start even from a pipe (the
 * bytes looked at are given back).  Returns NULL with err (the file's
 * name and why).  foreign_close closes it.
 */
FILE *foreign_open(const char *path, const char *from, enum foreign_kind *kind,
		   struct input_error *err);
void foreign_close(FILE *f);

/* Read f to its end as kind (not FOREIGN_NONE), calling fn for each
 * sample (t in ns; meta says unit_ns 1, the clock, the benchmark, the
 * runs left out).  Returns 0, or -1 with err. */
int foreign_read_file(FILE *f, const char *name, enum foreign_kind kind,
		      const struct foreign_request *q, struct input_meta *meta,
		      input_sample_fn *fn, void *ctx, struct input_error *err);

/* The same on data[0..len) (tests/fuzz). */
int foreign_read_buffer(const char *data, size_t len, const char *name,
			enum foreign_kind kind, const struct foreign_request *q,
			struct input_meta *meta, input_sample_fn *fn, void *ctx,
			struct input_error *err);

#endif /* SUBTICK_FOREIGN_H */
