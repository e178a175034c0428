/*
 * test_interval.c - the bounds: they hold the truth of clean synthetic
 * minima, a tick widens them to its band, and drift within a collection
 * (blocks in time) widens them where random halves of the runs did not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "blocks.h"
#include "fifths.h"
#include "hull.h"
#include "interval.h"
#include "rng.h"
#include "scatter.h"
#include "spool.h"

enum { POINTS = 32, RUNS = 40 };

/* t = 50 + 2 N (+ 4% by the last sweep: drift), floored to the tick, plus
 * a little one-sided noise; in sweep order in the spool. */
static void build(struct point_set *s, struct spool *sp, double drift,
		  double tick, unsigned long seed)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	points_init(s);
	assert_int_equal(spool_open(sp, s), 0);
	for (int run = 0; run < RUNS; run++)
		for (int i = 0; i < POINTS; i++) {
			uint64_t n = 1000 + 1000 * (uint64_t)i;
			double t = (50 + 2.0 * (double)n) * (1 + drift * run / (RUNS - 1));
			t += 3 * gsl_rng_uniform(r);
			t = tick * floor(t / tick + gsl_rng_uniform(r));
			uint64_t at = (uint64_t)(run * POINTS + i);
			assert_int_equal(points_add(s, n, t, (uint64_t)t, 1), 0);
			struct spool_record rec = { n, t, at, s->last };
			assert_int_equal(spool_put(sp, &rec), 0);
		}
	points_sort(s);
	gsl_rng_free(r);
}

static void bounds(struct point_set *s, struct spool *sp, double tick, int use_blocks,
		   struct interval *iv)
{
	struct lv_line l;
	struct blocks b = { 0 };
	char err[256];
	assert_int_equal(hull_least_values(s, &l), 0);
	if (use_blocks)
		assert_int_equal(blocks_cut(sp, s, RUNS, NULL, NULL, 0, &b), 0);
	assert_int_equal(interval_estimate(s, &l, tick, use_blocks ? &b : NULL, 200, 1,
					   iv, err, sizeof err), 0);
	blocks_free(&b);
}

static void test_holds_truth(void **state)
{
	(void)state;
	for (unsigned long seed = 1; seed <= 5; seed++) {
		struct point_set s;
		struct spool sp;
		struct interval iv;
		build(&s, &sp, 0, 1, seed);
		bounds(&s, &sp, 1, 1, &iv);
		assert_true(iv.slope[0] <= 2 && 2 <= iv.slope[1]);
		assert_true(iv.band_ok);
		assert_int_equal(iv.blocks, BLOCKS_MAX);
		points_free(&s);
		spool_close(&sp);
	}
}

/* A coarse tick: the band is at least a tick wide. */
static void test_tick_band(void **state)
{
	(void)state;
	struct point_set s;
	struct spool sp;
	struct interval iv;
	build(&s, &sp, 0, 5000, 9);
	bounds(&s, &sp, 5000, 1, &iv);
	assert_true(iv.band_width >= 5000);
	assert_true(iv.slope[0] <= 2 && 2 <= iv.slope[1]);
	points_free(&s);
	spool_close(&sp);
}

/* 4% drift: halves of the stretches in time see it, halves of the runs at
 * every N (each mixing early and late runs) do not. */
static void test_drift_widens(void **state)
{
	(void)state;
	struct point_set s;
	struct spool sp;
	struct interval by_blocks, by_runs;
	build(&s, &sp, 0.04, 1, 4);
	bounds(&s, &sp, 1, 1, &by_blocks);
	bounds(&s, &sp, 1, 0, &by_runs);
	double wb = by_blocks.sub_slope[1] - by_blocks.sub_slope[0];
	double wr = by_runs.sub_slope[1] - by_runs.sub_slope[0];
	assert_true(wb > 3 * wr);
	assert_true(by_blocks.slope[0] <= 2 && 2 <= by_blocks.slope[1]);
	points_free(&s);
	spool_close(&sp);
}

