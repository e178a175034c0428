/*
 * reservoir.c - a uniform sample of the offers (reservoir.h).
 */
#include "reservoir.h"

#include <math.h>
#include <stdlib.h>

__extension__ typedef unsigned __int128 reservoir_u128;

int reservoir_init(struct reservoir *r, size_t cap, size_t size)
{
	*r = (struct reservoir){ .cap = cap };
	reservoir_reset(r);
	r->v = malloc((cap ? cap : 1) * size);
	return r->v ? 0 : -1;
}

void reservoir_reset(struct reservoir *r)
{
	*r = (struct reservoir){ .v = r->v, .cap = r->cap, .x = 0x2545f4914f6cdd1du };
}

void reservoir_free(struct reservoir *r)
{
	free(r->v);
	r->v = NULL;
}

static uint64_t bits(struct reservoir *r)
{
	r->x ^= r->x << 13, r->x ^= r->x >> 7, r->x ^= r->x << 17;
	return r->x;
}

/* Uniform in (0, 1). */
static double uniform(struct reservoir *r)
{
	return ((double)(bits(r) >> 11) + 0.5) * 0x1p-53;
}

size_t reservoir_pick(struct reservoir *r)
{
	return (size_t)(((reservoir_u128)bits(r) * r->cap) >> 64);	/* no division */
}

/* w shrinks by a draw (the smallest key of the sample is the largest of
 * cap uniforms); the gap to the next offer whose key is below it is
 * geometric in w. */
void reservoir_skip(struct reservoir *r)
{
	r->w *= exp(log(uniform(r)) / (double)r->cap);
	double gap = floor(log(uniform(r)) / log1p(-r->w));
	r->next = gap < 0x1p62 ? r->seen + (uint64_t)gap + 1 : UINT64_MAX;
}
