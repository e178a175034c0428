/*
 * sources.h - the interruptions' sources, strongest first (docs/model.md,
 * stage 5), as radio astronomy's CLEAN takes one source out of a map
 * before it looks for the next (Hogbom 1974):
 *
 *  1. bursts (bursts.h): events crowded in time beyond what a steady
 *     rate gives (first: a burst's events lock to the bursts' period
 *     too, many at a mark, where a periodic source holds one);
 *  2. periodic: the strongest period of the events' start times (the
 *     Rayleigh periodogram, period.h, named at its false-alarm bound),
 *     its fundamental (the fold test, fold.h), its marks refitted, and
 *     the events whose runs hold one of its marks more than their N's
 *     floor does are its own.  Their cost is its cost; one whose cost lies
 *     beyond the source's own spread (at MODEL_FALSE_ALARMS over its
 *     events) held a second interruption at the mark, and what is left of
 *     its cost stays to be explained: two sources on one grid are two.
 *     Costs that alternate from mark to mark are two sources of twice
 *     the period (alternate.h).  Then the search again, among the events
 *     left.
 *  3. random: what is left, at a rate corrected for the runs whose
 *     threshold hides its costs (rates.h).
 *
 * The runs a periodic source's marks or a burst hold are then explained
 * (RUN_EXPLAINED): the jitter is fitted again without them.
 */
#ifndef SUBTICK_SOURCES_H
#define SUBTICK_SOURCES_H

#include <stddef.h>
#include <stdint.h>

#include "flicker.h"
#include "jitter.h"
#include "marks.h"
#include "periodmemo.h"
#include "points.h"
#include "runs.h"

#define SOURCES_MAX 8
/* Of which the periodic search and the windows after leave the random
 * rest two: a guest's hypervisor stops of 2 us and other processes' of
 * milliseconds, each a random source of its own on these machines (an
 * activity trace whose bursts and six periodic sources had filled the
 * eight had lost its random rest, 308 a second, from the count). */
#define SOURCES_RANDOM_ROOM 2

enum source_kind { SOURCE_PERIODIC, SOURCE_BURSTS, SOURCE_RANDOM };

struct source {
	enum source_kind kind;
	struct marks marks;	/* periodic; bursts: their period where
				 * they come at one (period 0: none) */
	double rate;		/* interruptions a clock unit of running
				 * time, corrected for the runs that hide
				 * them */
	double rate_lo, rate_hi;	/* its bounds (Poisson, 95%) */
	double cost, cost_lo, cost_hi;	/* median and quartiles, clock units */
	double cost_own_lo;	/* periodic: the least its own median may be,
				 * where its runs hold others' interruptions
				 * too (take_events); cost where they hold
				 * none */
	double fire;		/* periodic: the share of its marks it hits
				 * where it is seen (NAN: not seen alone) */
	size_t events;		/* events of the sample it explains */
	double log10_p;		/* how likely so strong a finding were there
				 * none: log10 of that chance */
	double coherence;	/* periodic: of its events at its period */
	size_t bursts;		/* bursts: how many */
	double per_burst;	/* interruptions in one (median) */
	double width;		/* a burst's length, clock units (median) */
	double cost_from;	/* random: the least cost of its events
				 * (0: every cost; the random rest parts
				 * where its costs lie apart: rates.c) */
	double once;		/* random: where its costs are k-fold hits
				 * from (a run's count is its cost over the
				 * single ones', cost, rounded: rates.c);
				 * INFINITY: every run holds one */
	double clean_time;	/* random, once finite: the clean running
				 * time its rate is read over (sample) */
	double held_count;	/* and its interruptions there */
	double visible;		/* the share of running time in which one
				 * of its typical cost would be seen */
	double held_longest;	/* its interruptions the longest N's floor
				 * holds (compensate.h) */
	int after;		/* periodic: 1 + the index of the source
				 * whose marks it follows, its marks the
				 * window of runs slowed after each of
				 * that one's (after.h); 0: a source of its
				 * own */
	double after_lo, after_hi;	/* after: the costs of the events it
					 * takes */
	double after_share;	/* after: the share of the sample's runs in
				 * its window that it takes */
	int given;		/* periodic, there for a part only: found
				 * before the speed was read again without
				 * its runs (diagnosis.c), and taken again
				 * where it was there without the test of
				 * chance its first finding passed */
	uint16_t *floor_marks;	/* periodic: the marks each N's floor holds
				 * (the fewest its runs hold); NULL: none
				 * (every floor shorter than half a period) */
};

