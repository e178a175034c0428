/*
 * hinge.c - a bend in the minima (hinge.h).
 */
#include "hinge.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The positions tried: the N at j / HINGE_PARTS of the count, j = 1 ..
 * HINGE_PARTS - 1 (the hinges at neighbouring eighths correlate at 0.84
 * to 0.93 over even N, so a bend between two weighs mostly on the
 * nearer), with HINGE_SIDE N or more on each side: two give a part's
 * slope, the third its scatter (one N off the line is one_point's case,
 * linearity.h).
 */
enum { HINGE_PARTS = 8, HINGE_SIDE = 3 };

/*
 * The slopes the tick's phase is sought over: the bounds, in steps that
 * turn the phase of the largest N by 1/8 of a tick (the sums change as
 * phases wrap; a sawtooth that fakes a hinge turns by one to a few ticks
 * over the range, so 8 steps a turn find its peak).  At most
 * HINGE_TURNS_MAX turns (65 slopes: the work's bound): bounds wider than
 * that at the largest N come mostly from minima scattered over several
 * ticks (the band's width is about 2.7 W / the span: W above 3 ticks),
 * which HINGE_DITHER leaves out; for the others the steps spread over
 * the bounds, coarser.
 */
enum { HINGE_STEPS_PER_TURN = 8, HINGE_TURNS_MAX = 8 };

struct position {
	size_t at;		/* in the N used */
	double up;		/* u there */
	double mu, mz, k, szz;	/* the contrast, weighted (weight()) */
	double c, s, icpt;	/* the hinge over u, clock units */
	double abs2, rel2;	/* the scatter (squared): absolute, relative */
	double rss;		/* the weighted squares left */
	double fmin, fmax;	/* the sums of a_i times the rounding, in ticks */
	int pending;		/* still a candidate */
	int phased;		/* its minima may round in step with the line */
};

/* What the test works on: the N used (u: x scaled to [0, 1], their
 * weights om) and the point set they come from. */
struct hinge_data {
	const struct point_set *s;
	const size_t *at;	/* index in s of each N used (NULL: all) */
	size_t n;
	const double *x, *y;	/* N and minima less the set's first */
	double *u, *om;
	double base, tick;
};

static double hinge_z(double u, double up)
{
	return u > up ? u - up : 0;
}

static uint32_t runs_of(const struct hinge_data *d, size_t i)
{
	return d->s->p[d->at ? d->at[i] : i].count;
}

/* The contrast's weight a_i: c = sum a_i y_i. */
static double weight(const struct position *p, double u, double om)
{
	return om * (hinge_z(u, p->up) - p->mz - p->k * (u - p->mu)) / p->szz;
}

/* The weighted least-squares hinge at p->up: the contrast (orthogonal to
 * 1 and u under the weights, in two passes about the weighted means), c,
 * and the line of y - c z.  up = 2 fits the line alone (c = 0).  Returns
 * 0, or -1 when degenerate. */
static int fit_at(const struct hinge_data *d, struct position *p)
{
	const double *u = d->u, *y = d->y, *om = d->om;
	double sw = 0, su = 0, sz = 0;
	for (size_t i = 0; i < d->n; i++)
		sw += om[i], su += om[i] * u[i], sz += om[i] * hinge_z(u[i], p->up);
	p->mu = su / sw, p->mz = sz / sw;
	double suu = 0, suz = 0;
	for (size_t i = 0; i < d->n; i++) {
		double du = u[i] - p->mu;
		suu += om[i] * du * du, suz += om[i] * du * (hinge_z(u[i], p->up) - p->mz);
	}
	p->k = suz / suu;
	double szz = 0, szy = 0;
	for (size_t i = 0; i < d->n; i++) {
		double a = hinge_z(u[i], p->up) - p->mz - p->k * (u[i] - p->mu);
		szz += om[i] * a * a, szy += om[i] * a * y[i];
	}
	p->szz = szz;
	p->c = szz > 0 ? szy / szz : 0;
	double sy = 0;
	for (size_t i = 0; i < d->n; i++)
		sy += om[i] * (y[i] - p->c * hinge_z(u[i], p->up));
	double my = sy / sw, suy = 0;
	for (size_t i = 0; i < d->n; i++)
		suy += om[i] * (u[i] - p->mu) * (y[i] - p->c * hinge_z(u[i], p->up) - my);
	p->s = suy / suu;
	p->icpt = my - p->s * p->mu;
	p->rss = 0;
	for (size_t i = 0; i < d->n; i++) {
		double r = y[i] - p->icpt - p->s * u[i] - p->c * hinge_z(u[i], p->up);
		p->rss += om[i] * r * r;
	}
	return isfinite(p->c) && isfinite(p->s) && (szz > 0 || p->up > 1) ? 0 : -1;
}

