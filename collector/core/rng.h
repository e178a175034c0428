/*
 * rng.h - a small, fast, seeded random generator for the least-values core
 * (which halves of a collection its refits take), the same in collect,
 * libsubtick and analyze, so that a seed draws the same halves in each:
 * xoshiro256** (Blackman & Vigna 2018) seeded through splitmix64.
 */
#ifndef SUBTICK_RNG_H
#define SUBTICK_RNG_H

#include <stddef.h>
#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);

uint64_t rng_next(struct rng *r);

/* Uniform in [0, 1), 53 bits. */
double rng_uniform(struct rng *r);

/* Uniform in [0, n), n > 0, without modulo bias. */
uint64_t rng_below(struct rng *r, uint64_t n);

/* chosen[0..n) set to 1 for k of the n, drawn uniformly, else 0. */
void rng_choose(struct rng *r, unsigned char *chosen, size_t n, size_t k);

#endif /* SUBTICK_RNG_H */
