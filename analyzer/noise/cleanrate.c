/*
 * cleanrate.c - the rate from the points whose median run is clean at
 * it (cleanrate.h).
 *
 * Taking the points one by one asks, before each, whether the rate of
 * those taken, r = rate_of_hits, has r len > ln 2 (len: the next one's
 * mean clean length).  rate_of_hits bisects on the likelihood's slope,
 * some 50 sums over the points taken: asked before each of thousands of
 * points, that is quadratic, 58% of a report of 10^7 samples over 10^4 N
 * (8 calls over some 4400 points each: 10 s).  The answer is known without the bisection where
 * the slope is well below 0 at x, just under ln 2 / len: the slope
 *
 *   f(y) = sum of hit t / expm1(y t) - clean     (rates.c)
 *
 * falls as y grows, and where f(y) < -err(y) (err: what rounding can do
 * to its sum, which falls with y too) at y = x, no y at or above x has a
 * computed slope above 0.  rate_of_hits' bisection then never moves its
 * lower end to x or beyond, and stops with its ends within 1e-12 of each
 * other (from hits / exposure, below x and above x 2^-100, it converges
 * before its 200 steps): r < x (1 + 2e-12), and r len <= ln 2, the answer
 * it would give.  The slopes at x of a block of points are one sum, at
 * the block's smallest x (the points come by length, x falls), which
 * bounds each of theirs from above; where it does not tell, the point's
 * own x, and last the bisection itself.  The rate returned is
 * rate_of_hits', computed once, of the points taken.
 */
#include "cleanrate.h"

#include <math.h>
#include <stdlib.h>

enum { CLEAN_BLOCK = 64 };	/* points whose slopes one sum bounds */

/* x's margin under ln 2 / len, and the rounding's share of the slope's
 * terms a sum of k can take: the sum's k steps, and each term's expm1
 * (its argument rounded: (3 + y t) ulps, y t < 745 where it is not 0),
 * 1e4 times over. */
#define CLEAN_MARGIN 1e-9
#define CLEAN_ROUNDING(k) (1e-12 * ((double)(k) + 1000))

/* rate_of_hits' sums over the points taken, in its order. */
struct taken_sums {
	double exposure, hits, clean;
};

static void sums_add(struct taken_sums *s, const struct exposure *e)
{
	s->exposure += e->clean + e->hit * e->hit_len;
	s->hits += e->hit;
	s->clean += e->clean;
}

/* A point's mean clean length. */
static double mean_len(const struct exposure *e)
{
	return e->runs > 0 ? (e->clean + e->hit * e->hit_len) / e->runs : 0;
}

/* The y a point of length len is tested at: under ln 2 / len. */
static double below_x(double len)
{
	return M_LN2 / len * (1 - CLEAN_MARGIN);
}

/* The hit runs' part of the slope at y, over e[from..to). */
static double hits_part(const struct exposure *e, size_t from, size_t to, double y)
{
	double a = 0;
	for (size_t p = from; p < to; p++)
		if (e[p].hit > 0)
			a += e[p].hit * e[p].hit_len / expm1(y * e[p].hit_len);
	return a;
}

/* Whether the k points taken (sums s, hit part a at y <= below_x(len))
 * surely have a rate with r len <= ln 2 (above). */
static int surely_clean(const struct taken_sums *s, size_t k, double a, double y)
{
	if (!(s->hits > 0) || !(s->exposure > 0) || !(s->clean > 0))
		return 0;	/* rate_of_hits' own cases: asked of it */
	double lo = s->hits / s->exposure, err = CLEAN_ROUNDING(k) * (a + s->clean);
	return isfinite(a) && isfinite(y) && y > 0 && y < 1e290 && lo < y * (1 - CLEAN_MARGIN) &&
	       lo * 0x1p100 > y && a - s->clean < -2 * err;
}

/* The points taken of some[0..m), in order: whether each next one's
 * median is clean at the rate of those before. */
static size_t taken_count(const struct exposure *some, size_t m)
{
	struct taken_sums s = { 0, 0, 0 };
	size_t k = m > 0;	/* the first is taken */
	if (k > 0)
		sums_add(&s, &some[0]);
	while (k < m) {
		size_t end = k + CLEAN_BLOCK < m ? k + CLEAN_BLOCK : m;
		double y = below_x(mean_len(&some[end - 1]));
		double a = hits_part(some, 0, k, y);
		for (; k < end && surely_clean(&s, k, a, y); k++) {
			a += hits_part(some, k, k + 1, y);
			sums_add(&s, &some[k]);
		}
		if (k == end)
			continue;
		double len = mean_len(&some[k]);
		y = below_x(len);
		if (!surely_clean(&s, k, hits_part(some, 0, k, y), y) &&
		    rate_of_hits(some, k) * len > M_LN2)
			break;
		sums_add(&s, &some[k++]);
	}
	return k;
}

double clean_rate(struct exposure *e, size_t np, double *time)
{
	size_t *ord = malloc((np ? np : 1) * sizeof *ord);
	struct exposure *some = malloc((np ? np : 1) * sizeof *some);
	*time = 0;
	if (ord == NULL || some == NULL) {
		free(ord), free(some);
		return rate_of_hits(e, np);
	}
	size_t m = 0;
	for (size_t q = 0; q < np; q++)
		if (e[q].runs > 0)
			ord[m++] = q;
	/* insertion sort by length: the points are mostly in order already
	 * (N sorted, lengths growing with N) */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && mean_len(&e[ord[j]]) < mean_len(&e[ord[j - 1]]); j--) {
			size_t t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	for (size_t i = 0; i < m; i++)
		some[i] = e[ord[i]];
	size_t taken = taken_count(some, m);
	double r = taken > 0 ? rate_of_hits(some, taken) : 0;
	for (size_t j = taken; j < m; j++)
		e[ord[j]] = (struct exposure){ 0 };
	for (size_t i = 0; i < taken; i++)
		*time += e[ord[i]].clean + e[ord[i]].hit * e[ord[i]].hit_len;
	free(ord), free(some);
	return r;
}
