/*
 * test_probe.c - the regime judgement (probe.h): by the marginal cost of
 * each doubling, at any speed; quiet on linear costs, on a large fixed
 * cost and on a single slow N; a jump where the cost per unit steps up for
 * good, at the step, however short the runs there are; a gradual rise
 * stopped where it begins; blind doublings up to the end said, never taken
 * for no jump.  And the cost probe (probe_kernel): not fooled
 * into a cost many times too small by a shorter N whose first runs were
 * all slowed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "clock.h"
#include "kernel.h"
#include "probe.h"

enum { COUNT = 26 };	/* N up to 2^25 */

struct curve {
	double fixed;		/* ns at N = 0 */
	double c;		/* ns per unit below the step */
	uint64_t at;		/* the step (UINT64_MAX: none) */
	double ratio;		/* cost per unit beyond it, over c */
	double floor;		/* how far each time is trusted, ns */
};

/* t(n) = fixed + c n up to at, then + c ratio per unit beyond. */
static void costs(const struct curve *k, uint64_t *n, double *t, double *u)
{
	for (size_t i = 0; i < COUNT; i++) {
		n[i] = (uint64_t)1 << i;
		double x = (double)n[i], a = (double)k->at;
		t[i] = k->fixed + (x <= a ? k->c * x : k->c * a + k->c * k->ratio * (x - a));
		u[i] = k->floor;
	}
}

/* t(n) over doublings whose marginal cost per unit is m(i) for the
 * doubling into N = 2^i (t(1) = t0), each time trusted to 20 ns. */
static void by_marginals(double t0, double (*m)(size_t i), uint64_t *n, double *t, double *u)
{
	t[0] = t0;
	for (size_t i = 0; i < COUNT; i++) {
		n[i] = (uint64_t)1 << i;
		u[i] = 20;
		if (i > 0)
			t[i] = t[i - 1] + m(i) * (double)(n[i] - n[i - 1]);
	}
}

static struct probe_regime judge(const struct curve *k)
{
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	costs(k, n, t, u);
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	return r;
}

static void test_linear_is_quiet(void **state)
{
	(void)state;
	/* fast and slow machines, small and large fixed costs */
	const double c[] = { 0.1, 0.27, 0.4, 3 };
	const double fixed[] = { 0, 30, 5000, 2e5 };
	for (size_t i = 0; i < 4; i++)
		for (size_t j = 0; j < 4; j++) {
			struct curve k = { fixed[j], c[i], UINT64_MAX, 1, 20 };
			struct probe_regime r = judge(&k);
			assert_false(r.jump);
			assert_int_equal(r.n_stop, (uint64_t)1 << (COUNT - 1));
		}
	/* +20% per unit beyond a size: below the threshold */
	struct curve k = { 30, 0.4, 1 << 16, 1.2, 20 };
	assert_false(judge(&k).jump);
}

/* A step is found at the doubling that crosses it, wherever it lies and
 * however fast the machine: at 4096 units a run takes about a microsecond
 * at 0.27 ns per unit. */
static void test_step_is_found(void **state)
{
	(void)state;
	const uint64_t at[] = { 4096, 65536, (uint64_t)1 << 20 };
	const double c[] = { 0.1, 0.27, 0.4, 1.5 };
	for (size_t i = 0; i < 3; i++)
		for (size_t j = 0; j < 4; j++) {
			struct curve k = { 40, c[j], at[i], 4, 20 };
			struct probe_regime r = judge(&k);
			if (c[j] * (double)at[i] / 2 < 10 * 2 * k.floor)
				continue;	/* the clock cannot see below it */
			assert_true(r.jump);
			assert_int_equal(r.n_stop, at[i]);
			assert_int_equal(r.n_after, 2 * at[i]);
			assert_true(r.ratio > 3.9 && r.ratio < 4.1);
			assert_true(r.unit_ns > 0.99 * c[j] && r.unit_ns < 1.01 * c[j]);
		}
	/* a third more per unit */
	struct curve k = { 40, 0.4, 1 << 16, 1.33, 20 };
	struct probe_regime r = judge(&k);
	assert_true(r.jump);
	assert_int_equal(r.n_stop, 1 << 16);
}

