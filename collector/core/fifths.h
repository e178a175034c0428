/*
 * fifths.h - the unit cost of each fifth of a collection in time, and
 * whether they drift apart.
 *
 * A machine's speed drifts: five default collections minutes apart
 * differed by 2.8% while each one's interval was 0.75% wide.  The blocks
 * of a collection (interval.h: every N's minimum in each stretch of time)
 * grouped in order into five give five lines; where the fastest fifth's
 * band lies wholly below the slowest's, the unit cost changed during the
 * collection.  analyze's report, collect --until, the live line and
 * subtick_result judge it alike.
 */
#ifndef SUBTICK_FIFTHS_H
#define SUBTICK_FIFTHS_H

#include <stddef.h>

#include "interval.h"
#include "points.h"

#define BLOCKS_FIFTHS 5

struct fifth {
	double slope;		/* least-values slope of the fifth's minima */
	double lo, hi;		/* slope +- its band, 2 W / span */
	int ok;
};

/* The unit cost of each fifth of the collection (blocks grouped in order),
 * its band from its own scatter (tick: 0 if unknown).  Fills f[0..4] when
 * there are at least BLOCKS_FIFTHS blocks; returns how many it filled. */
size_t blocks_fifths(const struct blocks *b, const struct point_set *s,
		     double tick, struct fifth f[BLOCKS_FIFTHS]);

/* Whether the fifths drifted apart: the band of one lies wholly above
 * another's.  *lo and *hi: the fastest (the least upper end) and the
 * slowest (the greatest lower end).  f must be filled (5 of 5). */
int fifths_drift(const struct fifth f[BLOCKS_FIFTHS], int *lo, int *hi);

#endif /* SUBTICK_FIFTHS_H */
