/*
 * tail.c - a generalized Pareto tail, fitted to binned, truncated
 * exceedances (tail.h).
 */
#include "tail.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tunables.h"

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double gpd_log_survival(double y, double sigma, double xi)
{
	if (!(y > 0))
		return 0;
	if (xi < 1e-9)
		return -y / sigma;
	return -log1p(xi * y / sigma) / xi;
}

/* The exceedances' cells: edges e[1..k] (e[0] = 0) and counts c[j] in
 * (e[j-1], e[j]]. */
struct cells {
	double e[TAIL_CELLS_MAX + 1];
	double c[TAIL_CELLS_MAX + 1];
	size_t k;
	double n;
};

/* log of S(a) - S(b), a < b, from log S(a) and log S(b), without
 * losing it to cancellation. */
static double log_mass(double la, double lb)
{
	double d = -expm1(lb - la);
	return d > 0 ? la + log(d) : -INFINITY;
}

/* Each edge's log S taken once, for the cells on either side of it. */
static double loglik(const struct cells *c, double sigma, double xi)
{
	double l = 0, la = gpd_log_survival(c->e[0], sigma, xi), lb = la;
	for (size_t j = 1; j <= c->k; j++, la = lb) {
		lb = gpd_log_survival(c->e[j], sigma, xi);
		if (c->c[j] > 0)
			l += c->c[j] * log_mass(la, lb);
	}
	/* conditioned on lying at or below top, e[k] (lb) */
	double below = -expm1(lb);
	return below > 0 ? l - c->n * log(below) : -INFINITY;
}

/* The best log sigma for a given xi: golden section over [lo, hi]
 * (the likelihood is unimodal in sigma for a fixed shape). */
static double best_sigma(const struct cells *c, double xi, double lo, double hi, double *ll)
{
	const double g = 0.6180339887498949;
	double a = lo, b = hi, x1 = b - g * (b - a), x2 = a + g * (b - a);
	double f1 = loglik(c, exp(x1), xi), f2 = loglik(c, exp(x2), xi);
	for (int it = 0; it < 80 && b - a > 1e-7; it++) {
		if (f1 < f2) {
			a = x1, x1 = x2, f1 = f2;
			x2 = a + g * (b - a);
			f2 = loglik(c, exp(x2), xi);
		} else {
			b = x2, x2 = x1, f2 = f1;
			x1 = b - g * (b - a);
			f1 = loglik(c, exp(x1), xi);
		}
	}
	double x = f1 > f2 ? x1 : x2;
	*ll = fmax(f1, f2);
	return exp(x);
}

struct profile {
	const struct cells *c;
	double lo, hi;		/* log sigma's range */
};

static double profile_at(const struct profile *p, double xi, double *sigma)
{
	double ll;
	*sigma = best_sigma(p->c, xi, p->lo, p->hi, &ll);
	return ll;
}

/* The xi of the largest profile likelihood in [0, xmax]: golden section
 * (the profile is unimodal for these fits), then its ends checked. */
static double best_xi(const struct profile *p, double xmax, double *ll)
{
	const double g = 0.6180339887498949;
	double a = 0, b = xmax, s, x1 = b - g * (b - a), x2 = a + g * (b - a);
	double f1 = profile_at(p, x1, &s), f2 = profile_at(p, x2, &s);
	for (int it = 0; it < 60 && b - a > 1e-5; it++) {
		if (f1 < f2) {
			a = x1, x1 = x2, f1 = f2;
			x2 = a + g * (b - a);
			f2 = profile_at(p, x2, &s);
		} else {
			b = x2, x2 = x1, f2 = f1;
			x1 = b - g * (b - a);
			f1 = profile_at(p, x1, &s);
		}
	}
	double x = f1 > f2 ? x1 : x2, fx = fmax(f1, f2), f0 = profile_at(p, 0, &s);
	if (f0 >= fx)
		x = 0, fx = f0;
	*ll = fx;
	return x;
}

/* Cells of the exceedances y = v - u of the sorted v[from..to): where
 * they span TAIL_CELLS_MAX lattice steps q or fewer, one cell a level,
 * ((j - 1) q, j q] for the level at j q (what the clock read as j steps,
 * up to one step less), each value in its nearest level's (values on
 * lattices of slightly different steps, as the points of a bin lie: a
 * density, not a comb); else at each distinct value where they are few,
 * else at their quantiles. */