static double fitted(const struct position *p, double u)
{
	return p->icpt + p->s * u + p->c * hinge_z(u, p->up);
}

/*
 * The minima's scatter comes from the differences of neighbouring N's
 * residuals, D_j = (r_{j+1} - r_j)^2 / 2 (Rice 1984), each at the mean of
 * the two runs' fitted times: a curve the fit does not follow (N log N, a
 * bend between the N tried) all but cancels in them, as it does not in
 * the residuals, whose misfit had hidden N log N over geometric N.  diffs
 * fills D and the times vd (n - 1 each).
 */
static void diffs(const struct hinge_data *d, const struct position *p, double *D, double *vd)
{
	double f = fitted(p, d->u[0]), r0 = d->y[0] - f, v0 = d->base + f;
	for (size_t j = 0; j + 1 < d->n; j++) {
		f = fitted(p, d->u[j + 1]);
		double r = d->y[j + 1] - f, v = d->base + f;
		D[j] = (r - r0) * (r - r0) / 2, vd[j] = (v + v0) / 2;
		r0 = r, v0 = v;
	}
}

/*
 * The scatter a position's minima are judged by: at each N the larger of
 * an absolute one (the mean D of the lower half of the N, where noise in
 * proportion to the run is least) and a relative one (the mean D over the
 * time squared of the upper half, where it is most), so that neither kind
 * of noise, nor their sum, is judged smaller than it is at any N
 * (scatter_above's rule in linearity.c, each part where it shows best).
 */
static void scatter_of(const struct hinge_data *d, struct position *p, double *D, double *vd)
{
	size_t n = d->n, h = n / 2, nr = 0;
	double sa = 0, sr = 0;
	diffs(d, p, D, vd);
	for (size_t j = 0; j + 1 < h; j++)
		sa += D[j];
	for (size_t j = h; j + 1 < n; j++)
		if (vd[j] > 0)
			sr += D[j] / (vd[j] * vd[j]), nr++;
	p->abs2 = sa / (double)(h - 1);
	p->rel2 = nr ? sr / (double)nr : 0;
}

/* The scatter at u by p's model (squared). */
static double scatter_at(const struct hinge_data *d, const struct position *p, double u)
{
	double v = d->base + fitted(p, u), rel = v > 0 ? p->rel2 * v * v : 0;
	return p->abs2 > rel ? p->abs2 : rel;
}

/*
 * A minimum of R runs read at random phases of the tick rounds up by a
 * whole tick where all R did, with chance f^R at phase f: averaged over
 * f, a variance of tick^2 (1 / (R + 1) - 1 / (2 R + 1)) that no
 * rounding of the line's phase accounts for.
 */
static double roundup_var(double tick, uint32_t runs)
{
	double r = runs > 0 ? (double)runs : 1;
	return tick * tick * r / ((r + 1) * (2 * r + 1));
}

/* The grid of the variance's shape: rho v^2 from 1e-4 at the longest run
 * (absolute noise alone) to 1e4 at the shortest (relative alone), in
 * HINGE_SHAPES steps (of a factor 2.2 over 1000..10^6: weights within a
 * factor 1.5 of the best, which change the power little), and rho = 0. */
enum { HINGE_SHAPES = 40 };

/*
 * The weights: the inverse of the minima's variance around the whole
 * line, alpha (1 + rho v^2) at run time v, fitted to the differences by
 * maximum likelihood (normal: alpha given rho in closed form, rho on a
 * grid).  Least squares weighted so lean on the short runs' precise
 * minima where the noise grows with the run: over 1000..10^6 geometric
 * N with noise of 0.02% of the run, a bend of 0.5% at the middle N had
 * passed unweighted.  The weights change the test's power, not its
 * rate (the scatter it is judged by is scatter_of's).  At least the
 * rounding's variance, tick^2 / 12; all equal on an exact line.
 */
