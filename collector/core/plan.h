/*
 * plan.h - which N to time, in which order: collect's plan and
 * libsubtick's (subtick_next), one code.
 */
#ifndef SUBTICK_PLAN_H
#define SUBTICK_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "calibrate.h"
#include "rng.h"

/* Distinct values of N, ascending. */
struct plan {
	uint64_t *n;
	size_t count;
};

/* Default number of points of --range without COUNT, and of the automatic
 * plan. */
#define PLAN_RANGE_POINTS 32
#define PLAN_AUTO_POINTS 64
#define PLAN_POINTS_MAX 1000000

/* --n 1000,2000,5000.  Returns 0, or -1 with a message in err. */
int plan_from_list(const char *list, struct plan *p, char *err,
		   size_t err_len);

/* --range FROM:TO[:COUNT], linear or geometric (log-spaced) steps.  Values
 * that round to the same integer are kept once.  Returns 0 or -1. */
int plan_from_range(const char *range, int geometric, struct plan *p,
		    char *err, size_t err_len);

/* count values evenly spaced over [n_max / count, n_max]. */
int plan_linear(uint64_t n_max, size_t count, struct plan *p);

/* count N spread evenly from n_lo to n_max (both in). */
int plan_between(uint64_t n_lo, uint64_t n_max, size_t count, struct plan *p);

/* The plan's count of N spread again from n_lo (rounded up) to its largest:
 * its runs start where they are long enough.  Returns 0; 1, the plan left
 * as it was, where n_lo is no larger than its smallest N or lies above
 * half its largest (too little of its range left); -1 out of memory (the
 * plan left as it was). */
int plan_raise(struct plan *p, double n_lo);

/* x rounded to the nearest N: 0 below 1/2 (and for a NaN), UINT64_MAX
 * from 2^64 on.  (llround stops at 2^63: beyond, its result is
 * unspecified, and x86's -2^63 made every larger N 2^63.) */
uint64_t plan_round_n(double x);

void plan_free(struct plan *p);

uint64_t plan_max(const struct plan *p);

/* Fill order[0..count) with a random permutation of 0..count-1: one sweep
 * visits every N once, in an order no slow period can follow.  (collect
 * draws its orders with GSL's generator, shuffle.h, so that a --seed
 * draws the orders it always has; the library has no GSL.) */
void plan_order(size_t *order, size_t count, struct rng *rng);

/* The clock's resolution in units, for the plan: the larger of the
 * detected tick and what clock_getres() claims.  The read overhead is not
 * one: it is a constant that the intercept absorbs (Herrero & Navarro's
 * eq. 5 wants the clock's precision). */
double plan_resolution(const struct calibration *cal);

/*
 * The automatic plan (Herrero & Navarro 2006, eq. 5, in our terms).
 *
 * A clock whose readings are uncertain by `resolution` units (its tick or,
 * if larger, what clock_getres() claims) measures a span of S units of variable
 * work to a relative precision of about resolution / S.  For a wanted
 * precision p the largest N must therefore make unit_cost * N_max reach
 *     S = resolution / p     (p = 1e-4: 10^4 resolutions).
 * The sampling time must hold at least PLAN_AUTO_MIN_SWEEPS sweeps, each
 * costing points * (fixed_cost + S / 2); where it cannot, S shrinks to fit
 * and the precision is what the budget allows.  Where S would shrink below
 * PLAN_MIN_TICKS resolutions (a 4 ms clock and a second of budget), the
 * plan takes fewer N instead, down to PLAN_AUTO_FEWEST_POINTS: a few N
 * with runs the clock can see beat many it cannot.  A run longer than run_cap
 * (a fraction of the timer-interrupt period) will hold interrupts; the
 * result says so.
 */
#define PLAN_AUTO_MIN_SWEEPS 10
/* The automatic plan refuses a longest run spanning fewer ticks than this
 * (without --force): the unit cost would hide inside one tick. */
#define PLAN_MIN_TICKS 10
#define PLAN_AUTO_FEWEST_POINTS 4
/* --until keeps at least this many N (analyze warns below 8). */
#define PLAN_UNTIL_FEWEST_POINTS 8

/* The plan's defaults, collect's and subtick_next's: a sampling budget
 * of 2 s (60 s at most when stopping at a precision reached: --until,
 * subtick_options.plan_until), a wanted precision of 1e-4. */
#define PLAN_DEFAULT_BUDGET_S 2.0
#define PLAN_UNTIL_BUDGET_S 60.0
#define PLAN_DEFAULT_PRECISION 1e-4

/* How long the probe's longest runs should be, ns: what the wanted
 * precision asks of the clock (resolution / precision units of unit_ns),
 * within 50 us (shorter, the reference clock's reads weigh) and 1 ms
 * (longer, the probe would take long, and the plan stretches that further
 * itself). */
double plan_probe_target_ns(double resolution, double precision, double unit_ns);

struct plan_auto_input {
	double resolution;	/* units */
	double unit_cost;	/* units per N, > 0 */
	double fixed_cost;	/* units at N = 0, >= 0 */
	double precision;	/* wanted relative precision, > 0 */
	double run_cap;		/* units; 0: no cap */
	double budget;		/* units of sampling time; 0: no limit */
	uint64_t n_max_allowed;	/* largest N the kernel wants */
	size_t points;
	/* --until: a narrow band needs long runs more than many N (its
	 * width is about 2 ticks over the span, whatever the count), so where
	 * the budget cannot hold the wanted span at `points` N, take fewer N,
	 * down to this many, before shortening the runs; 0: only below
	 * PLAN_MIN_TICKS resolutions, down to PLAN_AUTO_FEWEST_POINTS */
	size_t span_first_points;
};

struct plan_auto_result {
	double span;		/* unit_cost * N_max, units */
	double longest;		/* fixed_cost + span, units */
	double expected_precision; /* resolution / span */
	int budget_limited;	/* the budget shrank the span */
	int kernel_limited;	/* n_max_allowed shrank the span */
	int over_cap;		/* the longest run exceeds run_cap */
	size_t points;		/* N planned: in->points, or fewer */
	double ticks;		/* span / resolution */
};

int plan_auto(const struct plan_auto_input *in, struct plan *p,
	      struct plan_auto_result *out);

#endif /* SUBTICK_PLAN_H */
