/*
 * windowruns.h - how many runs a speed window holds: enough that, with
 * the interruptions the model found, no window reads a speed apart from
 * the others' where the machine's held.
 *
 * A window's speed is the least ratio t / F(N) of its runs of the upper
 * half of N (speedstates.h): 1 + e, e the least excess over its floor
 * of those runs, in the floor's share.  Where some windows' least runs
 * were clean and others' all held an interruption, the windows read
 * speeds apart by its cost over the floor: 50,000 interruptions a
 * second of 3 us against runs of 27 to 54 us (one in seven clean) left
 * one window of 32 runs in ten without a clean run, and the machine was
 * said to run 1.055 times slower 11% of the time, and to ramp, where its
 * speed never moved.  Where every run holds many (20,000 a second of 5
 * us in runs of 0.4 to 0.8 ms), the least of each window holds a few,
 * each 1% of the run or less, and the windows read alike: no state
 * apart, though none is clean.
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
 * it reads it from neighbours' differences).  K is the least from the
 * base at which the collection's W = total / K windows expect at most
 * SPEED_FALSE_ALARMS (tunables.h: the speed's own false-alarm rate over
 * the collection) that stand apart.  Where some windows hold a clean run
 * and others none, the readings lie on two values a hit apart, their
 * noise is nearly none, and K grows until nearly every window holds one;
 * where every run holds a few small hits, the readings scatter by about
 * one, a noise the segmentation takes as such, and the base stands.  e
 * is counted in bins of an eighth of the width, each hit's count placed
 * exactly before it is binned.
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

/* K for a collection of total runs over the points of s (sorted by N),
 * at least base: the least at which no window stands apart at
 * SPEED_FALSE_ALARMS.  0 where no K up to a collection of the 8 windows a
 * speed needs (speedstates.h) does: the interruptions leave no speed to
 * be read.  (size_t)-1 when out of memory. */
size_t window_runs(const struct sources *ss, const struct point_set *s, uint64_t total,
		   size_t base);

#endif /* SUBTICK_WINDOWRUNS_H */
