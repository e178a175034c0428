/*
 * held.h - what a periodic source's marks hold: the marks a run holds
 * beyond its N's floor's, the events left that a source may take, one a
 * mark, and its marks refitted to those (sources.c takes its events
 * through them).
 */
#ifndef SUBTICK_HELD_H
#define SUBTICK_HELD_H

#include <stddef.h>

#include "sources.h"

/* The marks the floor of point p holds (of floor f). */
double source_floor_held(const struct source *s, size_t p, double f);

/* The marks m (s's, or a copy bounded otherwise) run u holds beyond its
 * floor's. */
double source_extra_marks(const struct source *s, const struct marks *m,
			  const struct model_run *u);

/* The marks of s run u holds beyond its floor's, where s takes its
 * events (a trace's gap holds those of its whole length too). */
double source_taken_marks(const struct run_sample *rs, const struct source *s,
			  const struct model_run *u);

/* The share of s's events (of runs run[0..k)) expected to hold no other
 * interruption: each run's chance of none over its length (a Poisson's),
 * at the rate the runs that hold none of s's marks show events (a
 * Poisson rate over their lengths, from whether each holds one).  1
 * where those runs show none; -1 when out of memory. */
double source_clean_share(const struct source_config *c, const struct source *s,
			  const size_t *run, size_t k);

/* An event left of the costs s takes (all but an after's: after.h). */
int source_left_for(const struct source *s, const struct model_event *e);

/* alone[i] 1 for the event of most cost at each mark of s among those
 * left holding one beyond their floor's, 0 for the others there (every
 * one 1 where s's marks wait on a grid's, or s is an after's).  Returns
 * 0, or -1 when out of memory. */
int source_one_a_mark(const struct source_config *c, const struct model_event *ev, size_t n,
		      const struct source *s, unsigned char *alone);

/* s's marks refitted to the costliest event at each, where narrower
 * (buf: room for n). */
void source_refine_by_costliest(const struct source_config *c, const struct model_event *ev,
				size_t n, struct source *s, double *buf);

#endif /* SUBTICK_HELD_H */
