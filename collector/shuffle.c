/*
 * shuffle.c - a sweep's order from GSL's generator (shuffle.h).
 */
#include "shuffle.h"

#include <gsl/gsl_randist.h>

void plan_shuffle(size_t *order, size_t count, gsl_rng *rng)
{
	for (size_t i = 0; i < count; i++)
		order[i] = i;
	gsl_ran_shuffle(rng, order, count, sizeof order[0]);
}
