/*
 * points.c - hash map from N to its accumulator.
 */
#include "points.h"

#include <stdlib.h>
#include <string.h>

void points_init(struct point_set *s)
{
	memset(s, 0, sizeof *s);
	s->all_int = 1;
}

void points_drop_best(struct point_set *s)
{
	free(s->arena);
	s->arena = NULL;
	s->arena_used = s->arena_cap = s->free_units = 0;
	memset(s->free, 0, sizeof s->free);
	for (size_t i = 0; i < s->count; i++)
		s->p[i].nbest = 0, s->p[i].best_cap = 0, s->p[i].best = 0;
}

void points_free(struct point_set *s)
{
	free(s->arena);
	free(s->p);
	free(s->slot);
	free(s->rank);
	memset(s, 0, sizeof *s);
}


static int rehash(struct point_set *s)
{
	size_t slots = s->slots ? 2 * s->slots : 1024;
	if (slots > UINT32_MAX)
		return -1;
	uint32_t *slot = calloc(slots, sizeof *slot);
	if (slot == NULL)
		return -1;
	for (size_t i = 0; i < s->count; i++) {
		size_t h = points_hash(s->p[i].n, slots);
		while (slot[h])
			h = (h + 1) & (slots - 1);
		slot[h] = (uint32_t)(i + 1);
	}
	free(s->slot);
	s->slot = slot;
	s->slots = slots;
	return 0;
}

void points_prefetch_slot(const struct point_set *s, uint64_t n)
{
	if (s->slots > 0)
		__builtin_prefetch(&s->slot[points_hash(n, s->slots)]);
}

/* n's point if the hash holds it; NULL if not (or not yet). */
static const struct point *peek(const struct point_set *s, uint64_t n)
{
	if (s->slots == 0)
		return NULL;
	uint32_t k = s->slot[points_hash(n, s->slots)];
	return k != 0 && k <= s->count ? &s->p[k - 1] : NULL;
}

void points_prefetch_point(const struct point_set *s, uint64_t n)
{
	const struct point *p = peek(s, n);
	if (p != NULL)
		__builtin_prefetch(p);
}

void points_prefetch_best(const struct point_set *s, uint64_t n, double t)
{
	const struct point *p = peek(s, n);
	if (p == NULL || p->n != n || p->nbest == 0)
		return;
	if (p->nbest == POINT_BEST && t >= (double)p->best_top)
		return;		/* no better: they are not read */
	/* t goes in somewhere below the top: the insertion moves the
	 * timings above it, a line at a time, down from the top */
	size_t size = p->best_wide ? sizeof(double) : sizeof(uint32_t);
	const unsigned char *b = s->arena + (size_t)p->best * 8, *top = b + (p->nbest - 1u) * size;
	for (; b < top; b += 64)
		__builtin_prefetch(b);
	__builtin_prefetch(top);
}

/* The point for n, created if new; NULL when out of memory.  The table
 * is kept at most a quarter full: n's first slot then mostly holds n, and
 * the point fetched ahead from it is the one added (half full, a third of
 * the lookups went on to a next slot, a point not fetched: 6.5 s -> 5.8 s
 * at 10^6 N; the table, 16 to 32 bytes an N, is freed once all are read). */
static struct point *find(struct point_set *s, uint64_t n)
{
	if (4 * (s->count + 1) > s->slots && rehash(s) != 0)
		return NULL;
	size_t h = points_hash(n, s->slots);
	while (s->slot[h]) {
		struct point *p = &s->p[s->slot[h] - 1];
		if (p->n == n)
			return p;
		h = (h + 1) & (s->slots - 1);
	}
	if (s->count == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		struct point *q = realloc(s->p, cap * sizeof *q);
		if (q == NULL)
			return NULL;
		s->p = q;
		s->cap = cap;
	}
	struct point *p = &s->p[s->count++];
	memset(p, 0, sizeof *p);
	p->n = n;
	s->slot[h] = (uint32_t)s->count;
	return p;
}

/* x rounded up to a float (+infinity beyond the floats); by the bits of
 * the next float, so that the static library needs no libm. */
