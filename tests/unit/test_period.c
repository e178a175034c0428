/*
 * test_period.c - a period in event times is found; none is invented.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>

#include "fold.h"
#include "marks.h"
#include "period.h"

enum { K = 500 };

/* Timer ticks every 4 ms (in ns), each caught with probability catch_p,
 * the event time up to jitter ns before the tick (the run's start). */
static size_t ticks(double *t, double catch_p, double jitter, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	size_t k = 0;
	for (int i = 0; k < K; i++)
		if (gsl_rng_uniform(r) < catch_p)
			t[k++] = 1234567.0 + 4e6 * i - jitter * gsl_rng_uniform(r);
	gsl_rng_free(r);
	return k;
}

static void test_finds_timer(void **state)
{
	(void)state;
	double t[K];
	struct period_result p;
	for (unsigned long seed = 1; seed <= 5; seed++) {
		size_t k = ticks(t, 0.6, 2e5, seed);
		period_detect(t, k, NULL, 0, 0, NULL, &p);
		assert_true(p.found);
		assert_true(fabs(p.period - 4e6) < 4e6 * 1e-4);
		assert_true(p.coherence > 0.5);
		assert_true(p.longer == 0);	/* 8 ms does not lock */
	}
}

/* Disturbances at 0 (mostly), 0.5, 1.5 and 2.5 ms of every 4 ms cycle:
 * the strongest period is 0.5 ms, and the 4 ms cycle (coherence 0.59) is
 * reported beside it. */
static void test_longer_cycle(void **state)
{
	(void)state;
	static double t[4 * K];
	const double offset[4] = { 0, 0.5e6, 1.5e6, 2.5e6 };
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 17);
	size_t k = 0;
	for (int cycle = 0; k + 4 <= 4 * K; cycle++)
		for (int j = 0; j < 4; j++)
			if (gsl_rng_uniform(r) < (j == 0 ? 0.9 : 0.15))
				t[k++] = 4e6 * cycle + offset[j] + 2e4 * gsl_rng_uniform(r);
	gsl_rng_free(r);
	struct period_result p;
	period_detect(t, k, NULL, 0, 0, NULL, &p);
	assert_true(p.found);
	assert_true(fabs(p.period - 0.5e6) < 0.5e6 * 1e-3);
	assert_true(fabs(p.longer - 4e6) < 4e6 * 1e-3);
	assert_true(p.longer_coherence >= 0.5);
}

static void test_random_times(void **state)
{
	(void)state;
	double t[K];
	struct period_result p;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	for (unsigned long seed = 1; seed <= 20; seed++) {
		gsl_rng_set(r, seed);
		double now = 0;
		for (size_t i = 0; i < K; i++) {
			now += gsl_ran_exponential(r, 4e6);
			t[i] = now;
		}
		period_detect(t, K, NULL, 0, 0, NULL, &p);
		assert_false(p.found);
	}
	gsl_rng_free(r);
}

/* Events in clusters (a stop that interrupts many short runs in a row, a
 * busy stretch of the machine): 40 clusters at random times over 2 s,
 * each of 10 to 40 events within 1 ms; no period.  Z of clustered times
 * is exponential of the cluster size's mean, not of 1: judged against
 * random times alone, some period always locks. */
static void test_clusters(void **state)
{
	(void)state;
	enum { CLUSTERS = 40, MOST = 40 };
	static double t[CLUSTERS * MOST];
	struct period_result p;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	int named = 0;
	for (unsigned long seed = 1; seed <= 20; seed++) {
		gsl_rng_set(r, seed);
		size_t k = 0;
		for (int c = 0; c < CLUSTERS; c++) {
			double at = 2e9 * gsl_rng_uniform(r);
			int m = 10 + (int)gsl_rng_uniform_int(r, MOST - 10 + 1);
			for (int i = 0; i < m; i++)
				t[k++] = at + 1e6 * gsl_rng_uniform(r);
		}
		gsl_sort(t, 1, k);
		period_detect(t, k, NULL, 0, 2e4, NULL, &p);
		if (p.found)
			printf("seed %lu: %g named at 10^%.1f (background %.1f)\n", seed, p.period,
			       p.log10_p, p.background);
		named += p.found;
	}
	gsl_rng_free(r);
	assert_int_equal(named, 0);
}