/* Times the clock cannot resolve are not judged: a step where doublings
 * span less than ten times their uncertainty goes unseen rather than
 * guessed at. */
static void test_unresolved_not_judged(void **state)
{
	(void)state;
	struct curve k = { 40, 0.27, 1 << 10, 4, 200 };
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	costs(&k, n, t, u);
	probe_regime_judge(n, t, u, 12, 0, &r);	/* up to 2^11: 0.8 us */
	assert_false(r.jump);
}

/* One N timed slow in every pass makes one doubling high and the next
 * low: no jump (its neighbours do not persist, and the regime's cost is
 * the median doubling's, not the lowest). */
static void test_slow_n_is_quiet(void **state)
{
	(void)state;
	struct curve k = { 30, 0.4, UINT64_MAX, 1, 20 };
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	costs(&k, n, t, u);
	t[18] *= 1.4;
	t[21] *= 1.5;
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_false(r.jump);
	/* slow in one pass only: the scatter says so, and it is not judged */
	costs(&k, n, t, u);
	u[15] = 0.4 * t[15];
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_false(r.jump);
}

static double drift_m(size_t i)
{
	return 0.27 * (i < 10 ? 1 : i < 22 ? 1 + 0.3 * (double)(i - 10) / 12 : 1.3);
}

/* A cost per unit that drifts up slowly with the length of the runs (30%
 * over twelve doublings, as a loaded machine's minima do for the count
 * kernel): no regime. */
static void test_slow_drift_is_quiet(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	by_marginals(40, drift_m, n, t, u);
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_false(r.jump);
}

static double gradual_m(size_t i)
{
	static const double rise[] = { 1.15, 1.3, 1.7, 2.0 };
	return 0.27 * (i < 17 ? 1 : rise[i - 17 < 4 ? i - 17 : 3]);
}

/* L2 to L3: the cost per unit rises by 10%, 30%, 70%, 100% over four
 * doublings.  The plan stops where the rise begins, not where it passes
 * the jump threshold. */
static void test_gradual_rise(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	by_marginals(50, gradual_m, n, t, u);
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_true(r.jump);
	assert_true(r.gradual);
	assert_int_equal(r.n_stop, 1 << 16);	/* the rise begins there */
	assert_int_equal(r.n_after, 1 << 18);	/* the first +25% doubling */
}

/* A step whose N was timed too scattered in every pass (its runs all
 * preempted on a loaded machine): the doublings on both sides of it are
 * not judged, the next one jumps, and the plan stops below the unjudged
 * ones, not above the step. */
static void test_unjudged_below_jump(void **state)
{
	(void)state;
	struct curve k = { 40, 0.27, 1 << 16, 4, 20 };
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	costs(&k, n, t, u);
	u[16] = 3 * t[16];		/* N = 65536: its second pass 4x slower */
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_true(r.jump);
	assert_true(r.unjudged);
	assert_false(r.gradual);
	assert_int_equal(r.n_after, 1 << 18);
	assert_int_equal(r.n_stop, 1 << 15);
	/* all of them preempted: no time at all */
	costs(&k, n, t, u);
	t[16] = 0;
	u[16] = 1.0 / 0.0;
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_true(r.jump);
	assert_true(r.n_stop <= 1 << 16);
	/* the walk ends at the regime's doubling: never at N = 1 */
	costs(&k, n, t, u);
	for (size_t i = 12; i <= 16; i++)	/* judged: up to 2^11 */
		u[i] = 3 * t[i];
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_true(r.jump);
	assert_int_equal(r.n_stop, 1 << 11);
}

