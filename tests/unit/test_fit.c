/*
 * test_fit.c - the least-values line: lower hull, GLPK LP and brute force
 * agree on hundreds of random cases, degenerate ones included.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include <glpk.h>
#include <gsl/gsl_rng.h>

#include "hull.h"
#include "lp.h"
#include "points.h"

static void build(struct point_set *s, const uint64_t *n, const uint64_t *m,
		  size_t k)
{
	points_init(s);
	for (size_t i = 0; i < k; i++)
		assert_int_equal(points_add(s, n[i], (double)m[i], m[i], 1), 0);
	points_sort(s);
}

/* The best line through two of the minima that stays under all of them
 * (the optimum of a 2-variable LP is at such a line): O(k^3), exact
 * enough in long double for the sizes used here. */
static long double brute_value_at_mean(const struct point_set *s)
{
	long double mean = 0, best = -INFINITY;
	for (size_t i = 0; i < s->count; i++)
		mean += s->p[i].n;
	mean /= s->count;
	for (size_t i = 0; i < s->count; i++)
		for (size_t j = i + 1; j < s->count; j++) {
			long double xi = s->p[i].n, yi = point_min_int(&s->p[i]);
			long double sl = ((long double)point_min_int(&s->p[j]) - yi) /
					 ((long double)s->p[j].n - xi);
			int under = 1;
			for (size_t q = 0; q < s->count && under; q++) {
				long double v = yi + sl * ((long double)s->p[q].n - xi);
				under = v <= (long double)point_min_int(&s->p[q]) * (1 + 1e-15L) + 1e-9L;
			}
			long double at = yi + sl * (mean - xi);
			if (under && at > best)
				best = at;
		}
	return best;
}

static long double value_at_mean(const struct point_set *s, const struct lv_line *l)
{
	long double mean = 0;
	for (size_t i = 0; i < s->count; i++)
		mean += s->p[i].n;
	mean /= s->count;
	return (long double)l->intercept + (long double)l->slope * mean;
}

/* Line under every minimum (to a relative 1e-12). */
static void assert_under(const struct point_set *s, const struct lv_line *l)
{
	for (size_t i = 0; i < s->count; i++) {
		long double v = (long double)l->intercept + (long double)l->slope * s->p[i].n;
		long double m = point_min_int(&s->p[i]);
		if (!(v <= m + 1e-12L * (m > 1 ? m : 1)))
			print_error("point %zu of %zu: n=%llu m=%.0Lf line=%.6Lf slope=%.17g icpt=%.17g unique=%d\n",
				    i, s->count, (unsigned long long)s->p[i].n, m, v, l->slope, l->intercept, l->unique);
		assert_true(v <= m + 1e-12L * (m > 1 ? m : 1));
	}
}

static void check_case(const struct point_set *s, int brute)
{
	struct lv_line h;
	struct lp_result lp;
	char err[256];
	assert_int_equal(hull_least_values(s, &h), 0);
	assert_int_equal(lp_least_values(s, &lp, err, sizeof err), 0);
	assert_under(s, &h);

	assert_under(s, &lp.line);
	long double vh = value_at_mean(s, &h), vl = value_at_mean(s, &lp.line);
	long double scale = 1;
	for (size_t i = 0; i < s->count; i++)
		scale = point_min_int(&s->p[i]) > scale ? point_min_int(&s->p[i]) : scale;
	assert_true(fabsl(vh - vl) <= 1e-9L * scale);
	if (h.unique) {
		assert_true(fabs(h.slope - lp.line.slope) <=
			    1e-9 * fabs(h.slope) + 1e-9 * scale / (double)(s->p[s->count - 1].n - s->p[0].n));
	} else {
		/* At a vertex the LP reports the same range as the hull, not
		 * one edge's slope as if it were unique. */
		double slack = 1e-9 * fabs(h.slope_hi - h.slope_lo) + 1e-12 * fabs(h.slope) + 1e-12;
		assert_false(lp.line.unique);
		assert_true(fabs(lp.line.slope_lo - h.slope_lo) <= slack);
		assert_true(fabs(lp.line.slope_hi - h.slope_hi) <= slack);
		assert_true(fabs(lp.line.slope - h.slope) <= slack);
	}
	if (brute)
		assert_true(fabsl(vh - brute_value_at_mean(s)) <= 1e-9L * scale);
}

/* Linear cost plus one-sided noise, N anywhere in 0..range. */
static void test_random(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 2026);
	for (int c = 0; c < 300; c++) {
		size_t k = 3 + gsl_rng_uniform_int(r, 40);
		uint64_t n[64], m[64];
		uint64_t range = 10 + gsl_rng_uniform_int(r, 1000000);
		double slope = 0.01 + 5 * gsl_rng_uniform(r);
		for (size_t i = 0; i < k; i++) {
			n[i] = gsl_rng_uniform_int(r, range);
			m[i] = 100 + (uint64_t)(slope * (double)n[i]) + gsl_rng_uniform_int(r, 50);
		}
		struct point_set s;
		build(&s, n, m, k);
		if (s.count >= 3)
			check_case(&s, 1);
		points_free(&s);
	}
	gsl_rng_free(r);
}

