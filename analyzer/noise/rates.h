/*
 * rates.h - how often interruptions came, per unit of running time, from
 * which runs showed them: a run of length t that random interruptions at
 * rate r hit is hit at least once with probability 1 - exp(-r t), so the
 * rate is the maximum likelihood of the runs hit and not hit (a run may
 * hold two), over the runs of the N where the source's costs are seen:
 * those whose threshold lies below nearly all of them (the lowest tenth
 * of its costs), or where none is that low, below half of them (the rate
 * is then of the costs seen, and `visible` says how much of the time).
 */
#ifndef SUBTICK_RATES_H
#define SUBTICK_RATES_H

#include <stddef.h>

#include "sources.h"

/* The runs of a point as the rate sees them: how many, how many hit,
 * the clean time of those not hit, and the mean clean length of those
 * hit (an interrupted run's length less what its interruptions cost,
 * run_clean: whether one comes depends on the time the run itself
 * takes). */
struct exposure {
	double runs, hit, clean, hit_len;
	double events;	/* in the hit runs, each run's count (rates.c) */
	double wall;	/* every run's whole length, its stops too */
};

/* The rate r over the points e[0..n): hit runs' likelihood 1 - e^(-r t),
 * the others' e^(-r t).  INFINITY where every run was hit. */
double rate_of_hits(const struct exposure *e, size_t n);

/* A run's clean length: its timing less its cost where it is an event. */
double run_clean(const struct model_run *u, const struct jitter *j);

/* How many of random source s's events a run of this cost (its excess
 * over its N's typical) holds: 1, or its k-fold hits' k. */
double random_events_in(const struct source *s, double cost);

/* The events no source took, if chance does not explain their number:
 * a random source (added to out).  Returns 0, or -1 when memory runs
 * out. */
int random_source(const struct source_config *c, struct model_event *ev, size_t n,
		  struct sources *out);

#endif /* SUBTICK_RATES_H */
