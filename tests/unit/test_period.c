/*
 * test_period.c - a period in event times is found; none is invented.
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

#include "period.h"

enum { K = 500 };

/* Timer ticks every 4 ms (in ns), each caught with probability catch_p,
 * the event time up to jitter ns before the tick (the run's start). */
static size_t ticks(double *t, double catch_p, double jitter, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	size_t k = 0;
	for (int i = 0; k < K; i++)
		if (gsl_rng_uniform(r) < catch_p)
			t[k++] = 1234567.0 + 4e6 * i - jitter * gsl_rng_uniform(r);
	gsl_rng_free(r);
	return k;
}

static void test_finds_timer(void **state)
{
	(void)state;
	double t[K];
	struct period_result p;
	for (unsigned long seed = 1; seed <= 5; seed++) {
		size_t k = ticks(t, 0.6, 2e5, seed);
		period_detect(t, k, &p);
		assert_true(p.found);
		assert_true(fabs(p.period - 4e6) < 4e6 * 1e-4);
		assert_true(p.coherence > 0.5);
	}
}

static void test_random_times(void **state)
{
	(void)state;
	double t[K];
	struct period_result p;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	for (unsigned long seed = 1; seed <= 20; seed++) {
		gsl_rng_set(r, seed);
		double now = 0;
		for (size_t i = 0; i < K; i++) {
			now += gsl_ran_exponential(r, 4e6);
			t[i] = now;
		}
		period_detect(t, K, &p);
		assert_false(p.found);
	}
	gsl_rng_free(r);
}

static void test_too_few(void **state)
{
	(void)state;
	double t[] = { 0, 4, 8, 12 };
	struct period_result p;
	period_detect(t, 4, &p);
	assert_false(p.found);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_finds_timer),
		cmocka_unit_test(test_random_times),
		cmocka_unit_test(test_too_few),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