/* mean(N) exactly on a hull vertex: the slope is an interval. */
static void test_mean_on_vertex(void **state)
{
	(void)state;
	/* N = 0, 10, 20: mean 10, the middle point is far below the chord */
	const uint64_t n[] = { 0, 10, 20 }, m[] = { 100, 50, 130 };
	struct point_set s;
	build(&s, n, m, 3);
	struct lv_line h;
	assert_int_equal(hull_least_values(&s, &h), 0);
	assert_false(h.unique);
	assert_true(fabs(h.slope_lo - (-5.0)) < 1e-12);
	assert_true(fabs(h.slope_hi - 8.0) < 1e-12);
	assert_true(fabs(h.slope - 1.5) < 1e-12);
	assert_true(fabs(h.intercept + h.slope * 10 - 50) < 1e-9);
	check_case(&s, 1);
	points_free(&s);

	/* Random cases built to put mean(N) on a vertex. */
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 7);
	for (int c = 0; c < 100; c++) {
		uint64_t nn[5], mm[5], mid = 5000 + gsl_rng_uniform_int(r, 1000000);
		uint64_t d1 = 1 + gsl_rng_uniform_int(r, 1000), d2 = 1 + gsl_rng_uniform_int(r, 1000);
		/* N symmetric around mid: mean(N) == mid, the lowest point */
		nn[0] = mid - d1 - d2, nn[1] = mid - d2, nn[2] = mid;
		nn[3] = mid + d2, nn[4] = mid + d1 + d2;
		for (int i = 0; i < 5; i++)
			mm[i] = 100000 + 3 * nn[i] + (i == 2 ? 0 : 500 + gsl_rng_uniform_int(r, 500));
		build(&s, nn, mm, 5);
		assert_int_equal(hull_least_values(&s, &h), 0);
		assert_false(h.unique);
		check_case(&s, 1);
		points_free(&s);
	}
	gsl_rng_free(r);
}

/* Minima exactly on one line: every point is on the hull edge. */
static void test_collinear(void **state)
{
	(void)state;
	uint64_t n[50], m[50];
	for (int i = 0; i < 50; i++) {
		n[i] = 1000 + 977 * (uint64_t)i;
		m[i] = 40 + 3 * n[i];
	}
	struct point_set s;
	build(&s, n, m, 50);
	struct lv_line h;
	assert_int_equal(hull_least_values(&s, &h), 0);
	assert_true(h.unique);
	assert_true(h.slope == 3.0);
	assert_true(h.intercept == 40.0);
	check_case(&s, 1);
	points_free(&s);
}

/* N from 1 to 10^9, timings near 10^12: exact hull, a well-scaled LP. */
static void test_wide_range(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 99);
	for (int c = 0; c < 100; c++) {
		uint64_t n[40], m[40];
		for (int i = 0; i < 40; i++) {
			double f = (double)i / 39;
			n[i] = (uint64_t)llround(pow(1e9, f));	/* 1 .. 1e9 */
			m[i] = (uint64_t)(1e12 + 997.3 * (double)n[i]) +
			       gsl_rng_uniform_int(r, 1000000);
		}
		struct point_set s;
		build(&s, n, m, 40);
		check_case(&s, c < 10);
		struct lv_line h;
		hull_least_values(&s, &h);
		assert_true(fabs(h.slope - 997.3) < 0.01);
		points_free(&s);
	}
	gsl_rng_free(r);
}

/* Timings near 2^63: the 128-bit cross products keep the hull exact. */
static void test_huge_values(void **state)
{
	(void)state;
	const uint64_t big = UINT64_C(9000000000000000000);
	const uint64_t n[] = { 1, 2, 3, 4 };
	const uint64_t m[] = { big + 10, big + 12, big + 13, big + 16 };
	struct point_set s;
	build(&s, n, m, 4);
	size_t v[4];
	/* (2, +12) lies above the chord from (1, +10) to (3, +13): not a
	 * vertex; (3, +13) is. */
	size_t nv = hull_lower(&s, v);
	assert_int_equal(nv, 3);
	assert_int_equal(s.p[v[1]].n, 3);
	points_free(&s);
}

int main(void)
{
	glp_term_out(GLP_OFF);
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_mean_on_vertex),
		cmocka_unit_test(test_collinear),
		cmocka_unit_test(test_wide_range),
		cmocka_unit_test(test_huge_values),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
