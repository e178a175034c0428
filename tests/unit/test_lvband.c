/*
 * test_lvband.c - the exact tick band (collector/core/lvband.h) against
 * brute force (every vertex of the two-variable LP, from every pair of
 * its constraints) on small random and degenerate cases, and against
 * GLPK's simplex (lp_band) on larger ones; unbounded bands said so.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include <glpk.h>

#include "lp.h"
#include "lvband.h"
#include "rng.h"

enum { SMALL = 10, CASES = 400 };

/* The extremes over all feasible vertices: a constraint pair taken as
 * equalities; slope[2], intercept[2] at xz.  0, or 1 if none. */
static int brute(const long double *x, const long double *up, const long double *lo,
		 size_t n, long double xz, long double slope[2], long double icpt[2])
{
	/* constraint k: a + b x_k (<= up_k) or (>= lo_k); k < n upper */
	int found = 0;
	for (size_t i = 0; i < 2 * n; i++)
		for (size_t j = i + 1; j < 2 * n; j++) {
			size_t p = i % n, q = j % n;
			long double yp = i < n ? up[p] : lo[p], yq = j < n ? up[q] : lo[q];
			if (!isfinite(yp) || !isfinite(yq) || x[p] == x[q])
				continue;
			long double b = (yq - yp) / (x[q] - x[p]), a = yp - b * x[p];
			int ok = 1;
			for (size_t k = 0; k < n && ok; k++) {
				long double v = a + b * x[k];
				long double tol = 1e-9L * (1 + fabsl(up[k]));
				ok = v <= up[k] + tol && (!isfinite(lo[k]) || v >= lo[k] - tol);
			}
			if (!ok)
				continue;
			long double c = a + b * xz;
			if (!found || b < slope[0]) slope[0] = b;
			if (!found || b > slope[1]) slope[1] = b;
			if (!found || c < icpt[0]) icpt[0] = c;
			if (!found || c > icpt[1]) icpt[1] = c;
			found = 1;
		}
	return !found;
}

/* A least-values-like case: minima on a line with one-sided noise, W the
 * tick, the lower bounds at the minima within W of the true line (which is
 * then in the band); in a quarter of the cases, more scattered lower
 * bounds (the band may then be empty or unbounded). */
static void make(struct rng *r, size_t n, long double *x, long double *up,
		 long double *lo, int degenerate)
{
	long double w = 1 + rng_uniform(r) * 20;
	long double slope = rng_uniform(r) * 5;
	long double xs = 0;
	for (size_t i = 0; i < n; i++) {
		xs += 1 + (degenerate ? 0 : (long double)rng_below(r, 50));
		x[i] = xs;
		long double noise = degenerate ? (long double)(i % 3) * w / 2
					       : rng_uniform(r) * 4 * w;
		long double y = slope * x[i] + noise;
		up[i] = y + w;
		lo[i] = noise <= w || (degenerate && rng_uniform(r) < 0.3) ? y - w : -INFINITY;
	}
}

static void assert_close(long double a, long double b)
{
	long double tol = 1e-7L * (1 + fabsl(a) + fabsl(b));
	if (!(fabsl(a - b) <= tol))
		fail_msg("%.17Lg vs %.17Lg", a, b);
}

static void test_brute_force(void **state)
{
	(void)state;
	struct rng r;
	rng_seed(&r, 7);
	long double x[SMALL], up[SMALL], lo[SMALL];
	int bounded = 0;
	for (int c = 0; c < CASES; c++) {
		size_t n = 2 + rng_below(&r, SMALL - 1);
		make(&r, n, x, up, lo, c % 4 == 0);
		long double s1[2], i1[2], s2[2] = { 0, 0 }, i2[2] = { 0, 0 };
		long double xz = -(long double)rng_below(&r, 1000);
		int a = lv_band(x, up, lo, n, xz, s1, i1);
		int b = brute(x, up, lo, n, xz, s2, i2);
		assert_int_not_equal(a, -1);
		if (a == 1) {	/* unbounded or empty: no line touches both
				 * sides, or there is none */
			continue;
		}
		assert_int_equal(b, 0);
		bounded++;
		assert_close(s1[0], s2[0]);
		assert_close(s1[1], s2[1]);
		assert_close(i1[0], i2[0]);
		assert_close(i1[1], i2[1]);
	}
	assert_true(bounded > CASES / 2);	/* the check checked */
}

/* Every lower bound at one end: the slope can grow (or fall) without
 * limit; and a single point. */
static void test_unbounded(void **state)
{
	(void)state;
	long double x[3] = { 0, 1, 2 }, up[3] = { 1, 2, 3 };
	long double lo[3] = { -1, -INFINITY, -INFINITY };
	long double s[2], ic[2];
	assert_int_equal(lv_band(x, up, lo, 3, 0, s, ic), 1);
	lo[0] = -INFINITY, lo[2] = 1;
	assert_int_equal(lv_band(x, up, lo, 3, 0, s, ic), 1);
	lo[0] = -1;	/* both ends bound it from below: finite */
	assert_int_equal(lv_band(x, up, lo, 3, 0, s, ic), 0);
	assert_true(s[0] <= 1 && 1 <= s[1]);
	assert_int_equal(lv_band(x, up, lo, 1, 0, s, ic), 1);
}

/* Against GLPK's simplex on the same limits, at sizes brute force cannot
 * reach. */
static void test_glpk(void **state)
{
	(void)state;
	enum { N = 300 };
	struct rng r;
	rng_seed(&r, 11);
	long double x[N], up[N], lo[N];
	double upd[N], lod[N];
	for (int c = 0; c < 20; c++) {
		make(&r, N, x, up, lo, 0);
		struct point_set s;
		points_init(&s);
		for (size_t i = 0; i < N; i++) {
			assert_int_equal(points_add(&s, (uint64_t)x[i], (double)up[i], 0, 0), 0);
			upd[i] = (double)up[i];
			lod[i] = (double)lo[i];
		}
		points_sort(&s);
		long double sl[2], ic[2];
		double gs[2], gi[2];
		const char *reason;
		assert_int_equal(lv_band(x, up, lo, N, 0, sl, ic), 0);
		assert_int_equal(lp_band(&s, lod, upd, gs, gi, &reason), 0);
		/* GLPK's tolerances are relative: as lines over the range */
		long double span = x[N - 1] - x[0];
		for (int k = 0; k < 2; k++) {
			assert_true(fabsl(sl[k] - gs[k]) * span < 1e-6L * up[N - 1]);
			assert_true(fabsl(ic[k] - gi[k]) < 1e-6L * up[N - 1]);
		}
		points_free(&s);
	}
}

int main(void)
{
	glp_term_out(GLP_OFF);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_brute_force),
		cmocka_unit_test(test_unbounded),
		cmocka_unit_test(test_glpk),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
