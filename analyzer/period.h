/*
 * period.h - is there a period in the times of the interrupt-like excesses?
 *
 * The timer interrupt (every 4 ms at HZ=250) lands in one run in every
 * period; the start times of the disturbed runs are then near multiples of
 * the period.  The Rayleigh statistic Z(P) = |sum exp(2 pi i t_k / P)|^2 / K
 * is about 1 for times without period P and about K for times locked to
 * it.  Candidates come from the gaps between events (the period and its
 * first fractions), and are refined with ever longer stretches of time.
 */
#ifndef SUBTICK_PERIOD_H
#define SUBTICK_PERIOD_H

#include <stddef.h>

struct period_result {
	int found;
	double period;		/* in the unit of the times */
	double phase;		/* times near phase + k period */
	double z;		/* Rayleigh Z at the period */
	double coherence;	/* sqrt(Z / K): 0 random .. 1 locked */
	double log10_p;		/* log10 of the chance of so large a Z
				 * among all periods tried, were the times
				 * random */
	size_t events;
	double longer;		/* the longest multiple that still locks, or 0 */
	double longer_coherence;
	double level;		/* the excess above which the events were
				 * taken (set by the caller) */
};

/* times: ascending, k of them.  Needs at least 8. */
void period_detect(const double *times, size_t k, struct period_result *out);

#endif /* SUBTICK_PERIOD_H */
