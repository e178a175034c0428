/*
 * test_tail.c - the tail fit recovers a known shape, its upper bound holds
 * the false-alarm rate it is set for, a lattice of a few values is fitted,
 * what lies beyond the truncation does not move it, and a flat body lifts
 * the fit to its tail.
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

#include "tail.h"
#include "tunables.h"

enum { N = 100000 };

static gsl_rng *rng_of(unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	return r;
}

/* A GPD draw of scale s, shape xi (xi 0: exponential). */
static double gpd(gsl_rng *r, double s, double xi)
{
	double u = 1 - gsl_rng_uniform(r);
	return xi > 0 ? s * (pow(u, -xi) - 1) / xi : -s * log(u);
}

static void fill(double *v, size_t n, double s, double xi, unsigned long seed)
{
	gsl_rng *r = rng_of(seed);
	for (size_t i = 0; i < n; i++)
		v[i] = gpd(r, s, xi);
	gsl_rng_free(r);
}

/* The shape comes out near the truth, and within its bound. */
static void test_shape(void **state)
{
	(void)state;
	static double v[N];
	const double xis[] = { 0, 0.2, 0.5 };
	for (size_t k = 0; k < 3; k++)
		for (unsigned long seed = 1; seed <= 3; seed++) {
			fill(v, N, 7, xis[k], seed);
			struct tail_fit f;
			assert_int_equal(tail_fit(v, N, TAIL_TOP, 0.1 / N, 0, 0, &f), 0);
			assert_true(f.ok && !f.shape_free);
			assert_true(fabs(f.xi - xis[k]) < 0.1);
			assert_true(f.xi_hi >= xis[k]);
			assert_true(f.xi_hi <= xis[k] + 0.3);
		}
}

/* A threshold at the upper bound for 0.1 false alarms over N values is
 * crossed, by fresh values of the same distribution, about that often or
 * less: over 20 samples of N, at most a few in all (0.1 x 20 = 2 expected
 * at the best fit; the bound is above it). */
static void test_false_alarms(void **state)
{
	(void)state;
	static double v[N];
	const double xis[] = { 0, 0.3 };
	for (size_t k = 0; k < 2; k++) {
		double crossed = 0;
		for (unsigned long seed = 1; seed <= 20; seed++) {
			fill(v, N, 3, xis[k], seed);
			struct tail_fit f;
			assert_int_equal(tail_fit(v, N, TAIL_TOP, 0.1 / N, 0, 0, &f), 0);
			double t = tail_quantile(&f, 0.1 / N, 1);
			fill(v, N, 3, xis[k], 1000 + seed);
			for (size_t i = 0; i < N; i++)
				crossed += v[i] > t;
		}
		assert_true(crossed <= 6);
	}
}

/* Values on a lattice of a tick (a jitter of 5 units read on a tick of
 * 21): fitted, and the threshold, a tick above the quantile (a reading
 * lies up to a tick above the time it reads: the jitter stage's
 * allowance), lies beyond what was seen but within a few ticks. */
static void test_lattice(void **state)
{
	(void)state;
	static double v[N];
	gsl_rng *r = rng_of(5);
	for (size_t i = 0; i < N; i++) {
		double phase = gsl_rng_uniform(r) * 21;
		v[i] = 21 * floor((phase + gpd(r, 5, 0)) / 21);
	}
	gsl_rng_free(r);
	struct tail_fit f;
	assert_int_equal(tail_fit(v, N, TAIL_TOP, 0.1 / N, 21, 0, &f), 0);
	assert_true(f.ok);
	double t = tail_quantile(&f, 0.1 / N, 1) + 21;
	assert_true(t >= v[N - 1]);
	assert_true(t <= 21 * 12);
}

/* 8% of the values far beyond the body (interruptions) leave the fit as
 * it was without them. */
static void test_truncation(void **state)
{
	(void)state;
	static double v[N], w[N];
	fill(v, N, 5, 0.1, 9);
	gsl_rng *r = rng_of(10);
	for (size_t i = 0; i < N; i++)
		w[i] = v[i] + (gsl_rng_uniform(r) < 0.08 ? 5000 + 500 * gsl_rng_uniform(r) : 0);
	gsl_rng_free(r);
	struct tail_fit a, b;
	assert_int_equal(tail_fit(v, N, TAIL_TOP, 0.1 / N, 0, 0, &a), 0);
	assert_int_equal(tail_fit(w, N, TAIL_TOP, 0.1 / N, 0, 0, &b), 0);
	double ta = tail_quantile(&a, 0.1 / N, 1), tb = tail_quantile(&b, 0.1 / N, 1);
	assert_true(tb < 5000);
	assert_true(fabs(tb / ta - 1) < 0.5);
}

/* Runs of a guest whose jitter is spread evenly over 0 to 1.9 (its
 * scale), read on a lattice of 0.112, 80% of them, then a falling tail
 * (an exponential of 0.4 above 1.9), and 12% interrupted, 100 to 250
 * above, a few between: the body is flat above the median, no tail
 * there; the fit is lifted to where the density falls, and the
 * threshold lies below the interruptions (the median's fit had none:
 * every interruption hidden) and beyond the tail's own values. */
static void test_flat_body(void **state)
{
	(void)state;
	enum { M = 8000 };
	static double v[M];
	for (unsigned long seed = 1; seed <= 3; seed++) {
		gsl_rng *r = rng_of(seed);
		double tail_max = 0;
		for (size_t i = 0; i < M; i++) {
			double u = gsl_rng_uniform(r), x;
			if (u < 0.80)
				x = 1.9 * gsl_rng_uniform(r);
			else if (u < 0.879)
				x = 1.9 + gpd(r, 0.4, 0), tail_max = fmax(tail_max, x);
			else if (u < 0.88)
				x = 5 + 90 * gsl_rng_uniform(r);
			else
				x = 100 + 150 * gsl_rng_uniform(r);
			v[i] = 0.112 * ceil(x / 0.112);
		}
		gsl_rng_free(r);
		struct tail_fit f;
		assert_int_equal(tail_fit(v, M, TAIL_TOP, 0.1 / 400000, 0.112, 0, &f), 0);
		assert_true(f.ok);
		double t = tail_quantile(&f, 0.1 / 400000, 1);
		if (!(t > tail_max && t < 100))
			fail_msg("seed %lu: threshold %g (the tail's largest %g)", seed, t, tail_max);
	}
}

/* Nothing above the median: not fitted. */
static void test_flat(void **state)
{
	(void)state;
	double v[100];
	for (size_t i = 0; i < 100; i++)
		v[i] = 42;
	struct tail_fit f;
	assert_int_equal(tail_fit(v, 100, TAIL_TOP, 0.1 / 100, 0, 0, &f), 0);
	assert_false(f.ok);
	assert_true(isnan(tail_quantile(&f, 1e-6, 1)));
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
		cmocka_unit_test(test_shape),
		cmocka_unit_test(test_false_alarms),
		cmocka_unit_test(test_lattice),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_flat_body),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
