/*
 * test_cleanrate.c - clean_rate gives, to the bit, what asking
 * rate_of_hits before every point gives (the points it takes, their rate
 * and time, the others zeroed), on random exposures: rates that leave
 * every point's median clean, rates that stop partway, points never hit,
 * every run hit, equal lengths, and none.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cleanrate.h"

enum { POINTS_MAX = 1000 };

static double mean_len(const struct exposure *e)
{
	return e->runs > 0 ? (e->clean + e->hit * e->hit_len) / e->runs : 0;
}

/* A point with runs, for the order by length (ties by place). */
struct by_len {
	double len;
	size_t q;
};

static int by_len_cmp(const void *x, const void *y)
{
	const struct by_len *a = x, *b = y;
	return a->len != b->len ? (a->len > b->len) - (a->len < b->len) : (a->q > b->q) - (a->q < b->q);
}

/* The rate as clean_rate defines it, each point asked of rate_of_hits. */
static double clean_rate_asked(struct exposure *e, size_t np, double *time)
{
	size_t *ord = malloc((np ? np : 1) * sizeof *ord), m = 0, taken = 0;
	struct exposure *some = malloc((np ? np : 1) * sizeof *some);
	struct by_len *key = malloc((np ? np : 1) * sizeof *key);
	assert_non_null(ord);
	assert_non_null(some);
	assert_non_null(key);
	for (size_t q = 0; q < np; q++)
		if (e[q].runs > 0)
			key[m++] = (struct by_len){ mean_len(&e[q]), q };
	qsort(key, m, sizeof *key, by_len_cmp);
	for (size_t i = 0; i < m; i++)
		ord[i] = key[i].q;
	free(key);
	double r = 0;
	for (size_t i = 0; i < m; i++) {
		if (taken > 0 && r * mean_len(&e[ord[i]]) > M_LN2)
			break;
		some[taken++] = e[ord[i]];
		r = rate_of_hits(some, taken);
	}
	for (size_t j = taken; j < m; j++)
		e[ord[j]] = (struct exposure){ 0 };
	*time = 0;
	for (size_t i = 0; i < taken; i++)
		*time += e[ord[i]].clean + e[ord[i]].hit * e[ord[i]].hit_len;
	free(ord), free(some);
	return r;
}

static double uniform(uint64_t *x)
{
	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return (double)(*x >> 11) * 0x1p-53;
}

/* np points of lengths growing from 1 (some equal, some without runs),
 * runs hit at the given rate. */
static void make(struct exposure *e, size_t np, double rate, uint64_t seed)
{
	uint64_t x = seed;
	for (size_t p = 0; p < np; p++) {
		double len = 1 + (double)(p / 3) * (1 + uniform(&x));
		double runs = uniform(&x) < 0.05 ? 0 : 1 + floor(30 * uniform(&x)), hit = 0;
		for (int k = 0; k < (int)runs; k++)
			hit += uniform(&x) < 1 - exp(-rate * len);
		e[p] = (struct exposure){ .runs = runs, .hit = hit, .clean = (runs - hit) * len,
					  .hit_len = hit > 0 ? len * (0.5 + 0.5 * uniform(&x)) : 0 };
	}
}

static void check_same(const struct exposure *e, size_t np)
{
	struct exposure *a = malloc((np ? np : 1) * sizeof *a), *b = malloc((np ? np : 1) * sizeof *b);
	assert_non_null(a);
	assert_non_null(b);
	memcpy(a, e, np * sizeof *e);
	memcpy(b, e, np * sizeof *e);
	double ta = -1, tb = -1;
	double ra = clean_rate(a, np, &ta), rb = clean_rate_asked(b, np, &tb);
	assert_memory_equal(&ra, &rb, sizeof ra);
	assert_memory_equal(&ta, &tb, sizeof ta);
	assert_memory_equal(a, b, np * sizeof *a);
	free(a), free(b);
}

static void test_random(void **state)
{
	(void)state;
	static struct exposure e[POINTS_MAX];
	/* rates from none to every median hit from the first points on */
	const double rates[] = { 0, 1e-7, 1e-5, 1e-4, 3e-4, 1e-3, 3e-3, 0.01, 0.1, 10 };
	for (size_t i = 0; i < sizeof rates / sizeof *rates; i++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			make(e, POINTS_MAX, rates[i], 0x9e3779b97f4a7c15u * seed);
			check_same(e, POINTS_MAX);
			check_same(e, 200);
			check_same(e, 1);
		}
	check_same(e, 0);
}

static void test_edges(void **state)
{
	(void)state;
	static struct exposure e[POINTS_MAX];
	for (size_t p = 0; p < POINTS_MAX; p++)	/* equal lengths, none hit */
		e[p] = (struct exposure){ .runs = 4, .clean = 40 };
	check_same(e, POINTS_MAX);
	for (size_t p = 0; p < POINTS_MAX; p++)	/* every run hit */
		e[p] = (struct exposure){ .runs = 4, .hit = 4, .hit_len = 10 + (double)p };
	check_same(e, POINTS_MAX);
	for (size_t p = 0; p < POINTS_MAX; p++)	/* one hit each, equal */
		e[p] = (struct exposure){ .runs = 20, .hit = 1, .clean = 190, .hit_len = 10 };
	check_same(e, POINTS_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_edges),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
