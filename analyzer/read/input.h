/*
 * input.h - reading the subtick stream (data/FORMAT.md) or bare "n t"
 * columns, one sample at a time.
 */
#ifndef SUBTICK_INPUT_H
#define SUBTICK_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Longest line accepted; collect never writes one longer. */
#define INPUT_LINE_MAX 4096

/*
 * What the analysis can hold, refused beyond where it is read (the file
 * and line named).  A timing (clock units, or ns from other tools) is at
 * most 2^63: taken as a double it rounds to at most 2^63, which casts back
 * to a uint64 (a run's end in clock units, speedstates.c), where 2^64 - 1
 * rounds to 2^64, which no uint64 holds.  Not 2^53: the fit is exact on
 * integer timings to 2^64 (hull.c), and beyond 2^53 a warning says what
 * is done in doubles.  2^63 units of a 5 GHz counter are 58 years.
 */
#define INPUT_T_MAX_INT (UINT64_C(1) << 63)
#define INPUT_T_MAX 9223372036854775808.0	/* 2^63 */
/* A timing other than 0 is at least 2^-511 (1.5e-154 units): its square,
 * in the variances and sums of squares downstream, is then a normal
 * double.  A subnormal one (6.4e-318, from a fuzzer) made the
 * compensation's search for what a minimum holds step by a thousandth of
 * its count's mean, which was 0, for ever. */
#define INPUT_T_MIN 0x1p-511
/*
 * ns per clock unit, from 1e-6 (a femtosecond: a counter at 10^15 Hz,
 * 200000 times finer than a 5 GHz TSC) to 1e9 (a second: bare columns of
 * seconds).  Beyond, no clock's: a subnormal unit_ns (1e-320) turned the
 * seconds of a trace into infinity and its periods into NaN, 1e-300 a
 * rate into infinity; within, every timing to 2^63 is a finite number of
 * ns (at most 9.3e27) and seconds and rates are normal numbers.
 */
#define INPUT_UNIT_NS_MIN 1e-6
#define INPUT_UNIT_NS_MAX 1e9
/*
 * The kernel's timer period (timer_period_ns), at most a second: no
 * kernel ticks more slowly (Linux's HZ is 100 to 1000, 24 on the slowest
 * ports).  Beyond, it would silence the saturated? check (no run is
 * longer) and name no source the kernel's tick, saying nothing of it.
 */
#define INPUT_TIMER_PERIOD_NS_MAX 1e9

struct input_meta {
	int stream;		/* the first line was "# subtick 1" */
	int has_tick;
	uint64_t tick;
	double tick_mean;	/* the clock's mean step, where its steps are
				 * uneven (header key tick_mean); 0: none */
	int has_unit_ns;
	double unit_ns;
	int has_overhead;
	double overhead;
	char clock[64];
	char kernel[256];
	char host[128], date[40], governor[64], cpu[64];	/* as in the header */
	char columns[64], coarsen[16], per[40];
	char message[16];	/* message_kernel: pingpong, allreduce; "" */
	char rank[16];		/* collect-mpi's rank; "" */
	char interleaved[128];	/* two kernels timed in turn: the collection's
				 * id; "" if absent or too long to compare */
	char side[4];		/* and which of them: "A", "B"; "" */
	/* in_turn_vs_alone: timed in turn with another kernel, the cost per
	 * unit over that alone, with its spread; in_turn[0] 0: absent */
	double in_turn[3];
	char stream_kind[16];	/* "trace" for collect --trace; "" */
	char counters_start[256], counters_end[256];	/* what the kernel
				 * counted (collect's kcounters), as written */
	char trace_read_interval[32], trace_threshold[32];	/* a trace's */
	double timer_period_ns;	/* the kernel's tick, ns; 0: unknown (collect
				 * writes 0 where clock_getres fails) */
	char last_line[256];	/* the fields of "# done:" or "# interrupted:" */
	int ncols;		/* fields per sample line; 0 until known */
	int col_n, col_t, col_at;	/* positions; col_at -1: none; an
				 * activity trace has no n (-1): start is at,
				 * length is t */
	int finished;		/* "# done:" seen */
	int interrupted;	/* "# interrupted:" seen */
	int check_failed;	/* "# done: ... stop=check": the kernel's
				 * check failed after the sampling */
	int kbest_stop;		/* "# done: ... stop=kbest" */
	double kbest_eps;	/* "# kbest: K EPS"; 0: none */
	int unterminated;	/* bare columns: the last line had no newline */
	uint64_t samples;	/* sample lines read */
	uint64_t lines;		/* lines read */
	/* other tools' results (foreign.h) */
	char source[16];	/* "gbench", "hyperfine"; "" */
	int means;		/* each sample a mean over several iterations
				 * (Google Benchmark's), not one run */
	uint64_t mean_of[2];	/* those iterations, fewest and most; 0 0:
				 * not said of every sample */
	uint64_t failed;	/* runs left out: they failed */
	char failed_what[96];	/* what they are, in words */
};