static float float_up(double x)
{
	float f = (float)x;
	if ((double)f >= x || x != x)
		return f;
	uint32_t b;
	memcpy(&b, &f, sizeof b);
	if (f == 0)
		b = 1;			/* the smallest above zero */
	else if (f > 0)
		b++;
	else
		b--;			/* toward zero: upward */
	memcpy(&f, &b, sizeof f);
	return f;
}

/* 8-byte units of a chunk of cap timings (cap is even). */
static unsigned units_of(unsigned cap, int wide)
{
	return wide ? cap : cap / 2;
}

static void *chunk(const struct point_set *s, uint32_t at)
{
	return s->arena + (size_t)at * 8;
}

/* A point's key for sort_points: its N (below 2^32) or its chunk's place. */
static uint32_t key_of(const struct point *p, int by_n)
{
	return by_n ? (uint32_t)p->n : p->best;
}

/* The indices a[0..k) of s's points sorted by their keys (below 2^bits),
 * 11 bits at a time: 8 bytes an N at once.  The sorted array is returned
 * (a or its buffer, the other freed); NULL when out of memory (a freed). */
static uint32_t *sort_points(const struct point_set *s, uint32_t *a, size_t k,
			     unsigned bits, int by_n)
{
	uint32_t *b = malloc((k ? k : 1) * sizeof *b);
	if (b == NULL) {
		free(a);
		return NULL;
	}
	for (unsigned shift = 0; shift < bits; shift += 11) {
		size_t at[2049] = { 0 };
		for (size_t j = 0; j < k; j++)
			at[((key_of(&s->p[a[j]], by_n) >> shift) & 2047u) + 1]++;
		for (size_t d = 1; d <= 2048; d++)
			at[d] += at[d - 1];
		for (size_t j = 0; j < k; j++)
			b[at[(key_of(&s->p[a[j]], by_n) >> shift) & 2047u]++] = a[j];
		uint32_t *t = a;
		a = b, b = t;
	}
	free(b);
	return a;
}

/* The points with a chunk, in the order of their chunks in the arena.
 * NULL when out of memory; *m: how many. */
static uint32_t *by_place(const struct point_set *s, size_t *m)
{
	uint32_t *a = malloc((s->count ? s->count : 1) * sizeof *a);
	size_t k = 0;
	if (a == NULL)
		return NULL;
	for (size_t i = 0; i < s->count; i++)
		if (s->p[i].best_cap > 0)
			a[k++] = (uint32_t)i;
	*m = k;
	return sort_points(s, a, k, 32, 0);
}

/* The live chunks slid down over the free ones, in order.  Returns 0, or
 * -1 when out of memory (nothing moved). */
static int compact(struct point_set *s)
{
	size_t m, to = 0;
	uint32_t *order = by_place(s, &m);
	if (order == NULL)
		return -1;
	for (size_t j = 0; j < m; j++) {
		struct point *p = &s->p[order[j]];
		unsigned units = units_of(p->best_cap, p->best_wide);
		memmove(s->arena + to * 8, chunk(s, p->best), (size_t)units * 8);
		p->best = (uint32_t)to;
		to += units;
	}
	free(order);
	s->arena_used = to;
	memset(s->free, 0, sizeof s->free);
	s->free_units = 0;
	return 0;
}

/* A chunk of `units`: one given back, else from the arena's end.
 * Returns 0 with its place in *at, or -1 when out of memory. */
static int chunk_get(struct point_set *s, unsigned units, uint32_t *at)
{
	if (s->free[units] != 0) {
		*at = s->free[units] - 1;
		memcpy(&s->free[units], chunk(s, *at), sizeof s->free[units]);
		s->free_units -= units;
		return 0;
	}
	if (s->arena_used + units > s->arena_cap && 4 * s->free_units >= s->arena_used)
		compact(s);	/* when out of memory, the arena grows instead */
	if (s->arena_used + units > s->arena_cap) {
		/* by a quarter (a large realloc moves no bytes: the pages
		 * are remapped), so that little is touched beyond the use */
		size_t cap = s->arena_cap ? s->arena_cap + s->arena_cap / 4 + units : 4096;
		unsigned char *a = cap <= UINT32_MAX ? realloc(s->arena, cap * 8) : NULL;
		if (a == NULL)
			return -1;
		s->arena = a;
		s->arena_cap = cap;
	}
	*at = (uint32_t)s->arena_used;
	s->arena_used += units;
	return 0;
}

