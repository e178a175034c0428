/*
 * test_spool.c - the spool gives back every record as put: keys and starts
 * too wide for its 16-byte records (escapes), starts that go back, runs
 * without a start, across its buffer's ends; bound to a point set, the
 * point's place in it, and, past SPOOL_FETCH_POINTS points, the place of
 * the record SPOOL_AHEAD on (spool_ahead).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "spool.h"

enum { COUNT = 200000 };	/* three buffers and more */

/* Record i: its n, t and start, some beyond 32 bits, some without. */
static struct spool_record record(uint64_t i)
{
	uint64_t n = i % 7 == 3 ? (UINT64_C(1) << 40) + i : i % 1000;
	uint64_t at = i % 11 == 5 ? SPOOL_NO_AT
		      : i % 13 == 7 ? i * 3		/* back, then on */
		      : i % 17 == 1 ? (UINT64_C(1) << 50) + i * 5	/* a jump */
		      : i * 1000;
	if (i == COUNT - 2)
		at = UINT64_MAX - 1;	/* the largest start there is */
	return (struct spool_record){ n, (double)i * 0.5 + 0.25, at, SPOOL_NO_INDEX };
}

static void test_unbound_round_trip(void **state)
{
	(void)state;
	struct spool s;
	assert_int_equal(spool_open(&s, NULL), 0);
	for (uint64_t i = 0; i < COUNT; i++) {
		struct spool_record r = record(i);
		assert_int_equal(spool_put(&s, &r), 0);
	}
	assert_int_equal(s.count, COUNT);
	for (int pass = 0; pass < 2; pass++) {	/* read twice */
		assert_int_equal(spool_rewind(&s), 0);
		struct spool_record r;
		uint64_t i = 0;
		while (spool_get(&s, &r) == 1) {
			struct spool_record w = record(i);
			assert_int_equal(r.n, w.n);
			assert_true(r.t == w.t);
			assert_int_equal(r.at, w.at);
			i++;
		}
		assert_int_equal(i, COUNT);
	}
	spool_close(&s);
}

/* A second reader (spool_reader) reads the records at its own place,
 * its reads interleaved with the first's, and closing it leaves the
 * first's file open; a reader of a spool still written is refused. */
static void test_two_readers(void **state)
{
	(void)state;
	struct spool s, r2;
	assert_int_equal(spool_open(&s, NULL), 0);
	for (uint64_t i = 0; i < COUNT; i++) {
		struct spool_record r = record(i);
		assert_int_equal(spool_put(&s, &r), 0);
	}
	assert_int_equal(spool_reader(&s, &r2), -1);
	assert_int_equal(spool_rewind(&s), 0);
	assert_int_equal(spool_reader(&s, &r2), 0);
	struct spool_record a, b;
	uint64_t i = 0, j = 0;
	for (;;) {	/* the first reader two records for each of the second's */
		int ga = spool_get(&s, &a);
		if (ga == 1) {
			struct spool_record w = record(i++);
			assert_int_equal(a.n, w.n);
			assert_int_equal(a.at, w.at);
		}
		if (ga == 1 && (ga = spool_get(&s, &a)) == 1) {
			struct spool_record w = record(i++);
			assert_int_equal(a.n, w.n);
			assert_int_equal(a.at, w.at);
		}
		int gb = spool_get(&r2, &b);
		if (gb == 1) {
			struct spool_record w = record(j++);
			assert_int_equal(b.n, w.n);
			assert_true(b.t == w.t);
			assert_int_equal(b.at, w.at);
		}
		if (ga != 1 && gb != 1)
			break;
	}
	assert_int_equal(i, COUNT);
	assert_int_equal(j, COUNT);
	spool_close(&r2);
	assert_int_equal(spool_rewind(&s), 0);	/* the file still open */
	assert_int_equal(spool_get(&s, &a), 1);
	assert_int_equal(a.n, record(0).n);
	spool_close(&s);
}

