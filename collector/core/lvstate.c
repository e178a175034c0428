/*
 * lvstate.c - the least-values line of a growing collection (lvstate.h).
 */
#include "lvstate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void lvstate_init(struct lvstate *s, double tick)
{
	memset(s, 0, sizeof *s);
	points_init(&s->points);
	s->block_samples = 1;
	s->blocks = 1;
	s->tick = tick;
}

void lvstate_free(struct lvstate *s)
{
	points_free(&s->points);
	free(s->bmin);
	free(s->index);
	free(s->index_n);
	memset(s, 0, sizeof *s);
}

/* fmin without libm: a program linking the static libsubtick need not add
 * -lm (no NaN reaches here). */
static double lesser(double a, double b)
{
	return b < a ? b : a;
}

static size_t hash_n(uint64_t n, size_t slots)
{
	n ^= n >> 33;
	n *= UINT64_C(0xc4ceb9fe1a85ec53);
	n ^= n >> 33;
	return (size_t)n & (slots - 1);
}

static int grow_index(struct lvstate *s)
{
	size_t slots = s->slots ? 2 * s->slots : 256;
	uint32_t *index = calloc(slots, sizeof *index);
	uint64_t *index_n = calloc(slots, sizeof *index_n);
	if (index == NULL || index_n == NULL || slots > UINT32_MAX) {
		free(index), free(index_n);
		return -1;
	}
	for (size_t h = 0; h < s->slots; h++) {
		if (!s->index[h])
			continue;
		size_t g = hash_n(s->index_n[h], slots);
		while (index[g])
			g = (g + 1) & (slots - 1);
		index[g] = s->index[h];
		index_n[g] = s->index_n[h];
	}
	free(s->index), free(s->index_n);
	s->index = index, s->index_n = index_n, s->slots = slots;
	return 0;
}

/* The insertion index of n, made for a new n (its block minima none). */
static long index_of(struct lvstate *s, uint64_t n)
{
	size_t count = s->points.count;
	if (2 * (count + 1) > s->slots && grow_index(s) != 0)
		return -1;
	size_t h = hash_n(n, s->slots);
	while (s->index[h]) {
		if (s->index_n[h] == n)
			return (long)s->index[h] - 1;
		h = (h + 1) & (s->slots - 1);
	}
	if (count == s->bmin_cap) {
		size_t cap = s->bmin_cap ? 2 * s->bmin_cap : 64;
		double *b = realloc(s->bmin, cap * LVSTATE_BLOCKS * sizeof *b);
		if (b == NULL)
			return -1;
		s->bmin = b;
		s->bmin_cap = cap;
	}
	for (unsigned k = 0; k < LVSTATE_BLOCKS; k++)
		s->bmin[count * LVSTATE_BLOCKS + k] = INFINITY;
	s->index[h] = (uint32_t)(count + 1);
	s->index_n[h] = n;
	return (long)count;
}

/* Every block full: neighbours merge in pairs, each twice as long. */
static void merge_blocks(struct lvstate *s)
{
	for (size_t i = 0; i < s->points.count; i++) {
		double *b = &s->bmin[i * LVSTATE_BLOCKS];
		for (unsigned k = 0; k < LVSTATE_BLOCKS / 2; k++)
			b[k] = lesser(b[2 * k], b[2 * k + 1]);
		for (unsigned k = LVSTATE_BLOCKS / 2; k < LVSTATE_BLOCKS; k++)
			b[k] = INFINITY;
	}
	s->blocks = LVSTATE_BLOCKS / 2;
	s->block_samples *= 2;
}

int lvstate_add(struct lvstate *s, uint64_t n, uint64_t t)
{
	long i = index_of(s, n);
	if (i < 0 || points_add(&s->points, n, (double)t, t, 1) != 0)
		return -1;
	if (s->in_block == s->block_samples) {
		if (s->blocks == LVSTATE_BLOCKS)
			merge_blocks(s);
		s->blocks++;
		s->in_block = 0;
	}
	double *b = &s->bmin[(size_t)i * LVSTATE_BLOCKS + s->blocks - 1];
	*b = lesser(*b, (double)t);
	s->in_block++;
	return 0;
}

struct keyed {
	uint64_t n;
	size_t i;
};

static int by_n(const void *a, const void *b)
{
	uint64_t x = ((const struct keyed *)a)->n, y = ((const struct keyed *)b)->n;
	return (x > y) - (x < y);
}

/* The blocks in at most BLOCKS_MAX groups of neighbours, for the sorted
 * view: the last, filling block joins the group before it.  0 groups
 * (runs of halves instead, as analyze) with fewer than 8 runs at some N. */
