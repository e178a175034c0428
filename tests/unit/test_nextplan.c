/*
 * test_nextplan.c - subtick_next's plan as a state machine (nextplan.h),
 * on timings of a known cost and a time that is given, not read: the
 * probe's N and runs, the plan made from its cost, the warm-up sweep,
 * sweeps that visit every N once, the budget, the precision reached, and
 * the failures (a cost that does not grow, a probe never timed).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "nextplan.h"

/* A clock of 1 ns units, a tick of 10. */
static struct nextplan_config config(void)
{
	return (struct nextplan_config){
		.points = 16, .budget_ns = 2e7, .precision = 1e-3, .seed = 7,
		.unit_ns = 1, .resolution = 10, .band_tick = 10, .run_cap = 0,
	};
}

/* A region of FIXED + UNIT x n units. */
#define FIXED 500.0
#define UNIT 3.0

static uint64_t cost(uint64_t n)
{
	return (uint64_t)(FIXED + UNIT * (double)n);
}

/* 1 when n is one of the plan's N. */
static int in_plan(const struct nextplan *p, uint64_t n)
{
	for (size_t i = 0; i < p->plan.count; i++)
		if (p->plan.n[i] == n)
			return 1;
	return 0;
}

/* Run the plan to its end, the time advancing by each region's cost;
 * the counts of what was handed out, by stage. */
struct run {
	uint64_t probe, warmup, kept, now;
	uint64_t sweep_first[4096];	/* the written regions' N, in order */
	size_t written;
};

static int never(void *arg)
{
	(void)arg;
	return 0;
}

static void run_plan(struct nextplan *p, struct run *out, int (*reached)(void *), void *arg)
{
	uint64_t n;
	memset(out, 0, sizeof *out);
	while (nextplan_next(p, out->now, &n, reached, arg)) {
		enum nextplan_stage stage = p->stage;
		out->now += cost(n);
		int own = nextplan_time(p, n, cost(n));
		assert_int_equal(own, stage != NEXTPLAN_SWEEPS);
		if (stage == NEXTPLAN_PROBE)
			out->probe++;
		else if (stage == NEXTPLAN_WARMUP)
			out->warmup++;
		else if (out->written < sizeof out->sweep_first / sizeof out->sweep_first[0])
			out->sweep_first[out->written++] = n;
		out->kept += !own;
		assert_true(out->probe < 1000 && out->kept < 1000000);
	}
}

static void test_auto(void **state)
{
	(void)state;
	struct nextplan_config c = config();
	struct nextplan p;
	nextplan_init(&p, &c);
	/* the probe: N = 1, 2, 4, ..., PROBEWALK_RUNS runs each, in a row */
	uint64_t n, expect = 1;
	for (int i = 0; i < 3 * PROBEWALK_RUNS; i++) {
		assert_int_equal(nextplan_next(&p, 0, &n, never, NULL), 1);
		assert_int_equal(n, expect);
		assert_int_equal(nextplan_time(&p, n, cost(n)), 1);
		if (i % PROBEWALK_RUNS == PROBEWALK_RUNS - 1)
			expect *= 2;
	}
	struct run r;
	run_plan(&p, &r, never, NULL);
	assert_int_equal(p.stop, NEXTPLAN_BUDGET);
	/* the probe's cost is the region's; the plan is plan_auto's */
	assert_true(p.unit_cost > UNIT * 0.999 && p.unit_cost < UNIT * 1.001);
	assert_true(p.plan.count >= 3 && p.plan.count <= c.points);
	assert_true(r.probe % PROBEWALK_RUNS == 0);
	/* one warm-up sweep, then whole sweeps each visiting every N once,
	 * the last cut by the budget */
	assert_int_equal(r.warmup, p.plan.count);
	assert_true(p.sweeps >= 1);
	size_t k = p.plan.count;
	for (size_t s = 0; s + 1 <= p.sweeps && (s + 1) * k <= r.written; s++)
		for (size_t i = 0; i < k; i++) {
			assert_true(in_plan(&p, r.sweep_first[s * k + i]));
			for (size_t j = 0; j < i; j++)
				assert_true(r.sweep_first[s * k + j] != r.sweep_first[s * k + i]);
		}
	/* the sweeps took the budget, and no more than a region past it */
	double sampled = (double)(r.now - p.start_ns);
	assert_true(sampled >= c.budget_ns);
	assert_true(sampled < c.budget_ns + (double)cost(plan_max(&p.plan)) + 1);
	/* and the plan is done for good */
	assert_int_equal(nextplan_next(&p, r.now, &n, never, NULL), 0);
	assert_int_equal(n, 0);
	nextplan_free(&p);
}

static void test_given(void **state)
{
	(void)state;
	struct nextplan_config c = config();
	c.n_min = 1000, c.n_max = 4000, c.points = 4;
	struct nextplan p;
	nextplan_init(&p, &c);
	struct run r;
	run_plan(&p, &r, never, NULL);
	assert_int_equal(r.probe, 0);
	assert_int_equal(p.plan.count, 4);
	assert_true(p.plan.n[0] == 1000 && p.plan.n[3] == 4000);
	assert_int_equal(r.warmup, 4);
	assert_int_equal(p.stop, NEXTPLAN_BUDGET);
	char text[320];
	nextplan_describe(&p, text, sizeof text);
	assert_non_null(strstr(text, "given: 4 N in [1000, 4000]"));
	nextplan_free(&p);
}

/* Reached at its third question: the plan ends after three sweeps. */
static int third(void *arg)
{
	return ++*(int *)arg >= 3;
}

static void test_until(void **state)
{
	(void)state;
	struct nextplan_config c = config();
	c.budget_ns = 1e12;
	c.until = 1;
	int asked = 0;
	struct nextplan p;
	nextplan_init(&p, &c);
	struct run r;
	run_plan(&p, &r, third, &asked);
	assert_int_equal(p.stop, NEXTPLAN_UNTIL);
	assert_int_equal(asked, 3);
	assert_int_equal(p.sweeps, 3);
	assert_int_equal(r.kept, 3 * p.plan.count);
	nextplan_free(&p);
}

/* A region whose cost does not grow with n: nothing to plan (EDOM). */
static void test_flat(void **state)
{
	(void)state;
	struct nextplan_config c = config();
	struct nextplan p;
	uint64_t n;
	nextplan_init(&p, &c);
	while (nextplan_next(&p, 0, &n, never, NULL))
		assert_int_equal(nextplan_time(&p, n, 1000), 1);
	assert_int_equal(p.stop, NEXTPLAN_FAILED);
	assert_int_equal(p.error, EDOM);
	nextplan_free(&p);
}

/* A probe none of whose regions is timed gives up (EAGAIN), after
 * handing the same N out NEXTPLAN_UNTIMED_MAX times; a region the plan
 * did not hand out is the program's own sample. */
static void test_untimed(void **state)
{
	(void)state;
	struct nextplan_config c = config();
	struct nextplan p;
	uint64_t n, handed = 0;
	nextplan_init(&p, &c);
	while (nextplan_next(&p, 0, &n, never, NULL)) {
		assert_int_equal(n, 1);
		assert_int_equal(nextplan_time(&p, n + 1, 5), 0);
		handed++;
	}
	assert_int_equal(handed, NEXTPLAN_UNTIMED_MAX);
	assert_int_equal(p.error, EAGAIN);
	nextplan_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_auto),
		cmocka_unit_test(test_given),
		cmocka_unit_test(test_until),
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_untimed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
