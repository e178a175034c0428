/*
 * lengths.c - a periodic source shorter than the runs it interrupts
 * (lengths.h).
 */
#include "lengths.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "lanes.h"
#include "parallel.h"
#include "phasescan.h"
#include "tunables.h"

/* What the sawtooth costs, at most: its frequencies. */
enum { LENGTHS_STEPS_MAX = 16384 };

/* Each N's runs: how many, the mean and variance of their excess. */
struct point_mean {
	double f, f2;		/* the floor, over the longest's; its square */
	double y, w;		/* mean excess; weight: runs / variance */
	unsigned runs;
	double plain;		/* below it, x^runs is under half x's last
				 * bit, and x - x^runs is x (plain_below) */
	size_t at;		/* its point: the order where runs and floor tie */
};

/* The weighted least squares of v on 1, f and f^2 (the jitter's smooth
 * mean, docs/model.md): the normal equations' matrix of the weighted
 * sums of f^0 to f^4, and its inverse by cofactors, on as many of the
 * powers as the floors tell apart (rank): where the N's floors lie on
 * two values (a coarse tick's lattice) f^2 is a line in f, and on one
 * value f is a constant.  A determinant below 64 ulps (2^-46) of its
 * Hadamard bound, the product of the diagonal, is rounding's, each of
 * its products of sums being within a few ulps of it: the powers are
 * then dependent, and the last is left out (a quadratic on floors within
 * 1% of each other is one).  Taken as it came, a matrix singular but
 * for rounding had given coefficients of 0, the intercept's too, and a
 * sawtooth of the whole excess at every frequency: four false
 * candidates, and a source of cost 0 named. */
#define SMOOTH_DEPENDENT 0x1p-46
struct smooth {
	double inv[3][3];	/* 0 beyond the rank */
	int rank;		/* 0 to 3: the powers fitted */
};

static struct smooth smooth_of(const struct point_mean *pm, size_t n)
{
	double m[5] = { 0 };
	struct smooth s = { .rank = 0 };
	for (size_t j = 0; j < n; j++) {
		double w = pm[j].w, f = pm[j].f;
		m[0] += w, m[1] += w * f, m[2] += w * pm[j].f2;
		m[3] += w * f * pm[j].f2, m[4] += w * pm[j].f2 * pm[j].f2;
	}
	/* the cofactors (symmetric: g[i][j] = m[i + j]) */
	double c00 = m[2] * m[4] - m[3] * m[3], c01 = m[2] * m[3] - m[1] * m[4];
	double c02 = m[1] * m[3] - m[2] * m[2], c11 = m[0] * m[4] - m[2] * m[2];
	double c12 = m[1] * m[2] - m[0] * m[3], c22 = m[0] * m[2] - m[1] * m[1];
	double det = m[0] * c00 + m[1] * c01 + m[2] * c02;
	if (det > SMOOTH_DEPENDENT * m[0] * m[2] * m[4] && isfinite(det)) {
		double k = 1 / det;
		s.inv[0][0] = c00 * k, s.inv[0][1] = s.inv[1][0] = c01 * k;
		s.inv[0][2] = s.inv[2][0] = c02 * k, s.inv[1][1] = c11 * k;
		s.inv[1][2] = s.inv[2][1] = c12 * k, s.inv[2][2] = c22 * k;
		s.rank = 3;
	} else if (c22 > SMOOTH_DEPENDENT * m[0] * m[2] && isfinite(c22)) {
		double k = 1 / c22;	/* the line's: det of g's first two */
		s.inv[0][0] = m[2] * k, s.inv[0][1] = s.inv[1][0] = -m[1] * k;
		s.inv[1][1] = m[0] * k;
		s.rank = 2;
	} else if (m[0] > 0 && isfinite(m[0])) {
		s.inv[0][0] = 1 / m[0];
		s.rank = 1;
	}
	return s;
}

/* The coefficients of the smooth mean whose weighted sums with 1, f and
 * f^2 are r: into q (0 beyond the rank). */
