/*
 * fold.h - the fundamental of a period found: events locked to a period p
 * are locked as well to p / 2, p / 3, ..., and the periodogram's peak may
 * be any of them (or a common fraction of two sources' periods).
 *
 * The events that hold a mark of p (the shorter runs': each holds one
 * mark at most) are folded at k p, k = 2 .. FOLD_MULTIPLE_MAX: each falls
 * in slot (its mark's number mod k).  A source of K p falls in one slot
 * of every k that divides K, and splits at the others:
 *
 *  - its period is the largest k p whose fullest slot keeps all the
 *    events but what chance spreads (n - z sqrt(n), z at MODEL_CLAIM_P
 *    over every slot and k tried), and more than even slots would give
 *    their fullest (a binomial tail), at that slot's marks (precise
 *    events lock to a high harmonic, k in the hundreds);
 *  - where none does, of the k whose slots are filled unevenly (a
 *    chi-square against even ones), the one whose fullest slot even
 *    slots make least likely (its binomial large-deviation exponent,
 *    n KL(c / n | 1 / k)): a source of K p puts its events in one slot
 *    of every k that divides K, the least likely at k = K where the
 *    slot's even share is smallest, and splits them among m slots at
 *    k = m K.  (The least such k was 2 where a 4 ms timer filled one
 *    slot of two and a 1 ms source one of three: 666.7 us was named.)
 *    Some slots beyond chance (events
 *    that hold a mark of p by chance, a run of length t with probability
 *    t / p, shared among the k slots) and not all: sources of k p, one a
 *    slot (two of one period at phases a third apart lock to a third of
 *    it); the fullest is taken now, the others are found in turn.  Only
 *    where those f sources take no more parts to say than p with the
 *    k - f slots it skips (f <= k - f + 1): a source at nearly every
 *    mark of p that skips a few is p, at the share of its marks it hits;
 *    and where the other slots hold what chance puts there, no more
 *    (slots that differ because the events' rate swings over the
 *    collection hold no sources);
 *  - where the latter's k is a multiple of the former's k', the slots
 *    agree, and one slot alone is filled beyond chance among those of
 *    the former's slot (j mod k' = its slot), that is one source of k p
 *    among events at random phases there: the fold at k' kept all but
 *    chance's share of them by chance too (a 4 ms timer among random
 *    events at its 333 us harmonic's marks: 666.7 us had been named, at
 *    10% of its marks), and other sources in its other slots with them
 *    (two 10 ms sources beside that timer: 1 ms had been named, at 27%
 *    of its marks).  Slots of another source do not count there: slots
 *    e apart, all filled and alike, the fullest not among them (a 10 ms
 *    source beside a 4 ms timer on 400 us marks fills slots 2 and 7 of
 *    10, the timer slot 3: 800 us had been named, at 23% of its marks;
 *    on 500 us marks slots 2 and 6 of 8: 1 ms, at 35%), nor anything
 *    where every slot of the former's but the fullest is filled, alike:
 *    its source is at every mark of its own, and the fullest slot holds
 *    one more there (a 2 ms source at a fifth of its marks and a 12 ms
 *    one on its marks: the 2 ms one);
 *  - else p itself.
 */
#ifndef SUBTICK_FOLD_H
#define SUBTICK_FOLD_H

#include <stddef.h>

#include "marks.h"

#define FOLD_MULTIPLE_MAX 4096

/* mid[0..n): the middles of the events holding a mark of m (their runs
 * shorter than half its period); chance: the events, of all those left,
 * that would hold a mark of m by chance; span: the events' time.  *out:
 * the fundamental's marks (m where none is longer).  Returns the
 * multiple taken (1: p itself); *several (when not NULL): 1 where it is
 * the fullest of sources in several of its slots, 0 where one slot holds
 * them all or p is kept. */
int fold_fundamental(const double *mid, size_t n, double chance, double span,
		     const struct marks *m, struct marks *out, int *several);

#endif /* SUBTICK_FOLD_H */