static void set_weights(struct hinge_data *d, double *D, double *vd)
{
	size_t n = d->n, m = n - 1;
	struct position line = { .up = 2 };
	for (size_t i = 0; i < n; i++)
		d->om[i] = 1;
	if (fit_at(d, &line) != 0)
		return;
	diffs(d, &line, D, vd);
	double vmax = 0, vmin = INFINITY;
	for (size_t j = 0; j < m; j++) {
		double v = fabs(vd[j]);
		vmax = v > vmax ? v : vmax, vmin = v < vmin ? v : vmin;
	}
	vmin = vmin > 0 ? vmin : 1e-6 * vmax;
	double best = -INFINITY, alpha = 0, rho = 0, span = log(1e8 * (vmax / vmin) * (vmax / vmin));
	for (int g = -1; g <= HINGE_SHAPES && vmax > 0; g++) {
		double r = g < 0 ? 0 : 1e-4 * exp(span * g / HINGE_SHAPES) / (vmax * vmax), sa = 0, sl = 0;
		for (size_t j = 0; j < m; j++) {
			double q = 1 + r * vd[j] * vd[j];
			sa += D[j] / q, sl += log(q);
		}
		double a = sa / (double)m, ll = -0.5 * ((double)m * log(a) + sl);
		if (a > 0 && ll > best)
			best = ll, alpha = a, rho = r;
	}
	double floor2 = d->tick * d->tick / 12;
	for (size_t i = 0; i < n; i++) {
		double v = d->base + fitted(&line, d->u[i]), v2 = alpha * (1 + rho * v * v);
		v2 = v2 > floor2 ? v2 : floor2;
		d->om[i] = v2 > 0 ? 1 / v2 : 1;
	}
}

/*
 * theta_i^2: the scatter at N_i, no less than its rounding up.  The
 * rounding's own variance stays in it, though the tick's sums bound what
 * rounding in step with the line's phase can do: where the minima's
 * excess spreads over a good part of a tick, their rounding follows no
 * phase, and is random (the least variance the phases could have, taken
 * out of it, had left a tenth of a tick of scatter to N whose minima
 * held more: a linear cost called bent at a chance of 10^-6.4 on
 * bench/hinge_rate).
 */
static double theta2(const struct hinge_data *d, const struct position *p, size_t i)
{
	double t2 = scatter_at(d, p, d->u[i]), up = roundup_var(d->tick, runs_of(d, i));
	return t2 > up ? t2 : up;
}

/* The weights w_i = sign a_i theta_i into w. */
static void chernoff_weights(const struct hinge_data *d, const struct position *p, double sign,
			     double *w)
{
	for (size_t i = 0; i < d->n; i++)
		w[i] = sign * weight(p, d->u[i], d->om[i]) * sqrt(theta2(d, p, i));
}

/*
 * The exponent of Chernoff's bound on P(sum w_i e_i >= t) for e_i of unit
 * scale: sup over l of l t - sum psi(l w_i), psi(v) = -v - ln(1 - v) for
 * v >= 0 (the cumulant of an exponential less its mean: the minimum of
 * runs whose timings have a density at their floor lies above it by an
 * exponential amount, Gnedenko 1943) and v^2 / 2 below (a normal's, above
 * the exponential's, whose floor bounds that side).  psi also bounds a
 * normal's and a uniform's cumulants of the same variance, so the bound
 * holds for those too.  The optimum lies below the normal's, t / sum
 * w^2 (psi'(v) >= v), and below 1 / max w: bisection there.
 */
static double chernoff_at(const double *w, size_t n, double t, double *lambda);

static double chernoff(const double *w, size_t n, double t)
{
	double l;
	return chernoff_at(w, n, t, &l);
}

/* chernoff, and the l it takes the supremum at (*lambda: the exponent's
 * slope in t). */
static double chernoff_at(const double *w, size_t n, double t, double *lambda)
{
	double ww = 0, wmax = 0;
	for (size_t i = 0; i < n; i++)
		ww += w[i] * w[i], wmax = w[i] > wmax ? w[i] : wmax;
	*lambda = 0;
	if (!(ww > 0))
		return t > 0 ? INFINITY : 0;
	double lo = 0, hi = t / ww, l = 0;
	if (wmax > 0 && hi > 1 / wmax)
		hi = 1 / wmax;
	/* Newton on the derivative, kept within [lo, hi] by bisection */
	for (int it = 0; it < 100 && hi - lo > 1e-12 * hi; it++) {
		double d1 = t, d2 = 0;
		for (size_t i = 0; i < n; i++) {
			double v = l * w[i], q = v >= 0 ? 1 / (1 - v) : 1;
			d1 -= v >= 0 ? w[i] * v * q : w[i] * v;
			d2 += w[i] * w[i] * q * q;
		}
		if (d1 > 0)
			lo = l;
		else
			hi = l;
		double next = l + d1 / d2;
		l = next > lo && next < hi ? next : (lo + hi) / 2;
	}
	double e = lo * t;
	for (size_t i = 0; i < n; i++) {
		double v = lo * w[i];
		e -= v >= 0 ? -v - log1p(-v) : v * v / 2;
	}
	*lambda = lo;
	return e > 0 ? e : 0;
}

