/*
 * test_points.c - an N's kept timings are its POINT_BEST smallest, in
 * order and exact, whether they are kept as 32-bit integers or as doubles
 * (after a timing that is not an integer below 2^32), and the minimum,
 * count and mean agree with the timings given.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "points.h"

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A timing of kind k: 0 small integers, 1 integers from 2^32 - 64 to 2^32
 * + 63 (both sides of the edge), 2 halves, 3 integers beyond 2^53. */
static double timing(uint64_t *rng, int kind, uint64_t *t_int, int *exact)
{
	uint64_t r = next(rng);
	switch (kind) {
	case 0:
		*t_int = 1000 + r % 300, *exact = 1;
		return (double)*t_int;
	case 1:
		*t_int = UINT64_C(4294967296) - 64 + r % 128, *exact = 1;
		return (double)*t_int;
	case 2:
		*exact = 0, *t_int = 0;
		return 1000.5 + (double)(r % 300);
	default:
		*t_int = (UINT64_C(1) << 54) + 2 * (r % 300), *exact = 1;
		return (double)*t_int;
	}
}

/* p kept the POINT_BEST smallest of the count timings in all (sorted
 * here), in order and exact; its minimum is the smallest. */
static void assert_kept(const struct point_set *s, const struct point *p, double *all,
			unsigned count)
{
	qsort(all, count, sizeof *all, by_double);
	unsigned want = count < POINT_BEST ? count : POINT_BEST;
	assert_int_equal(p->nbest, want);
	for (unsigned j = 0; j < want; j++)
		assert_true(point_best(s, p, j) == all[j]);
	assert_true(p->min == all[0]);
}

/* Each N gets `count` timings, the first `narrow_first` of them small
 * integers and the rest of kind `kind`; its kept timings must be the
 * sorted smallest of all it got. */
static void check_mix(unsigned count, unsigned narrow_first, int kind, uint64_t seed)
{
	enum { NS = 7 };
	struct point_set s;
	points_init(&s);
	double *all[NS];
	double sum[NS] = { 0 };
	for (unsigned k = 0; k < NS; k++)
		all[k] = malloc(count * sizeof *all[k]);
	uint64_t rng = seed;
	for (unsigned j = 0; j < count; j++)
		for (unsigned k = 0; k < NS; k++) {
			uint64_t t_int;
			int exact;
			double t = timing(&rng, j < narrow_first ? 0 : kind, &t_int, &exact);
			all[k][j] = t;
			sum[k] += t;
			assert_int_equal(points_add(&s, 100 + 10 * k, t, t_int, exact), 0);
		}
	assert_int_equal(points_sort(&s), 0);
	assert_int_equal(s.count, NS);
	for (unsigned k = 0; k < NS; k++) {
		const struct point *p = &s.p[k];
		assert_int_equal(p->n, 100 + 10 * k);
		assert_int_equal(p->count, count);
		assert_kept(&s, p, all[k], count);
		assert_true(fabs(p->mean - sum[k] / count) <= 1e-9 * fabs(p->mean));
		free(all[k]);
	}
	points_free(&s);
}

static void test_integers(void **state)
{
	(void)state;
	check_mix(5, 5, 0, 1);
	check_mix(64, 64, 0, 2);
	check_mix(1000, 1000, 0, 3);
}

/* At the edge of 32 bits, after some narrow ones, late or early. */
static void test_edge_of_32_bits(void **state)
{
	(void)state;
	check_mix(10, 3, 1, 4);
	check_mix(1000, 0, 1, 5);
	check_mix(1000, 900, 1, 6);
}

/* Fractions, and integers beyond what a double holds one by one. */
static void test_wide(void **state)
{
	(void)state;
	check_mix(200, 100, 2, 7);
	check_mix(200, 0, 2, 8);
	check_mix(100, 90, 3, 9);
}

/* Many N growing in step, a sweep at a time (as a collection's do):
 * their outgrown chunks are of no size a later one asks for, so the
 * arena is compacted as it goes.  Every N's kept timings are still its
 * smallest, some N turned to doubles half way, and once sorted the arena
 * holds the live chunks and nothing else. */
static void test_compaction(void **state)
{
	(void)state;
	enum { NS = 5000, SWEEPS = 40 };
	struct point_set s;
	points_init(&s);
	static double all[NS][SWEEPS];
	uint64_t rng = 11;
	for (unsigned j = 0; j < SWEEPS; j++)
		for (unsigned k = 0; k < NS; k++) {
			uint64_t t_int;
			int exact;
			int kind = k % 7 == 3 && j >= SWEEPS / 2 ? 2 : 0;
			double t = timing(&rng, kind, &t_int, &exact);
			all[k][j] = t;
			assert_int_equal(points_add(&s, 1000 + 3 * (uint64_t)k, t, t_int, exact), 0);
		}
	assert_int_equal(points_sort(&s), 0);
	size_t live = 0;
	for (unsigned k = 0; k < NS; k++) {
		const struct point *p = &s.p[k];
		assert_kept(&s, p, all[k], SWEEPS);
		assert_int_equal(p->best_wide, k % 7 == 3);
		live += p->best_wide ? p->best_cap : p->best_cap / 2u;
	}
	assert_int_equal(s.arena_used, live);
	points_free(&s);
}

