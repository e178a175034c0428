/*
 * test_lanes.c - two doubles side by side (lanes.h): each lane's floor is
 * libm's, bit for bit, a select takes each lane's bits from the side its
 * mask says, and a lane's arithmetic is what the scalar expression gives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "lanes.h"

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0 || (isnan(a) && isnan(b));
}

static void check_floor(double a, double b)
{
	lanes2 r = lanes_floor((lanes2){ a, b });
	if (!same_bits(r[0], floor(a)) || !same_bits(r[1], floor(b)))
		fail_msg("floor(%a) = %a, floor(%a) = %a; lanes %a, %a", a, floor(a), b, floor(b),
			 r[0], r[1]);
}

/* The edges: halves (rounding to even either way), either side of 2^51,
 * 2^52 and 2^53, the smallest and largest, infinities and NaN. */
static void test_floor_edges(void **state)
{
	(void)state;
	const double v[] = { 0, 0.5, 1, 1.5, 2.5, 3.5, 0x1p-1074, 1e-300, 0.99999999999999989,
			     0x1p51 - 0.5, 0x1p51 + 0.5, 0x1p52 - 0.5, 0x1p52 - 1, 0x1p52,
			     0x1p52 + 1, 0x1p53 + 2, 1e300, 123456.789 };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		check_floor(v[i], -v[i]);
	check_floor(INFINITY, -INFINITY);
	check_floor(NAN, 7.25);
}

/* A million random doubles of every size from 2^-30 to 2^60, each sign. */
static void test_floor_random(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 1);
	for (int i = 0; i < 1000000; i++) {
		double a = (gsl_rng_uniform(r) - 0.5) * ldexp(1, (int)gsl_rng_uniform_int(r, 91) - 30);
		check_floor(a, -a);
	}
	gsl_rng_free(r);
}

static void test_select(void **state)
{
	(void)state;
	lanes2 a = { 1.5, -2.5 }, b = { NAN, 0x1p-1074 };
	lanes2 r = lanes_select(a > lanes_all(0), a, b);
	assert_true(same_bits(r[0], 1.5) && same_bits(r[1], 0x1p-1074));
	r = lanes_select(a < lanes_all(0), a, b);
	assert_true(isnan(r[0]) && same_bits(r[1], -2.5));
}

/* A lane's a * b + c / d - e, as the scalar expression gives it. */
static void test_arithmetic(void **state)
{
	(void)state;
	gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(g, 2);
	for (int i = 0; i < 100000; i++) {
		double x[10];
		for (int k = 0; k < 10; k++)
			x[k] = (gsl_rng_uniform(g) - 0.5) * 1e3;
		lanes2 a = { x[0], x[1] }, b = { x[2], x[3] }, c = { x[4], x[5] };
		lanes2 d = { x[6], x[7] }, e = { x[8], x[9] };
		lanes2 r = a * b + c / d - e;
		for (int l = 0; l < 2; l++) {
			double s = x[l] * x[2 + l] + x[4 + l] / x[6 + l] - x[8 + l];
			if (!same_bits(r[l], s))
				fail_msg("lane %d: %a, scalar %a", l, r[l], s);
		}
	}
	gsl_rng_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_floor_edges),
		cmocka_unit_test(test_floor_random),
		cmocka_unit_test(test_select),
		cmocka_unit_test(test_arithmetic),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
