/*
 * interval.h - how far to trust the unit cost and the overhead: the bounds
 * of the least-values line, computed once for analyze, collect --until and
 * libsubtick's subtick_result.
 *
 * The bootstrap is not valid for minima, so two other bounds are combined
 * (their union is reported):
 *
 * Tick band.  If the minima sit on the required time quantized by the
 * clock, the true line lies under every minimum + W and within W of every
 * minimum the fit rests on, where W is the tick, or the median height of
 * the minima above the fitted line if larger (floor scatter); below such a
 * minimum, as far as it lies above its N's floor on average if that is
 * more (the mean spacing of its fastest runs: interval.c).  Its extreme
 * slopes and intercepts are solved exactly (lvband.h).
 *
 * Subsampling.  B refits, each on the minima of a random half of the
 * collection's blocks, contiguous stretches of it in time, so that a
 * machine whose speed drifts during the collection widens the interval.
 * With too few runs per N for blocks (fewer than 8), a random half of the
 * runs at every N instead (m-out-of-n without replacement, Politis &
 * Romano 1994): the minimum of a random half is the k-th smallest run with
 * a known probability, so the kept smallest timings suffice.  The 2.5% and
 * 97.5% quantiles of the refits, unscaled: a half-sample minimum is
 * noisier than the full one, so this errs wide.
 */
#ifndef SUBTICK_INTERVAL_H
#define SUBTICK_INTERVAL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "hull.h"
#include "points.h"
#include "scatter.h"

#define INTERVAL_REPLICATES 200

/* Stretches of a collection in time (analyze cuts them from its samples,
 * collect and the recorder keep them as they go): each one's minimum at
 * every N. */
#define BLOCKS_MAX 10
#define BLOCKS_MIN 4

struct blocks {
	unsigned count;		/* 0: too few runs per N to cut */
	double *min;		/* count x points: min[b * points + i] (INFINITY
				 * where the block has no run at N_i) */
	size_t points;
	uint32_t *min32;	/* instead of min, where every minimum is an
				 * integer below 2^32 - 1: the same, 32-bit
				 * (BLOCKS_NONE where none); NULL if not */
};

#define BLOCKS_NONE UINT32_MAX

/* Block k's minimum of N_i (INFINITY: none). */
static inline double blocks_at(const struct blocks *b, unsigned k, size_t i)
{
	if (b->min32 != NULL) {
		uint32_t v = b->min32[k * b->points + i];
		return v == BLOCKS_NONE ? INFINITY : (double)v;
	}
	return b->min[k * b->points + i];
}

/* The minimum of N_i over the blocks chosen (chosen[b] != 0). */
double blocks_min(const struct blocks *b, size_t i, const unsigned char *chosen);

struct interval {
	double slope[2], intercept[2];		/* the union: reported */
	double band_slope[2], band_intercept[2];
	double band_width;			/* W, clock units */
	struct scatter_line band_heights;	/* the minima's heights as a
						 * line in their length (the
						 * two lowest left out) */
	size_t band_support;			/* minima within W of the line */
	int band_ok;
	char band_error[160];			/* why not, when !band_ok */
	double sub_slope[2], sub_intercept[2];
	unsigned replicates;
	unsigned blocks;			/* subsampled halves of this many
						 * stretches of time; 0: of runs */
	int sub_ok;
};

/* tick: 0 when unknown.  Returns 0, or -1 (out of memory) with a message
 * in err.  A band with no finite slope range is left out (band_ok = 0,
 * band_error says why); the interval is then the subsampling's alone. */
int interval_estimate(const struct point_set *s, const struct lv_line *fit,
		      double tick, const struct blocks *blocks,
		      unsigned replicates, unsigned long seed,
		      struct interval *out, char *err, size_t err_len);

/* interval_estimate in two steps, the same: the tick band (out filled
 * anew; -1 when out of memory), which reads the points alone, then the
 * subsampling and the union, which read the blocks too.  analyze makes
 * the band before the blocks are cut: the two are not held at once. */
int interval_band(const struct point_set *s, const struct lv_line *fit, double tick,
		  struct interval *out);
int interval_finish(const struct point_set *s, const struct lv_line *fit,
		    const struct blocks *blocks, unsigned replicates, unsigned long seed,
		    struct interval *out, char *err, size_t err_len);

/* The band's width W (the tick, or the minima's median height above the
 * fit if larger), *lowest the lowest minimum's index, *support how many
 * minima lie within W of the fit.  -1 when out of memory. */
double interval_band_width(const struct point_set *s, const struct lv_line *fit,
			   double tick, size_t *lowest, size_t *support);

/* The band's limits at minimum i, measured from the lowest one (exact
 * offsets, small where timings are near 2^64): *up = offset_i + W and,
 * for a minimum within W of the fit, *lo = offset_i - W, or less by its
 * distance from its floor (its fastest runs' spacings, or with fewer
 * than 9 runs the heights' line at its length: band_heights; else
 * -INFINITY). */
void interval_band_limit(const struct point_set *s, const struct lv_line *fit,
			 size_t i, size_t lowest, double w, const struct scatter_line *heights,
			 long double *up, long double *lo);

/* The subsampling's refits: B slopes and intercepts in sl, ic (room for
 * B), on random halves of the blocks (or of the runs); *blocks_used says
 * which (0: runs).  The same seed draws the same halves of equally many
 * blocks.  Returns how many refits were made (1 when every N has one run:
 * the halves are the whole). */
unsigned interval_refits(const struct point_set *s, const struct blocks *blk,
			 unsigned B, unsigned long seed, double *sl, double *ic,
			 unsigned *blocks_used);

/* The q-quantile of sorted x[0..n) (n > 0), interpolated between order
 * statistics at (n - 1) q. */
double interval_quantile(const double *x, size_t n, double q);

#endif /* SUBTICK_INTERVAL_H */
