/*
 * changepoint.c - PELT over levels and lines (changepoint.h).
 */
#include "changepoint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "select.h"

/*
 * The resolution of the costs, relative to the series' sum of squares
 * about its mean: it bounds each segment's own sum of squares (a
 * segment's about its own mean is at most its points' share of it), so
 * every cost, and every least total PELT keeps (at most the cost of one
 * level over what it covers, and a change's penalty).  They are sums in
 * double, rounded alike on every machine (IEEE's double, and gcc fuses
 * no multiply-add under -std=c11): a sum of n terms is off by n u of their sum at worst
 * (u = 1.1e-16; Higham, Accuracy and Stability of Numerical Algorithms,
 * 2nd ed., sec. 4.2), 1.1e-13 for the 1024 blocks of the speed
 * (SPEED_BLOCKS_MAX), and about sqrt(n) u in fact; 1e-12 stands clear of
 * both.  A difference below it is rounding, not the data:
 *  - a residual below it of the segment's own sum of squares is 0 (a
 *    line through points on a line leaves 0, not a residue);
 *  - totals within it of each other tie, and the earliest start wins:
 *    quantized speeds fit exactly (a level through one point, a line
 *    through two), their segmentations tie in exact arithmetic, and
 *    which one rounding would favour is no property of the data;
 *  - sigma^2 is at least it times the series' sum of squares, so that a
 *    change's penalty, 2 ln(n / alpha) sigma^2, stands above it (the
 *    median difference of quantized speeds is 0).
 * It decides no claim, and so is not among the model's (tunables.h): a
 * change of speed below 1e-6 of their spread is none the report tells.
 */
#define RESOLUTION 1e-12

/* A segment's weighted sums about its own means, a point at a time
 * (West, CACM 22(9), 1979): its rounding is relative to its own sums,
 * and the same on every machine.  Prefix sums from the first point leave
 * a segment late in the series the rounding of all the sums before it:
 * in long double, a line through two points at clock times near 1e9
 * left 3e-13 on x86-64 (80 bits) and 1e-28 on aarch64 (128), and the
 * two cut data/count-tsc's speeds apart differently. */
struct moments {
	double w, mx, my;	/* weight, means */
	double sxx, syy, sxy;	/* sums of squares and products about them */
};

static void moments_add(struct moments *m, double x, double y, double w)
{
	double W = m->w + w, f = w / W;	/* f = 1 for the first point: its
					 * means are its own, exactly */
	double dx = x - m->mx, dy = y - m->my;
	m->w = W;
	m->mx += dx * f;
	m->my += dy * f;
	m->sxx += w * dx * (x - m->mx);
	m->syy += w * dy * (y - m->my);
	m->sxy += w * dx * (y - m->my);
}

static double weight(const double *w, size_t i)
{
	return w ? w[i] : 1;
}

/* The sums of points [a, b), added in order. */
static struct moments moments_of(const double *x, const double *y, const double *w,
				 size_t a, size_t b)
{
	struct moments m = { 0 };
	for (size_t i = a; i < b; i++)
		moments_add(&m, x[i], y[i], weight(w, i));
	return m;
}

/*
 * What a segment of len points costs: the residual sum of a level (syy),
 * or of a line (syy less the line's gain, sxy^2 / sxx) with the slope's
 * penalty where that is less.  A point's level and two points' line fit
 * exactly: their residual is 0, as is one within RESOLUTION of syy.  No
 * line where every x is one (sxx is then exactly 0).  *sloped: a line.
 */
static double segment_cost(const struct moments *m, size_t len, double slope_penalty,
			   int *sloped)
{
	double gain = 0;
	if (m->sxx > 0) {
		gain = m->sxy * m->sxy / m->sxx;
		if (len <= 2 || gain >= m->syy * (1 - RESOLUTION))
			gain = m->syy;
	}
	*sloped = gain > slope_penalty;
	return *sloped ? m->syy - gain + slope_penalty : m->syy;
}

double changepoint_noise(const double *y, const double *w, size_t n)
{
	if (n < 3)
		return 0;
	double *d = malloc((n - 1) * sizeof *d);
	if (d == NULL)
		return 0;
	for (size_t i = 1; i < n; i++) {
		double v = w ? 1 / w[i] + 1 / w[i - 1] : 2;
		d[i - 1] = fabs(y[i] - y[i - 1]) / sqrt(v);
	}
	double m = select_kth(d, n - 1, (n - 1) / 2);
	free(d);
	return m / 0.6744897501960817;
}

/* A segment's description from its points. */
static void describe(const double *x, const double *y, const double *w, size_t a, size_t b,
		     double slope_penalty, struct segment *s)
{
	struct moments m = moments_of(x, y, w, a, b);
	int sloped;
	segment_cost(&m, b - a, slope_penalty, &sloped);
	*s = (struct segment){ .from = a, .to = b, .mean = m.my, .level = m.my };
	if (sloped) {
		s->sloped = 1;
		s->slope = m.sxy / m.sxx;
		s->level = m.my + s->slope * (x[a] - m.mx);
	}
}