/* The phases' buckets: a rounding's sum is known at their bounds, and
 * within one bounded by its weights (1/65536 of a tick: a bound wider by
 * about a bucket's weight, under 1% of the sums' range over a million N). */
enum { HINGE_BUCKETS = 65536 };

/*
 * One slope: the phases f_i = frac(slope x_i / tick) into f, their
 * buckets into bucket.  As the line's phase phi grows, the largest phases
 * wrap to 0 one by one, and a rounding's sum, sum a_i (-frac(f_i + phi))
 * (sum a_i = sum a_i x_i = 0 remove the rest of floor), grows by a_i at
 * each: p's sums, from phi = 0, bucket by bucket from the top (sums: room
 * for 2 nb).
 */
static void one_slope(const struct hinge_data *d, double slope, double *f, size_t *bucket,
		      double *sums, size_t nb, struct position *p)
{
	size_t n = d->n;
	for (size_t i = 0; i < n; i++) {
		double th = slope * d->x[i] / d->tick;
		f[i] = th - floor(th);
		if (!(f[i] >= 0 && f[i] < 1))
			f[i] = 0;
		bucket[i] = (size_t)(f[i] * (double)nb);
	}
	double *plus = sums, *minus = sums + nb, sum = 0;
	memset(sums, 0, 2 * nb * sizeof *sums);
	for (size_t i = 0; i < n; i++) {
		double a = weight(p, d->u[i], d->om[i]);
		sum -= a * f[i];
		if (a > 0)
			plus[bucket[i]] += a;
		else
			minus[bucket[i]] += a;
	}
	double mn = sum, mx = sum;
	for (size_t b = nb; b-- > 0;) {
		mx = sum + plus[b] > mx ? sum + plus[b] : mx;
		mn = sum + minus[b] < mn ? sum + minus[b] : mn;
		sum += plus[b] + minus[b];
	}
	p->fmin = mn < p->fmin ? mn : p->fmin;
	p->fmax = mx > p->fmax ? mx : p->fmax;
}

/* The tick's sums at p over slopes in [lo, hi] (slope alone where they
 * are no bounds).  f, bucket: room for n.  Returns 0, or -1 when out of
 * memory. */
static int tick_sums(const struct hinge_data *d, double slope, double lo, double hi, double *f,
		     size_t *bucket, struct position *p)
{
	size_t nb = d->n < HINGE_BUCKETS ? d->n : HINGE_BUCKETS;
	double *sums = malloc(2 * nb * sizeof *sums);
	if (!sums)
		return -1;
	p->fmin = INFINITY, p->fmax = -INFINITY;
	if (!(isfinite(lo) && isfinite(hi) && lo <= slope && slope <= hi))
		lo = hi = slope;
	double turns = (hi - lo) * (d->x[d->n - 1] - d->x[0]) / d->tick;
	if (!(turns < HINGE_TURNS_MAX))
		turns = HINGE_TURNS_MAX;
	size_t k = (size_t)ceil(HINGE_STEPS_PER_TURN * turns) + 1;
	for (size_t j = 0; j < k; j++) {
		double sl = k > 1 ? lo + (hi - lo) * (double)j / (double)(k - 1) : slope;
		one_slope(d, sl, f, bucket, sums, nb, p);
	}
	free(sums);
	return 0;
}

/* The positions tried, fitted; returns how many. */
static size_t positions(const struct hinge_data *d, struct position *pos, double *D, double *vd)
{
	size_t n = d->n, np = 0;
	for (size_t j = 1; j < HINGE_PARTS; j++) {
		size_t at = (size_t)((double)j * (double)(n - 1) / HINGE_PARTS + 0.5);
		if (at + 1 < HINGE_SIDE || n - 1 - at < HINGE_SIDE || (np && pos[np - 1].at == at))
			continue;
		pos[np] = (struct position){ .at = at, .up = d->u[at] };
		if (fit_at(d, &pos[np]) != 0)
			continue;
		scatter_of(d, &pos[np], D, vd);
		np++;
	}
	return np;
}

