/*
 * compensate.h - the unit cost with the interruptions taken out, where no
 * run escapes them (Bryant & O'Hallaron's compensation for timer
 * overhead: estimate one interrupt's cost, count the interrupts a run
 * suffered, subtract).
 *
 * Where the longest runs expect an interruption or more, the minimum of
 * an N is no longer the undisturbed run: it holds as many interruptions
 * as its fastest run could not escape, and the least-values line rises
 * with them (a slope too high).  Each minimum m(N) then loses the cost of
 * the interruptions its run must have held: of a source that fires every
 * period P, floor(m / P) (any stretch of m holds that many marks); of the
 * random rest at rate r, the expected smallest of the N's R Poisson
 * counts of mean r x m.  The least-values line of what is left is the
 * compensated unit cost.  The interruptions a minimum held are taken at
 * the cheapest of its runs' (the smallest of R sums, their spread from
 * the costs' quartiles).  Its bounds: the line's own bounds, widened by
 * the compensation redone with each cost and rate at the ends of its
 * uncertainty (the median's standard error and the count's Poisson
 * error, twice over) and each held cost at its median and as far again
 * below the smallest (the smallest of R is itself spread, and the line
 * rests on the N whose minimum held the least).
 */
#ifndef SUBTICK_COMPENSATE_H
#define SUBTICK_COMPENSATE_H

#include "hull.h"
#include "interval.h"
#include "points.h"
#include "sources.h"

/* Interruptions the longest N's minimum must hold for the minima to be
 * compensated (the least count the model can say a minimum held). */
#define COMPENSATE_HELD 1

struct compensation {
	int done;		/* the longest N's minimum held one or more
				 * interruptions, by the model */
	double slope, intercept;
	double slope_lo, slope_hi;	/* bounds */
	double held_longest;	/* interruptions the longest N's minimum
				 * held, by the model */
};

/* From the sources (clock units).  Returns 0, or -1 when out of
 * memory. */
int compensate(const struct point_set *s, const struct sources *q, const struct lv_line *fit,
	       const struct interval *iv, struct compensation *out);

/* Each source's held_longest: what the longest N's minimum held of it. */
void compensate_held(const struct point_set *s, struct sources *q);

#endif /* SUBTICK_COMPENSATE_H */