static void chunk_put(struct point_set *s, unsigned units, uint32_t at)
{
	memcpy(chunk(s, at), &s->free[units], sizeof s->free[units]);
	s->free[units] = at + 1;
	s->free_units += units;
}

/* p's timings in a chunk of cap, doubles if wide: moved, converted. */
static int rechunk(struct point_set *s, struct point *p, unsigned cap, int wide)
{
	uint32_t at;
	if (chunk_get(s, units_of(cap, wide), &at) != 0)
		return -1;
	if (wide == p->best_wide) {
		memcpy(chunk(s, at), chunk(s, p->best),
		       p->nbest * (wide ? sizeof(double) : sizeof(uint32_t)));
	} else {
		double *d = chunk(s, at);
		for (unsigned j = 0; j < p->nbest; j++)
			d[j] = point_best(s, p, j);
	}
	if (p->best_cap > 0)
		chunk_put(s, units_of(p->best_cap, p->best_wide), p->best);
	p->best = at;
	p->best_cap = (uint8_t)cap;
	p->best_wide = (uint8_t)wide;
	return 0;
}

/* Room for one more kept timing, as a double if wide.  Grown two at a
 * time up to 16, then doubled: with few runs per N (a million N, ten
 * runs each) the chunk is as small as its contents, or one more. */
static int make_room(struct point_set *s, struct point *p, int wide)
{
	unsigned cap = p->best_cap;
	if (p->nbest == cap && cap < POINT_BEST)
		cap = cap < 16 ? cap + 2u : 2u * cap;
	if (cap == p->best_cap && wide <= p->best_wide)
		return 0;
	return rechunk(s, p, cap, wide || p->best_wide);
}

/* Kept as 32-bit integers while every timing kept is one (half the
 * memory of doubles, and half the lines an insertion moves). */
static int keep_best(struct point_set *s, struct point *p, double t, uint64_t t_int,
		     int t_exact)
{
	if (p->nbest == POINT_BEST &&
	    (t >= (double)p->best_top || t >= point_best(s, p, POINT_BEST - 1)))
		return 0;
	int narrow = t_exact && t_int <= UINT32_MAX && (double)t_int == t;
	if (make_room(s, p, !narrow) != 0)
		return -1;
	unsigned i = p->nbest < POINT_BEST ? p->nbest++ : POINT_BEST - 1u;
	if (p->best_wide) {
		double *b = chunk(s, p->best);
		for (; i > 0 && b[i - 1] > t; i--)
			b[i] = b[i - 1];
		b[i] = t;
	} else {
		uint32_t *b = chunk(s, p->best), u = (uint32_t)t_int;
		for (; i > 0 && b[i - 1] > u; i--)
			b[i] = b[i - 1];
		b[i] = u;
	}
	if (p->nbest == POINT_BEST)
		p->best_top = float_up(point_best(s, p, POINT_BEST - 1));
	return 0;
}

void point_drop_min(const struct point_set *s, struct point *p)
{
	size_t size = p->best_wide ? sizeof(double) : sizeof(uint32_t);
	unsigned char *b = chunk(s, p->best);
	memmove(b, b + size, (p->nbest - 1u) * size);
	p->nbest--;
	p->count--;
	p->min = point_best(s, p, 0);
	p->min_off = 0;
}

int points_add(struct point_set *s, uint64_t n, double t, uint64_t t_int,
	       int t_exact)
{
	struct point *p = find(s, n);
	if (p == NULL)
		return -1;
	if (p->count == POINT_MAX_COUNT)
		return -2;
	s->samples++;
	s->all_int &= t_exact;
	p->count++;
	if (s->all_int) {
		/* t is t_int rounded: t > min means t_int is the larger */
		if (p->count == 1 || (t <= p->min && t_int < point_min_int(p)))
			point_set_min_int(p, t_int);
	} else if (p->count == 1 || t < p->min) {
		p->min = t;
	}
	p->mean += (t - p->mean) / (double)p->count;
	s->last = (size_t)(p - s->p);
	s->sorted = 0;
	return keep_best(s, p, t, t_int, t_exact);
}