/* Many N, some of them with every run slowed (far above the line), some
 * timed only in the first sweeps (absent from later blocks) and below
 * the rest, some with one fast run (low in the halves that hold it), on
 * a tick: what the refits leave out must be nothing a refit's hull could
 * use. */
static void build_mixed(struct point_set *s, struct spool *sp, unsigned long seed,
			int points, int runs, uint64_t step)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	points_init(s);
	assert_int_equal(spool_open(sp, s), 0);
	uint64_t at = 0;
	for (int run = 0; run < runs; run++)
		for (int i = 0; i < points; i++) {
			if (i % 7 == 3 && run >= 3)
				continue;	/* early runs only */
			uint64_t n = 1000 + step * (uint64_t)i;
			double t = 50 + 2.0 * (double)n + 60 * gsl_rng_uniform(r);
			if (i % 5 == 1)
				t += 40 + 200 * gsl_rng_uniform(r);	/* always slowed */
			if (i % 7 == 3)
				t -= 200;	/* the lowest, while they last */
			if (i % 11 == 5 && run == (i / 11) % 3)
				t -= 30;	/* one fast run, early: low in some halves */
			if (gsl_rng_uniform(r) < 0.1)
				t += 1000 * gsl_rng_uniform(r);		/* now and then */
			t = 2 * floor(t / 2);
			assert_int_equal(points_add(s, n, t, (uint64_t)t, 1), 0);
			struct spool_record rec = { n, t, at++, s->last };
			assert_int_equal(spool_put(sp, &rec), 0);
		}
	points_sort(s);
	gsl_rng_free(r);
}

/* The rank of the minimum of m of n runs, as the refits draw it. */
static unsigned reference_rank(uint64_t n, uint64_t m, struct rng *rng)
{
	double u = rng_uniform(rng), tail = 1;
	unsigned k = 1;
	while (k < POINT_BEST) {
		tail *= (double)(n - m - (k - 1)) / (double)(n - (k - 1));
		if (u >= tail)
			break;
		k++;
	}
	return k;
}

/* Every refit over every point, no point left out. */
static unsigned reference_refits(const struct point_set *s, const struct blocks *blk,
				 unsigned B, unsigned long seed, double *sl, double *ic)
{
	size_t n = s->count;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	double *xh = malloc(n * sizeof *xh);
	size_t *work = malloc(n * sizeof *work);
	struct rng rng;
	rng_seed(&rng, seed);
	uint64_t n0 = s->p[0].n;
	for (size_t i = 0; i < n; i++)
		x[i] = (double)(s->p[i].n - n0);
	unsigned refits = 0;
	for (unsigned b = 0; b < B; b++) {
		struct lv_line l;
		size_t m = 0;
		if (blk != NULL) {
			unsigned char chosen[BLOCKS_MAX];
			rng_choose(&rng, chosen, blk->count, blk->count / 2);
			for (size_t i = 0; i < n; i++) {
				double v = blocks_min(blk, i, chosen);
				if (!isinf(v))
					xh[m] = x[i], y[m++] = v;
			}
		} else {
			for (size_t i = 0; i < n; i++) {
				const struct point *p = &s->p[i];
				unsigned r = p->count > 1 ? reference_rank(p->count, (p->count + 1) / 2, &rng) : 1;
				xh[m] = x[i];
				y[m++] = point_best(s, p, (r <= p->nbest ? r : p->nbest) - 1);
			}
		}
		hull_least_values_d(xh, y, m, work, &l);
		sl[refits] = l.slope;
		ic[refits++] = (double)((long double)l.intercept - (long double)l.slope * (long double)n0);
	}
	free(x), free(y), free(xh), free(work);
	return refits;
}

/* The refits leave out the points above every refit's hull: the same
 * lines, to the bit, as refits over all of them, by blocks and by runs,
 * whether the sum of the N is exact or not. */
