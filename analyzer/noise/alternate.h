/*
 * alternate.h - a periodic source whose costs alternate from mark to
 * mark: two sources of twice its period, half of it apart (a 4 ms timer
 * of 27 us at 1 ms and one of 10 us at 3 ms read as "every 2 ms, 27 us"
 * where the period search finds the events every 2 ms: half its marks'
 * costs silently wrong, the other source gone).
 *
 * Of the events a source's marks hold, one a mark (the costliest), in
 * runs that hold one mark only: their costs at even marks and at odd
 * ones are compared by the Mann-Whitney rank sum (normal, without the
 * ties' correction, which only narrows its variance), at MODEL_CLAIM_P
 * both sides; and where they differ,
 *  - their middle halves (quartiles) do not meet: a cost the source's
 *    one median and quartiles cannot tell for both (a difference within
 *    their spread, from a cache refilled at alternate stops, is no
 *    second source);
 *  - their medians differ by a cost that would be seen alone at every N
 *    their events lie at (jitter.h): the second source could be named
 *    (a faint source, just seen, on every other mark is its own);
 *  - the costlier marks hold no cluster of the cheaper cost beyond their
 *    own spread's tail (a normal's from their MAD, no less than the
 *    jitter's scale; Poisson at MODEL_CLAIM_P): a source on every mark
 *    with another on every second one at a share of its marks (in phase)
 *    leaves the first one's cost alone where the second skips.
 * Then the source's marks are the costlier half's, at twice the period,
 * and the others are left to the search, which finds them as a source of
 * their own.  (A source found again in a later round is tested again:
 * four sources a quarter of a period apart come apart in two rounds;
 * its chance, log10_p, stays the undoubled period's.)
 *
 * Two sources half a period apart, and a source of every mark with
 * another on every second one at all of those (in phase, at a share of
 * 1), give the same events at the same costs: the split names the
 * former (the model, where it is not split, names the latter).
 */
#ifndef SUBTICK_ALTERNATE_H
#define SUBTICK_ALTERNATE_H

#include <stddef.h>

#include "sources.h"

/*
 * Whether s's events' costs alternate (above); if so, s's marks become
 * the costlier half's and 1 is returned, else 0 (s as it was); -1 when
 * out of memory.  buf: room for n.  Sources on a grid, or after
 * another's marks, are left as they are.
 */
int alternate_split(const struct source_config *c, const struct model_event *ev, size_t n,
		    struct source *s, double *buf);

#endif /* SUBTICK_ALTERNATE_H */
