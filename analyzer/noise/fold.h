/*
 * fold.h - the fundamental of a period found: events locked to a period p
 * are locked as well to p / 2, p / 3, ..., and the periodogram's peak may
 * be any of them (or a common fraction of two sources' periods).
 *
 * The events that hold a mark of p (the shorter runs': each holds one
 * mark at most) are folded at k p, k = 2 .. FOLD_MULTIPLE_MAX: each falls
 * in slot (its mark's number mod k).  A slot is filled where it holds
 * more than chance puts there (events that hold a mark of p by chance,
 * a run of length t with probability t / p, shared among the k slots) at
 * MODEL_CLAIM_P over every slot and k tried (a Poisson tail); a k whose
 * slots hold alike counts (a chi-square against even ones) is the
 * period's own, whatever chance leaves low.
 *
 *  - Some k fills one slot: the source's period is k p (the largest such
 *    k), at that slot's marks;
 *  - else the least k that leaves a slot empty fills several: sources of
 *    k p, one a slot; the fullest is taken now, the others are found in
 *    turn;
 *  - else p itself.
 */
#ifndef SUBTICK_FOLD_H
#define SUBTICK_FOLD_H

#include <stddef.h>

#include "marks.h"

#define FOLD_MULTIPLE_MAX 16

/* mid[0..n): the middles of the events holding a mark of m (their runs
 * shorter than half its period); chance: the events, of all those left,
 * that would hold a mark of m by chance; span: the events' time.  *out:
 * the fundamental's marks (m where none is longer).  Returns the
 * multiple taken (1: p itself). */
int fold_fundamental(const double *mid, size_t n, double chance, double span,
		     const struct marks *m, struct marks *out);

#endif /* SUBTICK_FOLD_H */