struct sample {
	uint64_t n;
	double t;
	uint64_t t_int;		/* exact when t_exact */
	int t_exact;
	uint64_t at;
	int has_at;
	int dec_ok;		/* t as written: dec_m * 10^dec_e */
	uint64_t dec_m;
	int dec_e;
	int dec_last;		/* the power of ten of t's last digit written */
};

struct input_error {
	char file[256];
	uint64_t line;		/* 0: no line (the file itself) */
	char msg[4096];		/* room to list a file's benchmarks */
};

/*
 * A stream's start times are in order: collect writes its runs as they
 * come, one after another, but where the clock stepped back between two
 * runs.  at falls then by the step, and goes on from there.  A step back
 * by less than the time since the first run leaves at above the first
 * one's (at is start minus the first start); one by more wraps it past
 * 2^64, far up.  Back to the first at or below it, the line is another
 * stream's start: two collections' lines run together without the second
 * header.  Nothing is taken from the last line's backsteps=: it counts
 * runs dropped, and a step between two runs drops none.
 */
struct at_order {
	int have;		/* a start time seen */
	uint64_t first, last;
};

/* at, the next start time, taken: 1 where it falls back to the first or
 * before it (a second stream), else 0. */
int at_order_restarts(struct at_order *o, uint64_t at);

/* Called for each sample; returns 0, or -1 after filling err. */
typedef int input_sample_fn(void *ctx, const struct sample *s,
			    struct input_error *err);

/* A stream's common lines, a batch of them at a time: every field an
 * integer (a sample of them has t exact, written as t: dec_m = t,
 * dec_e = 0), on consecutive lines. */
#define INPUT_BATCH 1024
struct sample_batch {
	size_t count;
	int has_at;		/* at[] holds the start times */
	uint64_t n[INPUT_BATCH], t[INPUT_BATCH], at[INPUT_BATCH];
};

/* Called for each batch, in order with the samples given one at a time;
 * returns 0, or -1 after filling err, with *bad the index of the sample
 * at fault. */
typedef int input_batch_fn(void *ctx, const struct sample_batch *b, size_t *bad,
			   struct input_error *err);

/*
 * Read path ("-" for stdin) to the end, calling fn for each sample.
 * column names the timing column: "t", or "t2" for the second clock of
 * collect --also-clock, whose header keys are then tick2, unit_ns2,
 * clock2, overhead2.  Returns 0, or -1 with err filled (err->file and
 * err->line name the place).
 */
/* The suffix of a timing column's header keys: t and t2 have tick and
 * tick2 ("", "2"); another column NAME has tick_NAME ("_NAME": collect
 * --exec's user, sys, cpu; collect-mpi's rank0...). */
void input_key_suffix(const char *column, char *buf, size_t len);

/* A UTF-8 byte order mark at buf's start (an editor's, a Windows tool's),
 * read past before the first line: its length, 3, or 0. */
size_t input_bom_length(const char *buf, size_t len);

int input_read(const char *path, const char *column, struct input_meta *meta,
	       input_sample_fn *fn, void *ctx, struct input_error *err);

/* The same on an open stream f, named name in messages (tests/fuzz). */
int input_read_file(FILE *f, const char *name, const char *column,
		    struct input_meta *meta, input_sample_fn *fn, void *ctx,
		    struct input_error *err);

/* The same, the common lines to batch_fn a batch at a time (the rest to
 * fn, in order). */
int input_read_batches(FILE *f, const char *name, const char *column,
		       struct input_meta *meta, input_sample_fn *fn,
		       input_batch_fn *batch_fn, void *ctx, struct input_error *err);

#endif /* SUBTICK_INPUT_H */
