/*
 * hull.c - monotone chain (Andrew 1979), lower half only.
 */
#include "hull.h"

#include <math.h>
#include <stdlib.h>

#include "lvband.h"
#include "scatter.h"
#include "select.h"

/* a * b with a > 0 and b signed, given as (negative?, magnitude). */
struct product {
	int neg;
	uint128 mag;
};

static struct product mul(uint64_t a, uint64_t b_from, uint64_t b_to)
{
	struct product p;
	p.neg = b_to < b_from;
	p.mag = (uint128)a * (p.neg ? b_from - b_to : b_to - b_from);
	return p;
}

/* 1 if p <= q. */
static int product_le(struct product p, struct product q)
{
	if (p.mag == 0 && q.mag == 0)
		return 1;
	if (p.neg != q.neg)
		return p.neg;
	return p.neg ? p.mag >= q.mag : p.mag <= q.mag;
}

/* B is on or above the segment AC (exact): B leaves the lower hull.
 * Pop when (xB - xA)(yC - yA) <= (yB - yA)(xC - xA). */
static int pop_exact(const struct point *A, const struct point *B,
		     const struct point *C)
{
	return product_le(mul(B->n - A->n, point_min_int(A), point_min_int(C)),
			  mul(C->n - A->n, point_min_int(A), point_min_int(B)));
}

static int pop_float(long double xa, long double ya, long double xb,
		     long double yb, long double xc, long double yc)
{
	return (xb - xa) * (yc - ya) <= (yb - ya) * (xc - xa);
}

double lv_value(const struct lv_line *l, uint64_t n)
{
	long double d = n >= l->anchor_n ? (long double)(n - l->anchor_n)
					 : -(long double)(l->anchor_n - n);
	return (double)(l->anchor_y + (long double)l->slope * d);
}

size_t hull_lower(const struct point_set *s, size_t *v)
{
	size_t k = 0;
	for (size_t i = 0; i < s->count; i++) {
		while (k >= 2) {
			const struct point *A = &s->p[v[k - 2]], *B = &s->p[v[k - 1]];
			const struct point *C = &s->p[i];
			int pop = s->all_int ? pop_exact(A, B, C)
					     : pop_float(A->n, A->min, B->n, B->min,
							 C->n, C->min);
			if (!pop)
				break;
			k--;
		}
		v[k++] = i;
	}
	return k;
}

static double edge_slope(long double xa, long double ya, long double xb,
			 long double yb)
{
	return (double)((yb - ya) / (xb - xa));
}

/*
 * Given the hull (vertex coordinates xs, ys in order) and where mean(N)
 * falls, fill the line.  at_vertex: mean(N) == xs[k]; else it is inside
 * edge (k, k + 1).
 */
static void fill_line(const long double *xs, const long double *ys, size_t nv,
		    size_t k, int at_vertex, struct lv_line *out)
{
	if (!at_vertex || k == 0 || k + 1 == nv) {
		size_t a = at_vertex && k + 1 == nv ? k - 1 : k;
		out->slope = edge_slope(xs[a], ys[a], xs[a + 1], ys[a + 1]);
		out->slope_lo = out->slope_hi = out->slope;
		out->unique = 1;
		out->intercept = (double)(ys[a] - (long double)out->slope * xs[a]);
		out->anchor_n = (uint64_t)xs[a];
		out->anchor_y = ys[a];
		return;
	}
	out->slope_lo = edge_slope(xs[k - 1], ys[k - 1], xs[k], ys[k]);
	out->slope_hi = edge_slope(xs[k], ys[k], xs[k + 1], ys[k + 1]);
	out->slope = out->slope_lo + (out->slope_hi - out->slope_lo) / 2;
	out->unique = out->slope_lo == out->slope_hi;
	out->intercept = (double)(ys[k] - (long double)out->slope * xs[k]);
	out->anchor_n = (uint64_t)xs[k];
	out->anchor_y = ys[k];
}

int hull_least_values(const struct point_set *s, struct lv_line *out)
{
	size_t *v = s->count >= 2 ? malloc(s->count * sizeof *v) : NULL;
	if (v == NULL)
		return -1;
	size_t nv = hull_lower(s, v);
	long double *xs = calloc(nv, sizeof *xs), *ys = calloc(nv, sizeof *ys);
	if (xs == NULL || ys == NULL) {
		free(v), free(xs), free(ys);
		return -1;
	}
	uint128 sum = points_sum_n(s), cnt = s->count;
	size_t k = 0;
	/* The last vertex with N * count <= sum (exact). */
	while (k + 1 < nv && (uint128)s->p[v[k + 1]].n * cnt <= sum)
		k++;
	int at_vertex = (uint128)s->p[v[k]].n * cnt == sum;
	for (size_t i = 0; i < nv; i++) {
		const struct point *p = &s->p[v[i]];
		xs[i] = (long double)p->n;
		ys[i] = s->all_int ? (long double)point_min_int(p) : (long double)p->min;
	}
	fill_line(xs, ys, nv, k, at_vertex, out);
	/* mean(N) > the first N and < the last: inside an edge unless at a
	 * vertex. */
	out->left = v[k];
	out->right = at_vertex ? v[k] : v[k + 1];
	free(v), free(xs), free(ys);
	return 0;
}

int hull_least_values_d(const double *x, const double *y, size_t n,
			size_t *v, struct lv_line *out)
{
	long double mean = 0;
	for (size_t i = 0; i < n; i++)
		mean += x[i];
	return hull_least_values_at(x, y, n, mean / (long double)n, v, out);
}