static void test_refits_leave_out_nothing_used(void **state)
{
	(void)state;
	enum { B = 60 };
	/* N 37 apart, and 3 10^12 apart (their sum beyond 2^63: the refits
	 * then add every N in order) */
	const uint64_t steps[2] = { 37, 3000000000037u };
	for (unsigned long seed = 1; seed <= 4; seed++)
		for (int use_blocks = 0; use_blocks <= 1; use_blocks++) {
			struct point_set s;
			struct spool sp;
			struct blocks b = { 0 };
			double sl[B], ic[B], rs[B], ri[B];
			unsigned used;
			build_mixed(&s, &sp, seed, 3000, 12, steps[seed % 2]);
			if (use_blocks)
				assert_int_equal(blocks_cut(&sp, &s, 12, NULL, NULL, 0, &b), 0);
			unsigned k = interval_refits(&s, use_blocks ? &b : NULL, B, seed, sl, ic, &used);
			unsigned r = reference_refits(&s, use_blocks ? &b : NULL, B, seed, rs, ri);
			assert_int_equal(k, B);
			assert_int_equal(r, B);
			assert_int_equal(used, use_blocks ? b.count : 0);
			for (unsigned j = 0; j < B; j++) {
				assert_true(sl[j] == rs[j]);
				assert_true(ic[j] == ri[j]);
			}
			blocks_free(&b);
			points_free(&s);
			spool_close(&sp);
		}
}

/* Minima all on one line whose slope no double holds (11/10, 13/10, 7/10,
 * 1222/1000 units an N, rounded up or down as doubles): their heights
 * above the fit are zero give or take its rounding, and their median can
 * come out a hair below zero.  The band is still made, W the tick (a
 * negative median is no failure to allocate). */
static void test_minima_on_the_line(void **state)
{
	(void)state;
	const uint64_t num[] = { 11, 13, 7, 1222 }, den[] = { 10, 10, 10, 1000 };
	for (unsigned q = 0; q < 4; q++)
		for (unsigned k = 0; k < 10; k++) {
			struct point_set s;
			points_init(&s);
			uint64_t n[] = { 1000, 2000 + 1000 * k, 4000 + 3000 * k, 8000 + 7000 * k,
					 9000 + 8000 * k };
			for (int i = 0; i < 5; i++) {
				uint64_t t = num[q] * n[i] / den[q] + 60;
				for (int run = 0; run < 3; run++)
					assert_int_equal(points_add(&s, n[i], (double)(t + (uint64_t)run),
								    t + (uint64_t)run, 1), 0);
			}
			points_sort(&s);
			struct lv_line l;
			struct interval iv;
			char err[256];
			assert_int_equal(hull_least_values(&s, &l), 0);
			assert_int_equal(interval_estimate(&s, &l, 2, NULL, 50, 1, &iv, err,
							   sizeof err), 0);
			assert_true(iv.band_width >= 2);
			points_free(&s);
		}
}

/* Each block's minimum at each N is the least timing of that N among the
 * samples the block holds (sample k of K goes to block k x B / K), kept as
 * 32-bit integers and turned to doubles when a timing comes that is not an
 * integer below 2^32 - 1: late (a fraction at the last sample, a timing
 * of 2^32 half way) or never. */
static void test_blocks_minima(void **state)
{
	(void)state;
	enum { NS = 37, RUNS_PER = 24, K = NS * RUNS_PER };
	for (int odd = 0; odd < 3; odd++) {
		struct point_set s;
		struct spool sp;
		static double t[K];
		static uint64_t n[K];
		uint64_t rng = 99 + (uint64_t)odd;
		points_init(&s);
		assert_int_equal(spool_open(&sp, &s), 0);
		for (int k = 0; k < K; k++) {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			n[k] = 100 + 10 * (uint64_t)(rng % NS);
			t[k] = (double)(1000 + rng % 5000);
			if (odd == 1 && k == K - 1)
				t[k] = 1000.5;
			if (odd == 2 && k == K / 2)
				t[k] = 4294967296.0;
			assert_int_equal(points_add(&s, n[k], t[k], (uint64_t)t[k], t[k] == floor(t[k])), 0);
			struct spool_record rec = { n[k], t[k], (uint64_t)k, s.last };
			assert_int_equal(spool_put(&sp, &rec), 0);
		}
		points_sort(&s);
		struct blocks b;
		assert_int_equal(blocks_cut(&sp, &s, 20, NULL, NULL, 0, &b), 0);
		assert_int_equal(b.count, BLOCKS_MAX);
		assert_true((b.min32 != NULL) == (odd == 0));
		for (unsigned q = 0; q < b.count; q++)
			for (size_t i = 0; i < s.count; i++) {
				double want = INFINITY;
				for (int k = 0; k < K; k++)
					if (n[k] == s.p[i].n && (unsigned)((uint64_t)k * b.count / K) == q &&
					    t[k] < want)
						want = t[k];
				assert_true(blocks_at(&b, q, i) == want);
			}
		blocks_free(&b);
		points_free(&s);
		spool_close(&sp);
	}
}

