/*
 * compensate.c - minima without the interruptions they held
 * (compensate.h).
 */
#include "compensate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "tunables.h"


/* What a fit's minima share, computed again only where R (or q) is not
 * the last one's: 1 - P(X > k)^R >= q is P(X > k) <= (1 - q)^(1 / R) (no
 * power per try), and the normal quantile of 1 / (R + 1); and the last
 * count found (poisson_min), with its mean. */
struct held_cache {
	double R, q;
	double below;	/* (1 - q)^(1 / R) */
	double z;	/* the normal quantile of 1 / (R + 1); 0 for R <= 1 */
	double k[3], mu[3];	/* the last count found at each step of
				 * held_cost, and its mean; mu 0: none */
	double upto[3];		/* and a mean up to which it still reaches
				 * (k holds from mu to upto) */
};

static void cache_for(struct held_cache *c, double R, double q)
{
	if (c->R == R && c->q == q)
		return;
	c->R = R;
	c->q = q;
	c->below = pow(1 - q, 1 / R);
	c->z = R > 1 ? gsl_cdf_ugaussian_Qinv(1 / (R + 1)) : 0;
	memset(c->mu, 0, sizeof c->mu);
}

/* P(min <= k) >= q for the smallest of R Poisson counts of mean mu. */
static int min_reaches(double k, double mu, const struct held_cache *c)
{
	return gsl_cdf_poisson_Q((unsigned)k, mu) <= c->below;
}

