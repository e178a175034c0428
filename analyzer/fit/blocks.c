/*
 * blocks.c - per-block minima (blocks.h).
 */
#include "blocks.h"

#include <math.h>
#include <stdlib.h>


/* The minima as doubles from now on: a timing came that is no integer
 * below 2^32 - 1.  Returns 0, or -1 when out of memory. */
static int widen(struct blocks *b, size_t total)
{
	double *d = malloc(total * sizeof *d);
	if (d == NULL)
		return -1;
	for (size_t j = 0; j < total; j++)
		d[j] = b->min32[j] == BLOCKS_NONE ? INFINITY : (double)b->min32[j];
	free(b->min32);
	b->min32 = NULL;
	b->min = d;
	return 0;
}

int blocks_cut(struct spool *sp, const struct point_set *s, uint64_t runs_min,
	       const uint64_t *skip_n, const double *skip_t, size_t nskip,
	       struct blocks *out)
{
	unsigned char skipped[64] = { 0 };
	uint64_t k = runs_min / 2;
	*out = (struct blocks){ 0, NULL, s->count, NULL };
	if (k < BLOCKS_MIN)
		return 0;
	unsigned count = k > BLOCKS_MAX ? BLOCKS_MAX : (unsigned)k;
	size_t cells = (size_t)count * s->count;
	/* 32 bits a minimum while they are integers that fit: half the
	 * memory, at a million N the most the fit holds besides the points */
	out->min32 = malloc(cells * sizeof *out->min32);
	if (out->min32 == NULL)
		return -1;
	for (size_t j = 0; j < cells; j++)
		out->min32[j] = BLOCKS_NONE;
	struct spool_record r;
	uint64_t total = sp->count;
	/* sample number idx goes to block idx x count / total: kept as that
	 * product and the product at which the next block begins */
	uint128 at = 0, next = total;
	size_t b = 0;
	int got;
	if (spool_rewind(sp) != 0)
		return -1;
	while ((got = spool_get(sp, &r)) == 1) {
		size_t i = r.i, g, ahead = spool_ahead(sp);
		if (ahead < s->count)	/* its block is this one or the next */
			__builtin_prefetch(out->min32 ? (const void *)&out->min32[b * s->count + ahead]
						      : (const void *)&out->min[b * s->count + ahead]);
		for (g = 0; g < nskip && g < 64; g++)
			if (!skipped[g] && skip_n[g] == r.n && skip_t[g] == r.t)
				break;
		for (; at >= next; next += total)
			b++;
		at += count;
		if (g < nskip && g < 64) {
			skipped[g] = 1;
			continue;
		}
		if (i >= s->count)
			continue;
		size_t cell = b * s->count + i;
		if (out->min32 != NULL && !(r.t >= 0 && r.t < (double)BLOCKS_NONE &&
					    r.t == floor(r.t)) && widen(out, cells) != 0)
			return -1;
		if (out->min32 != NULL) {
			uint32_t v = (uint32_t)r.t;
			out->min32[cell] = v < out->min32[cell] ? v : out->min32[cell];
		} else if (r.t < out->min[cell]) {
			out->min[cell] = r.t;
		}
	}
	out->count = count;
	return got == 0 ? 0 : -1;
}

void blocks_free(struct blocks *b)
{
	free(b->min);
	free(b->min32);
	b->min = NULL;
	b->min32 = NULL;
	b->count = 0;
}