static void smooth_solve(const struct smooth *s, const double r[3], double q[3])
{
	for (int i = 0; i < 3; i++)
		q[i] = s->inv[i][0] * r[0] + s->inv[i][1] * r[1] + s->inv[i][2] * r[2];
}

static void residuals(const struct smooth *s, const struct point_mean *pm, const double *v,
		      size_t n, double *e, double q[3])
{
	double r[3] = { 0, 0, 0 };
	for (size_t j = 0; j < n; j++)
		r[0] += pm[j].w * v[j], r[1] += pm[j].w * pm[j].f * v[j],
		r[2] += pm[j].w * pm[j].f2 * v[j];
	smooth_solve(s, r, q);
	for (size_t j = 0; j < n; j++)
		e[j] = v[j] - q[0] - q[1] * pm[j].f - q[2] * pm[j].f2;
}

/* The mean excesses' residuals from their smooth mean (ey), its
 * coefficients (q: a + b f + c f^2), the residuals' weighted sum of
 * squares, and their weighted sums with 1, f and f^2 (near 0: the
 * normal equations). */
struct residual_line {
	const double *ey;
	double q[3], rss, se[3];
};

/* Where x - x^runs is x (x in [0, 1), runs >= 2): x^(runs - 1) <=
 * 2^-56 puts the power (within a few ulps: runs is whole, the power a
 * chain of at most 2 log2(runs) products) under x 2^-55, less than half
 * the step below x (2^-54 of the power of 2 at or below it), and the
 * difference rounds back to x.  The 1e-6 covers exp2's rounding and the
 * chain's.  The sawtooth (below) takes the power only above it. */
static double plain_below(double runs)
{
	return exp2(-56 / (runs - 1)) * (1 - 1e-6);
}

/* By runs, then by floor, then by point (a total order: the sums' order,
 * and so their last bits, whatever qsort's ties do): the sawtooth's
 * powers of one count of runs take the same products in turn, which the
 * branches then foresee. */
static int by_runs(const void *x, const void *y)
{
	const struct point_mean *a = x, *b = y;
	if (a->runs != b->runs)
		return a->runs < b->runs ? -1 : 1;
	if (a->f != b->f)
		return a->f < b->f ? -1 : 1;
	return (a->at > b->at) - (a->at < b->at);
}

/* The means of the N with LENGTHS_POINT_RUNS runs or more (into pm):
 * how many.  A mean's weight is its runs over the jitter's variance at
 * its floor: the jitter's scale is a line in the floor (additive and in
 * proportion to the run, docs/model.md), so its standard deviation is
 * the line through the N's own (weighted by their runs), not each N's
 * own: from 8 runs, that is as low as 0.4 of the truth one time in a
 * hundred, and 0 where a tick's lattice puts every run on one reading,
 * which would give one N all the weight.  Where the line falls to a
 * quantum's spread within the N, the pooled deviation stands for all. */
