/*
 * test_tick.c - tick detection: clean, with strays, on a wrapping counter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <gsl/gsl_rng.h>

#include "tick.h"

enum { M = 256 };

/* m differences, each tick * (1 + a random integer below spread). */
static void fill(uint64_t *d, size_t m, uint64_t tick, unsigned spread,
		 unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	for (size_t i = 0; i < m; i++)
		d[i] = tick * (1 + gsl_rng_uniform_int(r, spread));
	gsl_rng_free(r);
}

static void test_clean(void **state)
{
	(void)state;
	uint64_t d[M];
	const uint64_t ticks[] = { 1, 2, 3, 7, 500, 4000000, 1ull << 40 };
	for (size_t i = 0; i < sizeof ticks / sizeof ticks[0]; i++) {
		fill(d, M, ticks[i], 1000, 10 + i);
		assert_int_equal(tick_from_differences(d, M), ticks[i]);
	}
}

/* Small spread (the read cost dominates every difference) still finds the
 * tick and not a multiple of it. */
static void test_narrow_spread(void **state)
{
	(void)state;
	uint64_t d[M];
	fill(d, M, 2, 8, 3);	/* values 2..16: many divisible by 4 */
	assert_int_equal(tick_from_differences(d, M), 2);
}

static void test_strays(void **state)
{
	(void)state;
	uint64_t d[M];
	/* 5% strays: odd values among multiples of 2 */
	fill(d, M, 2, 1000, 5);
	for (size_t i = 0; i < M; i += 20)
		d[i] = 2 * i + 1;
	assert_int_equal(tick_from_differences(d, M), 2);

	/* The coarse clock's 3999999 among 4000000 steps. */
	for (size_t i = 0; i < M; i++)
		d[i] = i % 37 == 5 ? 3999999 : 4000000;
	assert_int_equal(tick_from_differences(d, M), 4000000);

	/* A plain gcd would say 1. */
	uint64_t g = 0;
	for (size_t i = 0; i < M; i++)
		g = tick_gcd(g, d[i]);
	assert_int_equal(g, 1);
}

/* Beyond a quarter of strays there is no majority: fall back to the plain
 * gcd, which is never wrong about divisibility. */
static void test_no_majority(void **state)
{
	(void)state;
	uint64_t d[M];
	fill(d, M, 4, 1000, 7);
	for (size_t i = 0; i < M; i += 2)
		d[i] = 4 * i + 2;
	assert_int_equal(tick_from_differences(d, M), 2);
	for (size_t i = 0; i < M; i += 2)
		d[i] = 4 * i + 1;
	assert_int_equal(tick_from_differences(d, M), 1);
}

static void test_difference_wraps(void **state)
{
	(void)state;
	/* Krutar: 3 - 1022 = 5 on a ten-bit timer. */
	assert_int_equal(tick_difference(1022, 3, 10), 5);
	assert_int_equal(tick_difference(10, 3, 64), UINT64_MAX - 6);
	assert_int_equal(tick_difference(UINT64_MAX - 1, 2, 64), 4);
}

/* Readings of a 10-bit counter stepping 8 at a time wrap many times; the
 * masked differences still give the tick. */
static void test_wrapping_counter(void **state)
{
	(void)state;
	uint64_t r[M], d[M];
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(g, 11);
	uint64_t now = 1000;
	for (size_t i = 0; i < M; i++) {
		now += 8 * (1 + gsl_rng_uniform_int(g, 60));
		r[i] = now & 1023u;
	}
	gsl_rng_free(g);
	size_t m = tick_differences(r, M, 10, d);
	assert_int_equal(m, M - 1);
	for (size_t i = 0; i < m; i++)
		assert_true(d[i] > 0 && d[i] < 1024);
	assert_int_equal(tick_from_differences(d, m), 8);
}

static void test_repeated_readings(void **state)
{
	(void)state;
	/* A coarse clock read often: equal readings are skipped. */
	const uint64_t r[] = { 40, 40, 40, 44, 44, 48, 48, 48, 52, 60 };
	uint64_t d[10];
	size_t m = tick_differences(r, 10, 64, d);
	assert_int_equal(m, 4);
	assert_int_equal(d[0], 4);
	assert_int_equal(d[3], 8);
	assert_int_equal(tick_from_differences(d, m), 4);
	assert_int_equal(tick_from_differences(d, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_narrow_spread),
		cmocka_unit_test(test_strays),
		cmocka_unit_test(test_no_majority),
		cmocka_unit_test(test_difference_wraps),
		cmocka_unit_test(test_wrapping_counter),
		cmocka_unit_test(test_repeated_readings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
