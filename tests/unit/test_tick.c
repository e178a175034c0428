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

	/* The coarse clock's 3999999 among 4000000 steps: all one multiple,
	 * so only the claimed resolution (clock_getres: 4 ms) confirms it. */
	for (size_t i = 0; i < M; i++)
		d[i] = i % 37 == 5 ? 3999999 : 4000000;
	struct tick_estimate e;
	tick_estimate(d, M, 4000000, &e);
	assert_int_equal(e.tick, 4000000);

	/* A plain gcd would say 1. */
	uint64_t g = 0;
	for (size_t i = 0; i < M; i++)
		g = tick_gcd(g, d[i]);
	assert_int_equal(g, 1);
}

/* The AMD guest's COARSE clocks under load: steps of 4 ms, often skipped
 * (8, 12 ms), a third of them 1 ns off (3999999, 7999999, 12000001). */
static void test_amd_coarse(void **state)
{
	(void)state;
	static const uint64_t pattern[] = {
		4000000, 3999999, 8000000, 4000000, 7999999, 4000000,
		12000000, 4000000, 3999999, 4000000, 8000000, 12000001,
	};
	enum { P = sizeof pattern / sizeof pattern[0] };
	uint64_t d[M];
	for (size_t i = 0; i < M; i++)
		d[i] = pattern[i % P];
	struct tick_estimate e;
	tick_estimate(d, M, 0, &e);
	assert_int_equal(e.tick, 4000000);
	assert_true(e.exact < e.near);
	assert_int_equal(e.near, M);
	tick_estimate(d, M, 4000000, &e);
	assert_int_equal(e.tick, 4000000);

	/* Only 4 ms steps, a third of them 1 ns short: one multiple, so
	 * it takes the claim; without one, no tick is asserted. */
	for (size_t i = 0; i < M; i++)
		d[i] = i % 3 == 0 ? 3999999 : 4000000;
	tick_estimate(d, M, 4000000, &e);
	assert_int_equal(e.tick, 4000000);
	tick_estimate(d, M, 0, &e);
	assert_int_equal(e.tick, 1);
}

/* A process that ran only now and then (4 on 2 cores): 18 steps of a 4 ms
 * clock, read off a loaded machine, most of them 16 ms and 1 ns over, no
 * two adjacent exact ones with a gcd of 4 ms.  With the claim: 4 ms. */
static void test_loaded_coarse(void **state)
{
	(void)state;
	static const uint64_t d[] = {
		16000001, 16000001, 20000001, 12000000, 16000001, 16000001,
		20000001, 16000000, 12000001, 24000001, 16000001, 16000000,
		16000001, 16000001, 16000001, 16000000, 16000001, 16000001,
	};
	enum { P = sizeof d / sizeof d[0] };
	struct tick_estimate e;
	tick_estimate(d, P, 4000000, &e);
	assert_int_equal(e.tick, 4000000);
	assert_int_equal(e.near, P);
}

/* Skipped ticks (8 and 12 ms) are multiples, not another tick. */
static void test_skipped_ticks(void **state)
{
	(void)state;
	uint64_t d[M];
	for (size_t i = 0; i < M; i++)
		d[i] = 4000000u * (i % 5 == 0 ? 3 : i % 3 == 0 ? 2 : 1);
	assert_int_equal(tick_from_differences(d, M), 4000000);
	/* Mostly 8 ms steps: still 4 ms, since the 4 and 12 ms ones exist
	 * and 8 ms covers fewer than 3/4. */
	for (size_t i = 0; i < M; i++)
		d[i] = 4000000u * (i % 3 == 0 ? 3 : i % 3 == 1 ? 2 : 1);
	assert_int_equal(tick_from_differences(d, M), 4000000);
}

/* A stray every third step is a third: more than the quarter the majority
 * allows exactly, but within the tolerance of a coarse tick. */
