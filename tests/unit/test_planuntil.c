/*
 * test_planuntil.c - the plan that reaches a width soonest (planuntil.h),
 * on synthetic inputs: a clock of a known tick, a kernel of a known cost,
 * interruptions of a known rate.  Nothing is timed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "planuntil.h"

/* A TSC of 2.6 GHz with a 10 ns tick (26 units), a loop of 0.27 ns a
 * unit, 50 ns of fixed cost; rate r_per_s interruptions a second; a
 * budget of budget_s seconds. */
static struct plan_until_input tsc(double r_per_s, double until, double budget_s)
{
	double ghz = 2.6;
	return (struct plan_until_input){
		.band = 26, .unit_cost = 0.27 * ghz, .fixed_cost = 50 * ghz,
		.rate = r_per_s / (ghz * 1e9), .until = until, .budget = budget_s * ghz * 1e9,
		.n_max_allowed = UINT64_MAX / 2, .points_min = 8, .points_max = 64,
		.runs_min = 5, .fast_share = 1,
	};
}

static double run_ms(const struct plan_until_input *in, const struct plan_until_choice *c)
{
	return (in->fixed_cost + in->unit_cost * (double)c->n_max) / 2.6e6;
}

/* Two N, every run clean, many sweeps: the band's 4 W / S; many N: to
 * 2 W / S, never below. */
static void test_width_limits(void **state)
{
	(void)state;
	struct plan_until_input in = tsc(0, 1e-4, 60);
	in.fixed_cost = 0;
	uint64_t n = 1000000;
	double span2 = in.unit_cost * (double)n / 2;	/* N = n/2 and n */
	double w2 = plan_until_width(&in, n, 2, 100);
	assert_true(fabs(w2 / (4 * in.band / span2) - 1) < 1e-3);
	double prev = INFINITY;
	for (size_t p = 4; p <= 1024; p *= 2) {
		double span = in.unit_cost * (double)n * (1 - 1.0 / (double)p);
		double w = plan_until_width(&in, n, p, 100);
		assert_true(w > 2 * in.band / span);
		assert_true(w * span < prev);	/* the slack term falls with more N */
		prev = w * span;
	}
	assert_true(prev < 2 * in.band * 1.2);	/* 1024 N: within 20% of 2 W */
}

/* With interruptions the width falls with the sweeps, and rises with the
 * rate at a fixed count of sweeps. */
static void test_width_falls_with_sweeps(void **state)
{
	(void)state;
	struct plan_until_input in = tsc(2000, 1e-4, 60);
	uint64_t n = 4000000;	/* ~1.1 ms runs: 1 in 9 clean at the top */
	double prev = INFINITY;
	for (double k = 1; k <= 256; k *= 2) {
		double w = plan_until_width(&in, n, 64, k);
		assert_true(w <= prev);
		prev = w;
	}
	struct plan_until_input quiet = tsc(100, 1e-4, 60);
	assert_true(plan_until_width(&quiet, n, 64, 5) < plan_until_width(&in, n, 64, 5));
}

/* Where the tick dominates and interruptions are rare, the runs are as
 * long as the band needs: at least 2 W / REL units over the span, longer
 * than the eq. 5 plan for the same precision (W / REL), and the width
 * expected meets REL within the budget; 1e-4 takes well under a second. */
static void test_rare_long_runs(void **state)
{
	(void)state;
	struct plan_until_input in = tsc(10, 1e-4, 60);
	struct plan_until_choice c;
	assert_int_equal(plan_until(&in, &c), 0);
	printf("rare: N_max %llu (%.3g ms) x %zu N, %.0f sweeps, %.3g s, width %.3g\n",
	       (unsigned long long)c.n_max, run_ms(&in, &c), c.points, c.sweeps,
	       c.time / 2.6e9, c.width);
	assert_true(c.reachable);
	assert_true(c.width <= in.until);
	assert_true(c.time <= in.budget);
	double span = in.unit_cost * (double)c.n_max * (1 - 1.0 / (double)c.points);
	assert_true(span >= 2 * in.band / in.until);
	assert_true(c.sweeps >= in.runs_min);
	assert_true(c.time / 2.6e9 < 1);
}

