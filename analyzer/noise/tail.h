/*
 * tail.h - the upper tail of a distribution, from a sample of it: a
 * generalized Pareto distribution (GPD) fitted to the values above the
 * sample's median, up to an upper quantile (peaks over threshold: Coles,
 * An Introduction to Statistical Modeling of Extreme Values, 2001, ch. 4).
 *
 * Above u (the median), P(X > u + y | X > u) = (1 + xi y / sigma)^(-1/xi)
 * (exp(-y / sigma) at xi = 0).  The fit is by maximum likelihood over
 * binned, truncated data: the exceedances up to `top` (a quantile of the
 * sample, 90% unless that holds too few distinct values) counted in cells,
 * each cell's probability the GPD's mass over it, the whole conditioned on
 * lying below top.  Binned, because timings lie on a clock's tick: a
 * lattice of a few values has no density, but each value's share is the
 * GPD's mass between it and the one below.  Truncated, because what lies
 * beyond top may be something else (interruptions, whose costs form a
 * distribution of their own): they do not move the fit.
 *
 * Where the values above the median are flat (no tail there), the
 * threshold is lifted, half the share above it each time, to where they
 * fall: an exponential there, its shape bounded by the other bins'
 * (lifted).
 *
 * xi is kept >= 0: a tail lighter than an exponential (bounded jitter, a
 * quantized one) is taken as exponential, which overstates it, never
 * understates.  Where the sample cannot tell xi (too few distinct values),
 * xi is 0 and said so (shape_free).
 *
 * The quantile far out in the tail depends most on xi, which the body of
 * the sample knows least.  tail_quantile(..., upper = 1) is the largest
 * quantile of the fits the data allows: those whose profile likelihood
 * lies within chi2(1, 0.95) / 2 = 1.92 of the best (a 95% profile
 * likelihood bound), so that a threshold set there holds its false-alarm
 * rate though xi was estimated.
 */
#ifndef SUBTICK_TAIL_H
#define SUBTICK_TAIL_H

#include <stddef.h>

/* points along the profile likelihood kept for the upper bound */
#define TAIL_PROFILE 12

struct tail_fit {
	int ok;			/* 0: nothing above the median */
	size_t n;		/* the sample */
	double u;		/* the median, or below (tail_fit) */
	int lifted;		/* u lifted above the median: a body flat
				 * above it (tail_fit) */
	double p_u;		/* share of the sample above u */
	double top;		/* the fit's truncation: exceedances up to it */
	double top_share;	/* share of the sample at or below top */
	size_t fitted;		/* exceedances fitted (u < x <= top) */
	size_t cells;		/* cells they were counted in */
	int shape_free;		/* too few cells to tell xi: fixed at 0 */
	double sigma, xi;	/* maximum likelihood, xi >= 0 */
	double loglik;
	double xi_hi;		/* upper 95% profile bound of xi */
	double prof_sigma[TAIL_PROFILE], prof_xi[TAIL_PROFILE];
	size_t nprof;		/* fits along the profile, xi to xi_hi */
};

/*
 * Fits v[0..n) (reordered: sorted on return).  top_p: the upper quantile
 * the first fit (an exponential) stops at (TAIL_TOP); then the GPD is
 * fitted to every value up to where the fit before puts the share p
 * (the false-alarm rate it is wanted for), until that holds the same
 * values (TAIL_ROUNDS at most): the tail past the body is fitted, and
 * what lies beyond where it ends never enters.  Where fewer than TAIL_CELLS_MIN distinct
 * values lie between the median and it (a jitter within a few ticks),
 * the threshold u is lowered, value by value, until they are as many or
 * u is the smallest, and the truncation raised over the values next to it
 * on the lattice (its step the least between two values below it; a gap
 * beyond is something else): the decay from one tick to the next is then
 * all the sample tells, and xi is 0 where it holds fewer than three
 * (shape_free).  The upper bound xi_hi is xi_hi_min at least (the
 * shape the other bins of N show: jitter.h), where p > 0.
 * Returns 0, or -1 when memory runs out.
 */
int tail_fit(double *v, size_t n, double top_p, double p, double q, double xi_hi_min,
	     struct tail_fit *out);

/* The x above which a share p of all values lies (p < p_u): at the best
 * fit (upper 0), or the largest of the fits within the 95% bound (upper
 * 1).  u where p >= p_u; NAN where !ok. */
double tail_quantile(const struct tail_fit *f, double p, int upper);

/* P(X > x) at the best fit, x >= u (p_u below u); with upper, the largest
 * of the fits within the 95% bound (as tail_quantile's). */
double tail_survival(const struct tail_fit *f, double x, int upper);

/* The GPD's log survival at y >= 0 (its own, not the sample's). */
double gpd_log_survival(double y, double sigma, double xi);

#endif /* SUBTICK_TAIL_H */