static void test_stray_every_third(void **state)
{
	(void)state;
	uint64_t d[M];
	fill(d, M, 4000000, 50, 21);
	for (size_t i = 0; i < M; i += 3)
		d[i] += i % 2 ? 1 : UINT64_MAX;	/* +1 or -1 */
	assert_int_equal(tick_from_differences(d, M), 4000000);
	/* The TSC of an AMD guest: 26 units, strays one unit off. */
	fill(d, M, 26, 1000, 22);
	for (size_t i = 0; i < M; i += 3)
		d[i] += 1;
	assert_int_equal(tick_from_differences(d, M), 26);
	/* The same near a tick of 10 in a clock's own readings (see
	 * test_converted_counter); in timings only exact multiples count
	 * below TICK_NEAR_MIN, and a third of strays leave no majority. */
	fill(d, M, 10, 12, 26);
	for (size_t i = 0; i < M; i += 3)
		d[i] += 1;
	struct tick_estimate e;
	tick_estimate_readings(d, M, 0, &e);
	assert_int_equal(e.tick, 10);
	assert_int_equal(tick_from_differences(d, M), 1);
	/* Below TICK_NEAR_MIN only exact multiples count: a third of odd
	 * values among multiples of 2 leave no majority. */
	fill(d, M, 2, 1000, 23);
	for (size_t i = 0; i < M; i += 3)
		d[i] += 1;
	assert_int_equal(tick_from_differences(d, M), 1);
}

/* A clock in ns converted from a counter of 10.0189 ns (CLOCK_MONOTONIC
 * on an AMD guest whose TSC steps 21 units at 2.096 GHz), read with a
 * random wait between.  Each reading is rounded to a unit from a point
 * that moves within the unit, so a difference over k steps is 10 k - 1,
 * 10 k or 10 k + 1, and only about 2/3 are exact multiples of 10, as on
 * that guest (61 to 71% in ten detections).  Its tick is 10: an estimate
 * that flips between 10 and 1 as that share crosses 3/4 made two
 * processes on one machine disagree about one clock. */
static void test_converted_counter(void **state)
{
	(void)state;
	uint64_t d[M];
	for (unsigned long seed = 1; seed <= 20; seed++) {
		gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
		gsl_rng_set(r, seed);
		double step = 10.0189, t = 1000.0 * (double)seed;
		uint64_t prev = (uint64_t)t;
		size_t exact = 0;
		for (size_t i = 0; i < M; i++) {
			/* 6 to 16 steps: a read's cost and the wait */
			t += step * (double)(6 + gsl_rng_uniform_int(r, 11));
			uint64_t now = (uint64_t)(t + gsl_rng_uniform(r));
			d[i] = now - prev;
			prev = now;
			exact += d[i] % 10 == 0;
		}
		gsl_rng_free(r);
		assert_true(4 * exact < 3 * M);	/* no exact majority */
		struct tick_estimate e;
		tick_estimate_readings(d, M, 0, &e);
		assert_int_equal(e.tick, 10);
	}
	/* A fine clock read with the same waits: no tick of 10. */
	fill(d, M, 1, 110, 27);
	for (size_t i = 0; i < M; i++)
		d[i] += 59;
	struct tick_estimate e;
	tick_estimate_readings(d, M, 0, &e);
	assert_int_equal(e.tick, 1);
}

/* Timings of a 1-unit clock at three N, each N's within a unit or two
 * (10 to 12, 19 to 21, 29 to 31): in timings, where a near multiple of a
 * small g is easily had by a few clusters, they say nothing of a tick of
 * 10.  (The readings' rule would take 10; it is not for timings.) */
static void test_few_clusters(void **state)
{
	(void)state;
	uint64_t d[M];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 28);
	const uint64_t centre[3] = { 11, 20, 30 };
	for (size_t i = 0; i < M; i++)
		d[i] = centre[i % 3] - 1 + gsl_rng_uniform_int(r, 3);
	gsl_rng_free(r);
	assert_int_equal(tick_from_differences(d, M), 1);
	struct tick_estimate e;
	tick_estimate_readings(d, M, 0, &e);
	assert_int_equal(e.tick, 10);
}

/* The long differences a clock's mean step is measured over (calibrate.c:
 * readings at least 8192 ticks apart), of a counter of `step` units read
 * as whole units; returns their mean step as calibrate.c counts it. */
static double long_differences(double step, uint64_t tick, uint64_t *d, size_t n,
			       unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	double sum_d = 0, sum_k = 0;
	for (size_t i = 0; i < n; i++) {
		double t = 1e6 * gsl_rng_uniform(r);
		uint64_t a = (uint64_t)t, b = a;
		while (b - a < 8192 * tick)	/* read until 8192 ticks apart */
			b = (uint64_t)(t += step * (double)(1 + gsl_rng_uniform_int(r, 3)));
		d[i] = b - a;
		sum_d += (double)d[i];
		sum_k += (double)(uint64_t)((double)d[i] / step + 0.5);
	}
	gsl_rng_free(r);
	return sum_d / sum_k;
}