static void test_bound_gives_the_place(void **state)
{
	(void)state;
	struct point_set ps;
	points_init(&ps);
	struct spool s;
	assert_int_equal(spool_open(&s, &ps), 0);
	const uint64_t n[] = { 50, 10, 40, 20, 30 };
	for (uint64_t i = 0; i < COUNT; i++) {	/* full buffers: fetches ahead stay in them */
		assert_int_equal(points_add(&ps, n[i % 5], 100.0 + (double)i, 100 + i, 1), 0);
		struct spool_record r = { n[i % 5], 100.0 + (double)i, i * 7, ps.last };
		assert_int_equal(spool_put(&s, &r), 0);
	}
	assert_int_equal(points_sort(&ps), 0);
	assert_int_equal(spool_rewind(&s), 0);
	struct spool_record r;
	uint64_t i = 0;
	while (spool_get(&s, &r) == 1) {
		assert_int_equal(r.n, n[i % 5]);
		assert_int_equal(ps.p[r.i].n, r.n);	/* sorted: 10, 20, ... */
		assert_int_equal(r.i, r.n / 10 - 1);
		assert_int_equal(r.at, i * 7);
		size_t ahead = spool_ahead(&s);
		assert_true(ahead == SPOOL_NO_INDEX || ahead < ps.count);
		i++;
	}
	assert_int_equal(i, COUNT);
	spool_close(&s);
	points_free(&ps);
}

/* More points than SPOOL_FETCH_POINTS, first seen in a scrambled order:
 * the places are right with the fetches ahead on, and spool_ahead names
 * the point of the record SPOOL_AHEAD on wherever it gives one (within
 * the buffer: most records). */
static void test_many_points_fetch_ahead(void **state)
{
	(void)state;
	enum { POINTS = SPOOL_FETCH_POINTS + 7000, TIMES = 3 };
	struct point_set ps;
	points_init(&ps);
	struct spool s;
	assert_int_equal(spool_open(&s, &ps), 0);
	for (uint64_t i = 0; i < (uint64_t)POINTS * TIMES; i++) {
		uint64_t n = 10 * (1 + (i * 7919) % POINTS);
		assert_int_equal(points_add(&ps, n, 100.0 + (double)i, 100 + i, 1), 0);
		struct spool_record r = { n, 100.0 + (double)i, i, ps.last };
		assert_int_equal(spool_put(&s, &r), 0);
	}
	assert_int_equal(ps.count, POINTS);
	assert_int_equal(points_sort(&ps), 0);
	assert_int_equal(spool_rewind(&s), 0);
	struct spool_record r;
	uint64_t i = 0, named = 0;
	size_t want = SPOOL_NO_INDEX;
	while (spool_get(&s, &r) == 1) {
		assert_int_equal(r.n, 10 * (1 + (i * 7919) % POINTS));
		assert_int_equal(ps.p[r.i].n, r.n);
		assert_int_equal(r.i, r.n / 10 - 1);
		if (want != SPOOL_NO_INDEX)	/* named SPOOL_AHEAD records ago */
			assert_int_equal(want, r.i);
		size_t ahead = spool_ahead(&s);
		if (ahead != SPOOL_NO_INDEX) {
			uint64_t j = i + SPOOL_AHEAD;
			assert_int_equal(ahead, (10 * (1 + (j * 7919) % POINTS)) / 10 - 1);
			named++;
		}
		want = SPOOL_NO_INDEX;	/* checked directly above */
		i++;
	}
	assert_int_equal(i, (uint64_t)POINTS * TIMES);
	assert_true(named > i / 2);
	spool_close(&s);
	points_free(&ps);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unbound_round_trip),
		cmocka_unit_test(test_many_points_fetch_ahead),
		cmocka_unit_test(test_bound_gives_the_place),
		cmocka_unit_test(test_two_readers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
