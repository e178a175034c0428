/*
 * test_plan.c - N lists, ranges, shuffled sweeps, the automatic plan.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "plan.h"
#include "shuffle.h"

static void test_list(void **state)
{
	(void)state;
	struct plan p;
	char err[256];
	assert_int_equal(plan_from_list("5000,1000,2e3", &p, err, sizeof err), 0);
	assert_int_equal(p.count, 3);	/* sorted */
	assert_int_equal(p.n[0], 1000);
	assert_int_equal(p.n[1], 2000);
	assert_int_equal(p.n[2], 5000);
	plan_free(&p);

	/* Empty items and repeated N (1e3 is 1000) make no sense. */
	const char *bad[] = { "", ",", "1,-2", "1,x", "1.5", "18446744073709551616",
			      "1,,2", "1,2,3,", ",1", "0,0,0", "5000,1000,1e3" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		assert_int_equal(plan_from_list(bad[i], &p, err, sizeof err), -1);
		assert_true(strlen(err) > 0);
	}
}

static void test_range_linear(void **state)
{
	(void)state;
	struct plan p;
	char err[256];
	assert_int_equal(plan_from_range("100:1000:10", 0, &p, err, sizeof err), 0);
	assert_int_equal(p.count, 10);
	assert_int_equal(p.n[0], 100);
	assert_int_equal(p.n[9], 1000);
	for (size_t i = 1; i < p.count; i++)
		assert_int_equal(p.n[i] - p.n[i - 1], 100);
	plan_free(&p);

	/* Default COUNT */
	assert_int_equal(plan_from_range("0:310", 0, &p, err, sizeof err), 0);
	assert_int_equal(p.count, PLAN_RANGE_POINTS);
	assert_int_equal(p.n[0], 0);
	assert_int_equal(p.n[1], 10);
	plan_free(&p);

	/* More points than integers: each integer once */
	assert_int_equal(plan_from_range("1:5:100", 0, &p, err, sizeof err), 0);
	assert_int_equal(p.count, 5);
	plan_free(&p);
}

static void test_range_geometric(void **state)
{
	(void)state;
	struct plan p;
	char err[256];
	assert_int_equal(plan_from_range("1:1000000:7", 1, &p, err, sizeof err), 0);
	assert_int_equal(p.count, 7);
	for (size_t i = 0; i < p.count; i++) {
		uint64_t want = 1;
		for (size_t k = 0; k < i; k++)
			want *= 10;
		assert_int_equal(p.n[i], want);
	}
	plan_free(&p);
}

static void test_range_errors(void **state)
{
	(void)state;
	struct plan p;
	char err[256];
	const char *bad[] = { "10:1", "5:5", "5", "a:b", "1:2:1", "1:2:x", "-1:5", "1:5:" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(plan_from_range(bad[i], 0, &p, err, sizeof err), -1);
	assert_int_equal(plan_from_range("0:100", 1, &p, err, sizeof err), -1);
}

/* Every sweep visits every N exactly once, and sweeps differ. */
static void test_shuffle_covers(void **state)
{
	(void)state;
	enum { COUNT = 50, SWEEPS = 200 };
	size_t order[COUNT], first[COUNT];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 42);
	int differs = 0;
	unsigned first_position[COUNT] = { 0 };
	for (int s = 0; s < SWEEPS; s++) {
		int seen[COUNT] = { 0 };
		plan_shuffle(order, COUNT, r);
		for (size_t i = 0; i < COUNT; i++) {
			assert_true(order[i] < COUNT);
			seen[order[i]]++;
		}
		for (size_t i = 0; i < COUNT; i++)
			assert_int_equal(seen[i], 1);
		if (s == 0)
			memcpy(first, order, sizeof first);
		else if (memcmp(first, order, sizeof first) != 0)
			differs = 1;
		first_position[order[0]]++;
	}
	gsl_rng_free(r);
	assert_true(differs);
	/* No N is always first (a fixed order would make it so). */
	for (size_t i = 0; i < COUNT; i++)
		assert_true(first_position[i] < SWEEPS / 4);
}

static void test_linear(void **state)
{
	(void)state;
	struct plan p;
	assert_int_equal(plan_linear(6400, 64, &p), 0);
	assert_int_equal(p.count, 64);
	assert_int_equal(p.n[0], 100);
	assert_int_equal(plan_max(&p), 6400);
	plan_free(&p);
}

