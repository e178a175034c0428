/*
 * lvstate.h - the least-values line of a collection as it grows.
 *
 * Samples are folded in one by one (the minimum per N, the smallest
 * timings per N, and the minimum per N in each stretch of the collection
 * in time); the line and its bounds are computed on demand by the code
 * analyze uses on a whole stream (hull.h, interval.h).  collect --until
 * and --progress fold each sweep's samples between sweeps; libsubtick's
 * subtick_result folds the recorder's samples when it writes them; analyze
 * --follow folds what it has read so far.
 *
 * Stretches in time: up to LVSTATE_BLOCKS blocks of block_samples samples
 * each; when they are all full, neighbours merge in pairs and the blocks
 * grow twice as long, so that they always cover the collection evenly.
 * A fit groups them into at most BLOCKS_MAX, as analyze cuts a stream.
 * A fit leaves out the clock glitches analyze would (glitch.h), judged on
 * the tick given (analyze estimates one where the stream has none): a
 * reading 400 ticks low had moved a live unit cost of 0.6 to 0.5736
 * [0.549, 0.600].  The glitch's stretch then has no minimum at its N, and
 * the fit copies the smallest timings (8 to 512 bytes an N, while it
 * lasts) to drop it from its own view, the state unchanged.
 * Memory: about 200 bytes per distinct N.
 */
#ifndef SUBTICK_LVSTATE_H
#define SUBTICK_LVSTATE_H

#include <stddef.h>
#include <stdint.h>

#include "fifths.h"
#include "glitch.h"
#include "interval.h"
#include "points.h"

#define LVSTATE_BLOCKS (2 * BLOCKS_MAX)

struct lvstate {
	struct point_set points;
	/* the block minima of the point at insertion index i:
	 * bmin[i * LVSTATE_BLOCKS + b] (INFINITY: none) */
	double *bmin;
	size_t bmin_cap;	/* points room */
	uint32_t *index;	/* open addressing n -> insertion index + 1 */
	uint64_t *index_n;
	size_t slots;
	unsigned blocks;	/* blocks in use, the last one filling */
	uint64_t block_samples, in_block;
	double tick;		/* 0: unknown */
	int keep_low;		/* glitches found are kept in the line
				 * (analyze --keep-low), still reported */
};

/* tick: the clock's, in the units of t (0: unknown). */
void lvstate_init(struct lvstate *s, double tick);
void lvstate_free(struct lvstate *s);

/* Fold one sample: t clock units at n.  Returns 0, or -1 when out of
 * memory (a new N, or a smallest-timings list growing: at most
 * POINT_BEST times per N). */
int lvstate_add(struct lvstate *s, uint64_t n, uint64_t t);

/* What the samples so far say. */
struct lvstate_fit {
	int ok;			/* at least 3 N and a line */
	double slope, intercept;	/* clock units */
	struct interval iv;	/* the bounds (iv.slope, iv.intercept) */
	size_t points;
	uint64_t samples, runs_min;
	double rel_width;	/* (slope bound hi - lo) / slope; INFINITY
				 * without a positive slope */
	struct glitches glitches;	/* minima left out (glitches.kept:
					 * found and kept, keep_low) */
	/* the unit cost of each fifth of the samples in time (fifths.h),
	 * where there are 5 stretches and more; drift: the slowest fifth's
	 * band lies above the fastest's, drift_rel how far apart (slowest
	 * / fastest - 1) */
	struct fifth fifths[BLOCKS_FIFTHS];
	size_t nfifths;
	int drift;
	double drift_rel;
	int drift_fast, drift_slow;	/* which fifths (0..4, in time) */
};

/* The line and its bounds (replicates refits, seed).  Returns 0 (out->ok
 * says whether there is a line yet), or -1 when out of memory. */
int lvstate_fit(const struct lvstate *s, unsigned replicates, unsigned long seed,
		struct lvstate_fit *out);

#endif /* SUBTICK_LVSTATE_H */
