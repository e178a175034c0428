/*
 * test_region.c - the verdict on one run (collector/core/region.h), the
 * same for collect and the recorder: coarsened, then a backward step of
 * either clock dropped (realtime-coarse can step back; t would be ~2^64),
 * then a change of CPU, or a CPU other than the pinned one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "region.h"

static enum region_verdict judge(const struct region_clock *c, uint64_t start,
				 uint64_t end, uint32_t cpu0, uint32_t cpu1,
				 struct region_timing *tm)
{
	struct region r = { start, end, 0, 0, cpu0, cpu1 };
	return region_judge(c, &r, tm);
}

static void test_verdict(void **state)
{
	(void)state;
	struct region_clock c;
	struct region_timing tm;
	const struct clock_source *mono = clock_find("monotonic");
	region_clock_init(&c, mono, 0, NULL, 1);
	assert_int_equal(judge(&c, 100, 200, 1, 1, &tm), REGION_KEEP);
	assert_true(tm.start == 100 && tm.t == 100);
	assert_int_equal(judge(&c, 100, 100, 1, 1, &tm), REGION_KEEP);
	assert_int_equal(judge(&c, 100, 200, 1, 0, &tm), REGION_MIGRATED);
	/* on one CPU, but not the pinned one */
	assert_int_equal(judge(&c, 100, 200, 0, 0, &tm), REGION_MIGRATED);
	/* a backward step: dropped, whatever the CPU */
	assert_int_equal(judge(&c, 4000000, 3999999, 1, 1, &tm), REGION_BACKSTEP);
	assert_int_equal(judge(&c, 200, 100, 1, 0, &tm), REGION_BACKSTEP);
	/* not pinned: only start and end must agree */
	region_clock_init(&c, mono, 0, NULL, -1);
	assert_int_equal(judge(&c, 100, 200, 5, 5, &tm), REGION_KEEP);
	assert_int_equal(judge(&c, 100, 200, 5, 4, &tm), REGION_MIGRATED);
	/* an unknown CPU (no sched_getcpu) cannot be judged */
	assert_int_equal(judge(&c, 100, 200, CLOCK_CPU_UNKNOWN, CLOCK_CPU_UNKNOWN, &tm),
			 REGION_KEEP);
}

/* Coarsened before judged: two readings within one quantum time 0. */
static void test_coarsened(void **state)
{
	(void)state;
	struct region_clock c;
	struct region_timing tm;
	region_clock_init(&c, clock_find("monotonic"), 1000, NULL, -1);
	assert_int_equal(judge(&c, 1999, 2001, 0, 0, &tm), REGION_KEEP);
	assert_true(tm.start == 1000 && tm.t == 1000);
	assert_int_equal(judge(&c, 2001, 2999, 0, 0, &tm), REGION_KEEP);
	assert_true(tm.t == 0);
	/* a step back within the quantum is no step back once coarsened */
	assert_int_equal(judge(&c, 2500, 2400, 0, 0, &tm), REGION_KEEP);
	assert_int_equal(judge(&c, 3000, 2999, 0, 0, &tm), REGION_BACKSTEP);
}

/* The second clock (collect --also-clock) is judged too, raw. */
static void test_second_clock(void **state)
{
	(void)state;
	struct region_clock c;
	struct region_timing tm;
	region_clock_init(&c, clock_find("monotonic"), 0, clock_find("realtime-coarse"), -1);
	struct region r = { 100, 200, 50, 40, 0, 0 };
	assert_int_equal(region_judge(&c, &r, &tm), REGION_BACKSTEP);
	r.start2 = 40, r.end2 = 50;
	assert_int_equal(region_judge(&c, &r, &tm), REGION_KEEP);
	assert_true(tm.t2 == 10);
	c.source2 = NULL;
	r.start2 = 50, r.end2 = 40;
	assert_int_equal(region_judge(&c, &r, &tm), REGION_KEEP);
}

/* A real run: the readings bracket the work and advance. */
static void test_live(void **state)
{
	(void)state;
	struct region_clock c;
	struct region r;
	struct region_timing tm;
	region_clock_init(&c, clock_find("monotonic"), 0, NULL, -1);
	region_begin(&c, &r);
	for (volatile int i = 0; i < 100000; i++)
		;
	region_end(&c, &r);
	assert_int_not_equal(region_judge(&c, &r, &tm), REGION_BACKSTEP);
	assert_true(tm.t > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_coarsened),
		cmocka_unit_test(test_second_clock),
		cmocka_unit_test(test_live),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
