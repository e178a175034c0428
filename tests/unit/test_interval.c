/*
 * test_interval.c - the bounds: they hold the truth of clean synthetic
 * minima, a tick widens them to its band, and drift within a collection
 * (blocks in time) widens them where random halves of the runs did not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include <gsl/gsl_rng.h>

#include "blocks.h"
#include "interval.h"
#include "spool.h"

enum { POINTS = 32, RUNS = 40 };

/* t = 50 + 2 N (+ 4% by the last sweep: drift), floored to the tick, plus
 * a little one-sided noise; in sweep order in the spool. */
static void build(struct point_set *s, struct spool *sp, double drift,
		  double tick, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	points_init(s);
	assert_int_equal(spool_open(sp, s), 0);
	for (int run = 0; run < RUNS; run++)
		for (int i = 0; i < POINTS; i++) {
			uint64_t n = 1000 + 1000 * (uint64_t)i;
			double t = (50 + 2.0 * (double)n) * (1 + drift * run / (RUNS - 1));
			t += 3 * gsl_rng_uniform(r);
			t = tick * floor(t / tick + gsl_rng_uniform(r));
			uint64_t at = (uint64_t)(run * POINTS + i);
			assert_int_equal(points_add(s, n, t, (uint64_t)t, 1, at), 0);
			struct spool_record rec = { n, t, at, s->last };
			assert_int_equal(spool_put(sp, &rec), 0);
		}
	points_sort(s);
	gsl_rng_free(r);
}

static void bounds(struct point_set *s, struct spool *sp, double tick, int use_blocks,
		   struct interval *iv)
{
	struct lv_line l;
	struct blocks b = { 0 };
	char err[256];
	assert_int_equal(hull_least_values(s, &l), 0);
	if (use_blocks)
		assert_int_equal(blocks_cut(sp, s, RUNS, NULL, NULL, 0, &b), 0);
	assert_int_equal(interval_estimate(s, &l, tick, use_blocks ? &b : NULL, 200, 1,
					   iv, err, sizeof err), 0);
	blocks_free(&b);
}

static void test_holds_truth(void **state)
{
	(void)state;
	for (unsigned long seed = 1; seed <= 5; seed++) {
		struct point_set s;
		struct spool sp;
		struct interval iv;
		build(&s, &sp, 0, 1, seed);
		bounds(&s, &sp, 1, 1, &iv);
		assert_true(iv.slope[0] <= 2 && 2 <= iv.slope[1]);
		assert_true(iv.band_ok);
		assert_int_equal(iv.blocks, BLOCKS_MAX);
		points_free(&s);
		spool_close(&sp);
	}
}

/* A coarse tick: the band is at least a tick wide. */
static void test_tick_band(void **state)
{
	(void)state;
	struct point_set s;
	struct spool sp;
	struct interval iv;
	build(&s, &sp, 0, 5000, 9);
	bounds(&s, &sp, 5000, 1, &iv);
	assert_true(iv.band_width >= 5000);
	assert_true(iv.slope[0] <= 2 && 2 <= iv.slope[1]);
	points_free(&s);
	spool_close(&sp);
}

/* 4% drift: halves of the stretches in time see it, halves of the runs at
 * every N (each mixing early and late runs) do not. */
static void test_drift_widens(void **state)
{
	(void)state;
	struct point_set s;
	struct spool sp;
	struct interval by_blocks, by_runs;
	build(&s, &sp, 0.04, 1, 4);
	bounds(&s, &sp, 1, 1, &by_blocks);
	bounds(&s, &sp, 1, 0, &by_runs);
	double wb = by_blocks.sub_slope[1] - by_blocks.sub_slope[0];
	double wr = by_runs.sub_slope[1] - by_runs.sub_slope[0];
	assert_true(wb > 3 * wr);
	assert_true(by_blocks.slope[0] <= 2 && 2 <= by_blocks.slope[1]);
	points_free(&s);
	spool_close(&sp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_holds_truth),
		cmocka_unit_test(test_tick_band),
		cmocka_unit_test(test_drift_widens),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