/* Steps of 10.0122 units span 81919.8 units over 8182 steps, near a
 * multiple of 10: nearly every long difference is, yet the clock steps 11
 * every 82 steps.  The mean step tells; the near multiples alone do not. */
static void test_uneven(void **state)
{
	(void)state;
	uint64_t d[16];
	size_t near = 0;
	double step = long_differences(10.0122, 10, d, 16, 31);
	for (size_t i = 0; i < 16; i++)
		near += tick_near_multiple(d[i], 10);
	assert_true(4 * near >= 3 * 16);	/* the majority says whole */
	assert_true(step > 10.0121 && step < 10.0123);
	assert_true(tick_uneven(step, 10, d, 16));
	/* and 10.019, which the near multiples tell too */
	step = long_differences(10.019, 10, d, 16, 32);
	assert_true(tick_uneven(step, 10, d, 16));
	/* A whole tick: exact multiples, a mean of the tick itself. */
	step = long_differences(21.0, 21, d, 16, 33);
	assert_true(step == 21.0);
	assert_false(tick_uneven(step, 21, d, 16));
	/* one stray a unit off in 16 differences of 172032 units */
	d[3] += 1;
	assert_false(tick_uneven(21.0 + 1.0 / 16 / 8192, 21, d, 16));
}

/* Differences clustered around one value say nothing of a tick: a 1-unit
 * clock read with a constant cost between, or the timings of one N. */
static void test_clustered(void **state)
{
	(void)state;
	uint64_t d[M];
	for (size_t i = 0; i < M; i++)
		d[i] = 1004 + i % 3;	/* 1004, 1005, 1006 */
	assert_int_equal(tick_from_differences(d, M), 1);
	for (size_t i = 0; i < M; i++)
		d[i] = i % 8 ? 1005 : 1004 + i % 3;
	assert_int_equal(tick_from_differences(d, M), 1);
	/* Spread values of a 1 ns clock: no false tick near any of them. */
	fill(d, M, 1, 5000, 24);
	assert_int_equal(tick_from_differences(d, M), 1);
	/* Large spread values (seconds at 10^-14): their 1e-6 tolerance is
	 * thousands of units, which must not make a tick of a thousand. */
	fill(d, M, 1, 100000, 25);
	for (size_t i = 0; i < M; i++)
		d[i] = d[i] * 100003 + 10000000000ull;
	assert_true(tick_from_differences(d, M) < 24);
}

static void test_near_multiple(void **state)
{
	(void)state;
	assert_true(tick_near_multiple(8000000, 4000000));
	assert_true(tick_near_multiple(7999999, 4000000));
	assert_true(tick_near_multiple(12000001, 4000000));
	assert_true(tick_near_multiple(12000012, 4000000));	/* 1e-6 */
	assert_false(tick_near_multiple(12000013, 4000000));
	assert_false(tick_near_multiple(1, 4000000));		/* not 0 x */
	assert_true(tick_near_multiple(27, 26));
	assert_false(tick_near_multiple(3, 2));		/* exact below 24 */
	assert_false(tick_near_multiple(21, 10));
	assert_true(tick_near_multiple(4, 2));
	assert_false(tick_near_multiple(0, 2));
	/* A tolerance of 10^4 (d = 10^10) says nothing of g = 1090. */
	assert_false(tick_near_multiple(10000000001, 1090));
	assert_true(tick_near_multiple(10000000001, 1000000000));
	assert_int_equal(tick_tolerance(999999), 1);
	assert_int_equal(tick_tolerance(12000000), 12);
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
		cmocka_unit_test(test_amd_coarse),
		cmocka_unit_test(test_loaded_coarse),
		cmocka_unit_test(test_skipped_ticks),
		cmocka_unit_test(test_stray_every_third),
		cmocka_unit_test(test_converted_counter),
		cmocka_unit_test(test_uneven),
		cmocka_unit_test(test_few_clusters),
		cmocka_unit_test(test_clustered),
		cmocka_unit_test(test_near_multiple),
		cmocka_unit_test(test_difference_wraps),
		cmocka_unit_test(test_wrapping_counter),
		cmocka_unit_test(test_repeated_readings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
