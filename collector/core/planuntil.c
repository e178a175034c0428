/*
 * planuntil.c - the plan that reaches a width soonest (planuntil.h).
 */
#include "planuntil.h"

#include <math.h>

/* E_m is tabled up to this many clean N (a plan of --until has at most
 * 64); beyond, it is summed when asked. */
#define SLACK_TABLE 129
/* Steps of the midpoint rule for E_m over [0, s_max]: its integrand is a
 * polynomial of degree m between the breaks j / (m - 1); at this many
 * steps the sum agrees with one of 16 times as many to 1e-5 (m = 2 to
 * 129; m = 2 gives 1/2 exactly). */
#define SLACK_STEPS 512
/* Grid of N_max: this many steps an octave, so that the run chosen lies
 * within 2^(1/16) = 4% in length of the model's best, finer than the
 * model's inputs are known (the probe's cost per unit alone moves by
 * more from one collection to the next). */
#define GRID_PER_OCTAVE 16

/* E_m (planuntil.h): the mean least slack, in W, at an end of m clean N.
 * The integrand, P(least > s), is about exp(-(m - 1) s^2 / 2) (its mean
 * sqrt(pi / (2 (m - 1))) to first order, 6% high at m = 129): past
 * s = 8 / sqrt(m - 1) it is below e^-32, and the sum stops there. */
static double end_slack(unsigned m)
{
	if (m < 2)
		return INFINITY;
	double s_max = fmin(1, 8 / sqrt((double)(m - 1))), sum = 0;
	for (unsigned i = 0; i < SLACK_STEPS; i++) {
		double s = s_max * (i + 0.5) / SLACK_STEPS, prod = 1;
		for (unsigned j = 0; j < m && prod > 0; j++) {
			double x = s - (double)j / (m - 1);
			if (x <= 0)
				break;	/* the rest lie beyond s: each 1 */
			prod *= x >= 1 ? 0 : 1 - x;
		}
		sum += prod;
	}
	return sum * s_max / SLACK_STEPS;
}

struct slack_table {
	double e[SLACK_TABLE + 1];
};

static void slack_table_fill(struct slack_table *t)
{
	for (unsigned m = 0; m <= SLACK_TABLE; m++)
		t->e[m] = end_slack(m);
}

static double slack_of(const struct slack_table *t, double m)
{
	unsigned whole = m >= 2 ? (unsigned)floor(m + 1e-9) : 0;	/* round down: errs wide */
	return t != NULL && whole <= SLACK_TABLE ? t->e[whole] : end_slack(whole);
}

double plan_until_sweep(const struct plan_until_input *in, uint64_t n_max,
			size_t points)
{
	return (double)points * in->fixed_cost +
	       in->unit_cost * (double)n_max * ((double)points + 1) / 2;
}

/* The minimum of N_j's k runs is clean: 1 - (1 - exp(-r T_j))^k. */
static double clean_min(const struct plan_until_input *in, double t, double k)
{
	double q = in->fast_share * exp(-in->rate * t);
	return q >= 1 ? 1 : -expm1(k * log1p(-q));
}

static double width_with(const struct plan_until_input *in, const struct slack_table *tab,
			 uint64_t n_max, size_t points, double k)
{
	double m = 0, hi = 0, lo = 0, none_above = 1, none_below = 1;
	/* E N_hi from the top down, E N_lo from the bottom up */
	for (size_t j = points; j >= 1; j--) {
		double n = (double)n_max * (double)j / (double)points;
		double p = clean_min(in, in->fixed_cost + in->unit_cost * n, k);
		hi += n * p * none_above;
		none_above *= 1 - p;
		m += p;
	}
	for (size_t j = 1; j <= points; j++) {
		double n = (double)n_max * (double)j / (double)points;
		double p = clean_min(in, in->fixed_cost + in->unit_cost * n, k);
		lo += n * p * none_below;
		none_below *= 1 - p;
	}
	double span = in->unit_cost * (hi - lo);
	/* the band's W is the median height of the minima where larger
	 * (interval.h): W holds while half the minima at least are clean */
	if (m < 2 || m < (double)points / 2 || !(span > 0))
		return INFINITY;
	double w = in->band + in->scatter * (in->fixed_cost + in->unit_cost * (double)n_max);
	return 2 * w * (1 + 2 * slack_of(tab, m)) / span;
}

