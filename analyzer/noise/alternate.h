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
 * both sides; and where they differ, their middle halves (quartiles) do
 * not meet: a cost the source's one median and quartiles cannot tell
 * for both (a difference within their spread, from a cache refilled at
 * alternate stops, is no second source).  Then the source's marks are
 * the costlier half's, at twice the period, and the others are left to
 * the search, which finds them as a source of their own.
 *
 * A source whose every other mark meets another source's (a 10 ms stop
 * on every second 4 ms tick) alternates too, but the events there are
 * the other's, taken first with their second interruption's cost left
 * over: the costs compared are what is left to explain.
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
