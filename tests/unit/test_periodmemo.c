/*
 * test_periodmemo.c - the period searches' findings kept (periodmemo.h):
 * a finding is given back only for the same events, least period and
 * starts, and a search made through the memo finds what one made without
 * it finds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "periodmemo.h"

enum { K = 200 };

/* K events every 4000 units, jittered, from a fixed seed. */
static void events(double *t, uint64_t seed)
{
	for (int i = 0; i < K; i++) {
		seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
		t[i] = 4000.0 * i + (double)(seed % 100);
	}
}

static void test_same_only(void **state)
{
	(void)state;
	double t[K], u[K], null[3] = { 1, 2, 3 }, other[3] = { 1, 2, 4 };
	struct period_memo m = { 0 };
	struct period_result r = { .found = 1, .period = 4000 }, got;
	events(t, 1);
	period_memo_for(&m, null, 3);
	assert_false(period_memo_find(&m, t, K, 100, &got));
	period_memo_keep(&m, t, K, 100, &r);
	assert_true(period_memo_find(&m, t, K, 100, &got));
	assert_true(got.found && got.period == 4000);
	assert_false(period_memo_find(&m, t, K, 200, &got));	/* another least period */
	assert_false(period_memo_find(&m, t, K - 1, 100, &got));	/* fewer events */
	memcpy(u, t, sizeof u);
	u[K / 2] += 1;
	assert_false(period_memo_find(&m, u, K, 100, &got));	/* one event moved */
	period_memo_for(&m, null, 3);	/* the same starts: kept */
	assert_true(period_memo_find(&m, t, K, 100, &got));
	period_memo_for(&m, other, 3);	/* other starts: emptied */
	assert_false(period_memo_find(&m, t, K, 100, &got));
	period_memo_free(&m);
}

/* The oldest goes first; events beyond PERIOD_MEMO_EVENTS_MAX are not
 * kept. */
static void test_room(void **state)
{
	(void)state;
	double t[K], null[1] = { 0 };
	struct period_memo m = { 0 };
	struct period_result r = { .found = 1 }, got;
	events(t, 3);
	period_memo_for(&m, null, 1);
	for (int i = 0; i <= PERIOD_MEMO_SIZE; i++) {
		r.period = i;
		period_memo_keep(&m, t, K, i, &r);
	}
	assert_false(period_memo_find(&m, t, K, 0, &got));
	assert_true(period_memo_find(&m, t, K, 1, &got) && got.period == 1);
	assert_true(period_memo_find(&m, t, K, PERIOD_MEMO_SIZE, &got));
	size_t big = PERIOD_MEMO_EVENTS_MAX + 1;
	double *b = calloc(big, sizeof *b);
	assert_non_null(b);
	period_memo_keep(&m, b, big, 7.5, &r);
	assert_false(period_memo_find(&m, b, big, 7.5, &got));
	free(b);
	period_memo_free(&m);
}

/* Through the memo, the finding a search makes: asked twice, the second
 * from the memo, equal field for field. */
static void test_as_searched(void **state)
{
	(void)state;
	double t[K], starts[4 * K];
	events(t, 5);
	for (int i = 0; i < 4 * K; i++)
		starts[i] = 1000.0 * i + 17 * (i % 7);
	struct period_memo m = { 0 };
	struct period_result a, b;
	period_memo_for(&m, starts, 4 * K);
	period_detect(t, K, starts, 4 * K, 0, NULL, &a);
	period_memo_keep(&m, t, K, 0, &a);
	assert_true(a.found);
	assert_true(fabs(a.period - 4000) < 1);
	assert_true(period_memo_find(&m, t, K, 0, &b));
	assert_int_equal(a.found, b.found);
	assert_true(a.period == b.period && a.phase == b.phase && a.z == b.z);
	assert_true(a.log10_p == b.log10_p && a.background == b.background);
	assert_true(a.longer == b.longer && a.events == b.events);
	assert_int_equal(a.null_exceeded, b.null_exceeded);
	period_memo_free(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_only),
		cmocka_unit_test(test_room),
		cmocka_unit_test(test_as_searched),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