/* The minima's heights as a line in their lengths: flat where the noise
 * is added (the median height, as the width was), through the origin
 * where it is in proportion to the run, and both where both are. */
static int by_double_value(const void *p, const void *q)
{
	double a = *(const double *)p, b = *(const double *)q;
	return (a > b) - (a < b);
}

static void test_scatter_line(void **state)
{
	(void)state;
	enum { M = 64 };
	double len[M], x[M], h[M];
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, 3);
	struct scatter_line w;
	/* added: exponential of mean 5 at every length, 10^3 to 10^9 (the
	 * lengths are used up: a copy each time) */
	for (int i = 0; i < M; i++)
		len[i] = 1e3 * pow(1e6, i / (M - 1.0)), h[i] = -5 * log(gsl_rng_uniform_pos(r));
	memcpy(x, len, sizeof x);
	assert_int_equal(scatter_fit(x, h, M, &w), 0);
	assert_true(w.w0 > 1 && w.w0 < 8);
	assert_true(w.rel * 1e9 < 2);		/* under 2 units at 10^9 */
	/* in proportion: 10^-5 of the length, exponential */
	for (int i = 0; i < M; i++)
		h[i] = 1e-5 * len[i] * -log(gsl_rng_uniform_pos(r));
	memcpy(x, len, sizeof x);
	assert_int_equal(scatter_fit(x, h, M, &w), 0);
	assert_true(w.rel > 0.3e-5 && w.rel < 1.5e-5);
	assert_true(scatter_at(&w, 1e9, 1) > 3000);
	assert_true(scatter_at(&w, 1e3, 1) < 3);
	/* both: 5 units and 10^-5 of the length */
	for (int i = 0; i < M; i++)
		h[i] = -5 * log(gsl_rng_uniform_pos(r)) - 1e-5 * len[i] * log(gsl_rng_uniform_pos(r));
	memcpy(x, len, sizeof x);
	assert_int_equal(scatter_fit(x, h, M, &w), 0);
	assert_true(w.w0 > 1 && w.w0 < 8);
	assert_true(w.rel > 0.3e-5 && w.rel < 1.5e-5);
	/* falling with the length, on a lattice of 4 values (ties): the flat
	 * line is the (M / 2)-th height from 0, exactly */
	double sorted[M];
	for (int i = 0; i < M; i++)
		h[i] = (double)(3 - i * 4 / M) + (double)gsl_rng_uniform_int(r, 2), sorted[i] = h[i];
	qsort(sorted, M, sizeof sorted[0], by_double_value);
	memcpy(x, len, sizeof x);
	assert_int_equal(scatter_fit(x, h, M, &w), 0);
	assert_true(w.rel == 0);
	assert_true(w.w0 == sorted[M / 2]);
	gsl_rng_free(r);
}

/* Noise in proportion to the run: 64 geometric N from 10^3 to 10^9, t =
 * 80 + 0.57 N slower by 0.05% exponential, shuffled sweeps, on a tick
 * of 1. */
enum { PROP_POINTS = 64, PROP_SWEEPS = 20, PROP_FEW_SWEEPS = 5 };

