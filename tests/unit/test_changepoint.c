/*
 * test_changepoint.c - a flat series stays one level (at the false-alarm
 * rate asked), a step is cut where it is, a ramp is one line, and both
 * together are told apart.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
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

int main(void)
{
	/* SUBTICK_EMULATOR: a cross build's tests, run by qemu-user
	 * (tests/meson.build) */
	if (getenv("SUBTICK_EMULATOR") != NULL) {
		printf("SKIP: its cases take minutes under the emulator (qemu-user runs this code 6 to 15 times slower): run natively\n");
		return 77;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_step),
		cmocka_unit_test(test_ramp),
		cmocka_unit_test(test_weights),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
