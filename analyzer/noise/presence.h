/*
 * presence.h - where in the collection a periodic source was there.
 *
 * A source there throughout puts its events among the runs at random:
 * the share of them before a moment is about the share of the runs'
 * work time before it.  A source that came late or left early (a
 * program's timer, a device that went quiet) leaves the runs before its
 * first event, or after its last, with none.  At each of its events, the
 * chance that so few of k events fall before it (a binomial of k and
 * that share) is a p-value; the least of them, over the places tried and
 * the two ends (Bonferroni), below MODEL_CLAIM_P places the source's
 * start at that event; the end alike, mirrored, and one end found, the
 * other is sought again within it.  Chance events of its cost outside
 * where it was (another source's, the jitter's) do not move it: a place
 * is judged by how many events lie beyond it, not by whether any does.
 * Fewer is not none: a part is claimed only on evidence of absence
 * beyond it (docs/model.md).
 */
#ifndef SUBTICK_PRESENCE_H
#define SUBTICK_PRESENCE_H

#include <stddef.h>

#include "sources.h"

/* Where the source s (number id, of marks not bounded, or bounded
 * before: s->given) was there, from the events ev[0..n): the events of
 * its cost (those it took, and those left that cost k of its marks'
 * within its quartiles and the jitter's scale) against the sample's
 * runs, and the evidence of its absence beyond (sources.h's config).
 * *from, *to in clock units since the first run's start (to INFINITY:
 * to the end).  Returns 1 where it was there for a part only (a given
 * source: where that part is wider than before), 0 where not, -1 out of
 * memory. */
int source_presence(const struct source_config *c, const struct model_event *ev, size_t n,
		    int id, const struct source *s, double *from, double *to);

#endif /* SUBTICK_PRESENCE_H */