static void cells_of(const double *v, size_t from, size_t to, double u, double q,
		     struct cells *c)
{
	size_t m = to - from, distinct = 0;
	memset(c, 0, sizeof *c);
	double span = v[to - 1] - u;
	if (q > 0 && span / q < TAIL_CELLS_MAX + 0.5) {
		size_t k = (size_t)floor(span / q + 0.5);
		k = k < 1 ? 1 : k;
		for (size_t j = 1; j <= k; j++)
			c->e[j] = (double)j * q;
		c->k = k;
		for (size_t i = from; i < to; i++) {
			double j = floor((v[i] - u) / q + 0.5);
			c->c[j < 1 ? 1 : j > (double)k ? k : (size_t)j]++;
		}
		c->n = (double)m;
		return;
	}
	for (size_t i = from; i < to; i++)
		distinct += i == from || v[i] > v[i - 1];
	if (distinct <= TAIL_CELLS_MAX) {
		for (size_t i = from; i < to; i++) {
			if (i == from || v[i] > v[i - 1])
				c->e[++c->k] = v[i] - u;
			c->c[c->k]++;
		}
	} else {
		size_t i = from;
		for (size_t j = 1; j <= TAIL_CELLS_MAX; j++) {
			size_t at = from + (j * m + TAIL_CELLS_MAX - 1) / TAIL_CELLS_MAX - 1;
			double edge = v[at] - u;
			if (c->k > 0 && !(edge > c->e[c->k]))
				continue;
			c->e[++c->k] = edge;
			for (; i < to && v[i] - u <= edge; i++)
				c->c[c->k]++;
		}
	}
	c->n = (double)m;
}

/* The levels of the sorted v[from..to): values more than tol above the
 * first of the level before (tol 0: the distinct values). */
static size_t levels(const double *v, size_t from, size_t to, double tol)
{
	size_t d = 0;
	double at = 0;
	for (size_t i = from; i < to; i++)
		if (d == 0 || v[i] > at + tol)
			d++, at = v[i];
	return d;
}

/* The profile from xi up to where it has dropped by TAIL_PROFILE_DROP,
 * or to xi_hi_min where that is more: xi_hi and the fits along the
 * way. */
static void profile_bound(const struct profile *p, double xi_hi_min, struct tail_fit *f)
{
	double s, lo = f->xi, hi = TAIL_XI_MAX;
	if (profile_at(p, hi, &s) >= f->loglik - TAIL_PROFILE_DROP) {
		lo = hi;
	} else {
		for (int it = 0; it < 40 && hi - lo > 1e-4; it++) {
			double mid = (lo + hi) / 2;
			if (profile_at(p, mid, &s) >= f->loglik - TAIL_PROFILE_DROP)
				lo = mid;
			else
				hi = mid;
		}
	}
	f->xi_hi = fmax(lo, fmin(xi_hi_min, TAIL_XI_MAX));
	f->nprof = TAIL_PROFILE;
	for (size_t k = 0; k < TAIL_PROFILE; k++) {
		double xi = f->xi + (f->xi_hi - f->xi) * (double)k / (TAIL_PROFILE - 1);
		f->prof_xi[k] = xi;
		profile_at(p, xi, &f->prof_sigma[k]);
	}
}

/* A fit whose scale ran to its bound found no falling density above u
 * (as flat as a uniform, or rising: a bump of something else, not a
 * tail): not a tail (ok 0). */
static void flat_check(struct tail_fit *out, double span)
{
	if (out->sigma >= span * 1e3)
		out->ok = 0;
}

/* The GPD fitted to v[first..end) above u: ok and out's fit, xi free
 * (free_xi 1), or 0: fixed at an exponential (free_xi 0: no bound; 2:
 * the bound xi_hi_min given, the shape the other bins show, along which
 * the profile runs). */
static void fit_cells(const double *v, size_t n, size_t first, size_t end, double u, double q,
		      int free_xi, double xi_hi_min, struct tail_fit *out)
{
	struct cells c;
	cells_of(v, first, end, u, q, &c);
	out->top = v[end - 1];
	out->top_share = (double)end / (double)n;
	out->fitted = end - first;
	out->cells = c.k;
	out->ok = 1;
	double span = c.e[c.k] > 0 ? c.e[c.k] : 1;
	struct profile p = { &c, log(span * 1e-4), log(span * 1e4) };
	out->shape_free = c.k < 3;	/* two cells tell a scale, not a shape */
	if (out->shape_free || free_xi != 1) {
		out->xi = 0;
		out->loglik = profile_at(&p, 0, &out->sigma);
		out->xi_hi = 0;
		out->nprof = 1;
		out->prof_xi[0] = 0;
		out->prof_sigma[0] = out->sigma;
		/* the others' shape alone, lifted or not: two cells tell no
		 * shape, and their own profile runs flat to TAIL_XI_MAX (a
		 * bound from it had put a bin's threshold past its runs: 8.7
		 * ms in runs of 176 us along a steep ramp, whose excess over
		 * the speed lay on two levels) */
		if (xi_hi_min > 0 && free_xi != 0) {
			out->xi_hi = fmin(xi_hi_min, TAIL_XI_MAX);
			out->nprof = TAIL_PROFILE;
			for (size_t k = 0; k < TAIL_PROFILE; k++) {
				out->prof_xi[k] = out->xi_hi * (double)k / (TAIL_PROFILE - 1);
				profile_at(&p, out->prof_xi[k], &out->prof_sigma[k]);
			}
		}
		flat_check(out, span);
		return;
	}
	out->xi = best_xi(&p, TAIL_XI_MAX, &out->loglik);
	profile_at(&p, out->xi, &out->sigma);
	profile_bound(&p, xi_hi_min, out);
	flat_check(out, span);
}

