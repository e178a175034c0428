/*
 * test_numscan.c - what a field may hold.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "numscan.h"

static const char *scan(const char *s, struct number *n)
{
	return num_scan(s, strlen(s), n);
}

static void test_integers(void **state)
{
	(void)state;
	struct number n;
	assert_null(scan("0", &n));
	assert_true(n.exact && n.u == 0);
	assert_null(scan("18446744073709551615", &n));
	assert_true(n.exact && n.u == UINT64_MAX);
	assert_string_equal(scan("18446744073709551616", &n), "number beyond 2^64");
	assert_string_equal(scan("99999999999999999999999", &n), "number beyond 2^64");
}

static void test_decimals(void **state)
{
	(void)state;
	struct number n;
	assert_null(scan("1.5", &n));
	assert_false(n.exact);
	assert_true(n.d == 1.5);
	assert_null(scan("2.5e-9", &n));
	assert_true(n.d == 2.5e-9);
	assert_null(scan("1e6", &n));
	assert_true(n.d == 1e6 && !n.exact);
	assert_string_equal(scan("1e20", &n), "number beyond 2^64");
	assert_string_equal(scan("1e400", &n), "number beyond 2^64");
}

static void test_rejects(void **state)
{
	(void)state;
	struct number n;
	assert_string_equal(scan("-1", &n), "negative value");
	assert_string_equal(scan("-0.5", &n), "negative value");
	assert_string_equal(scan("nan", &n), "NaN or infinity");
	assert_string_equal(scan("-Inf", &n), "NaN or infinity");
	assert_string_equal(scan("infinity", &n), "NaN or infinity");
	assert_string_equal(scan("0x10", &n), "not a number");
	assert_string_equal(scan("12abc", &n), "not a number");
	assert_string_equal(scan("1.2.3", &n), "not a number");
	assert_string_equal(scan("e5", &n), "not a number");
	assert_string_equal(num_scan("", 0, &n), "empty field");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_decimals),
		cmocka_unit_test(test_rejects),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
