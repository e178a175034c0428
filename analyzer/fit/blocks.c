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

int blocks_begin(struct blocks_cutter *k, const struct point_set *s, uint64_t runs_min,
		 uint64_t total, const uint64_t *skip_n, const double *skip_t,
		 size_t nskip, struct blocks *out)
{
	*out = (struct blocks){ 0, NULL, s->count, NULL };
	if (blocks_planned(runs_min) == 0)
		return 0;
	*k = (struct blocks_cutter){ .s = s, .out = out, .skip_n = skip_n, .skip_t = skip_t,
				     .nskip = nskip < 64 ? nskip : 64, .total = total,
				     .next = total };
	k->count = blocks_planned(runs_min);
	size_t cells = (size_t)k->count * s->count;
	/* 32 bits a minimum while they are integers that fit: half the
	 * memory, at a million N the most the fit holds besides the points */
	out->min32 = malloc(cells * sizeof *out->min32);
	if (out->min32 == NULL)
		return -1;
	for (size_t j = 0; j < cells; j++)
		out->min32[j] = BLOCKS_NONE;
	return 1;
}

int blocks_take(struct blocks_cutter *k, const struct spool_record *r, size_t n)
{
	const struct point_set *s = k->s;
	struct blocks *out = k->out;
	size_t cells = (size_t)k->count * s->count, b = k->b;
	int fetch = s->count > SPOOL_FETCH_POINTS;
	uint128 at = k->at, next = k->next;
	for (size_t j = 0; j < n; j++) {
		size_t i = r[j].i, g, ahead = j + SPOOL_AHEAD < n ? r[j + SPOOL_AHEAD].i : s->count;
		if (fetch && ahead < s->count)	/* its block is this one or the next */
			__builtin_prefetch(out->min32 ? (const void *)&out->min32[b * s->count + ahead]
						      : (const void *)&out->min[b * s->count + ahead]);
		for (g = 0; g < k->nskip; g++)
			if (!k->skipped[g] && k->skip_n[g] == r[j].n && k->skip_t[g] == r[j].t)
				break;
		for (; at >= next; next += k->total)
			b++;
		at += k->count;
		if (g < k->nskip) {
			k->skipped[g] = 1;
			continue;
		}
		if (i >= s->count)
			continue;
		size_t cell = b * s->count + i;
		if (out->min32 != NULL && !(r[j].t >= 0 && r[j].t < (double)BLOCKS_NONE &&
					    r[j].t == floor(r[j].t)) && widen(out, cells) != 0)
			return -1;
		if (out->min32 != NULL) {
			uint32_t v = (uint32_t)r[j].t;
			out->min32[cell] = v < out->min32[cell] ? v : out->min32[cell];
		} else if (r[j].t < out->min[cell]) {
			out->min[cell] = r[j].t;
		}
	}
	k->at = at, k->next = next, k->b = b;
	return 0;
}

void blocks_end(struct blocks_cutter *k)
{
	k->out->count = k->count;
}

int blocks_cut(struct spool *sp, const struct point_set *s, uint64_t runs_min,
	       const uint64_t *skip_n, const double *skip_t, size_t nskip,
	       struct blocks *out)
{
	struct blocks_cutter k;
	struct spool_record r[SPOOL_BATCH];
	int rc = blocks_begin(&k, s, runs_min, sp->count, skip_n, skip_t, nskip, out);
	if (rc <= 0)
		return rc;
	long n;
	if (spool_rewind(sp) != 0)
		return -1;
	while ((n = spool_read(sp, r, SPOOL_BATCH)) > 0)
		if (blocks_take(&k, r, (size_t)n) != 0)
			return -1;
	if (n < 0)
		return -1;
	blocks_end(&k);
	return 0;
}

void blocks_free(struct blocks *b)
{
	free(b->min);
	free(b->min32);
	b->min = NULL;
	b->min32 = NULL;
	b->count = 0;
}
