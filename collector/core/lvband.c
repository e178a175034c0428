/*
 * lvband.c - the tick band's extreme slopes and intercepts (lvband.h).
 */
#include "lvband.h"

#include <math.h>
#include <stdlib.h>

/* A convex chain of points (x ascending): its vertices' x and y, and the
 * slope of each edge (count - 1 of them).  Its arrays grow with it: a
 * chain over a million N holds a few hundred vertices, not a million. */
struct lvband_chain {
	long double *x, *y, *slope;
	size_t count, cap;
};

static void chain_free(struct lvband_chain *c)
{
	free(c->x), free(c->y), free(c->slope);
	*c = (struct lvband_chain){ 0 };
}

static int chain_push(struct lvband_chain *c, long double x, long double y)
{
	if (c->count == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 64;
		long double *nx = realloc(c->x, cap * sizeof *nx);
		if (nx != NULL)
			c->x = nx;
		long double *ny = nx ? realloc(c->y, cap * sizeof *ny) : NULL;
		if (ny == NULL)
			return -1;
		c->y = ny;
		c->cap = cap;
	}
	c->x[c->count] = x;
	c->y[c->count++] = y;
	return 0;
}

/* Point (x, y) onto the lower hull (sign 1) or the upper hull (sign -1)
 * of those before it (x ascending); none if y is not finite.  Returns 0,
 * or -1 when out of memory. */
static int hull_add(struct lvband_chain *c, int sign, long double x, long double y)
{
	if (!isfinite(y))
		return 0;
	while (c->count >= 2) {
		size_t k = c->count;
		long double ax = c->x[k - 2], ay = c->y[k - 2];
		long double bx = c->x[k - 1], by = c->y[k - 1];
		/* b is not strictly below (above) the chord from a to (x, y) */
		long double cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
		if (sign * cross > 0)
			break;
		c->count--;
	}
	return chain_push(c, x, y);
}

/* The slope of each edge of a finished chain. */
static int edge_slopes(struct lvband_chain *c)
{
	c->slope = malloc((c->count ? c->count : 1) * sizeof *c->slope);
	if (c->slope == NULL)
		return -1;
	for (size_t k = 0; k + 1 < c->count; k++)
		c->slope[k] = (c->y[k + 1] - c->y[k]) / (c->x[k + 1] - c->x[k]);
	return 0;
}

/* f(b) = min over the lower chain of y - b x: the vertex after the edges
 * whose slope is below b (they ascend). */
static long double lower_env(const struct lvband_chain *c, long double b)
{
	size_t lo = 0, hi = c->count - 1;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->slope[mid] < b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return c->y[lo] - b * c->x[lo];
}

/* g(b) = max over the upper chain of y - b x: the vertex after the edges
 * whose slope is above b (they descend). */
static long double upper_env(const struct lvband_chain *c, long double b)
{
	size_t lo = 0, hi = c->count - 1;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (c->slope[mid] > b)
			lo = mid + 1;
		else
			hi = mid;
	}
	return c->y[lo] - b * c->x[lo];
}

static int by_value(const void *a, const void *b)
{
	long double x = *(const long double *)a, y = *(const long double *)b;
	return (x > y) - (x < y);
}

/* The root of h between a breakpoint b0 (h0 >= 0) and b1 (h1 < 0). */
static long double root(long double b0, long double h0, long double b1, long double h1)
{
	return b0 + (b1 - b0) * h0 / (h0 - h1);
}

struct band_ctx {
	const struct lvband_chain *f, *g;
	const long double *bp;	/* breakpoints, ascending */
	size_t nbp;
};

static long double h_of(const struct band_ctx *k, long double b)
{
	return lower_env(k->f, b) - upper_env(k->g, b);
}

/* The feasible slopes [b_lo, b_hi], where h = f - g >= 0, from the
 * breakpoint where h is largest.  Returns 0, or 1 if unbounded. */