static void build_proportional(struct point_set *s, struct spool *sp, unsigned long seed,
			       int sweeps)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	points_init(s);
	assert_int_equal(spool_open(sp, s), 0);
	uint64_t ns[PROP_POINTS], at = 0;
	for (int i = 0; i < PROP_POINTS; i++)
		ns[i] = (uint64_t)llround(1e3 * pow(1e6, i / (PROP_POINTS - 1.0)));
	for (int run = 0; run < sweeps; run++) {
		gsl_ran_shuffle(r, ns, PROP_POINTS, sizeof ns[0]);
		for (int i = 0; i < PROP_POINTS; i++) {
			double t = floor((80 + 0.57 * (double)ns[i]) *
					 (1 - 0.0005 * log(gsl_rng_uniform_pos(r))));
			assert_int_equal(points_add(s, ns[i], t, (uint64_t)t, 1), 0);
			struct spool_record rec = { ns[i], t, at, s->last };
			at += (uint64_t)t + 10;
			assert_int_equal(spool_put(sp, &rec), 0);
		}
	}
	points_sort(s);
	gsl_rng_free(r);
}

/* The fifths agree, by bands that hold the longest runs' scatter (the
 * median height of all the minima had called them apart in 5 of 5
 * seeds); the bounds hold the unit cost (the longest N's minima lie
 * furthest above their floors, beyond the band's W: they had missed it
 * by 2e-7 of it in 4 of 5). */
static void test_proportional(void **state)
{
	(void)state;
	for (unsigned long seed = 1; seed <= 5; seed++) {
		struct point_set s;
		struct spool sp;
		struct interval iv;
		build_proportional(&s, &sp, seed, PROP_SWEEPS);
		struct blocks b = { 0 };
		assert_int_equal(blocks_cut(&sp, &s, PROP_SWEEPS, NULL, NULL, 0, &b), 0);
		struct fifth f[BLOCKS_FIFTHS];
		int lo, hi;
		assert_int_equal(blocks_fifths(&b, &s, 1, f), BLOCKS_FIFTHS);
		if (fifths_drift(f, &lo, &hi))
			fail_msg("seed %lu: fifths %d [%.9g, %.9g] and %d [%.9g, %.9g] apart", seed, lo,
				 f[lo].lo, f[lo].hi, hi, f[hi].lo, f[hi].hi);
		blocks_free(&b);
		bounds(&s, &sp, 1, 1, &iv);
		if (!(iv.slope[0] <= 0.57 && 0.57 <= iv.slope[1]))
			fail_msg("seed %lu: bounds [%.10g, %.10g]", seed, iv.slope[0], iv.slope[1]);
		points_free(&s);
		spool_close(&sp);
	}
}

/* The same with 5 sweeps: too few runs for an N's own floor distance
 * (interval.c, floor_distance); the minima's heights at its length
 * tell it (the bounds had missed the unit cost by 3 to 21 ppm in 6 of
 * these 6 seeds). */
static void test_proportional_few_runs(void **state)
{
	(void)state;
	for (unsigned long seed = 1; seed <= 6; seed++) {
		struct point_set s;
		struct spool sp;
		struct interval iv;
		build_proportional(&s, &sp, seed, PROP_FEW_SWEEPS);
		bounds(&s, &sp, 1, 1, &iv);
		if (!(iv.slope[0] <= 0.57 && 0.57 <= iv.slope[1]))
			fail_msg("seed %lu: bounds [%.10g, %.10g]", seed, iv.slope[0], iv.slope[1]);
		points_free(&s);
		spool_close(&sp);
	}
}

/* npts N (1..npts), 20 shuffled sweeps, a cost of 3000 + 100 N and an
 * exponential excess of mean 100 per run: clean collections of few N. */
static void build_few(struct point_set *s, struct spool *sp, unsigned long seed, int npts)
{
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	points_init(s);
	assert_int_equal(spool_open(sp, s), 0);
	uint64_t ns[16], at = 0;
	for (int i = 0; i < npts; i++)
		ns[i] = (uint64_t)i + 1;
	for (int run = 0; run < 20; run++) {
		gsl_ran_shuffle(r, ns, (size_t)npts, sizeof ns[0]);
		for (int i = 0; i < npts; i++) {
			double t = floor(3000 + 100 * (double)ns[i] + gsl_ran_exponential(r, 100));
			assert_int_equal(points_add(s, ns[i], t, (uint64_t)t, 1), 0);
			struct spool_record rec = { ns[i], t, at, s->last };
			at += (uint64_t)t + 100;
			assert_int_equal(spool_put(sp, &rec), 0);
		}
	}
	points_sort(s);
	gsl_rng_free(r);
}

