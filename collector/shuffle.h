/*
 * shuffle.h - the order of one of collect's sweeps, drawn with GSL's
 * generator (seeded by --seed: a seed draws the orders it always has).
 */
#ifndef SUBTICK_SHUFFLE_H
#define SUBTICK_SHUFFLE_H

#include <stddef.h>

#include <gsl/gsl_rng.h>

/* Fill order[0..count) with a random permutation of 0..count-1: one sweep
 * visits every N once, in an order no slow period can follow. */
void plan_shuffle(size_t *order, size_t count, gsl_rng *rng);

#endif /* SUBTICK_SHUFFLE_H */