static int slopes(const struct band_ctx *k, long double *b_lo, long double *b_hi)
{
	const struct lvband_chain *f = k->f, *g = k->g;
	/* h's slope beyond the last breakpoint and before the first */
	long double right = -f->x[f->count - 1] + g->x[0];
	long double left = -f->x[0] + g->x[g->count - 1];
	if (!(right < 0) || !(left > 0))
		return 1;
	size_t best = 0;
	for (size_t i = 1; i < k->nbp; i++)
		if (h_of(k, k->bp[i]) > h_of(k, k->bp[best]))
			best = i;
	if (!(h_of(k, k->bp[best]) >= 0))
		return 1;	/* no line at all: not for a fitted line's band */
	size_t i = best;
	while (i + 1 < k->nbp && h_of(k, k->bp[i + 1]) >= 0)
		i++;
	*b_hi = i + 1 < k->nbp ? root(k->bp[i], h_of(k, k->bp[i]), k->bp[i + 1],
				      h_of(k, k->bp[i + 1]))
			       : k->bp[i] + h_of(k, k->bp[i]) / -right;
	i = best;
	while (i > 0 && h_of(k, k->bp[i - 1]) >= 0)
		i--;
	*b_lo = i > 0 ? root(k->bp[i], h_of(k, k->bp[i]), k->bp[i - 1], h_of(k, k->bp[i - 1]))
		      : k->bp[i] - h_of(k, k->bp[i]) / left;
	return 0;
}

/* The intercepts at xz: max of f(b) + b xz (concave) and min of g(b) + b xz
 * (convex) over the feasible slopes, at a breakpoint or an end. */
static void intercepts(const struct band_ctx *k, long double b_lo, long double b_hi,
		       long double xz, long double out[2])
{
	out[0] = upper_env(k->g, b_lo) + b_lo * xz;
	out[1] = lower_env(k->f, b_lo) + b_lo * xz;
	long double ends[2] = { b_lo, b_hi };
	for (size_t i = 0; i < k->nbp + 2; i++) {
		long double b = i < 2 ? ends[i] : k->bp[i - 2];
		if (b < b_lo || b > b_hi)
			continue;
		long double lo = upper_env(k->g, b) + b * xz;
		long double hi = lower_env(k->f, b) + b * xz;
		out[0] = lo < out[0] ? lo : out[0];
		out[1] = hi > out[1] ? hi : out[1];
	}
}

void lvband_init(struct lvband *b)
{
	*b = (struct lvband){ 0 };
	b->f = calloc(1, sizeof *b->f);
	b->g = calloc(1, sizeof *b->g);
	b->failed = b->f == NULL || b->g == NULL;
}

void lvband_add(struct lvband *b, long double x, long double up, long double lo)
{
	if (!b->failed && (hull_add(b->f, 1, x, up) != 0 || hull_add(b->g, -1, x, lo) != 0))
		b->failed = 1;
}

int lvband_solve(struct lvband *b, long double xz, long double slope[2],
		 long double intercept[2])
{
	struct lvband_chain *f = b->f, *g = b->g;
	long double *bp = NULL;
	int rc = -1;
	if (!b->failed && edge_slopes(f) == 0 && edge_slopes(g) == 0 &&
	    (bp = malloc((f->count + g->count + 1) * sizeof *bp)) != NULL) {
		rc = 1;	/* one vertex each: h is a line, unbounded */
		if (f->count > 0 && g->count > 0 && f->count + g->count > 2) {
			size_t nbp = 0;
			for (size_t i = 0; i + 1 < f->count; i++)
				bp[nbp++] = f->slope[i];
			for (size_t i = 0; i + 1 < g->count; i++)
				bp[nbp++] = g->slope[i];
			qsort(bp, nbp, sizeof *bp, by_value);
			struct band_ctx k = { f, g, bp, nbp };
			rc = slopes(&k, &slope[0], &slope[1]);
			if (rc == 0)
				intercepts(&k, slope[0], slope[1], xz, intercept);
		}
	}
	free(bp);
	return rc;
}

void lvband_free(struct lvband *b)
{
	if (b->f != NULL)
		chain_free(b->f);
	if (b->g != NULL)
		chain_free(b->g);
	free(b->f), free(b->g);
	*b = (struct lvband){ 0 };
}

int lv_band(const long double *x, const long double *up, const long double *lo,
	    size_t n, long double xz, long double slope[2], long double intercept[2])
{
	struct lvband b;
	lvband_init(&b);
	for (size_t i = 0; i < n; i++)
		lvband_add(&b, x[i], up[i], lo[i]);
	int rc = lvband_solve(&b, xz, slope, intercept);
	lvband_free(&b);
	return rc;
}