/* The 4 ms timer among such clusters is still named: its Z stands over
 * the clusters' level (about 2 here) as it stands over 1 among random
 * times. */
static void test_timer_among_clusters(void **state)
{
	(void)state;
	enum { CLUSTERS = 40, MOST = 40 };
	static double t[K + CLUSTERS * MOST];
	struct period_result p;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	for (unsigned long seed = 1; seed <= 5; seed++) {
		size_t k = ticks(t, 0.6, 2e5, seed);
		gsl_rng_set(r, seed);
		double span = t[k - 1];
		for (int c = 0; c < CLUSTERS; c++) {
			double at = span * gsl_rng_uniform(r);
			int m = 10 + (int)gsl_rng_uniform_int(r, MOST - 10 + 1);
			for (int i = 0; i < m; i++)
				t[k++] = at + 1e6 * gsl_rng_uniform(r);
		}
		gsl_sort(t, 1, k);
		period_detect(t, k, NULL, 0, 2e4, NULL, &p);
		assert_true(p.found);
		/* the timer or a harmonic of it (the fold finds the
		 * fundamental: test_fold_skips) */
		double j = round(4e6 / p.period);
		assert_true(j >= 1 && j <= 8 && fabs(j * p.period - 4e6) < 4e6 * 1e-4);
	}
	gsl_rng_free(r);
}

static void test_too_few(void **state)
{
	(void)state;
	double t[] = { 0, 4, 8, 12 };
	struct period_result p;
	period_detect(t, 4, NULL, 0, 0, NULL, &p);
	assert_false(p.found);
}

/* Runs of equal length start on a grid of 50 us; interrupts at random
 * times hit a random half of them.  Against uniform times their starts look
 * locked to 50 us; against random subsets of the starts they are not. */
static void test_grid_of_starts(void **state)
{
	(void)state;
	enum { RUNS = 4000 };
	static double starts[RUNS], t[RUNS];
	struct period_result p;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 11);
	size_t k = 0;
	for (size_t i = 0; i < RUNS; i++) {
		starts[i] = 5e4 * (double)i + gsl_rng_uniform(r);
		if (gsl_rng_uniform(r) < 0.5)
			t[k++] = starts[i];
	}
	period_detect(t, k, NULL, 0, 0, NULL, &p);
	assert_true(p.found);		/* the old, uniform null: fooled */
	period_detect(t, k, starts, RUNS, 0, NULL, &p);
	assert_false(p.found);
	assert_true(p.null_exceeded > 1);
	/* A real period among those runs: every 40th run is hit (2 ms). */
	k = 0;
	for (size_t i = 0; i < RUNS; i += 40)
		t[k++] = starts[i];
	period_detect(t, k, starts, RUNS, 0, NULL, &p);
	assert_true(p.found);
	assert_true(fabs(p.period - 2e6) < 2e6 * 1e-3);
	gsl_rng_free(r);
}

/* A sparse disturbance: one period in twenty of 1 ms is hit, near its
 * start (jitter 1% of the period).  Its gaps are random multiples of the
 * period; the gap mode's fractions missed it in 2 of these 5 seeds. */
static void test_sparse_period(void **state)
{
	(void)state;
	for (unsigned long seed = 1; seed <= 40; seed++) {
		double t[200];
		struct period_result p;
		gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
		gsl_rng_set(r, seed);
		size_t k = 0;
		for (int i = 0; i < 2000 && k < 200; i++)
			if (gsl_rng_uniform(r) < 106.0 / 2000)
				t[k++] = 1e6 * i + 1e4 * gsl_rng_uniform(r);
		gsl_rng_free(r);
		period_detect(t, k, NULL, 0, 0, NULL, &p);
		assert_true(p.found);
		assert_true(fabs(p.period - 1e6) < 1e6 * 1e-3);
	}
}

