/*
 * test_tickdata.c - the tick from the timings when no header gives it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <gsl/gsl_rng.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numscan.h"
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
			tickdata_offer(&td, t, 0, r);
		}
		assert_int_equal(td.kept, TICKDATA_KEEP);
		int e;
		assert_int_equal(tickdata_tick(&td, &e), ticks[k]);
		assert_int_equal(e, 0);
	}
	/* zeros are not timings of any length: ignored */
	tickdata_init(&td);
	tickdata_offer(&td, 0, 0, r);
	int e;
	assert_int_equal(tickdata_tick(&td, &e), 0);
	gsl_rng_free(r);
}

/* Decimal seconds: (7 + 3 n) ns written "%.9e" have the tick 1e-9. */
static void test_decimal(void **state)
{
	(void)state;
	static struct tickdata td;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	tickdata_init(&td);
	for (int n = 1; n <= 100; n++) {
		char s[32];
		snprintf(s, sizeof s, "%.9e", (7 + 3 * n) * 1e-9);
		struct number num;
		assert_null(num_scan(s, strlen(s), &num));
		assert_true(num.dec_ok);
		tickdata_offer(&td, num.dec_m, num.dec_e, r);
	}
	int e;
	uint64_t g = tickdata_tick(&td, &e);
	assert_true(g > 0);
	assert_true(fabs((double)g * pow(10, e) - 1e-9) < 1e-21);
	/* A tick of no terminating decimal, 1 / 99.8 MHz = 10.02004 ns, its
	 * multiples written as %.9e seconds: no timing is an exact multiple
	 * (the tick had come out as 1e-14 s, the last digit); within a
	 * millionth of it, from the differences of neighbouring timings */
	tickdata_init(&td);
	const double tick = 1 / 99.8e6;
	for (int i = 0; i < 2000; i++) {
		char s[32];
		snprintf(s, sizeof s, "%.9e", tick * (double)(25 + gsl_rng_uniform_int(r, 1600)));
		struct number num;
		assert_null(num_scan(s, strlen(s), &num));
		tickdata_offer(&td, num.dec_m, num.dec_e, r);
	}
	g = tickdata_tick(&td, &e);
	if (!(fabs((double)g * pow(10, e) - tick) < 1e-6 * tick))
		fail_msg("tick %g, want %g", (double)g * pow(10, e), tick);
	/* Halves: 1.5, 2.5, 3.5 have the tick 0.5 (5 x 10^-1). */
	tickdata_init(&td);
	tickdata_offer(&td, 15, -1, r);
	tickdata_offer(&td, 25, -1, r);
	tickdata_offer(&td, 35, -1, r);
	assert_int_equal(tickdata_tick(&td, &e), 5);
	assert_int_equal(e, -1);
	/* Digits beyond 64 bits: no tick from them. */
	tickdata_offer_inexact(&td);
	assert_int_equal(tickdata_tick(&td, &e), 0);
	gsl_rng_free(r);
}

/* Count the timing written as s by its digits. */
static void count_written(struct tickdata *td, const char *s)
{
	struct number num;
	assert_null(num_scan(s, strlen(s), &num));
	tickdata_count_digits(td, num.dec_m, num.dec_e, num.dec_last);
}

/* Written to six significant digits ("%g"), timings from 1.2 to 14.7
 * have digits of 1e-5 below 10 and 1e-4 above: each decade's finest
 * digit is kept, whatever the sample holds. */
static void test_digit_at(void **state)
{
	(void)state;
	static struct tickdata td;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	tickdata_init(&td);
	assert_true(tickdata_digit_at(&td, 5.0) == 0);	/* none offered */
	for (int k = 0; k < 5000; k++) {
		char s[32];
		snprintf(s, sizeof s, "%g", 1.2 + 13.5 * k / 4999.0);
		count_written(&td, s);
	}
	assert_true(fabs(tickdata_digit_at(&td, 9.5) - 1e-5) < 1e-17);
	assert_true(fabs(tickdata_digit_at(&td, 12.0) - 1e-4) < 1e-16);
	assert_true(tickdata_digit_at(&td, 150.0) == 0);	/* no timing there */
	assert_true(tickdata_digit_at(&td, 0.0) == 0 && tickdata_digit_at(&td, -3.0) == 0);
	assert_true(tickdata_digit_at(&td, INFINITY) == 0 && tickdata_digit_at(&td, NAN) == 0);
	/* integers past a million in "%g": 1.23457e+06 has the digit 10 */
	tickdata_init(&td);
	for (int k = 0; k < TICKDATA_DECADE_MIN; k++) {
		tickdata_count_digits(&td, 123457, 1, 1);
		tickdata_count_digits(&td, 987, 0, 0);
	}
	tickdata_count_digits(&td, 12, 8, 8);	/* one "1.2e+09": too few */
	assert_true(tickdata_digit_at(&td, 1.2e9) == 0);
	assert_true(tickdata_digit_at(&td, 1234570.0) == 10);
	assert_true(tickdata_digit_at(&td, 987.0) == 1);
	/* two formats in one decade: integers, and "%.6g" on every other
	 * line (digits of 10); the integers' finer digits do not hide them.
	 * "%.6g" alone leaves a tenth of its timings a zero short (digits of
	 * 100): no format of its own */
	tickdata_init(&td);
	for (int k = 0; k < 4000; k++) {
		char s[32];
		double t = 1000000 + 97.13 * k;
		if (k % 2)
			snprintf(s, sizeof s, "%.6g", t);
		else
			snprintf(s, sizeof s, "%.0f", floor(t));
		count_written(&td, s);
	}
	assert_true(tickdata_digit_at(&td, 1200000.0) == 10);
	tickdata_init(&td);
	for (int k = 0; k < 4000; k++) {
		char s[32];
		snprintf(s, sizeof s, "%.6g", 1000000 + 97.13 * k);
		count_written(&td, s);
	}
	assert_true(tickdata_digit_at(&td, 1200000.0) == 10);
	/* "%.3f" of a quiet kernel on a 1 us clock, in ms: 12.300 and
	 * 12.301 (read as 12.3 and 12.301) were written to 1e-3 alike */
	tickdata_init(&td);
	for (int k = 0; k < 400; k++)
		count_written(&td, k % 2 ? "12.300" : "12.301");
	assert_true(fabs(tickdata_digit_at(&td, 12.3) - 1e-3) < 1e-15);
	gsl_rng_free(r);
}

static void test_scan_decimal(void **state)
{
	(void)state;
	struct number num;
	assert_null(num_scan("2.50e-9", 7, &num));
	assert_true(num.dec_ok && num.dec_m == 25 && num.dec_e == -10);
	assert_null(num_scan("0.000120", 8, &num));
	assert_true(num.dec_ok && num.dec_m == 12 && num.dec_e == -5);
	assert_null(num_scan("1500", 4, &num));
	assert_true(num.dec_ok && num.dec_m == 1500 && num.dec_e == 0);
	assert_null(num_scan("12345678901234567890.5", 22, &num));
	assert_false(num.dec_ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_majority),
		cmocka_unit_test(test_decimal),
		cmocka_unit_test(test_digit_at),
		cmocka_unit_test(test_scan_decimal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