/* The smallest k in [lo, hi] that min_reaches, known to be hi's. */
static double bisect(double lo, double hi, double mu, const struct held_cache *c)
{
	while (lo < hi) {
		double mid = floor((lo + hi) / 2);
		if (min_reaches(mid, mu, c))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* The smallest k that min_reaches at mu, from the last count found at
 * step `step` of held_cost: P(X > k) grows with the mean, so at a larger
 * mean no smaller k reaches, and at a smaller one the last k still does.  The answer in one try where it is
 * the same again (the minima in the order of N, each a little longer: a
 * million N, 13 fits each, had taken 20 tries an N and fit by bisection:
 * 100 s); else by steps doubling from it, then bisection.  -1 where there
 * is no last count. */
static double from_last(double mu, double top, const struct held_cache *c, int step)
{
	double k = c->k[step], by = 1;
	if (!(c->mu[step] > 0) || k >= top)
		return -1;
	if (mu >= c->mu[step]) {	/* k - 1 does not reach */
		double no = k - 1;
		for (;;) {
			double at = fmin(no + by, top);
			if (min_reaches(at, mu, c))
				return bisect(no + 1, at, mu, c);
			if (at == top)
				return top;
			no = at;
			by *= 2;
		}
	}
	double yes = k;	/* k reaches */
	for (;;) {
		double at = yes - by;
		if (at < 0)
			return min_reaches(0, mu, c) ? 0 : bisect(1, yes, mu, c);
		if (!min_reaches(at, mu, c))
			return bisect(at + 1, yes, mu, c);
		yes = at;
		by *= 2;
	}
}

/* A mean up to which k reaches, from mu, where it does: within 0.1% of the
 * largest, by steps doubling from 0.1%, then bisection (a dozen tries, once
 * for the many N whose minima hold k). */
static double reaches_upto(double k, double mu, const struct held_cache *c)
{
	double yes = mu, by = 1e-3 * mu, no;
	if (!(by > 0))	/* a mean so small its thousandth is 0: no steps */
		return mu;
	for (;;) {
		no = yes + by;
		if (!min_reaches(k, no, c))
			break;
		yes = no;
		by *= 2;
		if (by > 1e12)
			return yes;
	}
	while (no - yes > 1e-3 * yes) {
		double mid = (yes + no) / 2;
		if (min_reaches(k, mid, c))
			yes = mid;
		else
			no = mid;
	}
	return yes;
}

/* The smallest of R Poisson counts of mean mu, at its quantile q: the
 * smallest k with P(min <= k) = 1 - P(X > k)^R >= q (c: for R and q), or
 * the top of the counts searched.  A low quantile, not the mean: the line
 * rests on the luckiest minima, and taking from each what the luckiest
 * would have held leaves no minimum below its run. */
static double poisson_min(double mu, struct held_cache *c, int step)
{
	if (!(mu > 0))
		return 0;
	double top = ceil(mu + 10 * sqrt(mu) + 10);
	if (top > 4e9)	/* no minimum holds billions of them: in unsigned */
		top = 4e9;
	if (c->mu[step] > 0 && mu >= c->mu[step] && mu <= c->upto[step])
		return c->k[step];	/* the next N's, most of the time */
	double k = from_last(mu, top, c, step);
	if (k < 0) {
		/* P(min <= k) grows with k: by bisection (a count of
		 * millions, from input built to fool, was a scan of
		 * minutes); most minima hold none */
		if (min_reaches(0, mu, c))
			k = 0;
		else if (!min_reaches(top, mu, c))
			k = top;
		else
			k = bisect(1, top, mu, c);
	}
	c->k[step] = k;
	c->mu[step] = k < top ? mu : 0;	/* top: not known to reach */
	c->upto[step] = k < top ? reaches_upto(k, mu, c) : 0;
	return k;
}

/* The cost of k interruptions as the minimum of R runs holds it: the
 * luckiest run held the cheapest (a timer of 10 us, 1 us spread, over
 * runs it saturates: the minima of 850 runs held 6.9 us, and its median
 * taken out made the unit cost 0.3% low, its bounds missing the truth).
 * w = 1: the smallest of R sums of k costs spread as the quartiles say
 * (normal: k x median - z_R sd sqrt(k), sd = IQR / 1.349, z_R the
 * normal quantile of 1 / (R + 1)); w = 0: k x median.  A tenth of the
 * median each at least. */
static double lowered(double median, double lower_quartile, double k,
		      const struct held_cache *c, double w)
{
	if (!(k > 0))
		return 0;
	double sd = 2 * (median - lower_quartile) / 1.349;
	double v = k * median - w * c->z * sd * sqrt(k);
	return v > 0.1 * k * median ? v : 0.1 * k * median;
}

/* The cost, clock units, of the interruptions the minimum m of point i,
 * of R runs, held, with every cost lowered by w (lowered) and times kc
 * and every rate times kr; *held: how many.  Of a periodic source, the
 * marks the N's floor held (the fewest its runs held: sources.h); of the
 * random one, the smallest of R Poisson counts; bursts leave runs
 * outside them clean. */
static double held_cost(const struct sources *q, size_t i, double m, double R, double kc,
			double kr, double w, double quantile, double *held, struct held_cache *c)
{
	double cost = 0, n = 0;
	const struct source *rnd = NULL;
	cache_for(c, R, quantile);
	for (size_t j = 0; j < q->count; j++) {
		const struct source *s = &q->s[j];
		/* the random source that comes most often: the others' (a
		 * stop of milliseconds, tens a second) are in few runs */
		if (s->kind == SOURCE_RANDOM && isfinite(s->rate) &&
		    (rnd == NULL || s->rate > rnd->rate))
			rnd = s;
		if (s->kind != SOURCE_PERIODIC || s->floor_marks == NULL || s->floor_marks[i] == 0)
			continue;
		double k = s->floor_marks[i];
		n += k;
		cost += lowered(s->cost, s->cost_lo, k, c, w) * kc;
	}
	/* the undisturbed part of m is what the random ones fall in */
	double d = m - cost, k = 0;
	for (int it = 0; rnd != NULL && isfinite(rnd->rate) && it < 3; it++) {
		double was = k;
		k = poisson_min(rnd->rate * kr * d, c, it);
		if (it > 0 && k == was)
			break;	/* d, and so k, would stay as they are */
		d = m - cost - lowered(rnd->cost, rnd->cost_lo, k, c, w) * kc;
		d = d > 0 ? d : 0;
	}
	*held = n + k;
	return cost + (rnd ? lowered(rnd->cost, rnd->cost_lo, k, c, w) * kc : 0);
}

/* The least-values line of the minima without what they held. */
static int fit_without(const struct point_set *s, const struct sources *q,
		       double kc, double kr, double w, double quantile,
		       struct lv_line *line, double *held_last)
{
	size_t n = s->count;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	size_t *work = malloc((n + 1) * sizeof *work);
	int rc = -1;
	struct held_cache c = { NAN, NAN, 0, 0, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
	if (x && y && work) {
		for (size_t i = 0; i < n; i++) {
			const struct point *p = &s->p[i];
			x[i] = (double)p->n;
			y[i] = p->min - held_cost(q, i, p->min, (double)p->count,
						  kc, kr, w, quantile, held_last, &c);
		}
		rc = hull_least_values_d(x, y, n, work, line);
	}
	free(x), free(y), free(work);
	return rc;
}

/* The relative errors of the costs and rates the compensation takes
 * out: the medians' standard errors from the quartiles (1.2533 sigma /
 * sqrt(k), sigma = IQR / 1.349) and the counts' Poisson errors, twice
 * over, of the sources the minima hold (the largest of them). */
static void errors(const struct sources *q, double *dc, double *dr)
{
	*dc = *dr = 0;
	for (size_t j = 0; j < q->count; j++) {
		const struct source *s = &q->s[j];
		if (s->kind == SOURCE_BURSTS)
			continue;
		double k = (double)(s->events > 1 ? s->events : 1);
		double c = 2 * 1.2533 * ((s->cost_hi - s->cost_lo) / 1.349) / sqrt(k) /
			   (s->cost > 0 ? s->cost : 1);
		*dc = fmax(*dc, c);
		*dr = fmax(*dr, 2 / sqrt(k));
	}
}

int compensate(const struct point_set *s, const struct sources *q, const struct lv_line *fit,
	       const struct interval *iv, struct compensation *out)
{
	memset(out, 0, sizeof *out);
	if (q->count == 0 || s->count < 3)
		return 0;
	struct lv_line l;
	if (fit_without(s, q, 1, 1, 1, COMPENSATE_QUANTILE, &l, &out->held_longest) != 0)
		return -1;
	if (out->held_longest < COMPENSATE_HELD)
		return 0;	/* the minima escaped: nothing to take out */
	out->slope = l.slope;
	out->intercept = l.intercept;
	double dc, dr;
	errors(q, &dc, &dr);
	double lo = l.slope, hi = l.slope, ignore;
	/* and the median of the minimum: what a typical minimum held */
	for (int c = -1; c <= 1; c += 2)
		for (int r = -1; r <= 1; r += 2)
			for (int m = 0; m < 2; m++) {
				if (fit_without(s, q, 1 + c * dc, 1 + r * dr, 1,
						m ? 0.5 : COMPENSATE_QUANTILE, &l, &ignore) != 0)
					return -1;
				lo = l.slope < lo ? l.slope : lo;
				hi = l.slope > hi ? l.slope : hi;
			}
	/* and the costs held from their median (with the cost and rate at
	 * their high ends: the most taken out) to as far again below the
	 * smallest (at their low ends): the smallest of R is itself spread,
	 * the line rests on the N whose minimum held the least of all (the
	 * smallest of 20 N's: z 4 where one N's is 3), and the median is
	 * known to a few %.  12 fits in all, not every combination's 24 */
	for (int e = -1; e <= 1; e += 2)
		for (int m = 0; m < 2; m++) {
			if (fit_without(s, q, 1 - e * dc, 1 - e * dr, e < 0 ? 0 : 2,
					m ? 0.5 : COMPENSATE_QUANTILE, &l, &ignore) != 0)
				return -1;
			lo = l.slope < lo ? l.slope : lo;
			hi = l.slope > hi ? l.slope : hi;
		}
	out->slope_lo = lo - (fit->slope - iv->slope[0]);
	out->slope_hi = hi + (iv->slope[1] - fit->slope);
	out->done = 1;
	return 0;
}

/* Each source's interruptions the longest N's minimum held. */
void compensate_held(const struct point_set *s, struct sources *q)
{
	if (s->count == 0)
		return;
	const struct point *p = &s->p[s->count - 1];
	for (size_t j = 0; j < q->count; j++) {
		struct sources one = *q;
		one.count = 1;
		one.s[0] = q->s[j];
		one.burst_from = one.burst_to = NULL;
		one.nburst = 0;
		struct held_cache c = { NAN, NAN, 0, 0, { 0, 0, 0 }, { 0, 0, 0 }, { 0, 0, 0 } };
		double held;
		held_cost(&one, s->count - 1, p->min, (double)p->count, 1, 1, 1, COMPENSATE_QUANTILE,
			  &held, &c);
		q->s[j].held_longest = held;
	}
}
