/*
 * test_probe.c - the regime judgement (probe.h): quiet on linear costs and
 * on a single slow N, a jump where the cost per unit steps up for good.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "probe.h"

enum { COUNT = 26 };	/* up to 2^25 units, 13 ms at 0.4 ns */

/* t(n) = fixed + c * n below at, then c * at + c * ratio * (n - at). */
static void costs(uint64_t *n, double *t, uint64_t at, double ratio)
{
	for (size_t i = 0; i < COUNT; i++) {
		n[i] = (uint64_t)1 << i;
		double x = (double)n[i], c = 0.4;
		t[i] = 30 + (x <= (double)at ? c * x
				: c * (double)at + c * ratio * (x - (double)at));
	}
}

static void test_linear_is_quiet(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct probe_regime r;
	costs(n, t, UINT64_MAX, 1);
	probe_regime_judge(n, t, COUNT, &r);
	assert_false(r.jump);
	assert_int_equal(r.n_stop, n[COUNT - 1]);
	/* +20% everywhere beyond a size: below the threshold */
	costs(n, t, 1 << 16, 1.2);
	probe_regime_judge(n, t, COUNT, &r);
	assert_false(r.jump);
}

static void test_noise_is_quiet(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct probe_regime r;
	costs(n, t, UINT64_MAX, 1);
	t[18] *= 1.4;	/* one N timed while the machine was slow */
	t[21] *= 1.5;
	probe_regime_judge(n, t, COUNT, &r);
	assert_false(r.jump);
}

static void test_step_is_found(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct probe_regime r;
	costs(n, t, 1 << 16, 2);
	probe_regime_judge(n, t, COUNT, &r);
	assert_true(r.jump);
	assert_int_equal(r.n_stop, 1 << 16);
	assert_int_equal(r.n_after, 1 << 17);
	assert_true(r.ratio > 1.45 && r.ratio < 1.55);
	/* a third more per unit: seen two doublings later */
	costs(n, t, 1 << 16, 1.4);
	probe_regime_judge(n, t, COUNT, &r);
	assert_true(r.jump);
	assert_true(r.n_stop >= 1 << 16 && r.n_stop <= 1 << 18);
}

/* On a busy machine runs longer than a scheduler slice are preempted
 * nearly every time: +30% from 4 ms on is no jump of the kernel's. */
static void test_preemption_ignored(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct probe_regime r;
	costs(n, t, UINT64_MAX, 1);
	for (size_t i = 0; i < COUNT; i++)
		if (t[i] > 4e6)
			t[i] *= 1.3;
	probe_regime_judge(n, t, COUNT, &r);
	assert_false(r.jump);
}

/* Runs shorter than PROBE_REGIME_MIN_NS are not judged. */
static void test_short_runs_ignored(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT];
	struct probe_regime r;
	costs(n, t, 1 << 10, 3);	/* at 0.4 ns/unit: far below 20 us */
	probe_regime_judge(n, t, 14, &r);
	assert_false(r.jump);
}

/* The confirmation: a machine that turns slow between two timings makes
 * one round's ratio jump; that alone is no regime.  A real step shows in
 * every round, and one round spoilt by noise does not hide it. */
static void test_confirm_rounds(void **state)
{
	(void)state;
	const double one_slow[5] = { 1.02, 1.28, 0.99, 1.01, 1.0 };
	const double two_slow[5] = { 1.3, 1.28, 0.99, 1.01, 1.0 };
	const double step[5] = { 1.95, 1.9, 1.97, 1.2, 1.96 };
	const double step_all[5] = { 1.95, 1.9, 1.97, 1.93, 1.96 };
	assert_false(probe_confirm_judge(one_slow, 5));
	assert_false(probe_confirm_judge(two_slow, 5));
	assert_true(probe_confirm_judge(step, 5));
	assert_true(probe_confirm_judge(step_all, 5));
	assert_false(probe_confirm_judge(step, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linear_is_quiet),
		cmocka_unit_test(test_noise_is_quiet),
		cmocka_unit_test(test_step_is_found),
		cmocka_unit_test(test_short_runs_ignored),
		cmocka_unit_test(test_preemption_ignored),
		cmocka_unit_test(test_confirm_rounds),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
