/*
 * hinge_rate.c - how often the bend test (analyzer/fit/hinge.h) calls a
 * linear cost bent, at chances of 1e-2, 1e-3 and 1e-4 allowed, by the
 * count of N: the rate its Chernoff bound promises holds for a scatter of
 * known scale, and this measures it with the scale estimated.
 *
 *     build/bench/hinge_rate [SETS [SEED]]
 *
 * For each count of N (16 to 200) and each kind of noise, SETS linear
 * collections: N over 10 to 1000 times the first (even or geometric,
 * alternately), 5 to 50 runs, each run's excess exponential of mean
 * - "absolute": a tenth of a tick to 10 ticks (a tick of 1, or 10 to 1000
 *   units: the minima on its lattice), or
 * - "relative": 0.02% to 2% of the run (a tick of 1), or
 * - "both": one of each;
 * read at random phases of the tick, the bounds from the subsampling of
 * runs (as test_linearity).  Each row: the sets, and how many were called
 * bent at each chance (no bend too small to matter is left out here).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "hinge.h"
#include "hull.h"
#include "interval.h"

enum { KINDS = 3 };
static const char *const kind_name[KINDS] = { "absolute", "relative", "both" };

/* One linear collection of npts N into s; returns its tick. */
static double collect(gsl_rng *r, size_t npts, int kind, int geometric, struct point_set *s)
{
	unsigned runs = 5 + (unsigned)gsl_rng_uniform_int(r, 46);
	double n0 = 1 + floor(999 * gsl_rng_uniform(r)), n1 = n0 * pow(10, 1 + 2 * gsl_rng_uniform(r));
	double tick = kind != 1 && gsl_rng_uniform(r) < 0.5 ? pow(10, 1 + 2 * gsl_rng_uniform(r)) : 1;
	double slope = tick * pow(10, log10(50) + (5 - log10(50)) * gsl_rng_uniform(r)) / (n1 - n0);
	double jitter = kind == 1 ? 0 : tick * pow(10, -1 + 2 * gsl_rng_uniform(r));
	double prop = kind == 0 ? 0 : 2e-4 * pow(10, 2 * gsl_rng_uniform(r));
	points_init(s);
	for (unsigned k = 0; k < runs; k++)
		for (size_t i = 0; i < npts; i++) {
			double f = (double)i / (double)(npts - 1);
			uint64_t n = (uint64_t)llround(geometric ? n0 * pow(n1 / n0, f) : n0 + f * (n1 - n0));
			double c = 200 + slope * (double)n, d = c + gsl_ran_exponential(r, jitter + prop * c);
			double u = tick * gsl_rng_uniform(r);
			double v = tick * (floor((u + d) / tick) - floor(u / tick));
			if (points_add(s, n, v, (uint64_t)v, 1) != 0)
				exit(1);
		}
	points_sort(s);
	return tick;
}

/* The most significant bend's log10 chance (0: none at 1e-2). */
static double one_set(gsl_rng *r, size_t npts, int kind, int geometric)
{
	struct point_set s;
	double tick = collect(r, npts, kind, geometric, &s);
	size_t n = s.count;
	struct lv_line l;
	struct interval iv;
	char err[256];
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), lp = 0;
	size_t *bucket = malloc(n * sizeof *bucket);
	struct hinge_bend h = { 0 };
	if (!x || !y || !bucket || hull_least_values(&s, &l) != 0 ||
	    interval_estimate(&s, &l, tick, NULL, 200, 1, &iv, err, sizeof err) != 0)
		exit(1);
	for (size_t i = 0; i < n; i++) {
		x[i] = (double)(s.p[i].n - s.p[0].n);
		y[i] = s.p[i].min - s.p[0].min;
	}
	if (hinge_find(&s, NULL, n, tick, l.slope, iv.slope[0], iv.slope[1], 0, 1e-2, x, y, bucket,
		       &h) != 0)
		exit(1);
	if (h.found)
		lp = h.log10_p;
	free(x), free(y), free(bucket);
	points_free(&s);
	return lp;
}

int main(int argc, char **argv)
{
	long sets = argc > 1 ? strtol(argv[1], NULL, 10) : 2000;
	unsigned long seed = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
	static const size_t counts[] = { 16, 20, 24, 28, 32, 48, 64, 100, 200 };
	gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, seed);
	printf("| N | noise | sets | bent at 1e-2 | at 1e-3 | at 1e-4 |\n|---|---|---|---|---|---|\n");
	for (size_t c = 0; c < sizeof counts / sizeof *counts; c++)
		for (int kind = 0; kind < KINDS; kind++) {
			long at[3] = { 0 };
			for (long k = 0; k < sets; k++) {
				double lp = one_set(r, counts[c], kind, (int)(k % 2));
				for (int j = 0; j < 3; j++)
					at[j] += lp < -2 - j;
			}
			printf("| %zu | %s | %ld | %ld | %ld | %ld |\n", counts[c], kind_name[kind], sets,
			       at[0], at[1], at[2]);
			fflush(stdout);
		}
	gsl_rng_free(r);
	return 0;
}