/* Events at the marks of a 1 ms grid (middles within 20 us of them),
 * the marks of 6 s in slots mod 27 taken where keep[slot] says. */
static size_t on_grid(double *mid, const int *keep)
{
	size_t n = 0;
	for (int j = 0; j < 6000; j++)
		if (keep[j % 27])
			mid[n++] = 5e5 + 1e6 * j + 2e4 * ((j * 7919) % 100) / 100.0;
	return n;
}

/* A source at nearly every mark that skips one slot in 27 (where a
 * second source's interruption took its place) is the grid's period,
 * not 26 sources of 27 of it; sources in a few slots of k are k p. */
static void test_fold_skips(void **state)
{
	(void)state;
	static double mid[6000];
	struct marks m = { .period = 1e6, .phase = 5e5, .tol = 1e5 }, out;
	int keep[27], several = 0;
	for (int j = 0; j < 27; j++)
		keep[j] = j != 24;
	size_t n = on_grid(mid, keep);
	assert_int_equal(fold_fundamental(mid, n, 10, 6e9, &m, &out, NULL), 1);
	assert_true(out.period == m.period);
	/* two sources of 3 ms a third of it apart: slots 0 and 1 of 3 */
	for (int j = 0; j < 27; j++)
		keep[j] = j % 3 != 2;
	n = on_grid(mid, keep);
	assert_int_equal(fold_fundamental(mid, n, 10, 6e9, &m, &out, &several), 3);
	assert_int_equal(several, 1);
	assert_true(fabs(out.period - 3e6) < 1);
}

/* A 4 ms timer among events at random phases, at the marks of its 333
 * us harmonic (as this guest's quiet collection left them once the 1 ms
 * tick had taken its runs): 132 in slot 7 of 12, 19 to 30 in slots 2,
 * 5, 8 and 11, the tick's marks (what its runs held beside it), 5 to 16
 * in the others, chance's share.  The fold at 2 keeps all but chance's share of
 * them, by chance too; the timer is the fold at 12 (before: 666.7 us, at
 * 10% of its marks).  Its marks over 2 s: 500 of each slot. */
static void test_fold_among_random(void **state)
{
	(void)state;
	static const int count[12] = { 11, 10, 30, 5, 16, 25, 5, 132, 19, 9, 15, 29 };
	static double mid[400];
	struct marks m = { .period = 1e6 / 3, .phase = 0, .tol = 1e4 }, out;
	size_t n = 0;
	for (int j = 0; j < 12; j++)
		for (int i = 0; i < count[j]; i++)	/* marks spread over the 2 s */
			mid[n++] = m.period * (j + 12.0 * ((i * 7919 + j * 104729) % 500));
	int several = 1;
	assert_int_equal(fold_fundamental(mid, n, 189, 2e9, &m, &out, &several), 12);
	assert_int_equal(several, 0);
	assert_true(fabs(out.period - 4e6) < 1);
}

/* A 4 ms timer at nearly every mark, beside two 10 ms sources whose
 * marks share its 333 us harmonic's lattice (as this AMD guest's demo
 * collection left them): 483 events in slot 5 of 12, 117 of one 10 ms
 * source in slots 4 and 10 (30 marks apart), 34 of another in slots 2
 * and 8, a few at random in the others.  The fold at 3 (1 ms) keeps 519
 * of the 644, all but the first 10 ms source's, within what chance was
 * allowed to spread; the timer is the fold at 12, the one slot of it
 * filled in the 1 ms fold's slot (before: "every 1 ms, at 26.9% of its
 * marks" beside "every 4 ms, at 17.7%"). */