/* More interruptions: runs no longer, the time to REL no shorter. */
static void test_rate_shortens(void **state)
{
	(void)state;
	double rates[] = { 1, 100, 300, 1000, 3000, 10000, 30000 };
	struct plan_until_choice prev = { 0 };
	for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
		struct plan_until_input in = tsc(rates[i], 1e-4, 60);
		struct plan_until_choice c;
		assert_int_equal(plan_until(&in, &c), 0);
		printf("rate %g/s: N_max %llu (%.3g ms) x %zu N, %.0f sweeps, %.3g s, width %.3g%s\n",
		       rates[i], (unsigned long long)c.n_max, run_ms(&in, &c), c.points,
		       c.sweeps, c.time / 2.6e9, c.width, c.reachable ? "" : " (not reachable)");
		if (i > 0 && c.reachable) {
			assert_true(prev.reachable);
			assert_true(c.time >= prev.time);
		}
		if (c.reachable)
			assert_true(c.width <= in.until);
		prev = c;
	}
	/* frequent interruptions against rare: the longest run is shorter
	 * where the time to REL is not the band's alone */
	struct plan_until_input rare = tsc(1, 1e-5, 600), busy = tsc(20000, 1e-5, 600);
	struct plan_until_choice cr, cb;
	plan_until(&rare, &cr);
	plan_until(&busy, &cb);
	printf("1e-5: rare %.3g ms, busy %.3g ms\n", run_ms(&rare, &cr), run_ms(&busy, &cb));
	assert_true(cb.n_max * cb.points <= cr.n_max * cr.points || cb.time > cr.time);
}

/* A smaller REL: runs no shorter, the time no shorter. */
static void test_monotone_in_rel(void **state)
{
	(void)state;
	double rels[] = { 1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5 };
	for (size_t r = 0; r < 3; r++) {
		double rate = r == 0 ? 10 : r == 1 ? 1000 : 5000;
		struct plan_until_choice prev = { 0 };
		for (size_t i = 0; i < sizeof rels / sizeof rels[0]; i++) {
			struct plan_until_input in = tsc(rate, rels[i], 60);
			struct plan_until_choice c;
			assert_int_equal(plan_until(&in, &c), 0);
			if (i > 0 && c.reachable) {
				assert_true(c.time >= prev.time);
				assert_true(c.width <= in.until);
			}
			if (i > 0 && prev.reachable && c.reachable)
				assert_true((double)c.n_max * (1 - 1.0 / (double)c.points) >=
					    (double)prev.n_max * (1 - 1.0 / (double)prev.points));
			prev = c;
		}
	}
}

/* A budget too short: not reachable, and what is planned fits it. */
static void test_budget_bound(void **state)
{
	(void)state;
	struct plan_until_input in = tsc(300, 1e-6, 0.5);
	struct plan_until_choice c;
	assert_int_equal(plan_until(&in, &c), 0);
	assert_false(c.reachable);
	assert_true(c.time <= in.budget);
	assert_true(c.sweeps >= in.runs_min);
	assert_true(c.width > in.until);
	/* the kernel's limit holds */
	in = tsc(300, 1e-5, 60);
	in.n_max_allowed = 100000;
	assert_int_equal(plan_until(&in, &c), 0);
	assert_true(c.n_max <= 100000);
	assert_true(c.kernel_limited);
	/* bad inputs */
	in.until = 0;
	assert_int_equal(plan_until(&in, &c), -1);
}

/* The share and the rate from counts drawn exactly from known ones:
 * recovered; every run clean: 1 and 0; none clean: a share below one in
 * the count. */