/* An event: a run above its threshold. */
struct model_event {
	size_t run;		/* in the sample */
	double at, t;		/* its run's start and length, clock units */
	double cost;		/* what is left to explain of it */
	double extra;		/* marks of the source that took it, beyond
				 * its floor's (1 but in saturated runs) */
	int source;		/* -1: none yet */
	unsigned held;		/* bit k: it held a mark of periodic source k
				 * beyond its floor's (taken by it, or held a
				 * second interruption there) */
};

struct sources {
	size_t count;
	struct source s[SOURCES_MAX];
	size_t events;		/* events of the sample */
	int searched;		/* periods were searched (start times on one
				 * clock) */
	/* the bursts' stretches of time, clock units, in order */
	double *burst_from, *burst_to;
	size_t nburst;
	/* runs slower by a share of their length (flicker.h): no source */
	struct flicker flicker;
};

struct source_config {
	const struct run_sample *rs;
	const struct point_set *points;	/* sorted */
	const struct jitter *jitter;
	double quantum;		/* the clock's reading, clock units */
	int one_clock;		/* the start times lie on one clock: periods
				 * and bursts are searched */
	double min_period;	/* no shorter period is sought (0: any) */
	struct period_memo *memo;	/* the period searches' findings, kept
					 * from one call to the next (NULL:
					 * each call keeps its own) */
};

/* Fills out (zeroed, or the round before's: its periodic sources are
 * taken again first, where their events still hold); flags the sample's
 * runs RUN_EVENT and RUN_EXPLAINED.  Returns 0, or -1 when memory runs
 * out. */
int sources_find(const struct source_config *c, struct run_sample *rs, struct sources *out);

/* A periodic source of marks m found before the jitter (lengths.h: one
 * shorter than the runs, whose cost the jitter would take for its own):
 * added to out, its runs flagged RUN_EXPLAINED, so that the jitter is
 * fitted without them and sources_find takes it again as the round
 * before's, where its events hold. */
void sources_seed(const struct source_config *c, struct run_sample *rs, const struct marks *m,
		  double log10_p, struct sources *out);

/* Source k removed from out (its marks freed), those above it one down
 * (their after's indices too). */
void sources_remove(struct sources *out, size_t k);

/* The runs the sources ss explain flagged RUN_EXPLAINED (ss found before
 * the speed was read again: the jitter is fitted without them). */
void sources_explain(const struct source_config *c, const struct sources *ss,
		     struct run_sample *rs);

/* The marks each N's floor holds of every source there for a part only
 * counted where it was (the first rounds count them as through the
 * collection: bound_to_presence).  Returns 0, or -1 out of memory. */
int sources_floors_where_there(const struct source_config *c, struct sources *ss);

/* Whether s is a periodic source there for a part of the collection
 * only (its marks bounded: presence.h). */
int source_part(const struct source *s);

/* s's rate over a collection of span clock units (since the first run's
 * start): its rate while there, times the share of the span it was
 * there where that is a part (presence.h). */
double source_rate_over(const struct source *s, double span);

/* Whether the run [at, at + t] of point p holds a mark of the periodic
 * source s beyond its floor's. */
int source_holds_run(const struct source *s, double at, double t, size_t p);

/* What the periodic sources' interruptions a run [at, at + t] of point p
 * holds (their marks beyond its floor's) cost it: each at its source's
 * median cost, or its upper quartile (upper); 0 where none holds it,
 * INFINITY in a burst. */
double sources_cost_held(const struct sources *ss, double at, double t, size_t p, int upper);

/* The source of a run of point p (of the sample or not) whose excess
 * over the jitter's typical is `cost` (clock units), or -1: the first
 * periodic source whose marks it holds one more of than its floor's (an
 * after's only where the cost lies among those of the events it takes:
 * a run of 5 us in the window of runs slowed by 100 ns is another's; NAN,
 * unknown: none), or the bursts where it overlaps one. */
int sources_of_run(const struct sources *ss, double at, double t, size_t p, double cost);

/* Median, quartiles and the scale of a normal's (1.4826 x the median
 * absolute deviation) of costs v[0..n) (reordered, then overwritten). */
void sources_spread(double *v, size_t n, double *med, double *lo, double *hi, double *mad);

/* The source of an event (a run above its threshold) of cost `cost`
 * (clock units; NAN: unknown): its run's, or the random one of its costs
 * where there is one (the cheapest where the cost is unknown); -1:
 * none. */
int sources_of_event(const struct sources *ss, double at, double t, size_t p, double cost);

/* Zeroed: empty. */
void sources_free(struct sources *ss);

#endif /* SUBTICK_SOURCES_H */
