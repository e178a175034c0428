/*
 * hinge.h - a bend in the minima: the cost's slope changing at some N.
 *
 * At a few N (those that cut the collection into eighths by count, with 3
 * N or more on each side), the minima y_i are fitted by weighted least
 * squares with a hinge, y_i = a + s x_i + c (x_i - x_p)+: two lines meeting
 * at x_p, whose slopes differ by c.  Under a cost linear in N, c's
 * estimate is a weighted sum of the minima's departures from the line,
 * c = sum a_i e_i (sum a_i = sum a_i x_i = 0), and it is judged against
 * two things:
 *
 *  - the tick.  A minimum is the duration rounded to the clock's tick, and
 *    the rounding is a function of the duration's phase against the tick,
 *    which the line sets: for some slopes (N in even steps whose cost is
 *    nearly a whole number of ticks) the roundings drift slowly along N
 *    and the minima lie on a sawtooth, a hinge of a tick or more where the
 *    cost has none (4 of bench/falsealarms.py's 1,000 linear streams, at
 *    5 to 6 standard errors).  For every slope within the unit cost's
 *    bounds and every phase, the sum of a_i times the rounding is computed
 *    exactly (a rotation of the phases changes it by a_i as each wraps);
 *    c must lie outside the range of these sums, by
 *  - the minima's scatter, judged random: its scale from the differences
 *    of neighbouring N's residuals (a curve the hinge does not follow
 *    cancels in them), at each N the larger of an absolute and a relative
 *    one (noise in proportion to the run), no less than a whole-tick
 *    rounding up of the minimum; its tail bounded by Chernoff's bound
 *    with an exponential's cumulants above the floor (the minimum of runs
 *    lies above its floor by an exponential amount) and a normal's below.
 *
 * For a scatter of known scale, the chance that a cost linear in N shows
 * such a hinge at any position tried, of either sign, is at most
 * HINGE_ALPHA (Bonferroni over them).  With the scale estimated it was
 * measured (bench/hinge_rate): none of 135,000 linear sets of 16 to 200 N
 * (noise absolute, relative or both; ticks from 1 to 1000 units) was
 * called bent at 1e-3, 5 at 1e-2; the tick's sums, which hold the
 * rounding that the scatter holds too, make it that conservative.
 *
 * Its resolution is stated too: at the position nearest the middle of the
 * range, about the least bend either way that is told (beyond the tick's
 * sums and Chernoff's bound there by the normal's 99% point of the
 * hinge's own scatter, as estimated).  A bend below it may pass unwarned,
 * and the line is then about the chord of the two slopes.
 *
 * The minima are taken relative to the first, exactly where they are
 * integers, so that timings near 2^60 units lose nothing in doubles.  The
 * work is O(N) per position and per slope tried (at most 65), for a
 * million N too, and the slopes are tried only for positions whose hinge
 * passes without them.
 */
#ifndef SUBTICK_HINGE_H
#define SUBTICK_HINGE_H

#include <stddef.h>

#include "points.h"

/* The chance, at most, that a cost linear in N is called bent: one
 * linear collection in 10^4, as the order warning's (ORDER_LOG10_P); a
 * bend of twice the bounds' half-width over 1,000 N on the tick's lattice
 * passes it by 30 orders and more (test_linearity). */
#define HINGE_ALPHA 1e-4

/* Fewer N are not tried: each half's scatter would rest on fewer than 7
 * differences, and the rate was measured from 16 N up. */
#define HINGE_MIN_POINTS 16

struct hinge_bend {
	int found;
	size_t at;		/* the bend's N: s->p[at] */
	double slope_before, slope_after;	/* clock units per unit of N */
	double log10_p;		/* the chance of one as large in a linear cost, there */
	/* The test's resolution: about the least bend it tells (the slope after
	 * less the one before, clock units per unit of N; up > 0, down < 0)
	 * at the position nearest the middle of the range of N (s->p[mid]),
	 * by the same sums and scatter as it judges a bend there by; 0 where
	 * no position was tried. */
	size_t mid;
	double told_up, told_down;
};

/*
 * The N used: s->p[at[i]] for i < n (at NULL: the first n of s, sorted),
 * at least HINGE_MIN_POINTS; x, y their N and minima less s->p[0]'s (y is
 * used up).  tick 0 when unknown; [lo, hi] the unit cost's bounds, slope
 * its estimate; matters: the least difference of slopes that is told;
 * alpha: the chance allowed (HINGE_ALPHA; bench/hinge_rate measures the
 * rate at others).  bucket: room for n.  Of the positions where a bend
 * is significant at alpha and matters, tells the one whose hinge fits
 * best.  Returns 0, or -1 when out of memory.
 */
int hinge_find(const struct point_set *s, const size_t *at, size_t n, double tick, double slope,
	       double lo, double hi, double matters, double alpha, const double *x, double *y,
	       size_t *bucket, struct hinge_bend *out);

#endif /* SUBTICK_HINGE_H */
