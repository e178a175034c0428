/*
 * test_select.c - select_kth gives what a sort puts at k, and leaves the
 * array split there, on random arrays with many ties, sorted and reversed
 * ones, and the organ-pipe order a middle pivot does badly on;
 * select_above the next one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "select.h"

enum { N = 1001 };

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void check_all_k(const double *v, size_t n)
{
	double *sorted = malloc(n * sizeof *sorted), *w = malloc(n * sizeof *w);
	assert_non_null(sorted);
	assert_non_null(w);
	memcpy(sorted, v, n * sizeof *v);
	qsort(sorted, n, sizeof *sorted, by_double);
	for (size_t k = 0; k < n; k++) {
		memcpy(w, v, n * sizeof *v);
		double x = select_kth(w, n, k);
		assert_true(x == sorted[k]);
		assert_true(w[k] == sorted[k]);
		for (size_t i = 0; i < k; i++)
			assert_true(w[i] <= x);
		for (size_t i = k + 1; i < n; i++)
			assert_true(w[i] >= x);
		assert_true(select_above(w, n, k) == sorted[k + 1 < n ? k + 1 : k]);
	}
	free(sorted);
	free(w);
}

static void test_shapes(void **state)
{
	(void)state;
	double v[N];
	uint64_t x = 0x9e3779b97f4a7c15u;
	for (size_t i = 0; i < N; i++) {	/* random, many ties */
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		v[i] = (double)(x % 37);
	}
	check_all_k(v, N);
	for (size_t i = 0; i < N; i++)	/* ascending */
		v[i] = (double)i;
	check_all_k(v, N);
	for (size_t i = 0; i < N; i++)	/* descending */
		v[i] = (double)(N - i);
	check_all_k(v, N);
	for (size_t i = 0; i < N; i++)	/* organ pipe */
		v[i] = (double)(i < N / 2 ? i : N - i);
	check_all_k(v, N);
	for (size_t i = 0; i < N; i++)	/* all equal */
		v[i] = 7;
	check_all_k(v, N);
	check_all_k(v, 1);
	v[0] = 2, v[1] = 1;
	check_all_k(v, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shapes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