/* A glitch's minimum dropped: the next takes its place, either way kept. */
static void test_drop_min(void **state)
{
	(void)state;
	for (int wide = 0; wide < 2; wide++) {
		struct point_set s;
		points_init(&s);
		double t[] = { 500, 300, 400, 300.5 };
		for (unsigned j = 0; j < (wide ? 4u : 3u); j++)
			assert_int_equal(points_add(&s, 7, t[j], (uint64_t)t[j], t[j] == floor(t[j])), 0);
		struct point *p = &s.p[0];
		assert_int_equal(p->best_wide, wide);
		point_drop_min(&s, p);
		assert_true(p->min == (wide ? 300.5 : 400));
		assert_int_equal(p->count, wide ? 3 : 2);
		assert_int_equal(p->nbest, wide ? 3 : 2);
		assert_true(point_best(&s, p, p->nbest - 1u) == 500);
		points_free(&s);
	}
}

/* Integer minima stay exact where doubles cannot hold them (2^53 + 1,
 * near 2^60 and up to 2^64 - 1, which rounds to 2^64), whatever order the
 * timings come in; a fraction later leaves the doubles' minimum. */
static void test_exact_minimum(void **state)
{
	(void)state;
	const uint64_t top[] = { 1000, (1ull << 53) + 1, (1ull << 60) + 607,
				 (1ull << 63) + 1023, UINT64_MAX - 1024,
				 UINT64_MAX - 1, UINT64_MAX };
	for (size_t k = 0; k < sizeof top / sizeof *top; k++) {
		struct point_set s;
		points_init(&s);
		/* top, top - 3, top - 1, top - 2 (the smallest second) */
		const uint64_t d[] = { 0, 3, 1, 2 };
		for (int j = 0; j < 4; j++) {
			uint64_t t = top[k] - d[j];
			assert_int_equal(points_add(&s, 9, (double)t, t, 1), 0);
			uint64_t want = top[k] - (j >= 1 ? 3 : 0);
			assert_true(point_min_int(&s.p[0]) == want);
			assert_true(s.p[0].min == (double)want);
		}
		assert_int_equal(points_add(&s, 9, 0.5, 0, 0), 0);
		assert_false(s.all_int);
		assert_true(s.p[0].min == 0.5);
		points_free(&s);
	}
}

/* A point is at most 40 bytes (a million N: 40 MB), and its count stops at
 * POINT_MAX_COUNT with an error, not a wrap to zero. */
static void test_size_and_count_limit(void **state)
{
	(void)state;
	assert_true(sizeof(struct point) <= 40);
	struct point_set s;
	points_init(&s);
	assert_int_equal(points_add(&s, 5, 10, 10, 1), 0);
	s.p[0].count = POINT_MAX_COUNT;
	assert_int_equal(points_add(&s, 5, 9, 9, 1), -2);
	assert_int_equal(s.p[0].count, POINT_MAX_COUNT);
	assert_true(s.p[0].min == 10);
	assert_int_equal(points_add(&s, 6, 9, 9, 1), 0);
	points_free(&s);
}

/* Sorted by N, whether every N is below 2^32 (sorted by their bits) or
 * one is not (by pairs): ascending, and the point first seen j-th found
 * again through points_index. */
static void test_sort(void **state)
{
	(void)state;
	for (int wide = 0; wide < 2; wide++) {
		enum { NS = 3000 };
		static uint64_t first[NS];
		struct point_set s;
		points_init(&s);
		uint64_t rng = 5 + (uint64_t)wide;
		for (unsigned k = 0; k < NS; k++) {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			uint64_t n = wide && k == NS / 2 ? (UINT64_C(1) << 40) + k : rng % 5000;
			size_t before = s.count;
			assert_int_equal(points_add(&s, n, (double)k, k, 1), 0);
			if (s.count > before)
				first[before] = n;
		}
		assert_true(s.count > 1000 && s.count < NS);	/* some N repeated */
		assert_int_equal(points_sort(&s), 0);
		for (size_t i = 1; i < s.count; i++)
			assert_true(s.p[i - 1].n < s.p[i].n);
		for (size_t j = 0; j < s.count; j++)
			assert_int_equal(s.p[points_index(&s, j)].n, first[j]);
		points_free(&s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_edge_of_32_bits),
		cmocka_unit_test(test_wide),
		cmocka_unit_test(test_compaction),
		cmocka_unit_test(test_drop_min),
		cmocka_unit_test(test_exact_minimum),
		cmocka_unit_test(test_size_and_count_limit),
		cmocka_unit_test(test_sort),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