/* Doublings from some N to the end all too scattered to judge (a machine
 * so busy that long runs' minima never agree): no jump is claimed, and the
 * judgement says from where it was blind; where the last doubling is
 * judged, it says nothing. */
static void test_blind_to_the_end(void **state)
{
	(void)state;
	struct curve k = { 40, 0.27, 1 << 17, 2, 20 };
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	costs(&k, n, t, u);
	for (size_t i = 16; i < COUNT; i++)
		u[i] = t[i];
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_false(r.jump);
	assert_int_equal(r.blind_from, 1 << 15);
	/* one pass slow at a middle N only: judged past it, not blind */
	k.at = UINT64_MAX;
	costs(&k, n, t, u);
	u[16] = t[16];
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_false(r.jump);
	assert_int_equal(r.blind_from, 0);
	assert_int_equal(r.blind_below, 0);
	/* scattered below the first doubling judged, where the clock
	 * resolves them (one pass in eight at full speed: the N's second
	 * minima far above): blind below it, a step there unseen */
	costs(&k, n, t, u);
	for (size_t i = 8; i < 20; i++)
		u[i] = t[i];
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_false(r.jump);
	assert_int_equal(r.blind_below, 1 << 20);
	assert_int_equal(r.blind_from, 0);
	/* below the clock's resolution only: not blind (the clock's own
	 * limit, test_unresolved_not_judged) */
	k.at = UINT64_MAX;
	costs(&k, n, t, u);
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_int_equal(r.blind_below, 0);
	k.at = 1 << 17;
	/* a step found: the plan stops there, and blind_from is not used */
	k.at = 1 << 17;
	costs(&k, n, t, u);
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_true(r.jump);
	assert_int_equal(r.blind_from, 0);
	assert_int_equal(r.blind_below, 0);
}

/* The confirmation: a machine that turns slow between two timings makes
 * a round's ratio jump; a few such rounds are no regime.  A real step
 * shows in nearly every round, and one round spoilt by noise does not
 * hide it; nor do rounds whose runs were all preempted (NaN) count for
 * it.  The counts follow from the binomial tail (probe.h): 8 of 9 at 2%,
 * 15 of 18 at 0.5%, and 5 rounds can confirm nothing at 2%. */
static void test_confirm_rounds(void **state)
{
	(void)state;
	const double a = PROBE_CONFIRM_ALPHA, b = PROBE_CONFIRM_ALPHA_MORE;
	const double one_slow[9] = { 1.02, 1.28, 0.99, 1.01, 1.0, 1.0, 0.98, 1.01, 1.0 };
	const double step[9] = { 1.95, 1.9, 1.97, 1.2, 1.96, 2.0, 1.99, 1.94, 1.93 };
	const double step_two[9] = { 1.95, 1.9, 1.97, 1.2, 1.96, 0.8, 1.99, 1.94, 1.93 };
	const double unknown[9] = { 0.0 / 0.0, 1.9, 1.97, 0.0 / 0.0, 1.96, 2, 2, 2, 2 };
	assert_false(probe_confirm_judge(one_slow, 9, a));
	assert_true(probe_confirm_judge(step, 9, a));
	assert_false(probe_confirm_judge(step_two, 9, a));	/* 7 of 9 */
	assert_false(probe_confirm_judge(step, 5, a));		/* 2^-5 > 2% */
	assert_false(probe_confirm_judge(step, 0, a));
	/* rounds whose runs were all preempted show nothing */
	assert_false(probe_confirm_judge(unknown, 9, a));
	/* 18 rounds: 15 shown is enough at 0.5%, 14 is not */
	double r18[18];
	for (int i = 0; i < 18; i++)
		r18[i] = i < 15 ? 2 : 1;
	assert_true(probe_confirm_judge(r18, 18, b));
	r18[14] = 1;
	assert_false(probe_confirm_judge(r18, 18, b));
	assert_true(probe_confirm_judge(r18, 18, 0.02));	/* 14: 1.5% */
	/* how many must show it */
	assert_int_equal(probe_confirm_needed(9, a), 8);
	assert_int_equal(probe_confirm_needed(18, b), 15);
	assert_int_equal(probe_confirm_needed(5, a), 6);	/* none can */
	assert_int_equal(probe_confirm_needed(9, 1), 0);
}

