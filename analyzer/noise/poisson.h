/*
 * poisson.h - a Poisson count's upper tail, in log10, where it is too
 * small for a double.
 */
#ifndef SUBTICK_POISSON_H
#define SUBTICK_POISSON_H

#include <stddef.h>

/* log10 of the chance that a Poisson count of mean chance reaches k (its
 * upper tail), without underflow; 0 for k = 0. */
double log10_poisson_tail(size_t k, double chance);

#endif /* SUBTICK_POISSON_H */
