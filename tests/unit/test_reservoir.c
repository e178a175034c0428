/*
 * test_reservoir.c - the reservoir keeps a uniform sample: every offer
 * is kept with probability cap / offers, whatever its place.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reservoir.h"

/* Fewer offers than room: each is kept, in order. */
static void test_fewer_than_cap(void **state)
{
	(void)state;
	struct reservoir r;
	assert_int_equal(reservoir_init(&r, 8, sizeof(int)), 0);
	for (long i = 0; i < 5; i++)
		assert_int_equal(reservoir_slot(&r), i);
	assert_int_equal(r.kept, 5);
	reservoir_free(&r);
}

/* Offers at every place are kept equally often: 4000 samples of 100 out
 * of 10000, the offers in 20 stretches of 500, each kept 10000 times in
 * expectation; chi-square with 19 degrees of freedom, below 60 (its
 * 0.9999 quantile is 47; a sampler that favoured the early or the late
 * offers by 5% would give hundreds).  Every slot holds one offer. */
static void test_uniform(void **state)
{
	(void)state;
	enum { CAP = 100, OFFERS = 10000, RUNS = 4000, STRETCHES = 20 };
	double kept[STRETCHES] = { 0 };
	for (unsigned run = 0; run < RUNS; run++) {
		struct reservoir r;
		assert_int_equal(reservoir_init(&r, CAP, sizeof(int)), 0);
		r.x ^= (uint64_t)(run + 1) * 0x9e3779b97f4a7c15u;
		int *v = r.v;
		for (int i = 0; i < OFFERS; i++) {
			long s = reservoir_slot(&r);
			assert_true(s < CAP);
			if (s >= 0)
				v[s] = i;
		}
		assert_int_equal(r.kept, CAP);
		for (int k = 0; k < CAP; k++)
			kept[v[k] / (OFFERS / STRETCHES)]++;
		reservoir_free(&r);
	}
	double want = (double)RUNS * CAP / STRETCHES, chi2 = 0;
	for (int k = 0; k < STRETCHES; k++)
		chi2 += (kept[k] - want) * (kept[k] - want) / want;
	assert_true(chi2 < 60);
}

/* Ten million offers into 16384 slots: about 16384 ln(10^7 / 16384) =
 * 105000 of them taken after the first 16384, not one per offer. */
static void test_replacements(void **state)
{
	(void)state;
	struct reservoir r;
	assert_int_equal(reservoir_init(&r, 16384, sizeof(double)), 0);
	long taken = 0;
	for (long i = 0; i < 10000000; i++)
		taken += reservoir_slot(&r) >= 0;
	double want = 16384 + 16384 * log(10000000.0 / 16384);
	assert_true(fabs((double)taken - want) < 0.03 * want);
	reservoir_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fewer_than_cap),
		cmocka_unit_test(test_uniform),
		cmocka_unit_test(test_replacements),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