static size_t point_means(const struct run_sample *rs, const struct point_set *ps, double quantum,
			  struct point_mean *pm)
{
	size_t np = ps->count, k = 0;
	double *n = calloc(np, sizeof *n), *m = calloc(np, sizeof *m), *q = calloc(np, sizeof *q);
	double top = 0;
	if (n == NULL || m == NULL || q == NULL) {
		free(n), free(m), free(q);
		return 0;
	}
	for (size_t i = 0; i < rs->count; i++) {	/* Welford */
		const struct model_run *u = &rs->r[i];
		double d = u->r - m[u->point];
		n[u->point]++;
		m[u->point] += d / n[u->point];
		q[u->point] += d * (u->r - m[u->point]);
	}
	for (size_t p = 0; p < np; p++)
		top = fmax(top, ps->p[p].min);
	/* the deviations' line, weighted by the runs: sums */
	double s0 = 0, s1 = 0, s2 = 0, sy = 0, sfy = 0, sq = 0;
	for (size_t p = 0; p < np && top > 0; p++) {
		if (n[p] < LENGTHS_POINT_RUNS)
			continue;
		double f = ps->p[p].min / top, sd = sqrt(q[p] / (n[p] - 1));
		s0 += n[p], s1 += n[p] * f, s2 += n[p] * f * f;
		sy += n[p] * sd, sfy += n[p] * f * sd, sq += q[p];
	}
	double det = s0 * s2 - s1 * s1, lo = quantum / sqrt(12);
	double b = det > 0 ? (s0 * sfy - s1 * sy) / det : 0, a = s0 > 0 ? (sy - b * s1) / s0 : 0;
	double pooled = s0 > 0 ? sqrt(sq / s0) : 0;
	if (fmin(a, a + b) <= lo)	/* the line reaches a quantum's spread */
		a = fmax(pooled, lo), b = 0;
	for (size_t p = 0; p < np && top > 0; p++) {
		if (n[p] < LENGTHS_POINT_RUNS)
			continue;
		double f = ps->p[p].min / top, sd = a + b * f;
		pm[k++] = (struct point_mean){ f, f * f, m[p], n[p] / (sd * sd), (unsigned)n[p],
						 plain_below(n[p]), p };
	}
	free(n), free(m), free(q);
	qsort(pm, k, sizeof *pm, by_runs);
	return k;
}

/* Frequencies the sawtooth takes in one pass over the N, in pairs of
 * lanes (lanes.h): each N's terms are read once for all of them, and
 * their sums are chains of their own that the core runs side by side.
 * Each frequency's sums are taken in the N's order, as one frequency's
 * alone would be. */
enum { SAWTOOTH_LANES = 4 };

/* Four frequencies side by side (lanes.h's four lanes), in a sawtooth
 * built for AVX2 beside the base instructions where the compiler can
 * (LANES_CLONES): the same IEEE operations in each lane either way, so
 * the same bits. */

/* The sawtooth at the frequencies nu[0..lanes) (cycles over the longest
 * floor; lanes <= SAWTOOTH_LANES): its F statistic at each (0 where its
 * height is not above 0), into c.  One pass of weighted sums: x's
 * residuals from its smooth mean in f are never formed, since the normal
 * equations give their squares' sum as sxx less x's coefficients times
 * its sums with 1, f and f^2, and their products with ey as sxy less the
 * same coefficients times ey's sums (near 0, taken once).  That
 * difference loses what rounding puts in the sums, about n 2^-52 of sxx
 * and at most the coefficients' products' 2^-52 (nu times that at worst,
 * 8e-13 of F seen): a sawtooth no further from a quadratic than n 2^-52
 * is taken as the quadratic itself (F of 0), and the products' loss goes
 * with the squares', so that a nearly smooth one's F stays near 0. */