/*
 * Where the minima's scatter exceeds HINGE_DITHER ticks at every N, their
 * rounding follows the line's phase no more: an excess of standard
 * deviation 3 ticks keeps 1 / |1 + 6 pi i| = 5% of the rounding's
 * dependence on the phase, as an exponential's (its characteristic
 * function at the tick's frequency; a normal's, a uniform's keep less),
 * and the rest of it is random, in the scatter already.
 */
#define HINGE_DITHER 3.0

/*
 * A first look at each position, without the tick's sums (their range
 * holds 0, their mean over the phase): the normal's exponent, the larger
 * (psi >= v^2 / 2), must reach need, and the bend must matter.  Whether
 * its minima may round in step with the line (phased) is told too.
 */
static void first_look(const struct hinge_data *d, struct position *pos, size_t np,
		       double matters, double need)
{
	size_t n = d->n;
	double L = d->x[n - 1] - d->x[0];
	for (size_t q = 0; q < np; q++) {
		struct position *p = &pos[q];
		double ww = 0, least = INFINITY;
		for (size_t i = 0; i < n; i++) {
			double t2 = theta2(d, p, i), a = weight(p, d->u[i], d->om[i]);
			ww += a * a * t2, least = t2 < least ? t2 : least;
		}
		p->pending = fabs(p->c) / L > matters && p->c * p->c > 2 * need * ww;
		p->phased = d->tick > 0 && !(least >= HINGE_DITHER * HINGE_DITHER * d->tick * d->tick);
	}
}

/*
 * The full test at p: c beyond the tick's sums (where the minima may
 * round in step with the line; f, bucket: room for n) by Chernoff's
 * exponent over need, into *e.  Returns 1 if so, 0 if not, -1 when out of
 * memory.
 */
static int confirm(const struct hinge_data *d, struct position *p, double slope, double lo,
		   double hi, double need, double *f, size_t *bucket, double *w, double *e)
{
	p->fmin = p->fmax = 0;
	if (p->phased && tick_sums(d, slope, lo, hi, f, bucket, p) != 0)
		return -1;
	double fmin = d->tick * p->fmin, fmax = d->tick * p->fmax;
	double t = p->c > 0 ? p->c - fmax : fmin - p->c;
	/* beyond the sums' rounding: minima exactly on a lattice make c one
	 * of the sums, and a scatter of 0 would call any excess certain */
	if (!(t > 1e-9 * (fabs(p->c) + fabs(fmin) + fabs(fmax))))
		return 0;
	chernoff_weights(d, p, p->c > 0 ? 1 : -1, w);
	*e = chernoff(w, d->n, t);
	return *e > need;
}

/*
 * The least t whose exponent reaches need, to 1e-10 of it (so that another
 * compiler's or libm's rounding moves it by no more): the
 * exponent is convex in t (a supremum of lines) with slope l, so a Newton
 * step from below, from the normal's t, sqrt(2 need sum w^2), which is
 * no more (psi >= v^2 / 2), lands above it, and the steps from above
 * fall to it; bisection where a step would leave the bracket.
 */
static double chernoff_least(const double *w, size_t n, double need)
{
	double ww = 0, l;
	for (size_t i = 0; i < n; i++)
		ww += w[i] * w[i];
	double t = sqrt(2 * need * ww), lo = t, hi = INFINITY;
	if (!(t > 0) || !isfinite(t))
		return t;
	for (int it = 0; it < 100; it++) {
		double e = chernoff_at(w, n, t, &l);
		if (e >= need)
			hi = t;
		else
			lo = t;
		double next = l > 0 ? t + (need - e) / l : INFINITY;
		if ((isfinite(hi) && hi - lo <= 1e-10 * hi) || (e >= need && t - next <= 1e-10 * t))
			break;
		t = next > lo && next < hi ? next : isfinite(hi) ? (lo + hi) / 2 : 2 * t;
	}
	return isfinite(hi) ? hi : lo;
}

/*
 * A bend of c at p is estimated as c plus the scatter's sum, sum a_i e_i,
 * of standard deviation sqrt(sum w_i^2): were that scatter known, it would
 * be told 99 times in 100 where c lies this many of them beyond what
 * confirm holds, the normal's 99% point.  It is estimated, from about n/2
 * differences, and a bend widens the bounds whose slopes the tick's sums
 * run over: the resolution is stated as "about", and what it holds is
 * measured (bench/falsealarms.py: bends of exactly it at its N, and of
 * 1.5 times it; bench/RESULTS.md, section 6).  test_linearity
 * test_told_from bends 40 linear costs by 1.5 times it and must tell all
 * (fails at -1.5).
 */
