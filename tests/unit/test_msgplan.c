/*
 * test_msgplan.c - steps of a message kernel's cost (msgplan.h): none on a
 * line, one at a protocol switch, none where only the cost per byte
 * changes, and the regime the plan stays in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "msgplan.h"

enum { COUNT = 22 };	/* N = 0, 1, 2, 4, ..., 2^20 */

/* latency + per * n, plus jump from n >= at (a switch), with cost per
 * byte per2 from at on. */
static void costs(uint64_t *n, double *t, double latency, double per,
		  uint64_t at, double jump, double per2)
{
	for (size_t i = 0; i < COUNT; i++) {
		n[i] = i == 0 ? 0 : (uint64_t)1 << (i - 1);
		double x = (double)n[i];
		t[i] = n[i] < at ? latency + per * x
				 : latency + per * (double)at + jump + per2 * (x - (double)at);
	}
}

static void test_line_has_no_step(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct msgplan_steps st;
	costs(n, t, 400, 0.44, UINT64_MAX, 0, 0.44);
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_int_equal(st.count, 0);
	uint64_t lo, hi;
	assert_int_equal(msgplan_choose(&st, n[0], n[COUNT - 1], &lo, &hi), 0);
	assert_int_equal(lo, 0);
	assert_int_equal(hi, n[COUNT - 1]);
}

/* Eager to rendezvous at 4096 bytes: +2800 units, then a cheaper byte. */
static void test_switch_is_found(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct msgplan_steps st;
	costs(n, t, 1150, 1.6, 4096, 2800, 0.6);
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_int_equal(st.count, 1);
	assert_int_equal(st.below[0], 2048);
	assert_int_equal(st.above[0], 4096);
	uint64_t lo, hi;
	assert_int_equal(msgplan_choose(&st, n[0], n[COUNT - 1], &lo, &hi), 1);
	assert_int_equal(lo, 4096);
	assert_int_equal(hi, n[COUNT - 1]);
	char text[128];
	msgplan_describe(&st, n[0], n[COUNT - 1], text, sizeof text);
	assert_string_equal(text, "0-2048, 4096-1048576");
}

/* A cost per byte that doubles from 4096 on, with no jump, is no step. */
static void test_slope_change_is_no_step(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct msgplan_steps st;
	costs(n, t, 1150, 0.5, 4096, 0, 1.0);
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_int_equal(st.count, 0);
}

/* A step below the noise floor, or a small one, is none. */
static void test_small_rises_ignored(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct msgplan_steps st;
	costs(n, t, 1150, 0.5, 64, 90, 0.5);
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_int_equal(st.count, 0);
	costs(n, t, 100000, 0.5, 64, 5000, 0.5);	/* 5% of t */
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_int_equal(st.count, 0);
}

/* A highest regime narrower than a factor 4 is not planned: the one below
 * it is. */
static void test_narrow_top_regime_skipped(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct msgplan_steps st;
	costs(n, t, 1150, 0.5, (uint64_t)1 << 20, 1e6, 0.5);
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_int_equal(st.count, 1);
	uint64_t lo, hi;
	assert_int_equal(msgplan_choose(&st, n[0], n[COUNT - 1], &lo, &hi), 0);
	assert_int_equal(lo, 0);
	assert_int_equal(hi, (uint64_t)1 << 19);
}

/* The confirmation's rule, and dropping a step that did not hold. */
static void test_confirm_and_drop(void **state)
{
	(void)state;
	assert_true(msgplan_step_holds(5858, 13556, 2048, 4096, 1.35, 100));
	assert_false(msgplan_step_holds(1100, 1200, 8, 16, 0.5, 100));	/* < 25% */
	assert_false(msgplan_step_holds(100, 180, 8, 16, 0.5, 100));	/* < noise */
	uint64_t n[COUNT];
	double t[COUNT];
	struct msgplan_steps st;
	costs(n, t, 1150, 1.6, 4096, 2800, 0.6);
	t[5] += 900;	/* N = 16: a slow moment, two steps around it */
	msgplan_steps(n, t, COUNT, 100, &st);
	assert_true(st.count >= 2);
	size_t before = st.count;
	msgplan_drop(&st, 0);
	assert_int_equal(st.count, before - 1);
	assert_int_equal(st.above[st.count - 1], 4096);
}

/* The probe goes on past top while the latency still dominates. */
static void test_probed_enough(void **state)
{
	(void)state;
	assert_false(msgplan_probed_enough(1e3, 5e4, 1e5));	/* short */
	assert_true(msgplan_probed_enough(1e3, 1e5, 1e5));
	assert_false(msgplan_probed_enough(8e4, 1.2e5, 1e5));	/* latency */
	assert_true(msgplan_probed_enough(8e4, 1.6e5, 1e5));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_has_no_step),
		cmocka_unit_test(test_switch_is_found),
		cmocka_unit_test(test_slope_change_is_no_step),
		cmocka_unit_test(test_small_rises_ignored),
		cmocka_unit_test(test_narrow_top_regime_skipped),
		cmocka_unit_test(test_confirm_and_drop),
		cmocka_unit_test(test_probed_enough),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
