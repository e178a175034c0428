/*
 * test_fftpower.c - the power spectrum by the radix-2 FFT (fftpower.h)
 * against the sums that define it, X[k] = sum x[j] e^(-2 pi i j k / m),
 * on random sequences and on sparse counts like the periodogram's, at
 * sizes from 4 points to the periodogram's smallest (2^12); above, against
 * GSL's transform, with parts of the input all zero.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_fft_real.h>
#include <gsl/gsl_rng.h>

#include "fftpower.h"

/* |X[k]|^2 / scale by the definition, in long double (cs: cos and sin
 * of 2 pi j / m, j < m). */
static double direct(const double *x, size_t m, size_t k, double scale, const long double *cs)
{
	long double re = 0, im = 0;
	for (size_t j = 0; j < m; j++) {
		size_t a = (j * k) % m;
		re += x[j] * cs[2 * a];
		im -= x[j] * cs[2 * a + 1];
	}
	return (double)((re * re + im * im) / scale);
}

static void check(const double *seq, size_t m, double scale)
{
	struct fft_table t;
	assert_int_equal(fft_table_init(&t, m), 0);
	double *x = calloc(m, sizeof *x);
	assert_non_null(x);
	for (size_t i = 0; i < m; i++)
		x[fft_slot(&t, i)] = seq[i];
	long double *cs = malloc(2 * m * sizeof *cs);
	assert_non_null(cs);
	for (size_t j = 0; j < m; j++) {
		long double a = 2 * 3.14159265358979323846264338327950288L * (long double)j / (long double)m;
		cs[2 * j] = cosl(a), cs[2 * j + 1] = sinl(a);
	}
	size_t lo = 1, hi = m / 4;
	fft_power(&t, x, lo, hi, scale);
	double top = 0;
	for (size_t k = lo; k <= hi; k++)
		top = fmax(top, direct(seq, m, k, scale, cs));
	for (size_t k = lo; k <= hi; k++) {
		double want = direct(seq, m, k, scale, cs);
		/* to rounding: a sum of m terms, relative to the largest power */
		if (!(fabs(x[k] - want) <= 1e-11 * (top + 1e-300)))
			fail_msg("m %zu, k %zu: %.17g, by the sums %.17g", m, k, x[k], want);
	}
	free(x), free(cs);
	fft_table_free(&t);
}

static void test_random(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 7);
	for (size_t m = 4; m <= 4096; m *= 2) {
		double *seq = malloc(m * sizeof *seq);
		assert_non_null(seq);
		for (size_t i = 0; i < m; i++)
			seq[i] = gsl_rng_uniform(r) - 0.5;
		check(seq, m, 1);
		free(seq);
	}
	gsl_rng_free(r);
}

/* Counts of a few events in many bins, and a periodic train: the
 * periodogram's input. */
static void test_counts(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 3);
	size_t m = 4096;
	double *seq = calloc(m, sizeof *seq);
	assert_non_null(seq);
	for (int e = 0; e < 40; e++)
		seq[gsl_rng_uniform_int(r, m)] += 1;
	check(seq, m, 40);
	for (size_t i = 0; i < m; i++)
		seq[i] = i % 37 == 5;
	check(seq, m, 111);
	free(seq);
	gsl_rng_free(r);
}

/* The m points' power against GSL's mixed-radix transform of the same
 * points: `events` of them at bins drawn from r, each bin i kept where
 * i % every == at. */
static void against_gsl(gsl_rng *r, size_t m, int events, size_t every, size_t at)
{
	struct fft_table t;
	assert_int_equal(fft_table_init(&t, m), 0);
	double *x = calloc(m, sizeof *x), *g = calloc(m, sizeof *g);
	assert_true(x && g);
	for (int e = 0; e < events;) {
		size_t i = gsl_rng_uniform_int(r, m);
		if (i % every != at)
			continue;
		g[i] += 1;
		x[fft_slot(&t, i)] += 1;
		e++;
	}
	gsl_fft_real_wavetable *wt = gsl_fft_real_wavetable_alloc(m);
	gsl_fft_real_workspace *ws = gsl_fft_real_workspace_alloc(m);
	assert_int_equal(gsl_fft_real_transform(g, 1, m, wt, ws), 0);
	fft_power(&t, x, 1, m / 4, events);
	for (size_t k = 1; k <= m / 4; k++) {
		double want = (g[2 * k - 1] * g[2 * k - 1] + g[2 * k] * g[2 * k]) / events;
		if (!(fabs(x[k] - want) <= 1e-9 * (1 + want)))
			fail_msg("m %zu, %d events at %zu mod %zu, k %zu: %.17g, GSL's %.17g", m,
				 events, at, every, k, x[k], want);
	}
	gsl_fft_real_wavetable_free(wt);
	gsl_fft_real_workspace_free(ws);
	free(x), free(g);
	fft_table_free(&t);
}

/* Above the block done stage by stage (2^13 complex points), the halves
 * are done first, depth first: against GSL's mixed-radix transform of
 * the same points, at 2^15 and 2^17. */
static void test_blocks(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 11);
	for (size_t m = (size_t)1 << 15; m <= (size_t)1 << 17; m <<= 2)
		against_gsl(r, m, 500, 1, 0);
	gsl_rng_free(r);
}

/* Parts whose input is all zero are left zero, and a join with one such
 * half copies or turns the other: events only at even bins (the odd
 * points, the second half of each part in bit-reversed order, all zero),
 * only at odd ones (the first half zero), only at every eighth bin, at
 * one bin, and at a few. */
static void test_zero_parts(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 5);
	size_t m = (size_t)1 << 15;
	against_gsl(r, m, 300, 4, 0);
	against_gsl(r, m, 300, 4, 1);
	against_gsl(r, m, 300, 4, 3);
	against_gsl(r, m, 300, 16, 9);
	against_gsl(r, m, 1, 1, 0);
	against_gsl(r, m, 7, 1, 0);
	gsl_rng_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_blocks),
		cmocka_unit_test(test_zero_parts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
