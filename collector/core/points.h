/*
 * points.h - one entry per distinct N: the minimum timing, the mean, the
 * count, and the smallest timings (enough to subsample minima).  Memory
 * grows with the number of distinct N, not with the samples.
 */
#ifndef SUBTICK_POINTS_H
#define SUBTICK_POINTS_H

#include <stddef.h>
#include <stdint.h>

/* Smallest timings kept per N.  The minimum of a random half of the runs
 * is the k-th smallest with probability about 2^-k, so 64 lose nothing. */
#define POINT_BEST 64

/* 128-bit integers (GCC, Clang) for exact sums and products of N and
 * timings. */
__extension__ typedef unsigned __int128 uint128;

/* Timings one N can have: its count is 32 bits (a point is 40 bytes). */
#define POINT_MAX_COUNT (UINT32_MAX - 1u)

struct point {
	uint64_t n;
	double min;		/* exact below 2^53; point_min_int beyond */
	double mean;		/* running mean */
	uint32_t count;		/* at most POINT_MAX_COUNT */
	uint32_t best;		/* where its best timings start in the set's
				 * arena, in 8-byte units: ascending, up to
				 * POINT_BEST, 32-bit integers, or doubles
				 * (best_wide) once one timing kept was not an
				 * integer below 2^32; read with point_best */
	float best_top;		/* the largest, rounded up, once there are
				 * POINT_BEST: a timing at or above it is no
				 * better, without a look at them */
	int16_t min_off;	/* while the set is all integers: the minimum
				 * less min as an integer (min rounds it to
				 * 53 bits: within 1024 of it below 2^64) */
	uint8_t best_cap;
	unsigned nbest : 7, best_wide : 1;
};

/* min as an integer, rounded down to UINT64_MAX at 2^64. */
static inline uint64_t point_int_of(double min)
{
	return min >= 0x1p64 ? UINT64_MAX : (uint64_t)min;
}

/* p's minimum exactly, while the set is all integers (s->all_int). */
static inline uint64_t point_min_int(const struct point *p)
{
	return point_int_of(p->min) + (uint64_t)(int64_t)p->min_off;
}

/* Set p's minimum to the integer m (and min to m rounded). */
static inline void point_set_min_int(struct point *p, uint64_t m)
{
	p->min = (double)m;
	p->min_off = (int16_t)(int64_t)(m - point_int_of(p->min));
}

struct point_set {
	struct point *p;
	size_t count, cap;
	uint32_t *slot;		/* open addressing: index + 1, 0 empty */
	size_t slots;
	int all_int;		/* every timing so far was an integer */
	uint64_t samples;
	size_t last;		/* the index of the point the last points_add
				 * went to (order of first sight) */
	uint32_t *rank;		/* once sorted: the index of the point first
				 * seen k-th is rank[k] */
	int sorted;
	/* The points' best timings, each point's in a chunk of 8-byte
	 * units; a chunk outgrown is reused by the next point that needs
	 * one of its size (free[units]: the first such chunk + 1, each
	 * holding the next in its first 4 bytes; 0: none).  Where the
	 * points grow in step (every N once a sweep), no later chunk has an
	 * outgrown one's size: before the arena grows, the live chunks are
	 * slid down over the free ones when those are a quarter of it.  No
	 * allocation per point: no allocator's header, one free. */
	unsigned char *arena;
	size_t arena_used, arena_cap;	/* units */
	uint32_t free[POINT_BEST + 1];
	size_t free_units;		/* in those chunks */
};

/* The j-th smallest timing of p kept (from 0, below p->nbest). */
static inline double point_best(const struct point_set *s, const struct point *p,
				unsigned j)
{
	const unsigned char *b = s->arena + (size_t)p->best * 8;
	return p->best_wide ? ((const double *)(const void *)b)[j]
			    : (double)((const uint32_t *)(const void *)b)[j];
}

/* p without its smallest timing (a glitch's): its count one less, its
 * minimum the next timing.  p has at least two kept. */
void point_drop_min(const struct point_set *s, struct point *p);

void points_init(struct point_set *s);
void points_free(struct point_set *s);

/* Done with the best timings (the fit and its bounds made): they are
 * freed, and every point keeps none (nbest 0).  No timing may be added
 * after. */
void points_drop_best(struct point_set *s);

/* Add one timing at n (t_int: t, exact when t_exact).  Returns 0, -1
 * when out of memory, or -2 when n has POINT_MAX_COUNT timings already. */
int points_add(struct point_set *s, uint64_t n, double t, uint64_t t_int,
	       int t_exact);

/* n's first slot in the hash of slots (a power of two). */
static inline size_t points_hash(uint64_t n, size_t slots)
{
	n ^= n >> 33;
	n *= UINT64_C(0xff51afd7ed558ccd);
	n ^= n >> 33;
	return (size_t)n & (slots - 1);
}

/* Hints for a reader that knows the next N ahead of adding them, in
 * three steps some samples apart (each reads what the one before
 * fetched): n's slot of the hash, its point, and, when timing t will be
 * kept among its best, those it moves.  None changes anything.  Out of
 * line: inline, they made 10^7 samples over 10^6 N take 8.3 s, not 4.6
 * (over 10^4 N, 2% less). */
void points_prefetch_slot(const struct point_set *s, uint64_t n);
void points_prefetch_point(const struct point_set *s, uint64_t n);
void points_prefetch_best(const struct point_set *s, uint64_t n, double t);

/* Sort by n, after the last points_add (which may not follow it).
 * Returns 0, or -1 when out of memory (for the ranks). */
int points_sort(struct point_set *s);

/* The index of the point first seen k-th (s->last of its points_add):
 * k itself before sorting, its place in the sorted set after. */
static inline size_t points_index(const struct point_set *s, size_t k)
{
	return s->sorted ? s->rank[k] : k;
}

/* The index of n in the sorted set, or s->count when it is not there. */
size_t points_find(const struct point_set *s, uint64_t n);

/* mean(N) over the distinct N, exactly as a fraction: sum / count. */
uint128 points_sum_n(const struct point_set *s);

#endif /* SUBTICK_POINTS_H */