static double below_stop_m(size_t i)
{
	return 0.27 * (i < 17 ? 1 : i == 17 ? 1.08 : i == 18 ? 1.6 : 3);
}

/* The confirmations' reference is never the doubling just below the
 * stop: that one may read as the regime's (its N's minima from a faster
 * stretch of the machine) and still rise, and walk_back times it against
 * the reference.  Here the regime's marginal is 1, the doubling below the
 * jump reads 1.08, the jump 1.6, then 3. */
static void test_reference_below_stop(void **state)
{
	(void)state;
	uint64_t n[COUNT];
	double t[COUNT], u[COUNT];
	struct probe_regime r;
	by_marginals(50, below_stop_m, n, t, u);
	probe_regime_judge(n, t, u, COUNT, 0, &r);
	assert_true(r.jump);
	assert_int_equal(r.n_after, 1 << 18);
	assert_int_equal(r.n_stop, 1 << 17);
	assert_true(r.n_ref < r.n_stop / 2);	/* doubling 2^16..2^17 left to test */
	assert_true(r.n_ref >= 1 << 12);	/* the regime's longest but that */
}

/* A kernel that spins on the reference clock for ns_per_n x n, and
 * slow_factor times that for the first slow_runs runs at slow_n: a
 * slowed stretch of the machine that falls on one N's first batch. */
struct spin {
	double ns_per_n, slow_factor;
	uint64_t slow_n;
	int slow_runs;
};

static void spin_run(uint64_t n, void *ctx)
{
	struct spin *s = ctx;
	double ns = s->ns_per_n * (double)n;
	if (n == s->slow_n && s->slow_runs > 0) {
		s->slow_runs--;
		ns *= s->slow_factor;
	}
	uint64_t t0 = clock_reference_ns();
	while ((double)(clock_reference_ns() - t0) < ns)
		;
}

/* The probe stops at the first N whose run takes target_ns: here 2^17,
 * the shorter N 2^16 taking 0.51 target_ns, or 0.97 slowed 1.9 times.
 * The two minima's difference would then give a cost ten times too
 * small, and a plan whose runs are ten times too long; the N are timed
 * again, and the cost comes out right (the spin can only last longer
 * than asked, so the bound below is safe on a busy machine). */
static void test_slowed_shorter_n(void **state)
{
	(void)state;
	const double target = 1e5, c = 0.51 * target / 65536;
	struct spin s = { c, 1.9, 65536, 5 };
	struct kernel k;
	memset(&k, 0, sizeof k);
	snprintf(k.name, sizeof k.name, "spin");
	k.run = spin_run;
	k.fixed_ctx = &s;
	k.ctx = &s;
	k.n_limit = k.n_auto_max = UINT64_MAX;
	struct probe_result r;
	char err[256];
	assert_int_equal(probe_kernel(&k, target, UINT64_MAX, &r, err, sizeof err), 0);
	/* (a stall of the machine at 2^15 would stop the probe there, and
	 * the slowed runs go untimed: the bound holds all the same) */
	assert_true(r.unit_ns > 0.5 * c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linear_is_quiet),
		cmocka_unit_test(test_step_is_found),
		cmocka_unit_test(test_unresolved_not_judged),
		cmocka_unit_test(test_slow_n_is_quiet),
		cmocka_unit_test(test_slow_drift_is_quiet),
		cmocka_unit_test(test_gradual_rise),
		cmocka_unit_test(test_unjudged_below_jump),
		cmocka_unit_test(test_blind_to_the_end),
		cmocka_unit_test(test_confirm_rounds),
		cmocka_unit_test(test_reference_below_stop),
		cmocka_unit_test(test_slowed_shorter_n),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