static void test_fold_beside_others(void **state)
{
	(void)state;
	static double mid[700];
	struct marks m = { .period = 1e6 / 3, .phase = 0, .tol = 1e4 }, out;
	size_t n = 0;
	for (int i = 0; i < 500; i++)	/* the timer: 483 of its 500 marks */
		if (i % 29 != 3)
			mid[n++] = m.period * (5 + 12.0 * i);
	for (int i = 0; i < 200; i++) {	/* the 10 ms sources */
		if (i % 12 < 7 || i % 12 == 11)
			mid[n++] = m.period * (4 + 30.0 * i);
		if (i % 6 == 0)
			mid[n++] = m.period * (2 + 30.0 * i);
	}
	static const int other[] = { 0, 1, 3, 6, 7, 9, 11 };
	for (int i = 0; i < 10; i++)	/* at random marks of the other slots */
		mid[n++] = m.period * (other[i % 7] + 12.0 * ((i * 7919) % 500));
	double chance = 228;	/* as the demo's: every event's t / p */
	int several = 1;
	assert_int_equal(fold_fundamental(mid, n, chance, 2e9, &m, &out, &several), 12);
	assert_int_equal(several, 0);
	assert_true(fabs(out.period - 4e6) < 1);
	assert_true(fabs(fmod(out.phase, 4e6) - 5 * m.period) < 1);
}

/* A 4 ms timer and a 10 ms source both on the marks of a fraction of
 * the timer's period, the 10 ms one in two slots of the timer's fold (as
 * this AMD guest's demo collections left them): at 400 us marks, the
 * timer in slot 3 of 10 and the 10 ms source in slots 2 and 7; at 500 us
 * marks, the timer in slot 0 of 8 and the 10 ms source in slots 2 and
 * 6.  The fold at 2 (800 us, 1 ms) keeps the timer's events and half or
 * all of the 10 ms source's; the 10 ms source's slots are its own (alike,
 * the timer's not among them), and the timer is the fold at 10 or 8
 * (before: "every 800 us, at 23% of its marks", "every 1 ms, at 35%"). */
static void test_fold_timer_and_another(void **state)
{
	(void)state;
	static double mid[800];
	static const struct {
		double p;
		int k, timer, other, step;	/* the 10 ms source at other + step i */
	} c[] = { { 4e5, 10, 3, 2, 25 }, { 5e5, 8, 0, 2, 20 } };
	for (size_t t = 0; t < sizeof c / sizeof c[0]; t++) {
		struct marks m = { .period = c[t].p, .phase = 0, .tol = 1e4 }, out;
		size_t n = 0;
		for (int i = 0; i < 500; i++)	/* the timer: 483 of its marks */
			if (i % 29 != 3)
				mid[n++] = m.period * (c[t].timer + (double)c[t].k * i);
		for (int i = 0; i < 200; i++)	/* 10 ms: 167 of its marks */
			if (i % 6 != 5)
				mid[n++] = m.period * (c[t].other + (double)c[t].step * i);
		for (int i = 0; i < 12; i++)	/* a few at random marks */
			mid[n++] = m.period * (1 + 2.0 * ((i * 7919) % 2500));
		int several = 1;
		assert_int_equal(fold_fundamental(mid, n, 150, 2e9, &m, &out, &several), c[t].k);
		assert_int_equal(several, 0);
		assert_true(fabs(out.period - 4e6) < 1);
		assert_true(fabs(fmod(out.phase, 4e6) - c[t].timer * m.period) < 1);
	}
}

/* The demo's 4 ms tick on the 400 us marks it lies on (slot 8 of 10),
 * beside a 10 ms source on slots 1 and 6 of 10, too few to fill both
 * beyond chance at every k tried (51 and 62), and events at random marks (a demo's
 * counts: 3 51 4 9 8 8 62 10 497 8, chance 246 of 660).  The fold at 2,
 * 800 us, keeps all but chance's share; its other slots of 4 ms (0, 2,
 * 4, 6) hold no more than chance's share in sum: no source is at them,
 * and the tick is the multiple's (it had been named 'every 800 us, at
 * 23% of its marks'). */
