/*
 * periodic.h - the periodic sources among interruptions: each with its
 * period, phase, the events it accounts for and their cost.
 *
 * An interruption is known by the stretch of time it landed in (a run of a
 * collection, a gap of an activity trace) and its cost.  The strongest
 * period of the events' times is found (period.h: the Rayleigh
 * periodogram, with the longest multiple that locks as well: the
 * fundamental, not a harmonic); the events whose stretch holds a moment
 * phase + k period are that source's, and are taken out before the next
 * source is sought among the rest, so that a timer at 1 ms and a signal at
 * 2.7 ms are two sources, not one at a common fraction.  Where the events
 * locked to a period fill only some of the phases of a multiple of it
 * (two sources of 1 ms at phases a third apart lock to 0.333 ms), each
 * filled phase is a source of that multiple.
 */
#ifndef SUBTICK_PERIODIC_H
#define SUBTICK_PERIODIC_H

#include <stddef.h>

#include "period.h"

#define PERIODIC_SOURCES_MAX 6

struct periodic_event {
	double mid;		/* the best guess of when it came */
	double lo, hi;		/* the stretch it must have come in */
	double cost;		/* what it cost */
	size_t tag;		/* the caller's (which N the run had) */
};

struct periodic_source {
	double period, phase;	/* in the unit of the events' times */
	double coherence;	/* of its own events at its period */
	size_t events;		/* events it accounts for */
	size_t short_events;	/* of its events, those of stretches shorter
				 * than half its period (each held one mark at
				 * most: its regularity is their share) */
	double hits;		/* and with those it shares with costlier
				 * ones (beyond chance): the events it hit */
	double cost, cost_lo, cost_hi;	/* median, 25% and 75% of their costs */
	double level;		/* the cost above which events were sought */
	int regular;		/* set by the caller: it fires every period */
	int as_before;		/* set by the caller: kept as found at a lower
				 * threshold (its events, its regularity:
				 * those judged there) */
	double count;		/* set by the caller: interruptions it made */
};

struct periodic_sources {
	size_t count;		/* strongest first */
	struct periodic_source s[PERIODIC_SOURCES_MAX];
	size_t tried;		/* events searched */
	struct period_result first;	/* the first search, as found */
};

/*
 * ev: events sorted by mid, n of them; null: times of all stretches that
 * could have held an event (a uniform sample; NULL: compare with uniform
 * times), nnull of them; level: the cost above which an event was taken
 * (for the figures); one_a_mark: each event is one firing (an
 * interruption), so a source takes one event at a mark, the nearest (the
 * others near it are another source's); 0 where one firing may make
 * several (a burst of slowed runs; a trace's long gap and the short stop
 * just after it); memo: the searches made before, with null (NULL: none
 * kept).  Returns 0, or -1 when out of memory.
 */
int periodic_find(const struct periodic_event *ev, size_t n, const double *null,
		  size_t nnull, double level, double fill_min, int one_a_mark,
		  struct period_memo *memo, struct periodic_sources *out);

/* Sort events by their times (periodic_find wants them so). */
void periodic_sort(struct periodic_event *ev, size_t n);

/* 1 if the stretch of e holds a mark of s. */
int periodic_holds(const struct periodic_source *s, const struct periodic_event *e);

#endif /* SUBTICK_PERIODIC_H */
