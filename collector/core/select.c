/*
 * select.c - order statistics without a sort (select.h).
 */
#include "select.h"

#include <stdlib.h>

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

double select_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;
	for (int round = 0; lo < hi; round++) {
		if (round > 64) {	/* input built against the pivot: sort */
			qsort(v + lo, hi - lo + 1, sizeof *v, by_double);
			return v[k];
		}
		double pivot = v[lo + (hi - lo) / 2];
		size_t i = lo, j = hi;
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				double tmp = v[i];
				v[i] = v[j];
				v[j] = tmp;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return v[k];
	}
	return v[k];
}

double select_above(const double *v, size_t n, size_t k)
{
	double m = v[k];
	if (k + 1 < n) {
		m = v[k + 1];
		for (size_t i = k + 2; i < n; i++)
			m = v[i] < m ? v[i] : m;
	}
	return m;
}