static void test_clean_estimate(void **state)
{
	(void)state;
	double shares[] = { 1, 0.3 }, rates[] = { 3e-6, 0 }, t[8];
	uint64_t clean[8], runs[8];
	for (int c = 0; c < 2; c++) {
		for (int j = 0; j < 8; j++) {
			t[j] = 1e5 * (j + 1);
			runs[j] = 10000000;
			clean[j] = (uint64_t)llround((double)runs[j] * shares[c] * exp(-rates[c] * t[j]));
		}
		double s, r;
		plan_until_clean(t, clean, runs, 8, &s, &r);
		printf("share %g rate %g: got %g, %g\n", shares[c], rates[c], s, r);
		assert_true(fabs(s / shares[c] - 1) < 1e-2);
		assert_true(rates[c] > 0 ? fabs(r / rates[c] - 1) < 1e-2 : r * t[7] < 1e-3);
	}
	for (int j = 0; j < 8; j++)
		clean[j] = runs[j];
	double s, r;
	plan_until_clean(t, clean, runs, 8, &s, &r);
	assert_true(s == 1 && r == 0);
	for (int j = 0; j < 8; j++)
		clean[j] = 0;
	plan_until_clean(t, clean, runs, 8, &s, &r);
	assert_true(s > 0 && s * 8e7 < 1);
}

/* Jitter in proportion to the run: no length narrows the width below
 * about 2 beta, and where REL is above that, the time is no shorter and
 * the runs no shorter than without it. */
static void test_scatter(void **state)
{
	(void)state;
	struct plan_until_input clean = tsc(300, 1e-4, 60), jitter = clean;
	jitter.scatter = 1e-5;
	struct plan_until_choice cc, cj;
	assert_int_equal(plan_until(&clean, &cc), 0);
	assert_int_equal(plan_until(&jitter, &cj), 0);
	printf("scatter 0: %.3g ms, %.3g s; 1e-5: %.3g ms, %.3g s\n", run_ms(&clean, &cc),
	       cc.time / 2.6e9, run_ms(&jitter, &cj), cj.time / 2.6e9);
	assert_true(cj.reachable);
	assert_true(cj.time >= cc.time);
	assert_true((double)cj.n_max * (1 - 1.0 / (double)cj.points) >=
		    (double)cc.n_max * (1 - 1.0 / (double)cc.points));
	jitter.until = 1.5e-5;	/* below 2 beta */
	assert_int_equal(plan_until(&jitter, &cj), 0);
	assert_false(cj.reachable);
	assert_true(cj.width > 2 * jitter.scatter);
}

/* A machine at its fastest a tenth of the time: more time to REL, and
 * runs no shorter than where it always is (speed states do not favour
 * short runs as interruptions do). */
static void test_share_not_shorter(void **state)
{
	(void)state;
	struct plan_until_input all = tsc(300, 1e-4, 60), tenth = all;
	tenth.fast_share = 0.1;
	struct plan_until_choice ca, ct;
	assert_int_equal(plan_until(&all, &ca), 0);
	assert_int_equal(plan_until(&tenth, &ct), 0);
	printf("share 1: %.3g ms x %zu N, %.0f sweeps; share 0.1: %.3g ms x %zu N, %.0f sweeps\n",
	       run_ms(&all, &ca), ca.points, ca.sweeps, run_ms(&tenth, &ct), ct.points, ct.sweeps);
	assert_true(ct.reachable);
	assert_true(ct.n_max >= ca.n_max);
	assert_true(ct.time > ca.time);
	assert_true(ct.width <= tenth.until);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_width_limits),
		cmocka_unit_test(test_width_falls_with_sweeps),
		cmocka_unit_test(test_rare_long_runs),
		cmocka_unit_test(test_rate_shortens),
		cmocka_unit_test(test_monotone_in_rel),
		cmocka_unit_test(test_budget_bound),
		cmocka_unit_test(test_clean_estimate),
		cmocka_unit_test(test_share_not_shorter),
		cmocka_unit_test(test_scatter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
