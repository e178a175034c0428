/*
 * test_sampler.c - the verdict on one run: kept, migrated, or dropped
 * because a clock stepped backwards (realtime-coarse can; t would be
 * ~2^64).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sampler.h"

static void test_judge(void **state)
{
	(void)state;
	assert_int_equal(sampler_judge(100, 200, 0, 0, 0, 1), SAMPLE_KEEP);
	assert_int_equal(sampler_judge(100, 100, 0, 0, 0, 1), SAMPLE_KEEP);
	assert_int_equal(sampler_judge(100, 200, 0, 0, 0, 0), SAMPLE_MIGRATED);
	/* A backward step of the clock: dropped, whatever the CPU. */
	assert_int_equal(sampler_judge(4000000, 3999999, 0, 0, 0, 1),
			 SAMPLE_BACKSTEP);
	assert_int_equal(sampler_judge(200, 100, 0, 0, 0, 0), SAMPLE_BACKSTEP);
	/* ... or of the second clock (--also-clock realtime-coarse) */
	assert_int_equal(sampler_judge(100, 200, 50, 40, 1, 1), SAMPLE_BACKSTEP);
	assert_int_equal(sampler_judge(100, 200, 50, 40, 0, 1), SAMPLE_KEEP);
	assert_int_equal(sampler_judge(100, 200, 40, 50, 1, 1), SAMPLE_KEEP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_judge),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