static void test_fold_timer_beside_few(void **state)
{
	(void)state;
	static double mid[700];
	struct marks m = { .period = 4e5, .phase = 0, .tol = 1e4 }, out;
	size_t n = 0;
	for (int i = 0; i < 500; i++)	/* the timer */
		mid[n++] = m.period * (8 + 10.0 * i);
	for (int i = 0; i < 100; i++)	/* 10 ms */
		mid[n++] = m.period * (1 + 25.0 * i);
	for (int i = 0; i < 10; i++)	/* more at its later slot */
		mid[n++] = m.period * (6 + 250.0 * i);
	for (int i = 0; i < 50; i++)	/* at random marks */
		mid[n++] = m.period * (double)((i * 7919 + 13) % 5000);
	int several = 1;
	assert_int_equal(fold_fundamental(mid, n, 246, 2e9, &m, &out, &several), 10);
	assert_int_equal(several, 0);
	assert_true(fabs(out.period - 4e6) < 1);
	assert_true(fabs(fmod(out.phase, 4e6) - 8 * m.period) < 1);
}

/* A 1 ms source and a 4 ms one half a millisecond after every fourth of
 * its marks, on the 500 us marks both lie on over 2 s: 2000 events in
 * the even slots, 500 in one odd slot of 8.  The filled slots differ
 * (the 4 ms slot half as full as the 1 ms ones at the fold of 2 ms), so
 * they are two sources, not one of 500 us skipping 3 of 8 marks: the
 * fold names the 1 ms one, in the even slots, first. */
static void test_fold_two_sources(void **state)
{
	(void)state;
	static double mid[2500];
	struct marks m = { .period = 5e5, .phase = 0, .tol = 1e4 }, out;
	size_t n = 0;
	for (int j = 0; j < 4000; j++)
		if (j % 2 == 0 || j % 8 == 1)
			mid[n++] = m.period * j;
	int several = 0;
	assert_int_equal(fold_fundamental(mid, n, 1, 2e9, &m, &out, &several), 2);
	assert_int_equal(several, 1);
	assert_true(fabs(out.period - 1e6) < 1);
	assert_true(fmod(out.phase, 1e6) < 1);
}

/* Marks refitted to the events their window held: a timer's events on
 * its marks within 2 us, and, among them, events at random times filling
 * the window evenly (thousands a second of others'): the window does not
 * grow by their scatter (it had grown round after round, to milliseconds,
 * and held a tenth of all runs). */
static void test_refine_window(void **state)
{
	(void)state;
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 7);
	static double x[4 * K], len[4 * K];
	size_t n = 0;
	struct marks m = { .period = 1e7, .phase = 5e5, .tol = 5e4 };
	for (int i = 0; i < K; i++) {
		double mark = m.phase + m.period * i;
		x[n] = mark + 2e3 * gsl_ran_ugaussian(r), len[n++] = 100;
		for (int j = 0; j < 3; j++)
			x[n] = mark + m.tol * (2 * gsl_rng_uniform(r) - 1), len[n++] = 100;
	}
	gsl_rng_free(r);
	for (int round = 0; round < 4; round++) {
		double before = m.tol;
		marks_refine(&m, x, len, n, 1);
		assert_true(m.tol <= before * 1.0001);
	}
	assert_true(fabs(m.period / 1e7 - 1) < 1e-4);
}

int main(void)
{
	/* SUBTICK_EMULATOR: a cross build's tests, run by qemu-user
	 * (tests/meson.build) */
	if (getenv("SUBTICK_EMULATOR") != NULL) {
		printf("SKIP: its cases take minutes under the emulator (qemu-user runs this code 6 to 15 times slower): run natively\n");
		return 77;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid_of_starts),
		cmocka_unit_test(test_sparse_period),
		cmocka_unit_test(test_finds_timer),
		cmocka_unit_test(test_longer_cycle),
		cmocka_unit_test(test_random_times),
		cmocka_unit_test(test_clusters),
		cmocka_unit_test(test_timer_among_clusters),
		cmocka_unit_test(test_too_few),
		cmocka_unit_test(test_fold_skips),
		cmocka_unit_test(test_fold_among_random),
		cmocka_unit_test(test_fold_beside_others),
		cmocka_unit_test(test_fold_timer_and_another),
		cmocka_unit_test(test_fold_timer_beside_few),
		cmocka_unit_test(test_fold_two_sources),
		cmocka_unit_test(test_refine_window),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