int hull_least_values_at(const double *x, const double *y, size_t n,
			 long double mean, size_t *v, struct lv_line *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		while (k >= 2 && pop_float(x[v[k - 2]], y[v[k - 2]], x[v[k - 1]],
					   y[v[k - 1]], x[i], y[i]))
			k--;
		v[k++] = i;
	}
	long double xs[3], ys[3];
	size_t j = 0;
	while (j + 1 < k && x[v[j + 1]] <= mean)
		j++;
	int at_vertex = x[v[j]] == mean;
	/* fill_line looks at vertices j - 1 .. j + 1 only. */
	size_t lo = j > 0 ? j - 1 : 0, hi = j + 1 < k ? j + 1 : j, m = 0;
	for (size_t i = lo; i <= hi; i++, m++) {
		xs[m] = x[v[i]];
		ys[m] = y[v[i]];
	}
	fill_line(xs, ys, m, j - lo, at_vertex, out);
	out->left = v[j];
	out->right = v[hi];
	return 0;
}

int hull_room(double **x, double **y, size_t k, size_t *cap)
{
	if (k < *cap)
		return 0;
	size_t c = *cap ? 2 * *cap : 64;
	double *nx = realloc(*x, c * sizeof *nx);
	if (nx != NULL)
		*x = nx;
	double *ny = nx ? realloc(*y, c * sizeof *ny) : NULL;
	if (ny == NULL)
		return -1;
	*y = ny;
	*cap = c;
	return 0;
}

/* Vertices of a lower hull built a point at a time (x ascending). */
struct chain {
	double *x, *y;
	size_t count, cap;
};

static int chain_add(struct chain *c, double x, double y)
{
	while (c->count >= 2 && pop_float(c->x[c->count - 2], c->y[c->count - 2],
					  c->x[c->count - 1], c->y[c->count - 1], x, y))
		c->count--;
	if (hull_room(&c->x, &c->y, c->count, &c->cap) != 0)
		return -1;
	c->x[c->count] = x;
	c->y[c->count++] = y;
	return 0;
}

/* Minimum y[i]'s height above the line l (N from the first). */
static double height_at(const struct point_set *s, const double *y, const struct lv_line *l,
			size_t i)
{
	double x = (double)(s->p[i].n - s->p[0].n);
	return y[i] - (l->intercept + l->slope * x);
}

int hull_slope_band(const struct point_set *s, const double *y, double tick,
		    double *slope, double *band)
{
	struct chain c = { 0 };
	long double mean = 0;
	size_t n = 0, first = 0, last = 0;
	int rc = -1;
	for (size_t i = 0; i < s->count; i++) {
		if (isinf(y[i]))
			continue;
		double x = (double)(s->p[i].n - s->p[0].n);
		if (chain_add(&c, x, y[i]) != 0)
			goto done;
		mean += x;
		first = n ? first : i;
		last = i;
		n++;
	}
	size_t *v = n >= 3 ? malloc(c.count * sizeof *v) : NULL;
	if (v == NULL)
		goto done;
	/* the chain is the hull: the line is found on its vertices alone */
	struct lv_line l;
	hull_least_values_at(c.x, c.y, c.count, mean / (long double)n, v, &l);
	free(v);
	/* the heights above it, as a line in the minima's lengths
	 * (scatter.h): at the two ends of the span, W_first and W_last */
	double *len = malloc(n * sizeof *len), *h = malloc(n * sizeof *h);
	if (len == NULL || h == NULL) {
		free(len), free(h);
		goto done;
	}
	double len_first = y[first], len_last = y[last];
	size_t m = 0;
	for (size_t i = 0; i < s->count; i++)
		if (!isinf(y[i]))
			len[m] = y[i], h[m++] = height_at(s, y, &l, i);
	/* the two minima the line rests on are left out (the fifths of 30%
	 * of clean collections of 8 N had been called apart with them; 12%
	 * without) */
	struct scatter_line w;	/* W at its upper bound (hull.h) */
	rc = scatter_fit_resting_upper(len, h, m, HULL_MEDIAN_UPPER_P, &w);
	free(len), free(h);
	if (rc != 0)
		goto done;
	double scatter = (scatter_at(&w, len_first, tick) + scatter_at(&w, len_last, tick)) / 2;
	double span = (double)(s->p[last].n - s->p[0].n) - (double)(s->p[first].n - s->p[0].n);
	*slope = l.slope;
	*band = fabs(l.slope) * span >= HULL_RISE_MIN * scatter ? 2 * scatter / span : INFINITY;
	/* the band of the lines under every minimum + W and within W of
	 * every one no more than W above the line (the tick band's, lvband.h,
	 * about the line itself): where the line rests on two minima near
	 * each other, its slope is known to W over their distance, not over
	 * the span */
	if (isfinite(*band)) {
		struct lvband b;
		long double sl[2], ic[2];
		lvband_init(&b);
		for (size_t i = 0; i < s->count; i++) {
			if (isinf(y[i]))
				continue;
			/* long double, as the heights were kept: hi +/- scatter
			 * is then taken to 64 bits, not rounded to a double */
			long double hi = height_at(s, y, &l, i);
			lvband_add(&b, (double)(s->p[i].n - s->p[0].n), hi + scatter,
				   hi <= scatter ? hi - scatter : -INFINITY);
		}
		int got = lvband_solve(&b, 0, sl, ic);
		lvband_free(&b);
		if (got == 1)
			*band = INFINITY;
		else if (got == 0)
			*band = fmax(*band, (double)fmaxl(-sl[0], sl[1]));
		rc = got < 0 ? -1 : 0;
	}
done:
	free(c.x), free(c.y);
	return rc;
}
