/*
 * phasescan.h - stage 2 of the search for a source shorter than the runs
 * (lengths.h): the phase of each of the sawtooth's candidate periods,
 * from the runs' windows, level by level over stretches of the
 * collection, and the marks of the strongest named.
 */
#ifndef SUBTICK_PHASESCAN_H
#define SUBTICK_PHASESCAN_H

#include <stddef.h>

#include "lengths.h"
#include "points.h"
#include "runs.h"

/* A candidate period of the sawtooth. */
struct candidate {
	double nu;		/* frequency, over the longest floor's */
	double f;		/* F statistic */
	double c, a, b, b2;	/* the sawtooth's height; the jitter's
				 * smooth mean a + b F + b2 F^2, F over
				 * the longest floor's */
};

/* The candidates cand[0..nc) (nc <= LENGTHS_CANDIDATES, top the longest
 * floor): the strongest named at 10^PERIOD_LOG10_P into out (found,
 * log10_p, f, cost, marks; out untouched where none is).  Returns 0, or
 * -1 when memory runs out. */
int phase_scan(const struct run_sample *rs, const struct point_set *ps,
	       const struct candidate *cand, size_t nc, double top, double quantum,
	       struct lengths_result *out);

#endif /* SUBTICK_PHASESCAN_H */