/* The candidate starts' sums and costs, and the totals up to each end. */
struct pelt {
	double *G;		/* G[t]: the least cost of [0, t), a penalty
				 * beta per segment (G[0] = 0) */
	size_t *last;		/* where the last segment of [0, t) starts */
	size_t *R;		/* the starts not pruned, ascending */
	struct moments *m;	/* R[k]'s segment up to the end at hand */
	double *f;		/* R[k]'s total there */
};

static void pelt_free(struct pelt *p)
{
	free(p->G), free(p->last), free(p->R), free(p->m), free(p->f);
}

static int pelt_alloc(struct pelt *p, size_t n)
{
	p->G = malloc((n + 1) * sizeof *p->G);
	p->last = malloc((n + 1) * sizeof *p->last);
	p->R = malloc((n + 1) * sizeof *p->R);
	p->m = malloc((n + 1) * sizeof *p->m);
	p->f = malloc((n + 1) * sizeof *p->f);
	if (p->G && p->last && p->R && p->m && p->f)
		return 0;
	pelt_free(p);
	return -1;
}

/*
 * PELT (Killick et al. 2012) over the totals G[t] = min over s of G[s] +
 * cost(s, t) + beta, sums of costs and penalties, none negative: their
 * rounding stays within tol (RESOLUTION of the series' sum of squares
 * and beta).  Of the starts whose totals lie within tol of the least,
 * the earliest, whatever rounded lowest: the last segment the longest.
 * A start is pruned where its total less the slope penalty passes G[t]
 * by more than tol: the cost of a split is at most the slope penalty
 * above the whole, so it can never come within tol of the least again.
 */
static void pelt_run(struct pelt *p, const double *x, const double *y, const double *w,
		     size_t n, size_t min_len, double beta, double slope_penalty, double tol)
{
	size_t nr = 0;
	p->G[0] = 0;
	for (size_t t = 1; t <= n; t++)
		p->G[t] = INFINITY;
	for (size_t t = min_len; t <= n; t++) {
		for (size_t k = 0; k < nr; k++)
			moments_add(&p->m[k], x[t - 1], y[t - 1], weight(w, t - 1));
		/* the place t - min_len becomes a segment's possible start */
		size_t s0 = t - min_len;
		if (isfinite(p->G[s0])) {
			p->m[nr] = moments_of(x, y, w, s0, t);
			p->R[nr++] = s0;
		}
		double best = INFINITY;
		for (size_t k = 0; k < nr; k++) {
			int sloped;
			double c = segment_cost(&p->m[k], t - p->R[k], slope_penalty, &sloped);
			p->f[k] = p->G[p->R[k]] + c + beta;
			best = fmin(best, p->f[k]);
		}
		size_t k = 0;
		while (k + 1 < nr && !(p->f[k] <= best + tol))
			k++;
		p->G[t] = best;
		p->last[t] = p->R[k];
		size_t kept = 0;
		for (k = 0; k < nr; k++)
			if (!(p->f[k] - beta - slope_penalty > best + tol)) {
				p->R[kept] = p->R[k];
				p->m[kept++] = p->m[k];
			}
		nr = kept;
	}
}

int changepoint_segment(const double *x, const double *y, const double *w, size_t n,
			size_t min_len, double alpha, double sigma, struct segmentation *out)
{
	memset(out, 0, sizeof *out);
	if (n == 0)
		return 0;
	min_len = min_len < 1 ? 1 : min_len;
	if (!(sigma > 0))
		sigma = changepoint_noise(y, w, n);
	/* the series' sum of squares about its mean: the scale of every
	 * cost (RESOLUTION) */
	double ss = moments_of(x, y, w, 0, n).syy;
	sigma = fmax(sigma, sqrt(RESOLUTION * ss));
	out->sigma = sigma;
	double s2 = sigma * sigma, nn = (double)n;
	double beta = 2 * log(nn / alpha) * s2;
	double z = gsl_cdf_ugaussian_Qinv(alpha / (2 * nn));
	double slope_penalty = z * z * s2, tol = RESOLUTION * (ss + beta);
	struct pelt p;
	size_t *cut = malloc((n + 1) * sizeof *cut);
	if (cut == NULL || pelt_alloc(&p, n) != 0) {
		free(cut);
		return -1;
	}
	pelt_run(&p, x, y, w, n, min_len, beta, slope_penalty, tol);
	/* the cuts, back from the end */
	size_t m = 0;
	for (size_t t = n; t > 0; t = p.last[t])
		cut[m++] = t;
	pelt_free(&p);
	out->s = malloc(m * sizeof *out->s);
	if (out->s == NULL) {
		free(cut);
		return -1;
	}
	out->count = m;
	for (size_t k = 0; k < m; k++) {
		size_t b = cut[m - 1 - k], a = k == 0 ? 0 : cut[m - k];
		describe(x, y, w, a, b, slope_penalty, &out->s[k]);
	}
	free(cut);
	return 0;
}

double changepoint_value(const struct segmentation *g, const double *x, size_t i)
{
	for (size_t k = 0; k < g->count; k++) {
		const struct segment *s = &g->s[k];
		if (i >= s->from && i < s->to)
			return s->level + s->slope * (x[i] - x[s->from]);
	}
	return NAN;
}

void segmentation_free(struct segmentation *g)
{
	free(g->s);
	g->s = NULL;
	g->count = 0;
}
