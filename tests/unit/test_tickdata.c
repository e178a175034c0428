/*
 * test_tickdata.c - the tick from the timings when no header gives it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <gsl/gsl_rng.h>

#include "tickdata.h"

static void test_majority(void **state)
{
	(void)state;
	static struct tickdata td;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 3);
	const uint64_t ticks[] = { 1, 2, 7, 500, 4000000 };
	for (size_t k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
		tickdata_init(&td);
		for (int i = 0; i < 100000; i++) {
			uint64_t t = ticks[k] * (1000 + gsl_rng_uniform_int(r, 100000));
			if (i % 50 == 7)
				t += 1;	/* 2% strays */
			tickdata_offer(&td, t, r);
		}
		assert_int_equal(td.kept, TICKDATA_KEEP);
		assert_int_equal(tickdata_tick(&td), ticks[k]);
	}
	/* zeros are not timings of any length: ignored */
	tickdata_init(&td);
	tickdata_offer(&td, 0, r);
	assert_int_equal(tickdata_tick(&td), 0);
	gsl_rng_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_majority),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