LANES_CLONES
static void sawtooth(const struct smooth *s, const struct point_mean *pm, size_t n,
		     const struct residual_line *e, const double *nu, size_t lanes,
		     struct candidate *c)
{
	const lanes4 zero = L4(0), one = L4(1), big = L4(0x1p52);
	lanes4 v = { nu[0], nu[1], nu[2], nu[3] }, s1 = zero, sf = zero, sf2 = zero, sq = zero;
	lanes4 se = zero;
	for (size_t j = 0; j < n; j++) {
		const struct point_mean *p = &pm[j];
		/* x = frac(f nu): f nu lies in [0, 2^52) (f in (0, 1], nu at
		 * most 1 + LENGTHS_STEPS_MAX / LENGTHS_OVERSAMPLE), where
		 * adding and taking away 2^52 rounds it to a whole number,
		 * one less where that went up: floor's, bit for bit
		 * (lanes_floor's first case) */
		lanes4 fv = L4(p->f) * v, fl = (fv + big) - big;
		fl -= L4_SELECT(fl > fv, one, zero);
		lanes4 x = fv - fl;
		/* x - x^runs where x > plain, x itself elsewhere (where the
		 * power taken is 0's, never a subnormal's slow product); no
		 * power at all where no lane is above (most N of many runs:
		 * plain is 0.96 at 1000) */
		lanes4_mask above = x > L4(p->plain);
		if (above[0] | above[1] | above[2] | above[3]) {
			lanes4 pw = L4_SELECT(above, x, zero), r = one;
			for (unsigned k = p->runs;;) {	/* x^runs by squaring */
				r = k & 1 ? r * pw : r;
				k >>= 1;
				if (k == 0)
					break;
				pw *= pw;
			}
			x -= L4_SELECT(above, r, zero);
		}
		lanes4 wx = L4(p->w) * x;
		s1 += wx, sf += wx * L4(p->f), sf2 += wx * L4(p->f2), sq += wx * x;
		se += wx * L4(e->ey[j]);
	}
	for (size_t q = 0; q < lanes; q++) {
		c[q] = (struct candidate){ nu[q], 0, 0, 0, 0, 0 };
		double r[3] = { s1[q], sf[q], sf2[q] }, k[3];
		smooth_solve(s, r, k);
		double rxx = sq[q] - k[0] * r[0] - k[1] * r[1] - k[2] * r[2];
		double rxy = se[q] - k[0] * e->se[0] - k[1] * e->se[1] - k[2] * e->se[2];
		if (!(rxx > (double)n * 0x1p-52 * sq[q]) || !(rxy > 0))
			continue;
		double d = rxy * rxy / rxx, rss1 = e->rss - d;
		c[q].f = rss1 > 0 ? d / (rss1 / (double)(n - (size_t)s->rank - 1)) : INFINITY;
		c[q].c = rxy / rxx;
		c[q].a = e->q[0] - c[q].c * k[0];
		c[q].b = e->q[1] - c[q].c * k[1];
		c[q].b2 = e->q[2] - c[q].c * k[2];
	}
}

/* The sawtooth at one frequency. */
static struct candidate sawtooth_at(const struct smooth *s, const struct point_mean *pm,
				    size_t n, const struct residual_line *e, double nu)
{
	double lane[SAWTOOTH_LANES] = { nu, nu, nu, nu };
	struct candidate c;
	sawtooth(s, pm, n, e, lane, 1, &c);
	return c;
}

/* The sawtooth at every frequency of the scan, SAWTOOTH_LANES at a
 * time, the groups shared among the cores (parallel.h: each its own, the
 * same results).  Step i's frequency is 1 + (i + 1) step, i <= steps. */
struct sweep {
	const struct smooth *s;
	const struct point_mean *pm;
	size_t n;
	const struct residual_line *e;
	double step;
	size_t steps;
	struct candidate *all;
};

static void sweep_group(void *ctx, unsigned worker, size_t g)
{
	(void)worker;
	struct sweep *w = ctx;
	size_t i0 = g * SAWTOOTH_LANES, lanes = w->steps + 1 - i0;
	double nu[SAWTOOTH_LANES];
	lanes = lanes < SAWTOOTH_LANES ? lanes : SAWTOOTH_LANES;
	for (size_t q = 0; q < SAWTOOTH_LANES; q++)	/* spare lanes repeat the last */
		nu[q] = 1 + (double)(i0 + (q < lanes ? q : lanes - 1) + 1) * w->step;
	sawtooth(w->s, w->pm, w->n, w->e, nu, lanes, &w->all[i0]);
}

static int by_f(const void *x, const void *y)
{
	double a = ((const struct candidate *)x)->f, b = ((const struct candidate *)y)->f;
	return (a < b) - (a > b);
}

/* Stage 1: the strongest candidates (into best, by F, each at its local
 * peak, at MODEL_CLAIM_P over the frequencies tried): how many. */
