/*
 * scatter.h - how far the minima lie above their line, as the runs grow.
 *
 * A minimum of R runs lies above the N's floor by the least of R draws of
 * the runs' noise.  Noise added to each run (a clock read, a cache miss)
 * leaves the minima as far above at every N; noise in proportion to the
 * run (a clock that ticks a little slow for a while, the share of a core
 * another tenant takes) leaves them further above the longer the run:
 * 64 geometric N from 10^3 to 10^9 with 0.05% of exponential noise hold
 * minima 3 ns above the line at the shortest and 14 us at the longest.
 * One width W, the median height of all the minima, holds neither end:
 * the tick band's bounds had missed the unit cost there in 10 of 10
 * seeds, and the fifths had been called apart.
 *
 * The width is therefore the median height as a line in the run's length
 * L (the minimum's timing): W(L) = w0 + rel L, fitted by least absolute
 * deviations (the median's own regression: half the minima lie above it
 * at every length, where the noise is as the line says), w0 and rel not
 * below 0.  With noise added alone, rel comes out near 0 and W(L) the
 * median height, the width as it was.
 */
#ifndef SUBTICK_SCATTER_H
#define SUBTICK_SCATTER_H

#include <stddef.h>

struct scatter_line {
	double w0;	/* clock units */
	double rel;	/* per clock unit of the run's length */
};

/* The line through the heights h[i] of n minima of lengths len[i]
 * (clock units; n >= 1).  len is used up (scaled in place).  Returns 0,
 * or -1 when out of memory. */
int scatter_fit(double *len, const double *h, size_t n, struct scatter_line *out);

/* The same, of the heights above a line that rests on two of the minima:
 * those two lie on it by construction, not by the noise, and are left
 * out where there are 5 or more, the lower one of 4 (of 8 N, their two
 * zeros had put the median height at the others' third).  h is used up
 * too (reordered). */
int scatter_fit_resting(double *len, double *h, size_t n, struct scatter_line *out);

/* scatter_fit_resting, and the line then raised to an upper bound of
 * the median it stands for (scatter_median_upper, at chance beta): of
 * the heights each over the line's W at its length, which are alike
 * draws where the line holds (noise in proportion to the run: the
 * heights themselves grow with the length, and their spread would be
 * the lengths').  len and h are used up. */
int scatter_fit_resting_upper(double *len, double *h, size_t n, double beta,
			      struct scatter_line *out);

/* How far the median of k heights h (reordered) may lie below the
 * median of the noise they are drawn from: the factor by which the
 * heights' r-th smallest exceeds their median, r the least for which
 * fewer than r of k draws fall below the noise's median with a chance of
 * 1 - beta or more (each does with a chance of 1/2: a binomial tail, no
 * assumption on the noise's shape; the largest where no r suffices).
 * At least 1; 1 where the median is not above 0. */
double scatter_median_upper(double *h, size_t k, double beta);

/* W at length len, at least floor_w (the tick). */
static inline double scatter_at(const struct scatter_line *s, double len, double floor_w)
{
	double w = s->w0 + s->rel * (len > 0 ? len : 0);
	return w > floor_w ? w : floor_w;
}

#endif /* SUBTICK_SCATTER_H */
