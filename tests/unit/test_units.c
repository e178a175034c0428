/*
 * test_units.c - numbers as the reports print them (units.h): a share as
 * a percentage never in exponent form.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "units.h"

static void check_pct(double share, int digits, const char *want)
{
	char buf[32];
	fmt_pct(buf, sizeof buf, share, digits);
	if (strcmp(buf, want) != 0)
		fail_msg("fmt_pct(%g, %d) = \"%s\", want \"%s\"", share, digits, buf, want);
}

/* %g's own where it has no exponent; whole percent from 10^digits on, and
 * where %g would round up to it (99.7 to 2 digits: "1e+02"). */
static void test_pct(void **state)
{
	(void)state;
	check_pct(0.5, 2, "50");
	check_pct(0.0123, 2, "1.2");
	check_pct(0.997, 2, "100");
	check_pct(1, 2, "100");
	check_pct(1.9, 2, "190");
	check_pct(12.34, 3, "1234");
	check_pct(0.999, 3, "99.9");
	check_pct(0.9996, 3, "100");
	check_pct(1e-7, 2, "1e-05");
	check_pct(0, 2, "0");
	check_pct(-0.997, 2, "-100");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pct),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
