/*
 * test_changepoint.c - a flat series stays one level (at the false-alarm
 * rate asked), a step is cut where it is, a ramp is one line, and both
 * together are told apart; segmentations that tie in exact arithmetic
 * come out the same whatever the rounding (the earliest start), and
 * exact fits cost exactly nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "changepoint.h"

enum { N = 1000 };

/* y = f(x) + N(0, sigma), x = 0..N-1 */
static void series(double *x, double *y, double (*f)(double), double sigma, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	for (size_t i = 0; i < N; i++) {
		x[i] = (double)i;
		y[i] = f(x[i]) + gsl_ran_gaussian(r, sigma);
	}
	gsl_rng_free(r);
}

static double flat(double x)
{
	(void)x;
	return 1;
}

static double step(double x)
{
	return x < 600 ? 1 : 1.01;
}

static double ramp(double x)
{
	return x < 300 ? 1 : x < 700 ? 1 + 0.05 * (x - 300) / 400 : 1.05;
}

/* 100 flat series at alpha 0.05: a change found in 5 of them at most
 * by the bound (fewer in fact: Bonferroni is conservative); 10 allowed. */
static void test_flat(void **state)
{
	(void)state;
	static double x[N], y[N];
	int changed = 0;
	for (unsigned long seed = 1; seed <= 100; seed++) {
		series(x, y, flat, 0.002, seed);
		struct segmentation g;
		assert_int_equal(changepoint_segment(x, y, NULL, N, 4, 0.05, 0, &g), 0);
		changed += g.count > 1 || g.s[0].sloped;
		segmentation_free(&g);
	}
	assert_true(changed <= 10);
}

/* A step of 5 sigma: cut within 10 points of it, both levels right. */
static void test_step(void **state)
{
	(void)state;
	static double x[N], y[N];
	for (unsigned long seed = 1; seed <= 10; seed++) {
		series(x, y, step, 0.002, seed);
		struct segmentation g;
		assert_int_equal(changepoint_segment(x, y, NULL, N, 4, 0.01, 0, &g), 0);
		assert_int_equal(g.count, 2);
		assert_true(labs((long)g.s[1].from - 600) <= 10);
		assert_true(fabs(g.s[0].level - 1) < 0.001 && fabs(g.s[1].level - 1.01) < 0.001);
		assert_false(g.s[0].sloped || g.s[1].sloped);
		segmentation_free(&g);
	}
}

/* A ramp between two levels: three segments, the middle one sloped at
 * the ramp's slope; its ends within 30 points (a kink between a level
 * and a line is placed less surely than a step: 25 off was seen). */
static void test_ramp(void **state)
{
	(void)state;
	static double x[N], y[N];
	for (unsigned long seed = 1; seed <= 10; seed++) {
		series(x, y, ramp, 0.002, seed);
		struct segmentation g;
		assert_int_equal(changepoint_segment(x, y, NULL, N, 4, 0.01, 0, &g), 0);
		assert_int_equal(g.count, 3);
		assert_true(g.s[1].sloped && !g.s[0].sloped && !g.s[2].sloped);
		assert_true(fabs(g.s[1].slope / (0.05 / 400) - 1) < 0.05);
		assert_true(labs((long)g.s[1].from - 300) <= 30 && labs((long)g.s[2].from - 700) <= 30);
		segmentation_free(&g);
	}
}

/* Weights: points of weight 4 have half the noise; sigma is a point's
 * of weight 1. */
static void test_weights(void **state)
{
	(void)state;
	static double y[N], w[N];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 3);
	for (size_t i = 0; i < N; i++) {
		w[i] = i % 2 ? 4 : 1;
		y[i] = 1 + gsl_ran_gaussian(r, 0.01 / sqrt(w[i]));
	}
	gsl_rng_free(r);
	double s = changepoint_noise(y, w, N);
	assert_true(fabs(s / 0.01 - 1) < 0.15);
}

/* Clock-like times: a block every 1e6 clock units from 1e9 (the speed's
 * blocks are such; sums of their squares lose the last bits first). */
