/*
 * changepoint.c - PELT over levels and lines (changepoint.h).
 */
#include "changepoint.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "select.h"

/* Weighted sums from the first point: a segment's from two of them. */
struct sums {
	long double w, x, y, xx, xy, yy;
};

struct fit_cost {
	const struct sums *p;	/* n + 1 prefix sums */
	double slope_penalty;	/* z^2 sigma^2 */
};

static struct sums diff(const struct sums *a, const struct sums *b)
{
	return (struct sums){ b->w - a->w, b->x - a->x, b->y - a->y,
			      b->xx - a->xx, b->xy - a->xy, b->yy - a->yy };
}

/* The residual sums of [a, b) as a level and as a line (INFINITY where
 * a line cannot be fitted). */
static void rss(const struct fit_cost *c, size_t a, size_t b, double *level, double *line)
{
	struct sums s = diff(&c->p[a], &c->p[b]);
	long double syy = s.yy - s.y * s.y / s.w;
	long double sxx = s.xx - s.x * s.x / s.w;
	long double sxy = s.xy - s.x * s.y / s.w;
	*level = syy > 0 ? (double)syy : 0;
	*line = sxx > 0 ? fmax(0, (double)(syy - sxy * sxy / sxx)) : INFINITY;
}

/* A segment's cost: the better of a level, and a line with its penalty. */
static double cost(const struct fit_cost *c, size_t a, size_t b)
{
	double level, line;
	rss(c, a, b, &level, &line);
	return fmin(level, line + c->slope_penalty);
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

static void prefix(const double *x, const double *y, const double *w, size_t n,
		   struct sums *p)
{
	long double mx = 0, my = 0, sw = 0;
	for (size_t i = 0; i < n; i++) {
		long double wi = w ? w[i] : 1;
		mx += wi * x[i], my += wi * y[i], sw += wi;
	}
	mx /= sw, my /= sw;	/* centred: the sums stay small */
	memset(&p[0], 0, sizeof p[0]);
	for (size_t i = 0; i < n; i++) {
		long double wi = w ? w[i] : 1, xi = x[i] - mx, yi = y[i] - my;
		p[i + 1] = (struct sums){ p[i].w + wi, p[i].x + wi * xi, p[i].y + wi * yi,
					  p[i].xx + wi * xi * xi, p[i].xy + wi * xi * yi,
					  p[i].yy + wi * yi * yi };
	}
}

/* A segment's description from its points. */
static void describe(const double *x, const double *y, const double *w, const struct fit_cost *c,
		     size_t a, size_t b, struct segment *s)
{
	double level, line;
	rss(c, a, b, &level, &line);
	long double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
	for (size_t i = a; i < b; i++) {
		long double wi = w ? w[i] : 1, xi = x[i] - x[a];
		sw += wi, sx += wi * xi, sy += wi * y[i], sxx += wi * xi * xi, sxy += wi * xi * y[i];
	}
	*s = (struct segment){ .from = a, .to = b, .mean = (double)(sy / sw) };
	long double den = sxx - sx * sx / sw;
	if (line + c->slope_penalty < level && den > 0) {
		long double slope = (sxy - sx * sy / sw) / den;
		s->sloped = 1;
		s->slope = (double)slope;
		s->level = (double)((sy - slope * sx) / sw);
	} else {
		s->level = s->mean;
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
	sigma = sigma > 1e-12 ? sigma : 1e-12;
	out->sigma = sigma;
	double s2 = sigma * sigma, nn = (double)n;
	double beta = 2 * log(nn / alpha) * s2;
	double z = gsl_cdf_ugaussian_Qinv(alpha / (2 * nn));
	struct sums *p = malloc((n + 1) * sizeof *p);
	double *F = malloc((n + 1) * sizeof *F);
	size_t *last = malloc((n + 1) * sizeof *last), *R = malloc((n + 1) * sizeof *R);
	size_t *cut = malloc((n + 1) * sizeof *cut);
	if (!p || !F || !last || !R || !cut) {
		free(p), free(F), free(last), free(R), free(cut);
		return -1;
	}
	prefix(x, y, w, n, p);
	struct fit_cost c = { p, z * z * s2 };
	size_t nr = 0;
	F[0] = -beta;
	for (size_t t = 1; t <= n; t++)
		F[t] = INFINITY;
	for (size_t t = min_len; t <= n; t++) {
		/* the place t - min_len becomes a segment's possible start */
		size_t s0 = t - min_len;
		if (isfinite(F[s0]))
			R[nr++] = s0;
		double best = INFINITY;
		size_t arg = 0;
		for (size_t k = 0; k < nr; k++) {
			double f = F[R[k]] + cost(&c, R[k], t) + beta;
			if (f < best)
				best = f, arg = R[k];
		}
		F[t] = best;
		last[t] = arg;
		/* pruned: a start that cannot lead to a better end again (the
		 * cost of a split is at most the slope penalty above the whole) */
		size_t kept = 0;
		for (size_t k = 0; k < nr; k++)
			if (!(F[R[k]] + cost(&c, R[k], t) - c.slope_penalty > F[t]))
				R[kept++] = R[k];
		nr = kept;
	}
	/* the cuts, back from the end */
	size_t m = 0;
	for (size_t t = n; t > 0; t = last[t])
		cut[m++] = t;
	out->s = malloc(m * sizeof *out->s);
	if (out->s == NULL) {
		free(p), free(F), free(last), free(R), free(cut);
		return -1;
	}
	out->count = m;
	for (size_t k = 0; k < m; k++) {
		size_t b = cut[m - 1 - k], a = k == 0 ? 0 : cut[m - k];
		describe(x, y, w, &c, a, b, &out->s[k]);
	}
	free(p), free(F), free(last), free(R), free(cut);
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