static void group_blocks(const struct lvstate *s, const size_t *order,
			 uint64_t runs_min, struct blocks *out)
{
	unsigned full = s->blocks > 1 ? s->blocks - 1 : 0;
	unsigned want = (unsigned)(runs_min / 2 < BLOCKS_MAX ? runs_min / 2 : BLOCKS_MAX);
	unsigned g = want < full ? want : full;
	out->count = g >= BLOCKS_MIN ? g : 0;
	if (out->count == 0)
		return;
	for (size_t k = 0; k < out->points; k++) {
		const double *b = &s->bmin[order[k] * LVSTATE_BLOCKS];
		for (unsigned q = 0; q < g; q++)
			out->min[q * out->points + k] = INFINITY;
		for (unsigned j = 0; j < s->blocks; j++) {
			unsigned q = (j < full ? j : full - 1) * g / full;
			double *m = &out->min[q * out->points + k];
			*m = lesser(*m, b[j]);
		}
	}
}

/* The view (its points copied, their timings shared) without the
 * glitches among its minima, as analyze leaves them out: found first
 * without a change, then, if there are any, dropped from a copy of the
 * timings.  A glitch's stretch in time loses its N's minimum there (the
 * next timing of that stretch is not kept).  0, or -1 out of memory. */
static int without_glitches(struct point_set *view, double tick, int keep,
			    struct blocks *blk, struct glitches *g)
{
	if (glitch_find(view, tick, 1, g) != 0)
		return -1;
	g->kept = keep && g->count > 0;
	if (g->count == 0 || keep)
		return 0;
	unsigned char *arena = malloc(view->arena_used ? view->arena_used * 8 : 1);
	if (arena == NULL)
		return -1;
	memcpy(arena, view->arena, view->arena_used * 8);
	view->arena = arena;
	if (glitch_find(view, tick, 0, g) != 0)
		return -1;
	for (size_t j = 0; j < g->count; j++) {
		size_t k = points_find(view, g->g[j].n);
		for (unsigned q = 0; k < view->count && q < blk->count; q++)
			if (blk->min[q * blk->points + k] == g->g[j].t)
				blk->min[q * blk->points + k] = INFINITY;
	}
	return 0;
}

int lvstate_fit(const struct lvstate *s, unsigned replicates, unsigned long seed,
		struct lvstate_fit *out)
{
	size_t n = s->points.count;
	memset(out, 0, sizeof *out);
	out->points = n;
	out->samples = s->points.samples;
	out->rel_width = INFINITY;
	if (n < 3)
		return 0;
	size_t *order = malloc(n * sizeof *order);
	struct keyed *key = malloc(n * sizeof *key);
	struct point_set view = s->points;	/* the points sorted, shared */
	view.p = malloc(n * sizeof *view.p);
	struct blocks blk = { 0, malloc(BLOCKS_MAX * n * sizeof *blk.min), n, NULL };
	int rc = -1;
	if (order && key && view.p && blk.min) {
		for (size_t i = 0; i < n; i++)
			key[i] = (struct keyed){ s->points.p[i].n, i };
		qsort(key, n, sizeof *key, by_n);
		for (size_t i = 0; i < n; i++)
			order[i] = key[i].i;
		out->runs_min = UINT64_MAX;
		for (size_t k = 0; k < n; k++) {
			view.p[k] = s->points.p[order[k]];
			if (view.p[k].count < out->runs_min)
				out->runs_min = view.p[k].count;
		}
		view.slot = NULL, view.slots = 0, view.sorted = 1, view.cap = n;
		group_blocks(s, order, out->runs_min, &blk);
		struct lv_line line;
		char err[160];
		rc = without_glitches(&view, s->tick, s->keep_low, &blk, &out->glitches) == 0 &&
		     hull_least_values(&view, &line) == 0 &&
		     interval_estimate(&view, &line, s->tick, blk.count ? &blk : NULL,
				       replicates, seed, &out->iv, err, sizeof err) == 0 ? 0 : -1;
		if (rc == 0 && blk.count >= BLOCKS_FIFTHS) {
			int lo, hi;
			out->nfifths = blocks_fifths(&blk, &view, s->tick, out->fifths);
			out->drift = out->nfifths == BLOCKS_FIFTHS &&
				     fifths_drift(out->fifths, &lo, &hi);
			if (out->drift) {
				out->drift_rel = out->fifths[hi].slope / out->fifths[lo].slope - 1;
				out->drift_fast = lo;
				out->drift_slow = hi;
			}
		}
		if (rc == 0) {
			out->ok = 1;
			out->slope = line.slope;
			out->intercept = line.intercept;
			if (line.slope > 0)
				out->rel_width = (out->iv.slope[1] - out->iv.slope[0]) / line.slope;
		}
	}
	if (view.arena != s->points.arena)
		free(view.arena);
	free(order), free(key), free(view.p), free(blk.min);
	return rc;
}