static double at(size_t i)
{
	return 1e9 + 1e6 * (double)i;
}

/* The segments' bounds are [0, first) then pairs of points. */
static void assert_pairs_after(const struct segmentation *g, size_t n, size_t first)
{
	assert_int_equal(g->count, 1 + (n - first) / 2);
	assert_int_equal(g->s[0].to, first);
	for (size_t k = 1; k < g->count; k++) {
		assert_int_equal(g->s[k].from, first + 2 * (k - 1));
		assert_int_equal(g->s[k].to, first + 2 * k);
		assert_true(g->s[k].sloped);
	}
}

/* Every other value of v one ulp up: a rounding that must not move a
 * segmentation. */
static void odd_ulp_up(double *v, size_t n)
{
	for (size_t i = 1; i < n; i += 2)
		v[i] = nextafter(v[i], INFINITY);
}

/* 51 points of which no three lie on a line nor two on a level (i^2 mod
 * 101: its second differences are 2 + 101 k), at a sigma far below their
 * steps: the least cost is a line through each two points, and the one
 * left over a level, at any of 26 places: 26 segmentations tie in exact
 * arithmetic.  The earliest start of the last segment wins at each end,
 * so the lone point comes first, the same with every other y, or x, one
 * ulp up (where a line through two points leaves a rounding residue that
 * a point's level does not, the residue decides). */
static void test_ties(void **state)
{
	(void)state;
	enum { M = 51 };
	double x[M], y[M];
	for (int pass = 0; pass < 3; pass++) {
		for (size_t i = 0; i < M; i++) {
			x[i] = at(i);
			y[i] = (double)(i * i % 101);
		}
		if (pass > 0)
			odd_ulp_up(pass == 1 ? y : x, M);
		struct segmentation g;
		assert_int_equal(changepoint_segment(x, y, NULL, M, 1, 0.01, 0.001, &g), 0);
		assert_pairs_after(&g, M, 1);
		assert_false(g.s[0].sloped);
		segmentation_free(&g);
	}
}

/* Quantized speeds: a level, a ramp by exact steps of 0.25, another
 * level.  Most neighbours are equal, so the median difference and sigma
 * are 0 but for their floor, and the penalties tiny: three segments,
 * cut where the series changes, as exact fits cost exactly nothing (a
 * rounding residue in the levels' and the ramp's sums, above penalties
 * so small, would cut them up), and the same with every other y one ulp
 * up.  A constant series is one level: with sigma and every cost 0, all
 * its segmentations tie. */
static void test_exact(void **state)
{
	(void)state;
	enum { M = 100 };
	double x[M], y[M];
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < M; i++) {
			x[i] = at(i);
			y[i] = i < 40 ? 0.5 : i < 70 ? 1 + 0.25 * (double)(i - 40) : 3;
		}
		if (pass == 1)
			odd_ulp_up(y, M);
		struct segmentation g;
		assert_int_equal(changepoint_segment(x, y, NULL, M, 1, 0.01, 0, &g), 0);
		assert_int_equal(g.count, 3);
		assert_int_equal(g.s[1].from, 40);
		assert_int_equal(g.s[2].from, 70);
		assert_true(!g.s[0].sloped && g.s[1].sloped && !g.s[2].sloped);
		assert_true(fabs(g.s[1].slope / (0.25 / 1e6) - 1) < 1e-9);
		assert_true(fabs(g.s[1].level - 1) < 1e-9);
		segmentation_free(&g);
	}
	for (size_t i = 0; i < M; i++)
		y[i] = 0.1;
	struct segmentation g;
	assert_int_equal(changepoint_segment(x, y, NULL, M, 1, 0.01, 0, &g), 0);
	assert_int_equal(g.count, 1);
	assert_false(g.s[0].sloped);
	assert_true(g.s[0].level == 0.1);
	segmentation_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_step),
		cmocka_unit_test(test_ramp),
		cmocka_unit_test(test_weights),
		cmocka_unit_test(test_ties),
		cmocka_unit_test(test_exact),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
