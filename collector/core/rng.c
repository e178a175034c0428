/*
 * rng.c - xoshiro256** seeded by splitmix64 (rng.h).
 */
#include "rng.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

double rng_uniform(struct rng *r)
{
	return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
	/* reject the top sliver that n does not divide evenly */
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t x;
	do
		x = rng_next(r);
	while (x >= limit);
	return x % n;
}

/* Selection sampling (Knuth, TAOCP 3.4.2, algorithm S): each item in turn
 * is chosen with probability (still wanted) / (still left). */
void rng_choose(struct rng *r, unsigned char *chosen, size_t n, size_t k)
{
	size_t want = k;
	memset(chosen, 0, n);
	for (size_t i = 0; i < n && want > 0; i++)
		if (rng_below(r, n - i) < want) {
			chosen[i] = 1;
			want--;
		}
}