static size_t sawtooth_candidates(const struct point_mean *pm, size_t n, double nu_hi,
				  struct candidate *best)
{
	struct smooth s = smooth_of(pm, n);
	double *ey = malloc(n * sizeof *ey), *y = malloc(n * sizeof *y);
	double step = 1.0 / LENGTHS_OVERSAMPLE;
	/* at most LENGTHS_STEPS_MAX frequencies: the shortest periods are
	 * left where there are more (thousands of N) */
	nu_hi = fmin(nu_hi, 1 + LENGTHS_STEPS_MAX * step);
	size_t steps = (size_t)((nu_hi - 1) / step), k = 0;
	struct candidate *all = malloc((steps + 1) * sizeof *all);
	if (ey == NULL || y == NULL || all == NULL || steps < 3 || s.rank == 0)
		goto out;
	struct residual_line e = { .ey = ey };
	for (size_t j = 0; j < n; j++)
		y[j] = pm[j].y;
	residuals(&s, pm, y, n, ey, e.q);
	for (size_t j = 0; j < n; j++) {
		e.rss += pm[j].w * ey[j] * ey[j];
		e.se[0] += pm[j].w * ey[j], e.se[1] += pm[j].w * pm[j].f * ey[j];
		e.se[2] += pm[j].w * pm[j].f2 * ey[j];
	}
	struct sweep sw = { .s = &s, .pm = pm, .n = n, .e = &e, .step = step, .steps = steps,
			    .all = all };
	parallel_for((steps + SAWTOOTH_LANES) / SAWTOOTH_LANES, parallel_workers(), sweep_group,
		     &sw);
	/* frequencies a step of 1 (over the longest floor) apart tell apart */
	double trials = fmax(1, nu_hi - 1);
	for (size_t i = 1; i < steps; i++) {
		if (!(all[i].f > 0) || all[i].f < all[i - 1].f || all[i].f < all[i + 1].f)
			continue;
		double p = trials * gsl_cdf_fdist_Q(all[i].f, 1, (double)(n - (size_t)s.rank - 1));
		if (p < MODEL_CLAIM_P)
			all[k++].nu = -(double)i;	/* marked: a peak */
	}
	for (size_t i = 0; i < k; i++) {	/* the peaks, in front (only
						 * their nu was written over) */
		size_t at = (size_t)-all[i].nu;
		all[i] = sawtooth_at(&s, pm, n, &e, 1 + (double)(at + 1) * step);
	}
	qsort(all, k, sizeof *all, by_f);
	k = k < LENGTHS_CANDIDATES ? k : LENGTHS_CANDIDATES;
	for (size_t i = 0; i < k; i++)
		best[i] = all[i];
out:
	free(ey), free(y), free(all);
	return k;
}

int lengths_find(const struct run_sample *rs, const struct point_set *ps, double quantum,
		 double min_period, struct lengths_result *out)
{
	*out = (struct lengths_result){ 0 };
	if (!rs->have_at || !(rs->span > 0) || ps->count < LENGTHS_POINTS_MIN)
		return 0;
	struct point_mean *pm = malloc(ps->count * sizeof *pm);
	int rc = pm ? 0 : -1;
	size_t n = rc == 0 ? point_means(rs, ps, quantum, pm) : 0;
	double top = 0;
	for (size_t p = 0; p < ps->count; p++)
		top = fmax(top, ps->p[p].min);
	/* periods from the longest floor down to twice the mean step
	 * between the N's floors (a sawtooth sampled every step is told
	 * from its aliases only above: Nyquist), none shorter than two
	 * readings of the clock */
	double bottom = top;
	for (size_t j = 0; j < n; j++)
		bottom = fmin(bottom, pm[j].f * top);
	double gap = n > 1 ? (top - bottom) / (double)(n - 1) : top;
	double p_lo = fmax(fmax(min_period, 2 * quantum), 2 * gap);
	struct candidate cand[LENGTHS_CANDIDATES];
	size_t nc = n >= LENGTHS_POINTS_MIN && top > p_lo ? sawtooth_candidates(pm, n, top / p_lo, cand)
							  : 0;
	out->candidates = nc;
	if (rc == 0 && phase_scan(rs, ps, cand, nc, top, quantum, out) != 0)
		rc = -1;
	free(pm);
	return rc;
}
