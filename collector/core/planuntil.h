/*
 * planuntil.h - the plan that reaches a wanted width of the unit cost's
 * bounds soonest (collect --until REL), from the clock's tick, the
 * kernel's cost and the rate of the interruptions; made before the first
 * sweep and again between sweeps as the fits measure the band and the
 * rate.
 *
 * The model (all times in clock units).  The plan is P values of N spread
 * evenly, N_j = j N_max / P (plan_linear); run j lasts T_j = f + c N_j
 * (f the fixed cost, c the cost per unit), a sweep sum_j T_j =
 * P f + c N_max (P + 1) / 2.
 *
 * Width.  The tick band (interval.h) puts the true line within W of every
 * minimum the fit rests on, W the band's width (the tick, or the minima's
 * scatter above the line if larger).  A line through strips of half-width
 * W at the two ends of a span S = c (N_hi - N_lo) may tilt by (a + b) / S
 * either way, a the slack above the right end's minimum, b below the
 * left's: with the floors' phases uniform under the line, a = W v and
 * b = W (1 + u), v and u uniform on [0, 1), so the bounds span
 *     w = 2 (W + W (E a' + E b')) / S
 * relative to c.  Two N: E v = E u = 1/2, w = 4 W / S.  With m clean N the
 * slack at an end is the least, over the N at fractions j / (m - 1) of the
 * span from it, of v_j + j / (m - 1) (a nearer N with a smaller slack tilts
 * the line as much as the end one), whose mean
 *     E_m = int_0^1 prod_j (1 - clamp(s - j / (m - 1), 0, 1)) ds
 * falls as sqrt(pi / (2 (m - 1))): w = 2 W (1 + 2 E_m) / S, to 2 W / S (the
 * tick band's two ticks over the span) with many N.  (2.6e-5 was measured
 * for 64 N over runs of 0.05 to 1.1 ms of a 10 ns tick, where
 * 2 W (1 + 2 E_64) / S gives 2.5e-5.)
 *
 * Clean runs.  Interruptions come as a Poisson process of rate r, and the
 * machine runs at its fastest a share s of the time (speed states: a run
 * in a slower one lies above the band whatever its length): a run of
 * length T is clean (its time within the band) with probability
 * q = s exp(-r T), and the minimum of k runs with p = 1 - (1 - q)^k.  An N
 * whose minimum is not clean lies above the band and bounds nothing; the
 * band then rests on the clean N: the expected largest and smallest of
 * them (N_hi = N_j with probability p_j prod_{i > j} (1 - p_i)) give the
 * span, their expected count m.  W is the minima's median height above
 * the line where that is larger (interval.h), so it holds only while m is
 * half the N at least; below, the width is taken as unbounded.  So the
 * expected width after k sweeps is
 *     w(N_max, P, k) = 2 W (1 + 2 E_m) / (c (E N_hi - E N_lo)),
 * W = tick + beta T_P: the minima scatter above their floors by the runs'
 * own jitter, in proportion to the run (beta from the fit's band over
 * the longest run it rests on; 0 before any fit), so that no length
 * narrows w below about 2 beta,
 * falling with k, and the time to reach REL is k* sweep(N_max, P), k* the
 * least k (at least runs_min, the stop's own floor) with w <= REL.
 *
 * Choice.  Longer runs hold more ticks (w falls as 1 / N_max) but fewer
 * are clean; more N narrow w by E_m but cost time.  plan_until takes the
 * (N_max, P) of least time k* sweep among N_max on a geometric grid from
 * the least that could reach REL with every minimum clean to the most the
 * budget (runs_min sweeps) and the kernel allow, and P doubling from
 * points_min to points_max.  Where no pair reaches REL within the budget,
 * the pair of least width at the budget's end.
 */
#ifndef SUBTICK_PLANUNTIL_H
#define SUBTICK_PLANUNTIL_H

#include <stddef.h>
#include <stdint.h>

struct plan_until_input {
	double band;		/* W at no length: the tick, clock units (> 0) */
	double scatter;		/* W's growth per unit of the longest run's
				 * length (the run's own jitter, in proportion
				 * to it), >= 0 */
	double unit_cost;	/* c, units per N (> 0) */
	double fixed_cost;	/* f, units (>= 0) */
	double rate;		/* r, interruptions per unit (>= 0) */
	double fast_share;	/* s, the share of the time the machine runs
				 * at its fastest, in (0, 1] */
	double until;		/* REL (> 0) */
	double budget;		/* units of sampling time (> 0) */
	uint64_t n_max_allowed;
	size_t points_min, points_max;	/* 2 <= min <= max */
	unsigned runs_min;	/* sweeps at least (the stop's floor) */
	/* the longest run spans at least this (units; 0: no floor): the
	 * eq. 5 span of the --precision asked for (plan.h), which the band
	 * needs where the minima scatter above the tick, as short runs'
	 * do, before any fit has measured W */
	double span_least;
};

struct plan_until_choice {
	uint64_t n_max;
	size_t points;
	double sweeps;		/* k*: expected sweeps to REL (or the
				 * budget's sweeps where unreachable) */
	double width;		/* expected width after them */
	double time;		/* sweeps x sweep, units */
	double sweep;		/* one sweep, units */
	int reachable;		/* REL expected within the budget */
	int kernel_limited;	/* n_max_allowed capped N_max */
};

/* Expected width after k sweeps of (n_max, points) (the model above);
 * INFINITY where fewer than two N are expected clean. */
double plan_until_width(const struct plan_until_input *in, uint64_t n_max,
			size_t points, double k);

/* The sweep's length in units: points f + c n_max (points + 1) / 2. */
double plan_until_sweep(const struct plan_until_input *in, uint64_t n_max,
			size_t points);

/* The least k >= runs_min with plan_until_width <= REL, at most k_max;
 * 0 where even k_max does not reach it. */
double plan_until_sweeps(const struct plan_until_input *in, uint64_t n_max,
			 size_t points, double k_max);

/* The choice (the model above).  Returns 0; -1 on inputs out of range. */
int plan_until(const struct plan_until_input *in, struct plan_until_choice *out);

/*
 * The share s and the rate r from runs counted clean or not at each
 * length T_j (c_j clean of k_j): the maximum of the likelihood
 *     sum_j c_j ln(s e^{-r T_j}) + (k_j - c_j) ln(1 - s e^{-r T_j}),
 * the rate by golden section on log r (and r = 0) over the likelihood
 * maximised in s at each r.  s = 1, r = 0 when every run was clean;
 * where none was, r = 0 and s = 1 / (runs + 1): fewer than one clean in
 * the count.
 */
void plan_until_clean(const double *length, const uint64_t *clean, const uint64_t *runs,
		      size_t count, double *share, double *rate);

#endif /* SUBTICK_PLANUNTIL_H */
