/*
 * hull.h - the least-values line from the lower convex hull of the minima.
 *
 * The line under every minimum (N_i, m_i) that is highest at mean(N)
 * touches the lower convex hull along the edge whose N-span holds mean(N)
 * (Krutar 1998; Aigner & Chu 1968).  When mean(N) is a hull vertex, every
 * slope between its two edges is optimal: the slope is an interval.
 * Integer input is handled exactly (cross products in 128 bits).
 */
#ifndef SUBTICK_HULL_H
#define SUBTICK_HULL_H

#include <stddef.h>
#include <stdint.h>

#include "points.h"

struct lv_line {
	double slope, intercept;	/* the reported line */
	/* A point on it: the minimum it rests on.  The line is evaluated from
	 * there (lv_value), exactly in N, so that it stays right where its
	 * intercept at N = 0 cannot be held in a double (N near 2^64). */
	uint64_t anchor_n;
	long double anchor_y;
	double slope_lo, slope_hi;	/* the optimal slopes (equal if unique) */
	int unique;
	size_t left, right;		/* indices of the two points it rests on
					 * (left == right at a vertex) */
};

/* The line's value at n: anchor_y + slope * (n - anchor_n), the difference
 * of N exact, the rest in long double. */
double lv_value(const struct lv_line *l, uint64_t n);

/* Lower hull of the sorted minima: vertex indices into s->p, in order.
 * Returns the number of vertices (0 when out of memory). */
size_t hull_lower(const struct point_set *s, size_t *vertex);

/* Least-values line of the sorted set (at least 2 distinct N).  Returns 0,
 * or -1 when out of memory. */
int hull_least_values(const struct point_set *s, struct lv_line *out);

/* The same on bare arrays of doubles (x ascending, distinct), for the
 * resampled minima of the interval.  Returns 0 or -1. */
int hull_least_values_d(const double *x, const double *y, size_t n,
			size_t *work, struct lv_line *out);

/* The same with the mean of the N given: x and y may then be only the
 * points that can be vertices of the lower hull (the others lying above
 * it), mean that of every N's.  Returns 0. */
int hull_least_values_at(const double *x, const double *y, size_t n,
			 long double mean, size_t *v, struct lv_line *out);

/* Room for vertex k of a hull kept in two growing arrays (x and y, cap
 * each): doubled when full.  Returns 0, or -1 when out of memory (the
 * arrays as they were). */
int hull_room(double **x, double **y, size_t k, size_t *cap);

/* A least-values line whose rise over its span is less than this many W
 * (the scatter of its minima) knows its slope too poorly to testify: its
 * band, 2 to 3 W / span, would be 10% to 15% of the slope or more, and
 * its few minima scatter more than their median height says (a fifth of
 * 20 runs at N = 1..10 on a 1-unit tick, 5 units of rise, had read a
 * slope of 1 for 0.57).  linearity.h's segments and the fifths alike. */
#define HULL_RISE_MIN 20.0

/* A fifth's W is the median height of its few minima: of 6 (8 N, the two
 * it rests on left out) drawn from exponential noise it lies below half
 * the noise's median one time in 15, its band then half as wide as it
 * should be, and clean collections of 8 to 12 N had been called apart
 * (drift or fifths) in up to 4% (bench/fewfifths.py).  W is taken at an
 * upper bound of that median instead (scatter_fit_resting_upper), below
 * it by chance at this rate in each fifth whatever the noise's shape, or
 * 2^-k where k heights allow no bound that sure (k <= 6: the largest,
 * 1.6% of the time at 6): of 7 to 10 heights the largest, of 100 the
 * 63rd (1.39 times the median where the heights are exponential), of
 * 1000 the 538th (1.11 times), of 10^4 the 5117th (1.03 times). */
#define HULL_MEDIAN_UPPER_P 0.01

/*
 * The least-values slope of the minima y[i] at s's N (INFINITY: none at
 * N_i; at least 3 others) and how precisely it is known: *band = 2 W /
 * span, W the larger of tick and the median height of these minima above
 * their own line (not a larger fit's: curvature would inflate it; but the
 * two it rests on, at 0 by construction, where there are 4 or more), as a
 * line in the minima's lengths (scatter.h), the mean of its two ends'
 * (noise in proportion to the run leaves the longest runs' minima
 * furthest above: 64 geometric N to 10^9 with 0.05% of it had called
 * fifths apart by "+0.00%" in 5 of 5 seeds), span their N's; INFINITY where the line rises less than
 * HULL_RISE_MIN W.  The hull is kept as it goes, its vertices alone.  The band is no narrower than
 * the tick band's (lvband.h) about the line, with W: the lines under
 * every minimum + W and within W of each minimum no more than W above it
 * (where the line rests on two minima near each other, its slope is known
 * to W over their distance, not over the span).  Returns 0, or -1 (fewer
 * than 3, out of memory).  For the fifths of a collection's time (drift).
 */
int hull_slope_band(const struct point_set *s, const double *y, double tick,
		    double *slope, double *band);

#endif /* SUBTICK_HULL_H */
