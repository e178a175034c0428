/*
 * select.h - the k-th smallest of an array without sorting it (Hoare's
 * selection, a sort when an input is built against its pivots): for the
 * quantiles the analysis takes of a value per distinct N, a million of
 * them, where a sort per quantile cost a tenth of a second each.
 */
#ifndef SUBTICK_SELECT_H
#define SUBTICK_SELECT_H

#include <stddef.h>

/* The k-th smallest (from 0) of v[0..n), n > k; v is reordered so that
 * v[k] holds it, none before it larger, none after it smaller: what a
 * sort would put there. */
double select_kth(double *v, size_t n, size_t k);

/* After select_kth(v, n, k): the (k+1)-th smallest (v[k] when k is the
 * last), as a sort would put at k + 1. */
double select_above(const double *v, size_t n, size_t k);

#endif /* SUBTICK_SELECT_H */