/* How many of 60 clean collections of npts N have their fifths apart. */
static int fifths_apart(int npts)
{
	int apart = 0;
	for (unsigned long seed = 1; seed <= 60; seed++) {
		struct point_set s;
		struct spool sp;
		build_few(&s, &sp, seed, npts);
		struct blocks b = { 0 };
		assert_int_equal(blocks_cut(&sp, &s, 20, NULL, NULL, 0, &b), 0);
		struct fifth f[BLOCKS_FIFTHS];
		int lo, hi;
		if (blocks_fifths(&b, &s, 1, f) == BLOCKS_FIFTHS)
			apart += fifths_drift(f, &lo, &hi);
		blocks_free(&b);
		points_free(&s);
		spool_close(&sp);
	}
	fprintf(stderr, "fifths apart in %d of 60 clean collections of %d N\n", apart, npts);
	return apart;
}

/* A fifth's band is its slope's to 2 W / span, W the median height of its
 * minima above its line but the two the line rests on (at 0 by
 * construction), taken at its upper bound (HULL_MEDIAN_UPPER_P), and no
 * narrower than the tick band about its line (where it rests on two
 * minima near each other, its slope is known to W over their distance).
 * Over 10 N, fifths of clean collections had been called apart in 5 of
 * 60 seeds here with those zeros; without, none.  Over 8 N, 4 of 60
 * without the zeros alone, 1 with the tick band's too, none with W's
 * upper bound (bench/RESULTS.md, section 6: bench/fewfifths.py's 200 a
 * row, up to 4% before it). */
static void test_fifths_few_n(void **state)
{
	(void)state;
	assert_int_equal(fifths_apart(10), 0);
	assert_int_equal(fifths_apart(8), 0);
}

/* The median's upper bound: the r-th smallest of k, r the least with
 * P(Binomial(k, 1/2) >= r) <= beta; the largest where none is. */
static void test_median_upper(void **state)
{
	(void)state;
	double h[100];
	for (int i = 0; i < 100; i++)	/* 1..100, out of order */
		h[i] = (double)((i * 37) % 100 + 1);
	/* of 6 at 1%: P(6 of 6) = 1/64 > 0.01, so none: the largest over
	 * the 4th */
	double six[6] = { 6, 2, 5, 1, 4, 3 };
	assert_float_equal(scatter_median_upper(six, 6, 0.01), 6.0 / 4, 1e-15);
	/* of 11: P(>= 10) = 12/2048 <= 0.01, P(>= 9) = 67/2048: the 10th
	 * over the 6th */
	double eleven[11] = { 11, 7, 2, 9, 5, 1, 10, 4, 8, 3, 6 };
	assert_float_equal(scatter_median_upper(eleven, 11, 0.01), 10.0 / 6, 1e-15);
	/* of 100 at 1%: the 63rd over the 51st (P(>= 63) = 0.0060,
	 * P(>= 62) = 0.0105) */
	assert_float_equal(scatter_median_upper(h, 100, 0.01), 63.0 / 51, 1e-15);
	/* a median of 0 (minima on the tick's lattice): no factor */
	double zeros[5] = { 0, 0, 0, 1, 2 };
	assert_float_equal(scatter_median_upper(zeros, 5, 0.01), 1, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_holds_truth),
		cmocka_unit_test(test_tick_band),
		cmocka_unit_test(test_drift_widens),
		cmocka_unit_test(test_refits_leave_out_nothing_used),
		cmocka_unit_test(test_minima_on_the_line),
		cmocka_unit_test(test_blocks_minima),
		cmocka_unit_test(test_scatter_line),
		cmocka_unit_test(test_proportional),
		cmocka_unit_test(test_proportional_few_runs),
		cmocka_unit_test(test_fifths_few_n),
		cmocka_unit_test(test_median_upper),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
