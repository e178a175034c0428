/*
 * test_kbest.c - the K smallest timings per N, and when they agree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kbest.h"

static void test_keeps_smallest(void **state)
{
	(void)state;
	struct kbest kb;
	assert_int_equal(kbest_init(&kb, 2, 3, 0.01), 0);
	const uint64_t t[] = { 500, 120, 900, 101, 100, 300, 100 };
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		kbest_add(&kb, 0, t[i]);
	assert_int_equal(kb.have[0], 3);
	assert_int_equal(kb.best[0], 100);
	assert_int_equal(kb.best[1], 100);
	assert_int_equal(kb.best[2], 101);
	assert_false(kbest_converged(&kb));	/* point 1 has nothing */
	kbest_add(&kb, 1, 1000);
	kbest_add(&kb, 1, 1009);
	assert_false(kbest_converged(&kb));	/* only 2 of 3 */
	kbest_add(&kb, 1, 1100);
	assert_false(kbest_converged(&kb));	/* 1100 vs 1000: 10% */
	kbest_add(&kb, 1, 1005);
	assert_true(kbest_converged(&kb));	/* 1000, 1005, 1009 */
	kbest_free(&kb);
}

static void test_zero_timings(void **state)
{
	(void)state;
	struct kbest kb;
	assert_int_equal(kbest_init(&kb, 1, 2, 0.001), 0);
	kbest_add(&kb, 0, 0);
	kbest_add(&kb, 0, 4);
	assert_false(kbest_converged(&kb));
	kbest_add(&kb, 0, 0);
	assert_true(kbest_converged(&kb));
	kbest_free(&kb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keeps_smallest),
		cmocka_unit_test(test_zero_timings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
