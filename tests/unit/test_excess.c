/*
 * test_excess.c - the excess of every sample over the line: the step
 * function removes the Moire beat, quantiles are tops of 0.55% bins, the
 * share near the line is what was put in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "excess.h"

/* A line of unit cost 359 over a tick of 500, anchored at (0, 1000). */
static struct lv_line line_359(void)
{
	struct lv_line l = { 0 };
	l.slope = l.slope_lo = l.slope_hi = 359;
	l.intercept = 1000;
	l.anchor_n = 0;
	l.anchor_y = 1000;
	l.unique = 1;
	return l;
}

static void test_step_function(void **state)
{
	(void)state;
	struct lv_line l = line_359();
	struct excess_config c = { .line = &l, .tick = 500, .on_line_width = 500 };
	/* n = 3: the line is at 2077; a clock of tick 500 reads 2000 or
	 * 2500; over the step function 500 * floor(2077 / 500) = 2000 */
	struct spool_record r = { 3, 2000, SPOOL_NO_AT, SPOOL_NO_INDEX };
	double e, es;
	excess_of(&c, &r, &e, &es);
	assert_true(fabs(e - (2000 - 2077)) < 1e-9);
	assert_true(fabs(es - 0) < 1e-9);
	r.t = 2500;
	excess_of(&c, &r, &e, &es);
	assert_true(fabs(es - 500) < 1e-9);
	/* without a tick, the two are the same */
	c.tick = 0;
	excess_of(&c, &r, &e, &es);
	assert_true(fabs(e - es) < 1e-12);
}

/* 1000 samples: 900 on the line, 90 at +100, 10 at +100000 (interrupts). */
static void test_summary(void **state)
{
	(void)state;
	struct spool sp;
	assert_int_equal(spool_open(&sp, NULL), 0);
	for (int i = 0; i < 1000; i++) {
		uint64_t n = 100 + (uint64_t)(i % 50);
		double line = 1000 + 359.0 * (double)n;
		double extra = i < 900 ? 0 : i < 990 ? 100 : 100000;
		struct spool_record r = { n, line + extra, (uint64_t)i * 1000000u, SPOOL_NO_INDEX };
		assert_int_equal(spool_put(&sp, &r), 0);
	}
	struct lv_line l = line_359();
	struct excess_config c = { .line = &l, .tick = 0, .on_line_width = 1, .unit_ns = 1 };
	struct excess_summary s;
	char err[256];
	assert_int_equal(excess_analyze(&sp, &c, &s, err, sizeof err), 0);
	assert_int_equal(s.samples, 1000);
	assert_int_equal(s.on_line, 900);
	assert_int_equal(s.near_line, 990);	/* +100 is within 1% of ~40000 */
	assert_true(s.quantile_bound[0]);	/* the median is in bin 0 */
	assert_true(s.quantile_bound[1]);	/* the 900th of 1000 is on the line */
	assert_true(s.quantile[2] <= 100 * 1.0056 && s.quantile[2] >= 100);
	assert_true(s.max >= 100000 - 1e-6 && s.max <= 100000 + 1e-6);
	assert_true(s.have_at);
	assert_true(fabs(s.seconds - 999 * 1e6 * 1e-9) < 1e-9);
	excess_free(&s);
	spool_close(&sp);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_step_function),
		cmocka_unit_test(test_summary),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
