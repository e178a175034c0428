/*
 * windowruns.h - how many speed windows the interruptions found make
 * read a speed apart from the others' where the machine's held.
 *
 * A window's speed is the least ratio t / F(N) of its runs of the upper
 * half of N (speedstates.h): 1 + e, e the least excess over its floor
 * of those runs, in the floor's share.  Where some windows' least runs
 * were clean and others' all held an interruption, the windows read
 * speeds apart by its cost over the floor: 50,000 interruptions a
 * second of 3 us against runs of 27 to 54 us (one in seven clean) left
 * one window of 32 runs in ten without a clean run, and the machine was
 * said to run 1.055 times slower 11% of the time, and to ramp, where its
 * speed never moved.  Windows long enough to hold a clean run each (150
 * runs there) read it right, but hide a true change shorter than they
 * are: 1.3 times slower for 5 ms of every 50 beside those interruptions
 * was then read as bursts of interruptions.  So the windows stay as they
 * are, and the model says how far to trust what they read: the speed's
 * warnings name the risk (checks.c).
 *
 * The model: a window's K runs come from sweeps over a shuffled order of
 * N, each of the upper half with chance h (the share of the runs the
 * upper half's N hold), with an excess e over its N's floor F drawn apart
 * from the others': the sum over random sources (rate r, cost c) of c H
 * / F, H Poisson of mean r F, and over periodic sources there throughout
 * (period P, cost c, firing at a share s of its marks) of c / F with
 * chance s frac((F + c) / P), a mark beyond the floor's count (as
 * rates.c's give_marked counts them).  Sources there for a part only are
 * taken out of the runs before their ratios (diagnosis.c), and bursts
 * come together, not apart: neither is in it.  With G(x) the chance that
 * a run of the upper half has e <= x (its N drawn as the runs are), a
 * window's least excess R has
 *
 *     P(R > x) = E[(1 - G(x))^m], m ~ Binomial(K, h),  = (1 - h G(x))^K
 *
 * A window stands apart from the others where its R lies from R's
 * median by more than both SPEED_STATE_WIDTH (levels within it are one
 * state) and the least lone step the segmentation cuts (changepoint.h:
 * two changes, 2 sqrt(ln(W / alpha)) sigma, sigma the windows' noise as
 * it reads it from neighbours' differences).  The collection's W = total
 * / K windows expect W P(apart) of them; more than SPEED_FALSE_ALARMS
 * (the speed's own false-alarm rate over the collection, tunables.h) and
 * the speed's states and ramps may be the interruptions'.  Where every
 * run holds a few small hits (20,000 a second of 5 us in runs of 0.4 to
 * 0.8 ms), the windows' least holds a few and they scatter alike, a
 * noise the segmentation takes as such: no risk.  e is counted in bins
 * of an eighth of the width, each hit's count placed exactly before it
 * is binned.
 */
#ifndef SUBTICK_WINDOWRUNS_H
#define SUBTICK_WINDOWRUNS_H

#include <stddef.h>
#include <stdint.h>

#include "points.h"
#include "sources.h"

/* The bins of a run's excess (of SPEED_STATE_WIDTH / 8 each, the last
 * holding all beyond: 64 widths). */
enum { WINDOW_BINS = 512 };

/* The chance of each bin of the excess of a run of floor f (clock
 * units) under the sources of ss: into pmf[WINDOW_BINS] (tmp: as many). */
void window_excess_pmf(const struct sources *ss, double f, double *pmf, double *tmp);

/* What the sources found make windows of K runs read. */
struct window_risk {
	double apart;		/* windows the collection expects read apart
				 * at a steady speed */
	double unclean;		/* the chance a window holds no clean run of
				 * the upper half */
	double hit;		/* what one interruption adds to the reading of
				 * an upper-half run, at most: the share of its
				 * floor (the costliest source's over the
				 * shortest such floor) */
};

/* The risk in windows of K runs of a collection of total runs over the
 * points of s (sorted by N), into out (all 0 where no source is found).
 * Returns 0, or -1 when out of memory. */
int window_apart(const struct sources *ss, const struct point_set *s, uint64_t total, size_t K,
		 struct window_risk *out);

#endif /* SUBTICK_WINDOWRUNS_H */