/* The values at or below x: their end in the sorted v. */
static size_t end_at(const double *v, size_t n, double x)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (v[mid] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The body ends at the first gap that its own values make unlikely:
 * neighbouring values of a smooth distribution lie apart by about the
 * mean spacing of the TAIL_SPACINGS before them, and a spacing of x times
 * that comes with probability e^-x; beyond the lattice's step, where x
 * passes ln(tests / p), the values past the gap are something else
 * (interruptions above a jitter that ends there).  The first value above
 * u is held to the spacing of the values below it (where it lies far
 * above, nothing of a jitter's tail lies above u).  Returns the end of the body in
 * v[first..end). */
static size_t body_end(const double *v, size_t n, size_t first, size_t end, double u, double q,
		       double p)
{
	if (first >= end)
		return end;
	double limit = log((double)(end - first) / p);
	size_t back = first < TAIL_SPACINGS ? first : TAIL_SPACINGS;
	double below = back > 0 ? (u - v[first - back]) / (double)back : 0;
	double g0 = v[first] - u - q;
	if (g0 > 0 && g0 > limit * fmax(below, q))
		return first;
	for (size_t i = first + TAIL_SPACINGS; i + 1 < end; i++) {
		double mean = (v[i] - v[i - TAIL_SPACINGS]) / TAIL_SPACINGS;
		double g = v[i + 1] - v[i] - q;
		if (g > 0 && g > limit * fmax(mean, q))
			return i + 1;
	}
	return end;
}

/* The fit above the quantile at `half` (the median at 0.5), truncated at
 * top_p's: tail_fit's, at one threshold. */
static void fit_above(const double *v, size_t n, double half, double top_p, double p, double q,
		      double xi_hi_min, int free_xi, struct tail_fit *out)
{
	memset(out, 0, sizeof *out);
	out->n = n;
	/* a lattice's level spreads by up to half a step q (the points of a
	 * bin lie on lattices of slightly different steps): values within
	 * tol of each other are one level */
	double tol = q > 0 ? q / 2 : 0;
	/* the truncation: the top_p quantile, and the rest of its level */
	size_t end = (size_t)ceil(top_p * (double)n);
	end = end < 1 ? 1 : end > n ? n : end;
	for (double at = v[end - 1]; end < n && v[end] <= at + tol;)
		end++;
	/* the threshold: the median, or lower, level by level, until the
	 * values above it up to the truncation are TAIL_CELLS_MIN levels (a
	 * jitter within a few ticks: its decay from one tick to the next is
	 * all the sample tells) */
	size_t first = (size_t)(half * (double)n);
	first = first >= n ? n - 1 : first;
	while (first > 0 && v[first - 1] >= v[first])
		first--;
	while (first > 0 && levels(v, first, end, tol) < TAIL_CELLS_MIN) {
		first--;
		while (first > 0 && v[first - 1] >= v[first])
			first--;
	}
	/* on a lattice with too few levels up to the truncation, the
	 * values just above it on the lattice are the jitter's too (a gap
	 * of the lattice beyond them: something else) */
	if (levels(v, first, end, tol) < TAIL_CELLS_MIN) {
		double step = q > 0 ? 1.5 * q : INFINITY;
		for (size_t i = first + 1; q == 0 && i < end; i++)
			if (v[i] > v[i - 1])
				step = fmin(step, (v[i] - v[i - 1]) * (1 + 1e-9));
		while (end < n && isfinite(step) && v[end] - v[end - 1] <= step &&
		       levels(v, first, end, tol) < TAIL_CELLS_MIN)
			for (double at = v[end]; end < n && v[end] <= at + tol;)
				end++;
	}
	double u = v[first];
	while (first < n && v[first] <= u + tol)
		first++;
	out->u = u;
	out->p_u = (double)(n - first) / (double)n;
	end = body_end(v, n, first, end, u, q, p);
	if (first >= end) {
		/* no value above u before a gap: the jitter ends at u, and the
		 * most that n values allow above it (3 / n, 95%) decays by a
		 * quantum at least as fast */
		out->ok = first < n;
		out->shape_free = 1;
		out->p_u = 3 / (double)n;
		out->sigma = q > 0 ? q : 1e-300;
		out->top = u;
		out->nprof = 1;
		out->prof_sigma[0] = out->sigma;
		return;
	}
	/* an exponential on the body first; then, truncated where the fit
	 * so far puts the share p, the GPD on all below it, again until the
	 * truncation holds the same values: a heavy tail shows in the values
	 * past the body, and what lies beyond where the jitter's tail ends
	 * (interruptions) never enters */
	fit_cells(v, n, first, end, u, q, 0, 0, out);
	for (int round = 0; round < (p > 0 ? TAIL_ROUNDS : 0); round++) {
		size_t next = body_end(v, n, first, end_at(v, n, tail_quantile(out, p, 0)), u, q, p);
		if (next <= first || next == end)
			break;
		end = next;
		fit_cells(v, n, first, end, u, q, free_xi, xi_hi_min, out);
	}
	if (p > 0 && out->ok && out->xi_hi < fmin(xi_hi_min, TAIL_XI_MAX))
		fit_cells(v, n, first, end, u, q, free_xi, xi_hi_min, out);
}

int tail_fit(double *v, size_t n, double top_p, double p, double q, double xi_hi_min,
	     struct tail_fit *out)
{
	memset(out, 0, sizeof *out);
	out->n = n;
	if (n < 2)
		return 0;
	/* a second fit of the same values finds them sorted (jitter.c's
	 * look, then its claim): no sort again */
	size_t i = 1;
	while (i < n && !(v[i] < v[i - 1]))
		i++;
	if (i < n)
		qsort(v, n, sizeof *v, by_double);
	/* a body flat above the median (a jitter spread evenly over a few
	 * ns, a uniform) is no tail there: the threshold is lifted, half the
	 * share above it each time, to where the density falls (its tail),
	 * while TAIL_CELLS_MIN levels lie above it up to the truncation,
	 * lifted alike.  Above a lifted threshold lie too few values to
	 * tell a shape (their own profile bound reaches TAIL_XI_MAX from a
	 * few dozen): the fit is an exponential, and the bound on its shape
	 * the one the other bins show (xi_hi_min: jitter.c, fit_bins) */
	double half = 0.5, top = top_p;
	fit_above(v, n, half, top, p, q, xi_hi_min, 1, out);
	while (!out->ok && out->fitted > 0) {
		half = 1 - (1 - half) / 2, top = 1 - (1 - top) / 2;
		size_t from = (size_t)(half * (double)n), to = (size_t)ceil(top * (double)n);
		double tol = q > 0 ? q / 2 : 0;
		if (to > n || to <= from || levels(v, from, to, tol) < TAIL_CELLS_MIN)
			break;
		struct tail_fit lifted;
		fit_above(v, n, half, top, p, q, xi_hi_min, 2, &lifted);
		*out = lifted;
		out->lifted = 1;
	}
	return 0;
}

/* The quantile of the GPD (sigma, xi) above u at conditional share q. */
static double gpd_quantile(double u, double sigma, double xi, double q)
{
	if (xi < 1e-9)
		return u - sigma * log(q);
	return u + sigma / xi * expm1(-xi * log(q));
}

double tail_quantile(const struct tail_fit *f, double p, int upper)
{
	if (!f->ok)
		return NAN;
	if (!(p < f->p_u))
		return f->u;
	double q = p / f->p_u, best = gpd_quantile(f->u, f->sigma, f->xi, q);
	if (upper)
		for (size_t k = 0; k < f->nprof; k++) {
			double x = gpd_quantile(f->u, f->prof_sigma[k], f->prof_xi[k], q);
			best = x > best ? x : best;
		}
	return best;
}

double tail_survival(const struct tail_fit *f, double x, int upper)
{
	if (!f->ok)
		return NAN;
	if (!(x > f->u))
		return f->p_u;
	double best = gpd_log_survival(x - f->u, f->sigma, f->xi);
	for (size_t k = 0; upper && k < f->nprof; k++) {
		double y = gpd_log_survival(x - f->u, f->prof_sigma[k], f->prof_xi[k]);
		best = y > best ? y : best;
	}
	return f->p_u * exp(best);
}