#define HINGE_TOLD_Z 2.3263

/*
 * The resolution at p (hinge_bend's told_up and told_down): the least c
 * either way that confirm would hold and first_look let through, over u
 * (clock units across the range), and HINGE_TOLD_Z standard deviations
 * of its estimate beyond.  f, bucket, w: room for n.  Returns 0, or -1
 * when out of memory.
 */
static int resolution(const struct hinge_data *d, struct position *p, double slope, double lo,
		      double hi, double matters, double need, double *f, size_t *bucket, double *w,
		      double *up, double *down)
{
	double L = d->x[d->n - 1] - d->x[0], ww = 0;
	p->fmin = p->fmax = 0;
	if (p->phased && tick_sums(d, slope, lo, hi, f, bucket, p) != 0)
		return -1;
	chernoff_weights(d, p, 1, w);
	for (size_t i = 0; i < d->n; i++)
		ww += w[i] * w[i];
	double sd = sqrt(ww);
	*up = fmax(d->tick * p->fmax + chernoff_least(w, d->n, need), matters * L) +
	      HINGE_TOLD_Z * sd;
	chernoff_weights(d, p, -1, w);
	*down = -(fmax(chernoff_least(w, d->n, need) - d->tick * p->fmin, matters * L) +
		  HINGE_TOLD_Z * sd);
	return 0;
}

int hinge_find(const struct point_set *s, const size_t *at, size_t n, double tick, double slope,
	       double lo, double hi, double matters, double alpha, const double *x, double *y,
	       size_t *bucket, struct hinge_bend *out)
{
	memset(out, 0, sizeof *out);
	if (n < HINGE_MIN_POINTS || !(x[n - 1] > x[0]))
		return 0;
	double *u = malloc(n * sizeof *u), *om = malloc(n * sizeof *om), *w = malloc(n * sizeof *w);
	double *vd = malloc(n * sizeof *vd), L = x[n - 1] - x[0], e = 0;
	int rc = u && om && w && vd ? 0 : -1;
	struct hinge_data d = { .s = s, .at = at, .n = n, .x = x, .y = y, .u = u, .om = om,
				.base = s->p[0].min, .tick = tick > 0 ? tick : 0 };
	struct position pos[HINGE_PARTS];
	size_t np = 0;
	if (rc == 0) {
		for (size_t i = 0; i < n; i++)
			u[i] = (x[i] - x[0]) / L;
		set_weights(&d, w, vd);
		np = positions(&d, pos, w, vd);
	}
	/* exp(-e) 2 np <= alpha: both signs at every position */
	double need = log(2 * (double)np / alpha);
	if (rc == 0)
		first_look(&d, pos, np, matters, need);
	/* the significant position whose hinge fits best is told: the
	 * candidates in the order of their fit, each confirmed (the tick's
	 * sums are the most work) until one holds; y is used up */
	for (int held = 0; rc == 0 && !held;) {
		struct position *p = NULL;
		for (size_t q = 0; q < np; q++)
			if (pos[q].pending && (!p || pos[q].rss < p->rss))
				p = &pos[q];
		if (!p)
			break;
		p->pending = 0;
		held = confirm(&d, p, slope, lo, hi, need, y, bucket, w, &e);
		rc = held < 0 ? -1 : 0;
		if (held > 0)
			*out = (struct hinge_bend){ .found = 1, .at = at ? at[p->at] : p->at,
				.slope_before = p->s / L, .slope_after = (p->s + p->c) / L,
				.log10_p = (log(2 * (double)np) - e) / log(10) };
	}
	/* the resolution, at the position nearest the middle of the range */
	struct position *mid = NULL;
	for (size_t q = 0; q < np; q++)
		if (!mid || fabs(pos[q].up - 0.5) < fabs(mid->up - 0.5))
			mid = &pos[q];
	double up = 0, down = 0;
	if (rc == 0 && mid)
		rc = resolution(&d, mid, slope, lo, hi, matters, need, y, bucket, w, &up, &down);
	if (rc == 0 && mid) {
		out->mid = at ? at[mid->at] : mid->at;
		out->told_up = up / L, out->told_down = down / L;
	}
	free(u), free(om), free(w), free(vd);
	return rc;
}
