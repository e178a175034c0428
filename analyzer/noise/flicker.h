/*
 * flicker.h - runs slower by a share of their own length, here and there
 * among fast ones: a speed that changes faster than the speed's windows
 * follow (speedstates.h: the least stretched of SPEED_WINDOW_RUNS runs in
 * a row is the window's speed, so a run now and then at 1.08 times is no
 * state).  Such a run's excess over its floor is k F, k its slowing, F
 * its floor: an interruption's cost is the same in a run of any length.
 * Read as interruptions, they were a random source, bursts, or runs
 * slowed after a source's marks, at a cost that grew with the run
 * (docs/model.md, the sources' first step).
 *
 * The test, among the claimed events no source before took (their cost c
 * over the jitter's typical, F their floor at their speed):
 *
 *   - where costs are the same in runs of any length (interruptions), q =
 *     c / F at random is c paired with the F of any event: the count the
 *     pairs put in a window of log q is what chance gives it; taken over
 *     the N whose claim threshold (in cost) lies at or below the median
 *     N's, and their events above it, so that a cost seen at one of them
 *     is seen at all (no truncation bends the pairing);
 *   - a window of log q (FLICKER_BINS_PER_OCTAVE a doubling, widths of 2
 *     to 16 of them) holding more than twice what chance puts there (its
 *     runs are more likely slowed than interrupted, each of them), and so
 *     many that a Poisson count of that mean reaches them less often than
 *     MODEL_CLAIM_P over every window tried;
 *   - widened by the bins beside it holding more than twice what the
 *     events beyond it, paired so, put there;
 *   - and whose share of the runs no interruption hit, beside the
 *     interruptions each N expects in it, is alike at every N where a
 *     slowed run would be claimed: many small interruptions (20,000 a
 *     second of 5 us in runs of 17 to 570 us) put costs in proportion to
 *     the run as well, but in whole counts of them, at some N and not others
 *     (a Cochran-Armitage trend in log F, either side, and a chi-square
 *     of the N's shares, each at MODEL_CLAIM_P / 2).  Where another
 *     disturbance moves the slowed runs' shares from N to N too (a cost
 *     added to some of them moves a short run's share of its length more
 *     than a long one's), they fail it, and stay interruptions, as they
 *     were before this test.
 */
#ifndef SUBTICK_FLICKER_H
#define SUBTICK_FLICKER_H

#include <stddef.h>

#include "jitter.h"
#include "runs.h"

struct source_config;
struct model_event;

struct flicker {
	int found;
	int from, to;		/* the window: bins of log2 q, [from, to) */
	/* the window as found, before it was widened: */
	double log10_p;		/* so many in it by chance, over the windows */
	double expected;	/* what chance puts there, of the events seen */
	double seen;		/* the events there, of the same */
	double trend_z;		/* the share's rise with log F */
	double homogeneity_p;	/* the N's shares as alike as chance's */
	size_t runs;		/* the sample's runs it took */
	size_t visible;		/* the sample's runs no interruption hit at
				 * the N where a slowed run is claimed */
	size_t visible_runs;	/* of them, those in the window: the share
				 * of runs slowed is this over visible */
	double share, share_lo, share_hi;	/* q of those it took: median
						 * and quartiles */
};

/* Finds it among the n events ev (their runs in c->rs), the claimed ones
 * that no source took yet (source < 0): those it takes leave ev (n is
 * their count after) and their runs are flagged RUN_EXPLAINED, no event.
 * out is filled anew.  Returns 0, or -1 when memory runs out. */
int flicker_find(const struct source_config *c, struct run_sample *rs, struct model_event *ev,
		 size_t *n, struct flicker *out);

/* Whether a run at point p of this cost over the jitter's typical, of
 * floor F at its speed, is a slowed one of f's: its cost within the
 * window's shares of F, less the jitter's typical below (a slowed run's
 * jitter may be none) and plus the jitter's body above (up to look(N),
 * where the jitter's own events begin). */
int flicker_holds(const struct flicker *f, const struct jitter *j, size_t p, double cost,
		  double floor);

#endif /* SUBTICK_FLICKER_H */