double plan_until_width(const struct plan_until_input *in, uint64_t n_max,
			size_t points, double k)
{
	return width_with(in, NULL, n_max, points, k);
}

static double sweeps_with(const struct plan_until_input *in, const struct slack_table *tab,
			  uint64_t n_max, size_t points, double k_max)
{
	double k_lo = in->runs_min > 0 ? in->runs_min : 1;
	k_max = floor(k_max);
	if (k_max < k_lo || width_with(in, tab, n_max, points, k_max) > in->until)
		return 0;
	if (width_with(in, tab, n_max, points, k_lo) <= in->until)
		return k_lo;
	/* the width falls with k: the least k that reaches REL, in (lo, hi] */
	double lo = k_lo, hi = k_max;
	while (hi - lo > 1) {
		double mid = floor((lo + hi) / 2);
		if (width_with(in, tab, n_max, points, mid) <= in->until)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

double plan_until_sweeps(const struct plan_until_input *in, uint64_t n_max,
			 size_t points, double k_max)
{
	return sweeps_with(in, NULL, n_max, points, k_max);
}

static int input_ok(const struct plan_until_input *in)
{
	return in->band > 0 && in->scatter >= 0 && in->unit_cost > 0 && in->fixed_cost >= 0 && in->rate >= 0 &&
	       in->fast_share > 0 && in->fast_share <= 1 &&
	       in->until > 0 && in->budget > 0 && isfinite(in->budget) &&
	       in->points_min >= 2 && in->points_min <= in->points_max && in->n_max_allowed >= 2;
}

/* The largest N_max whose runs_min sweeps of `points` N fit the budget
 * and the kernel; 0 where none does. */
static double n_most(const struct plan_until_input *in, size_t points)
{
	double k = in->runs_min > 0 ? in->runs_min : 1;
	double room = in->budget / k - (double)points * in->fixed_cost;
	double n = floor(2 * room / (in->unit_cost * ((double)points + 1)));
	if (n > (double)in->n_max_allowed)
		n = (double)in->n_max_allowed;
	return n >= (double)points ? n : 0;
}

/* (n_max, points) weighed against the best so far: the least time where
 * REL is reachable, else the least width at the budget's end. */
static void weigh(const struct plan_until_input *in, const struct slack_table *tab,
		  uint64_t n_max, size_t points, struct plan_until_choice *best)
{
	double sweep = plan_until_sweep(in, n_max, points);
	double k_max = floor(in->budget / sweep);
	double k = sweeps_with(in, tab, n_max, points, k_max);
	struct plan_until_choice c = { n_max, points, k, 0, k * sweep, sweep, k > 0, 0 };
	if (k > 0) {
		c.width = width_with(in, tab, n_max, points, k);
	} else {
		c.sweeps = k_max;
		c.width = width_with(in, tab, n_max, points, k_max);
		c.time = k_max * sweep;
	}
	int better = best->points == 0 ||
		     (c.reachable && (!best->reachable || c.time < best->time)) ||
		     (!c.reachable && !best->reachable && c.width < best->width);
	if (better)
		*best = c;
}

int plan_until(const struct plan_until_input *in, struct plan_until_choice *out)
{
	*out = (struct plan_until_choice){ 0 };
	if (!input_ok(in))
		return -1;
	struct slack_table tab;
	slack_table_fill(&tab);
	for (size_t points = in->points_min; points <= in->points_max;
	     points = points < in->points_max && 2 * points > in->points_max ? in->points_max
									    : 2 * points) {
		double most = n_most(in, points);
		/* the least N_max that could reach REL with every minimum
		 * clean and E_m -> 0: S = c N_max (1 - 1/P) = 2 W / REL */
		double least = ceil(2 * in->band / (in->until * in->unit_cost) *
				    (double)points / ((double)points - 1));
		if (least < ceil(in->span_least / in->unit_cost))
			least = ceil(in->span_least / in->unit_cost);
		if (least < (double)points)
			least = (double)points;
		if (most > 0) {
			double n = least < most ? least : most;
			for (;; n *= exp2(1.0 / GRID_PER_OCTAVE)) {
				double at = n < most ? floor(n) : most;
				weigh(in, &tab, (uint64_t)at, points, out);
				if (at >= most)
					break;
			}
		}
		if (points == in->points_max)
			break;
	}
	if (out->points == 0) {	/* not even runs_min sweeps of the fewest N fit */
		double n = (double)in->points_min;
		weigh(in, &tab, (uint64_t)n, in->points_min, out);
	}
	out->kernel_limited = (double)out->n_max >= (double)in->n_max_allowed;
	return 0;
}

/* The log-likelihood of (share, rate) and, for the rate given, the share
 * that maximises it: its derivative in the share,
 *     C / s - sum_j d_j e_j / (1 - s e_j),   e_j = exp(-r T_j),
 * falls with s (bisection; 1 where it is still >= 0 there). */
struct counts {
	const double *t;
	const uint64_t *clean, *runs;
	size_t count;
};

static double loglik(const struct counts *c, double share, double rate)
{
	double l = 0;
	for (size_t j = 0; j < c->count; j++) {
		if (c->runs[j] == 0 || !(c->t[j] > 0))
			continue;
		double q = share * exp(-rate * c->t[j]);
		double dirty = (double)(c->runs[j] - c->clean[j]);
		l += (double)c->clean[j] * log(q) + (dirty > 0 ? dirty * log1p(-q) : 0);
	}
	return l;
}

static double best_share(const struct counts *c, double rate)
{
	double lo = 0, hi = 1;
	for (int it = 0; it < 100; it++) {
		double s = (lo + hi) / 2, g = 0;
		for (size_t j = 0; j < c->count; j++) {
			if (c->runs[j] == 0 || !(c->t[j] > 0))
				continue;
			double e = exp(-rate * c->t[j]);
			g += (double)c->clean[j] / s -
			     (double)(c->runs[j] - c->clean[j]) * e / (1 - s * e);
		}
		if (g > 0)
			lo = s;
		else
			hi = s;
	}
	return (lo + hi) / 2;
}

void plan_until_clean(const double *length, const uint64_t *clean, const uint64_t *runs,
		      size_t count, double *share, double *rate)
{
	struct counts c = { length, clean, runs, count };
	double t_min = INFINITY, t_max = 0, runs_all = 0, clean_all = 0;
	for (size_t j = 0; j < count; j++) {
		if (runs[j] == 0 || !(length[j] > 0))
			continue;
		t_min = fmin(t_min, length[j]);
		t_max = fmax(t_max, length[j]);
		runs_all += (double)runs[j];
		clean_all += (double)clean[j];
	}
	*share = 1, *rate = 0;
	if (runs_all == 0 || clean_all == runs_all)
		return;
	if (clean_all == 0) {	/* fewer than one clean in the count */
		*share = 1 / (runs_all + 1);
		return;
	}
	/* the profile likelihood in log r, golden section, against r = 0 */
	double a = log(1e-6 / t_max), b = log(100 / t_min), g = (sqrt(5) - 1) / 2;
	double x1 = b - g * (b - a), x2 = a + g * (b - a);
	double f1 = loglik(&c, best_share(&c, exp(x1)), exp(x1));
	double f2 = loglik(&c, best_share(&c, exp(x2)), exp(x2));
	for (int it = 0; it < 100 && b - a > 1e-6; it++) {
		if (f1 >= f2) {
			b = x2, x2 = x1, f2 = f1;
			x1 = b - g * (b - a);
			f1 = loglik(&c, best_share(&c, exp(x1)), exp(x1));
		} else {
			a = x1, x1 = x2, f1 = f2;
			x2 = a + g * (b - a);
			f2 = loglik(&c, best_share(&c, exp(x2)), exp(x2));
		}
	}
	double r = exp((a + b) / 2), s = best_share(&c, r), s0 = best_share(&c, 0);
	if (loglik(&c, s0, 0) >= loglik(&c, s, r))
		r = 0, s = s0;
	*share = s, *rate = r;
}