struct keyed {
	uint64_t n;
	uint32_t seen;
};

static int by_n(const void *a, const void *b)
{
	uint64_t x = ((const struct keyed *)a)->n, y = ((const struct keyed *)b)->n;
	return (x > y) - (x < y);
}

/* rank[k] = the place of the point first seen k-th in the order by n:
 * where every N is below 2^32, the points' indices sorted by N's bits
 * (sort_points: 8 bytes an N at once); else (N, k) pairs by qsort (32
 * bytes an N at once, with its buffer).  Returns 0, or -1
 * when out of memory. */
static int rank_by_n(const struct point_set *s)
{
	size_t n = s->count;
	uint64_t top = 0;
	for (size_t i = 0; i < n; i++)
		top = s->p[i].n > top ? s->p[i].n : top;
	if (top <= UINT32_MAX) {
		uint32_t *a = malloc((n ? n : 1) * sizeof *a);
		unsigned bits = 0;
		while (bits < 32 && (top >> bits) != 0)
			bits++;
		for (size_t i = 0; a != NULL && i < n; i++)
			a[i] = (uint32_t)i;
		if (a == NULL || (a = sort_points(s, a, n, bits, 1)) == NULL)
			return -1;
		for (size_t k = 0; k < n; k++)
			s->rank[a[k]] = (uint32_t)k;
		free(a);
		return 0;
	}
	struct keyed *key = malloc((n ? n : 1) * sizeof *key);
	if (key == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		key[i] = (struct keyed){ s->p[i].n, (uint32_t)i };
	qsort(key, n, sizeof *key, by_n);
	for (size_t k = 0; k < n; k++)
		s->rank[key[k].seen] = (uint32_t)k;
	free(key);
	return 0;
}

int points_sort(struct point_set *s)
{
	/* Done adding: the hash is not needed, nor room in the table and the
	 * arena (the hash goes first: compacting takes 8 bytes an N) */
	free(s->slot);
	s->slot = NULL;
	s->slots = 0;
	struct point *q = s->count ? realloc(s->p, s->count * sizeof *q) : NULL;
	if (q != NULL) {
		s->p = q;
		s->cap = s->count;
	}
	if (s->free_units > 0)
		compact(s);	/* when out of memory, as it is */
	unsigned char *a = s->arena_used ? realloc(s->arena, s->arena_used * 8) : NULL;
	if (a != NULL) {
		s->arena = a;
		s->arena_cap = s->arena_used;
	}
	/* the order by n, then each point moved to its place along the
	 * cycles of that permutation (no second copy of the points) */
	size_t n = s->count;
	free(s->rank);
	s->rank = malloc((n ? n : 1) * sizeof *s->rank);
	if (s->rank == NULL || rank_by_n(s) != 0)
		return -1;
	uint32_t *dest = malloc((n ? n : 1) * sizeof *dest);
	if (dest == NULL)
		return -1;
	memcpy(dest, s->rank, n * sizeof *dest);
	for (size_t i = 0; i < n; i++)
		while (dest[i] != i) {	/* the point at i belongs at dest[i] */
			size_t j = dest[i];
			struct point tmp = s->p[j];
			s->p[j] = s->p[i];
			s->p[i] = tmp;
			dest[i] = dest[j];
			dest[j] = (uint32_t)j;
		}
	free(dest);
	s->sorted = 1;
	return 0;
}

uint128 points_sum_n(const struct point_set *s)
{
	uint128 sum = 0;
	for (size_t i = 0; i < s->count; i++)
		sum += s->p[i].n;
	return sum;
}

size_t points_find(const struct point_set *s, uint64_t n)
{
	size_t lo = 0, hi = s->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->p[mid].n < n)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->count && s->p[lo].n == n ? lo : s->count;
}
