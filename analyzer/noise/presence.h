/*
 * presence.h - where in the collection a periodic source was there.
 *
 * A source there throughout puts its events among the runs at random:
 * the share of them before a moment is about the share of the runs
 * before it.  A source that came late or left early (a program's timer,
 * a device that went quiet) leaves the runs before its first event, or
 * after its last, with none.  At each of its events, the chance that so
 * few of k events fall before it (a binomial of k and the share q of
 * the runs before it) is a p-value; the least of them, over the k
 * places tried and the two ends (Bonferroni), below MODEL_CLAIM_P
 * places the source's start at that event; the end alike, mirrored.
 * Chance events of the source's cost at its marks outside where it was
 * there (another source's, the jitter's) do not move it: a place is
 * judged by how many events lie beyond it, not by whether any does.
 */
#ifndef SUBTICK_PRESENCE_H
#define SUBTICK_PRESENCE_H

#include <stddef.h>

#include "runs.h"

/* The stretch [*from, *to] (clock units since the first run's start)
 * where the events at at[0..k) (start times, sorted in place; their
 * runs' lengths len, sorted alike) came, of the sample's runs rs.
 * Returns 1 where the source was there for a part only (and *from <
 * *to), 0 where it was there throughout (or too few events or runs
 * tell), -1 out of memory. */
int presence_of(const struct run_sample *rs, double *at, double *len, size_t k, double p_claim,
		double *from, double *to);

#endif /* SUBTICK_PRESENCE_H */
