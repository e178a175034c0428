/*
 * nextplan.h - the plan subtick_next hands out, one N at a time: collect's
 * automatic plan (core/plan.h, Herrero & Navarro eq. 5) from a probe of
 * the program's own region (core/probewalk.h), or the N range the program
 * gave, then one warm-up sweep and shuffled sweeps until the budget is
 * spent or the bounds are narrow enough.  A state machine over the
 * timings it is told and the time it is given: no clock is read here.
 */
#ifndef SUBTICK_NEXTPLAN_H
#define SUBTICK_NEXTPLAN_H

#include <stddef.h>
#include <stdint.h>

#include "plan.h"
#include "probewalk.h"
#include "rng.h"

/* Probe runs handed out at one N with none of them timed (each dropped:
 * the CPU changed, the clock stepped back; or not timed at all) before
 * the plan gives up (EAGAIN). */
#define NEXTPLAN_UNTIMED_MAX 100

struct nextplan_config {
	uint64_t n_min, n_max;	/* the N range; n_max 0: automatic */
	size_t points;		/* N in the plan */
	double budget_ns;	/* sampling time after the probe, > 0 */
	double precision;	/* wanted relative precision, > 0 */
	int until;		/* stopping at a precision reached: the
				 * automatic plan favours long runs */
	uint64_t seed;
	/* the clock, in its units */
	double unit_ns;		/* ns per unit */
	double resolution;	/* plan_resolution */
	double band_tick;	/* calibrate_band_tick */
	double run_cap;		/* an eighth of the timer period; 0: none */
};

enum nextplan_stage {
	NEXTPLAN_PROBE,		/* the N of the probe, PROBEWALK_RUNS each */
	NEXTPLAN_WARMUP,	/* one sweep, not kept */
	NEXTPLAN_SWEEPS,	/* shuffled sweeps, kept */
	NEXTPLAN_DONE,
};

enum nextplan_stop {
	NEXTPLAN_GOING,
	NEXTPLAN_BUDGET,	/* the budget is spent */
	NEXTPLAN_UNTIL,		/* the bounds are narrow enough */
	NEXTPLAN_FAILED,	/* error: an errno */
};

struct nextplan {
	struct nextplan_config cfg;
	enum nextplan_stage stage;
	enum nextplan_stop stop;
	int error;		/* NEXTPLAN_FAILED: why (an errno) */
	struct probewalk walk;
	unsigned handed, timed;	/* probe runs at the walk's N */
	unsigned untimed;	/* runs in a row handed with none timed */
	double least;		/* the least of those timed */
	struct plan plan;
	struct plan_auto_result made;	/* what plan_auto said */
	double unit_cost, fixed_cost;	/* the probe's, units */
	size_t *order, at;	/* the sweep's order, the place in it */
	uint64_t sweeps;	/* written sweeps complete */
	uint64_t start_ns;	/* the first written sweep's start */
	struct rng rng;
	uint64_t pending;	/* the N handed out last, */
	int is_pending;		/* not yet timed */
	int fresh;		/* the plan was just made (nextplan_made) */
};

void nextplan_init(struct nextplan *p, const struct nextplan_config *c);
void nextplan_free(struct nextplan *p);

/*
 * The next N to time, at now_ns: 1 with *n, or 0 when the plan is done
 * (p->stop says why).  reached(arg) is asked at the end of each written
 * sweep whether the bounds are narrow enough (NULL: never): 1 ends the
 * plan (NEXTPLAN_UNTIL), 0 goes on, -1 fails it with errno.
 */
int nextplan_next(struct nextplan *p, uint64_t now_ns, uint64_t *n,
		  int (*reached)(void *arg), void *arg);

/* A timing t of n: 1 when it is the plan's own (the probe's or the
 * warm-up's: not a sample of the stream, as collect writes neither), 0
 * when it is a sample to keep (a sweep's, or one the plan did not hand
 * out). */
int nextplan_time(struct nextplan *p, uint64_t n, uint64_t t);

/* 1 once, right after the plan's N were chosen (the first N of the
 * warm-up was handed out): the time to say what they are. */
int nextplan_made(struct nextplan *p);

/* What the plan is, one line: "auto: 64 N in [a, b], probe x ns/N,
 * longest run y ms, expected precision z, budget 2 s, seed S". */
void nextplan_describe(const struct nextplan *p, char *buf, size_t len);

#endif /* SUBTICK_NEXTPLAN_H */
