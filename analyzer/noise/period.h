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
#include <stdint.h>

#include "periodogram.h"

struct period_result {
	int found;
	double period;		/* in the unit of the times */
	double phase;		/* times near phase + k period */
	double z;		/* Rayleigh Z at the period */
	double coherence;	/* sqrt(Z / K): 0 random .. 1 locked */
	double background;	/* the periodogram's own level about the
				 * period (or the harmonic of it) whose Z
				 * the chance is of: 1 for random times,
				 * more for clustered ones; 1 at least */
	double log10_p;		/* log10 of the chance of so large a Z
				 * among all periods tried, were the times
				 * random at that level */
	size_t events;
	double longer;		/* the longest multiple that still locks, or 0 */
	double longer_coherence;
	double level;		/* the excess above which the events were
				 * taken (set by the caller) */
	int null_exceeded;	/* random subsets of the run starts that
				 * locked as strongly (-1: not tested) */
};

/*
 * times: ascending, k of them.  Needs at least 8.  starts: the start
 * times of all runs (or a uniform sample of them; NULL: unknown).  The
 * events are a subset of the runs, and when the runs themselves start on
 * a grid (equal runs over a narrow range of N), any subset of them locks
 * to its period: a period is then reported only if the events lock to it
 * more than random subsets of the starts do (PERIOD_NULL_SUBSETS of them,
 * at most PERIOD_NULL_LOCKED_MAX as strongly: tunables.h).  Without
 * starts, only against uniform times.  No period below min_period is
 * tried (a stretch longer than a period holds one of its marks wherever
 * it starts: its start says nothing of the phase).
 */


/* fft: the transform to keep, or NULL (one of its own, freed) */
void period_detect(const double *times, size_t k, const double *starts,
		   size_t nstarts, double min_period, struct period_fft *fft,
		   struct period_result *out);

/* The fewest events period_detect could name a period of, at a chance
 * below 10^log10_bound: their Rayleigh Z is k at most (all at one
 * phase), and the periods tried are the periodogram's frequencies at
 * least.  Fewer need not be searched. */
double period_events_needed(double log10_bound);

#endif /* SUBTICK_PERIOD_H */
