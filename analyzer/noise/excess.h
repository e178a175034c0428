/*
 * excess.h - every timing minus the least-values line: where interrupts,
 * preemption and cache misses show (Krutar 1998).
 *
 * excess      = t - line(n)
 * excess_step = t - tick * floor(line(n) / tick)
 * The step-function subtrahend removes the Moire sawtooth that appears
 * when the tick and the unit cost beat (Krutar's 500 ns tick against a
 * 359 ns unit cost).  Without a tick, excess_step = excess.
 */
#ifndef SUBTICK_EXCESS_H
#define SUBTICK_EXCESS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hull.h"
#include "spool.h"

/* Log-spaced histogram: bin 0 holds excess <= base, bin i >= 1 holds
 * base * 2^((i-1)/128) < excess <= base * 2^(i/128): quantiles to 0.55%. */
#define EXCESS_BINS_PER_OCTAVE 128
#define EXCESS_OCTAVES 80
#define EXCESS_BINS (1 + EXCESS_BINS_PER_OCTAVE * EXCESS_OCTAVES)

struct excess_config {
	const struct lv_line *line;	/* the least-values line */
	double tick;			/* 0: unknown */
	double on_line_width;		/* "on the line": excess_step <= this */
	double unit_ns;			/* 0: unknown */
	const char *excess_path;	/* --excess FILE, or NULL */
	int integer_t;			/* print t as an integer */
	/* the line and the step function at each point, by its index
	 * (excess_prepare; NULL: computed for every sample) */
	double *line_at, *step_at;
	size_t points;
	/* the two points the line rests on and their minima: the pass
	 * finds when each minimum was taken */
	size_t rest[2];
	double rest_min[2];
};

struct excess_summary {
	uint64_t samples;
	uint64_t on_line;
	uint64_t near_line;		/* excess <= max(2 ticks, 1% of the line) */
	uint64_t at_lo, at_hi;		/* the span of the start times */
	double quantile[4];		/* 50%, 90%, 99%, 99.9% */
	int quantile_bound[4];		/* 1: only "at most quantile[i]" is known */
	double min, max;
	double base;			/* histogram bin 0 edge */
	uint64_t *hist;			/* EXCESS_BINS counts, for plots */
	double seconds;			/* time spanned by at, 0 if unknown */
	int have_at;
	uint64_t rest_at[2];		/* the start of the first run that gave
					 * each rest point's minimum; UINT64_MAX
					 * unknown */
};

/* The edges of the histogram's bins in an octave, 2^(j / 128), and the
 * bin at the start of each of EXCESS_EDGE_SLICES equal slices of [1, 2):
 * a slice (1/1024 wide) is narrower than any bin (2^(1/128) - 1 = 0.0054
 * of the octave's start), so it holds one edge at most. */
#define EXCESS_EDGE_SLICE_BITS 10
#define EXCESS_EDGE_SLICES (1 << EXCESS_EDGE_SLICE_BITS)

struct excess_edges {
	double edge[EXCESS_BINS_PER_OCTAVE + 1];
	uint8_t first[EXCESS_EDGE_SLICES];
};

/* The histogram's pass, taken a batch of records at a time: a part of a
 * pass over the samples that other parts share (analysis_pass: pass.h), or of one
 * of its own (excess_analyze).  Its sums between batches. */
struct excess_counter {
	const struct excess_config *c;
	struct excess_summary *s;
	struct excess_edges edges;
	uint64_t at_lo, at_hi, rest_at[2];
	uint64_t samples, on_line, near_line;
	double lo, hi;
};

/* Start: out zeroed, its histogram allocated.  Returns 0, or -1 when out
 * of memory. */
int excess_begin(struct excess_counter *k, const struct excess_config *cfg,
		 struct excess_summary *out);
void excess_take(struct excess_counter *k, const struct spool_record *r, size_t n);
/* After the last record: the summary and its quantiles. */
void excess_end(struct excess_counter *k);

/* The --excess file's last column, "attribution": what the model
 * attributes each run to (label; i is the run's number in the spool, from
 * 0), and the header's lines that name the labels (legend). */
struct excess_labels {
	const char *(*label)(const void *ctx, uint64_t i, const struct spool_record *r,
			     char *buf, size_t len);
	void (*legend)(const void *ctx, FILE *f);
	const void *ctx;
};

/* The --excess FILE, if cfg names one: a pass over the spool of its own,
 * with the labels' column where labels is not NULL.  Returns 0; -1 when
 * the samples cannot be read back; -2 when the file cannot be written
 * (nothing is left of it).  A message in err. */
int excess_write(struct spool *sp, const struct excess_config *cfg,
		 const struct excess_labels *labels, char *err, size_t err_len);

/* Both: the histogram's pass, then the file's.  Returns as excess_write
 * (-1 also when out of memory). */
int excess_analyze(struct spool *sp, const struct excess_config *cfg,
		   struct excess_summary *out, char *err, size_t err_len);

/* The line and the step function at each point of s, once: a pass over
 * the samples then looks them up by the records' point index.  Returns
 * 0, or -1 when out of memory (then they are computed as before). */
int excess_prepare(struct excess_config *c, const struct point_set *s);
void excess_config_free(struct excess_config *c);

/* One sample's excess over the line and over the step function. */
void excess_of(const struct excess_config *c, const struct spool_record *r,
	       double *excess, double *excess_step);

void excess_free(struct excess_summary *s);

#endif /* SUBTICK_EXCESS_H */
