/*
 * blocks.c - per-block minima (blocks.h).
 */
#include "blocks.h"

#include <math.h>
#include <stdlib.h>

#include "hull.h"

int blocks_cut(struct spool *sp, const struct point_set *s, uint64_t runs_min,
	       const uint64_t *skip_n, const double *skip_t, size_t nskip,
	       struct blocks *out)
{
	unsigned char skipped[64] = { 0 };
	uint64_t k = runs_min / 2;
	*out = (struct blocks){ 0, NULL, s->count };
	if (k < BLOCKS_MIN)
		return 0;
	unsigned count = k > BLOCKS_MAX ? BLOCKS_MAX : (unsigned)k;
	out->min = malloc((size_t)count * s->count * sizeof *out->min);
	if (out->min == NULL)
		return -1;
	for (size_t j = 0; j < (size_t)count * s->count; j++)
		out->min[j] = INFINITY;
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
			__builtin_prefetch(&out->min[b * s->count + ahead]);
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
		if (i < s->count && r.t < out->min[b * s->count + i])
			out->min[b * s->count + i] = r.t;
	}
	out->count = count;
	return got == 0 ? 0 : -1;
}

size_t blocks_fifths(const struct blocks *b, const struct point_set *s,
		     double tick, struct fifth f[BLOCKS_FIFTHS])
{
	if (b->count < BLOCKS_FIFTHS)
		return 0;
	double *x = malloc(s->count * sizeof *x), *y = malloc(s->count * sizeof *y);
	size_t filled = 0;
	for (unsigned q = 0; x && y && q < BLOCKS_FIFTHS; q++) {
		unsigned char chosen[BLOCKS_MAX] = { 0 };
		for (unsigned k = 0; k < b->count; k++)
			chosen[k] = k * BLOCKS_FIFTHS / b->count == q;
		size_t n = 0;
		for (size_t i = 0; i < s->count; i++) {
			double m = blocks_min(b, i, chosen);
			if (isinf(m))
				continue;
			x[n] = (double)(s->p[i].n - s->p[0].n);
			y[n++] = m;
		}
		double band;
		f[q] = (struct fifth){ 0 };
		if (hull_slope_band(x, y, n, tick, &f[q].slope, &band) == 0) {
			f[q].lo = f[q].slope - band;
			f[q].hi = f[q].slope + band;
			f[q].ok = 1;
			filled++;
		}
	}
	free(x), free(y);
	return filled;
}

void blocks_free(struct blocks *b)
{
	free(b->min);
	b->min = NULL;
	b->count = 0;
}
