/*
 * poisson.c - a Poisson count's upper tail in log10 (poisson.h).
 */
#include "poisson.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_sf_gamma.h>

/* Below 1e-300, the sum of its terms from k on, from the first's
 * logarithm (they fall by chance / (j + 1), at most 1/2 there). */
double log10_poisson_tail(size_t k, double chance)
{
	if (k == 0)
		return 0;
	double q = gsl_cdf_poisson_Q((unsigned)k - 1, chance);
	if (q > 1e-300 || !(chance > 0))
		return q > 0 ? log10(q) : -INFINITY;
	double first = (double)k * log(chance) - chance - gsl_sf_lngamma((double)k + 1);
	double sum = 1, term = 1;
	for (double j = (double)k; term > 1e-17 * sum && j < (double)k + 1e4; j++)
		term *= chance / (j + 1), sum += term;
	return (first + log(sum)) / log(10.0);
}