/* Raised where runs are too short: the same count of N from n_lo (rounded
 * up) to the same largest; left alone where that leaves less than half
 * the range, or n_lo is no raise. */
static void test_raise(void **state)
{
	(void)state;
	struct plan p;
	assert_int_equal(plan_linear(6400, 64, &p), 0);
	assert_int_equal(plan_raise(&p, 1000.2), 0);
	assert_int_equal(p.count, 64);
	assert_int_equal(p.n[0], 1001);
	assert_int_equal(plan_max(&p), 6400);
	assert_int_equal(plan_raise(&p, 1001), 1);	/* no raise */
	assert_int_equal(plan_raise(&p, 3201), 1);	/* beyond half */
	assert_int_equal(plan_raise(&p, INFINITY), 1);
	assert_int_equal(plan_raise(&p, NAN), 1);
	assert_int_equal(p.n[0], 1001);
	assert_int_equal(plan_raise(&p, 3200), 0);
	assert_int_equal(p.n[0], 3200);
	plan_free(&p);
}

/* TSC-like clock: span reaches resolution / precision within budget. */
static void test_auto_reaches_precision(void **state)
{
	(void)state;
	struct plan p;
	struct plan_auto_result r;
	struct plan_auto_input in = {
		.resolution = 40, .unit_cost = 1.15, .fixed_cost = 100,
		.precision = 1e-4, .run_cap = 4e6 / 8 / 0.4348,
		.budget = 2e9 / 0.4348, .n_max_allowed = UINT64_MAX,
		.points = 64,
	};
	assert_int_equal(plan_auto(&in, &p, &r), 0);
	assert_int_equal(p.count, 64);
	assert_true(r.span >= 4e5 * 0.999);
	assert_true(r.expected_precision <= 1.001e-4);
	assert_false(r.budget_limited);
	assert_false(r.kernel_limited);
	assert_false(r.over_cap);
	assert_int_equal(plan_max(&p), (uint64_t)(4e5 / 1.15));
	plan_free(&p);
}

/* 4 ms clock: 10^4 ticks is 40 s a run; the budget decides, and says so. */
static void test_auto_coarse_clock(void **state)
{
	(void)state;
	struct plan p;
	struct plan_auto_result r;
	struct plan_auto_input in = {
		.resolution = 4e6, .unit_cost = 0.5, .fixed_cost = 0,
		.precision = 1e-4, .run_cap = 5e5, .budget = 60e9,
		.n_max_allowed = UINT64_MAX, .points = 64,
	};
	assert_int_equal(plan_auto(&in, &p, &r), 0);
	assert_true(r.budget_limited);
	assert_true(r.over_cap);
	/* sweeps * points * span / 2 fits the budget */
	assert_true(PLAN_AUTO_MIN_SWEEPS * 64 * r.span / 2 <= 60e9 * 1.0001);
	assert_true(r.expected_precision > 1e-4);
	plan_free(&p);
}

static void test_auto_kernel_limit(void **state)
{
	(void)state;
	struct plan p;
	struct plan_auto_result r;
	struct plan_auto_input in = {
		.resolution = 40, .unit_cost = 0.05, .fixed_cost = 50,
		.precision = 1e-4, .run_cap = 1e6, .budget = 4e9,
		.n_max_allowed = 524288, .points = 64,
	};
	assert_int_equal(plan_auto(&in, &p, &r), 0);
	assert_true(r.kernel_limited);
	assert_int_equal(plan_max(&p), 524288);
	plan_free(&p);

	/* Never fewer distinct N than points, even for a huge unit cost. */
	in.unit_cost = 1e9;
	in.n_max_allowed = UINT64_MAX;
	assert_int_equal(plan_auto(&in, &p, &r), 0);
	assert_int_equal(p.count, 64);
	plan_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_range_linear),
		cmocka_unit_test(test_range_geometric),
		cmocka_unit_test(test_range_errors),
		cmocka_unit_test(test_shuffle_covers),
		cmocka_unit_test(test_linear),
		cmocka_unit_test(test_raise),
		cmocka_unit_test(test_auto_reaches_precision),
		cmocka_unit_test(test_auto_coarse_clock),
		cmocka_unit_test(test_auto_kernel_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
