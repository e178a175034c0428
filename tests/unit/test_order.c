/*
 * test_order.c - the chance of the N's minima in an order as strong
 * (fit/order.h): exact where it can be counted, and its normal limit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "order.h"

/* Three N: 6 orders, one with no inversion, one with three; the chance
 * of one as strong either way is 2/6.  Eight in order: 2/8!. */
static void test_exact(void **state)
{
	(void)state;
	assert_true(fabs(order_log10_p(3, 0) - log10(2.0 / 6)) < 1e-12);
	assert_true(fabs(order_log10_p(3, 3) - log10(2.0 / 6)) < 1e-12);
	assert_true(fabs(order_log10_p(8, 0) - log10(2.0 / 40320)) < 1e-9);
	/* one inversion of 4: 1 + 3 of the 24 orders have at most one */
	assert_true(fabs(order_log10_p(4, 1) - log10(2 * 4.0 / 24)) < 1e-12);
	/* the middle: no evidence */
	assert_true(order_log10_p(10, 22.5) > -0.01);
}

/* The exact counts and the normal limit agree where both are taken. */
static void test_limit(void **state)
{
	(void)state;
	double n = ORDER_EXACT_MAX, all = n * (n - 1) / 2;
	double sd = sqrt(n * (n - 1) * (2 * n + 5) / 72);
	double exact = order_log10_p(ORDER_EXACT_MAX, all / 2 - 3 * sd);
	assert_true(exact < -2 && exact > -3.3);
	double next = order_log10_p(ORDER_EXACT_MAX + 1, (n + 1) * n / 4 - 3 * sd);
	assert_true(fabs(next - exact) < 0.15);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
