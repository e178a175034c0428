/*
 * interval.c - tick band and subsampling (interval.h).
 */
#include "interval.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lvband.h"
#include "rng.h"
#include "scatter.h"
#include "select.h"

double blocks_min(const struct blocks *b, size_t i, const unsigned char *chosen)
{
	double m = INFINITY;
	for (unsigned k = 0; k < b->count; k++)
		if (chosen[k] && blocks_at(b, k, i) < m)
			m = blocks_at(b, k, i);
	return m;
}

double interval_quantile(const double *x, size_t n, double q)
{
	double pos = (double)(n - 1) * q;
	size_t i = (size_t)pos;
	double f = pos - (double)i;
	return i + 1 < n ? x[i] + f * (x[i + 1] - x[i]) : x[n - 1];
}

static int by_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Minimum i above the smallest, exactly where the timings are integers
 * (their doubles lose units beyond 2^53). */
static long double offset_of(const struct point_set *s, size_t i, size_t lowest)
{
	if (s->all_int)
		return (long double)(point_min_int(&s->p[i]) - point_min_int(&s->p[lowest]));
	return (long double)s->p[i].min - (long double)s->p[lowest].min;
}

/* Whether a minimum h above the fitted line bounds the band from below
 * (within w of it, to rounding). */
static int band_supports(double h, double w)
{
	return h <= w * (1 + 1e-9);
}

/* Height of minimum i above the fitted line. */
static double height(const struct point_set *s, const struct lv_line *f, size_t i)
{
	long double y = s->all_int ? (long double)point_min_int(&s->p[i]) : s->p[i].min;
	long double d = s->p[i].n >= f->anchor_n
				? (long double)(s->p[i].n - f->anchor_n)
				: -(long double)(f->anchor_n - s->p[i].n);
	return (double)(y - f->anchor_y - (long double)f->slope * d);
}

/* The median height of the minima above the fitted line (to rounding,
 * it may be below 0); NAN when out of memory. */
static double floor_scatter(const struct point_set *s, const struct lv_line *f)
{
	double *tmp = malloc(s->count * sizeof *tmp);
	if (tmp == NULL)
		return NAN;
	for (size_t i = 0; i < s->count; i++)
		tmp[i] = height(s, f, i);
	/* interval_quantile's median, from the one or two values it takes */
	size_t k = (size_t)((double)(s->count - 1) * 0.5);
	double a = select_kth(tmp, s->count, k), b = select_above(tmp, s->count, k);
	double frac = (double)(s->count - 1) * 0.5 - (double)k;
	double med = k + 1 < s->count ? a + frac * (b - a) : a;
	free(tmp);
	return med;
}

/* The minima's heights as a line in the run's length (scatter.h), but
 * for the two lowest: the minima the line rests on lie on it by
 * construction, not by the noise.  -1 when out of memory. */
static int heights_line(const struct point_set *s, const struct lv_line *f,
			struct scatter_line *out)
{
	size_t n = s->count;
	double *len = malloc((n ? n : 1) * sizeof *len), *h = malloc((n ? n : 1) * sizeof *h);
	int rc = -1;
	if (len != NULL && h != NULL) {
		for (size_t i = 0; i < n; i++)
			len[i] = s->p[i].min, h[i] = height(s, f, i);
		rc = scatter_fit_resting(len, h, n, out);
	}
	free(len), free(h);
	return rc;
}

double interval_band_width(const struct point_set *s, const struct lv_line *f,
			   double tick, size_t *lowest, size_t *support)
{
	size_t n = s->count;
	*lowest = 0;
	*support = 0;
	for (size_t i = 1; i < n; i++)
		if (s->all_int ? point_min_int(&s->p[i]) < point_min_int(&s->p[*lowest])
			       : s->p[i].min < s->p[*lowest].min)
			*lowest = i;
	double w = floor_scatter(s, f);
	if (isnan(w))
		return -1;
	w = w > tick ? w : tick;
	for (size_t i = 0; i < n; i++)
		*support += band_supports(height(s, f, i), w);
	return w;
}

/* The spacings of an N's fastest runs that give its floor's distance:
 * their median is known to a third at 8, and further from the floor the
 * runs' density is no longer flat; an N with fewer runs kept tells none
 * (W alone, as the band was). */
#define FLOOR_SPACINGS 8

/*
 * How far an N's minimum lies above its floor, on average: the spacings
 * of its fastest runs, drawn from a density flat near its floor, are
 * exponential of one mean, the minimum's distance from the floor among
 * them (Renyi 1953); that mean from their median over ln 2, which one
 * interrupted run among them does not move (the mean of 2 spacings of 3
 * runs, half of them stopped for 5000 units, had widened bounds 161
 * times).
 *
 * With fewer than FLOOR_SPACINGS + 1 runs kept, the N cannot tell its
 * own: the minima of its length tell it together, their median height
 * above the line at that length (the heights' line, scatter.h), as W is
 * the median height of all.  Where the noise is added to each run the
 * line is flat at about W and nothing widens (3 of 150 clean streams of
 * bench/falsealarms.py's mix, 5 to 50 runs, had bounds wider, by 13% at
 * most); in proportion to the run, the longest N's minima lie far above
 * W, and a line resting on one had missed the unit cost by 3 to 21 ppm
 * in 6 of 6 seeds with 5 runs an N (test_interval
 * test_proportional_few_runs).
 */
static double floor_distance(const struct point_set *s, size_t i,
			     const struct scatter_line *heights)
{
	const struct point *p = &s->p[i];
	if (p->nbest < FLOOR_SPACINGS + 1)
		return scatter_at(heights, p->min, 0);
	double d[FLOOR_SPACINGS];
	for (unsigned j = 0; j < FLOOR_SPACINGS; j++)
		d[j] = point_best(s, p, j + 1) - point_best(s, p, j);
	double m = select_kth(d, FLOOR_SPACINGS, FLOOR_SPACINGS / 2) / M_LN2;
	return m > 0 && isfinite(m) ? m : 0;
}

/* Symmetric: a one-sided band (true line at or above every minimum near
 * the fit) covered the truth in only 85-92% of synthetic cases, because
 * with few runs at a coarse tick many minima never reach their floor. */
void interval_band_limit(const struct point_set *s, const struct lv_line *f,
			 size_t i, size_t lowest, double w, const struct scatter_line *heights,
			 long double *up, long double *lo)
{
	long double y = offset_of(s, i, lowest);
	double d = floor_distance(s, i, heights);
	*up = y + w;
	*lo = band_supports(height(s, f, i), w) ? y - (d > w ? d : w) : -INFINITY;
}

/* The band (lvband.h), on minima measured from the lowest one and N from
 * the first: small exact numbers where timings or N are near 2^64.  The
 * limits are made point by point: only the hulls' vertices are kept. */
static int band(const struct point_set *s, const struct lv_line *f,
		double tick, struct interval *out)
{
	size_t n = s->count, lowest;
	int rc = -1;
	out->band_width = interval_band_width(s, f, tick, &lowest, &out->band_support);
	if (out->band_width >= 0 && heights_line(s, f, &out->band_heights) != 0)
		out->band_width = -1;
	if (out->band_width >= 0) {
		struct lvband b;
		lvband_init(&b);
		for (size_t i = 0; i < n; i++) {
			long double up, lo;
			interval_band_limit(s, f, i, lowest, out->band_width, &out->band_heights,
					    &up, &lo);
			lvband_add(&b, (long double)(s->p[i].n - s->p[0].n), up, lo);
		}
		long double sl[2], ic[2];
		rc = lvband_solve(&b, -(long double)s->p[0].n, sl, ic);
		lvband_free(&b);
		out->band_ok = rc == 0;
		if (rc == 0) {	/* back from offsets to timings */
			long double y0 = s->all_int ? (long double)point_min_int(&s->p[lowest])
						    : (long double)s->p[lowest].min;
			out->band_slope[0] = (double)sl[0];
			out->band_slope[1] = (double)sl[1];
			out->band_intercept[0] = (double)(y0 + ic[0]);
			out->band_intercept[1] = (double)(y0 + ic[1]);
		} else if (rc > 0) {
			snprintf(out->band_error, sizeof out->band_error,
				 "the tick band has no finite slope range: no minimum near the line bounds it from below on both sides");
			rc = 0;
		}
	}
	return rc;
}

/*
 * Rank of the minimum of m runs drawn without replacement from n: P(rank >
 * k) = prod_{j<k} (n - m - j) / (n - j).
 */
static unsigned subsample_rank(uint64_t n, uint64_t m, struct rng *rng)
{
	double u = rng_uniform(rng), tail = 1;
	unsigned r = 1;
	while (r < POINT_BEST) {
		tail *= (double)(n - m - (r - 1)) / (double)(n - (r - 1));
		if (u >= tail)
			break;
		r++;
	}
	return r;
}

/*
 * Most points lie above every refit's lower hull, far enough that no half
 * of their runs could bring them onto it: a refit needs only the others.
 * A point present in every refit has its resampled minimum at most hi
 * (the largest of its blocks' minima, or its best timing of the largest
 * rank a half of its runs can have as minimum).  Every refit's hull then
 * lies at or below H, the lower hull of those (N, hi).  A point whose
 * minimum is above H is above every refit's hull, never one of its
 * vertices, and leaving it out leaves the hull as it was.  It still
 * counts in the mean N the line rests at (the mean is taken over all).
 */
struct refit_points {
	unsigned char *candidate;	/* can be a vertex of some refit's hull */
	unsigned char *always;		/* present in every refit */
	size_t candidates;
	/* where the sum of the N is exact in any order (below 2^64): the
	 * points a refit must look at, in order, and the sum and count of
	 * the others (present, never a vertex); else vary is NULL */
	uint32_t *vary;
	size_t nvary, nfixed;
	long double fixed_sum;
};

/* A point's resampled minimum, at least lo and (when present) at most hi;
 * always: present in every refit. */
static void resampled_range(const struct point_set *s, const struct blocks *blk, size_t i,
			    int use_blocks, double *lo, double *hi, int *always)
{
	const struct point *p = &s->p[i];
	if (!use_blocks) {
		uint64_t m = (p->count + 1) / 2;
		uint64_t rmax = p->count > 1 ? p->count - m + 1 : 1;
		unsigned r = rmax < p->nbest ? (unsigned)rmax : p->nbest;
		*lo = point_best(s, p, 0);
		*hi = point_best(s, p, r - 1);
		*always = 1;
		return;
	}
	unsigned missing = 0;
	*lo = INFINITY, *hi = -INFINITY;
	for (unsigned k = 0; k < blk->count; k++) {
		double v = blocks_at(blk, k, i);
		if (isinf(v)) {
			missing++;
			continue;
		}
		*lo = v < *lo ? v : *lo;
		*hi = v > *hi ? v : *hi;
	}
	/* a half of the blocks misses all its runs only where half of them
	 * have none */
	*always = missing < blk->count / 2 && *hi > -INFINITY;
}

/* N_i from the first N: exact differences, even where N itself is beyond
 * what a double resolves (near 2^64). */
static double x_of(const struct point_set *s, size_t i)
{
	return (double)(s->p[i].n - s->p[0].n);
}

/* The candidates.  Returns 0, or -1 when out of memory. */
static int refit_points_find(const struct point_set *s, const struct blocks *blk,
			     int use_blocks, struct refit_points *rp)
{
	size_t n = s->count, k = 0, cap = 0;
	double lo, hi, *hx = NULL, *hy = NULL;	/* H's vertices */
	int always, rc = -1;
	rp->candidate = malloc(n);
	rp->always = malloc(n);
	rp->candidates = n;
	if (!rp->candidate || !rp->always)
		return -1;
	for (size_t i = 0; i < n; i++) {
		resampled_range(s, blk, i, use_blocks, &lo, &hi, &always);
		rp->always[i] = (unsigned char)always;
		rp->candidate[i] = 1;
		if (!always)
			continue;
		/* H: the lower hull of the always-present (x, hi), in order */
		double xi = x_of(s, i);
		while (k >= 2) {
			long double cross = ((long double)hx[k - 1] - hx[k - 2]) *
					    ((long double)hi - hy[k - 2]) -
					    ((long double)hy[k - 1] - hy[k - 2]) *
					    ((long double)xi - hx[k - 2]);
			if (cross > 0)
				break;
			k--;
		}
		if (hull_room(&hx, &hy, k, &cap) != 0)
			goto done;
		hx[k] = xi;
		hy[k++] = hi;
	}
	rc = 0;
	if (k < 2)
		goto done;
	size_t e = 0;	/* the edge of H over x_i */
	rp->candidates = 0;
	for (size_t i = 0; i < n; i++) {
		double xi = x_of(s, i);
		if (xi > hx[0] && xi < hx[k - 1]) {
			while (hx[e + 1] < xi)
				e++;
			resampled_range(s, blk, i, use_blocks, &lo, &hi, &always);
			long double h = (long double)hy[e] + ((long double)hy[e + 1] - hy[e]) *
					((long double)xi - hx[e]) / ((long double)hx[e + 1] - hx[e]);
			/* above H by more than its rounding */
			long double margin = 1e-9L * (fabsl(h) + fabsl((long double)lo)) + 1e-300L;
			rp->candidate[i] = !((long double)lo > h + margin);
		}
		rp->candidates += rp->candidate[i];
	}
done:
	free(hx), free(hy);
	return rc;
}

/* The points a refit must look at (for half_of_blocks), where the N's
 * sums are exact: integers in a long double's 64 bits. */
static void refit_points_vary(const struct point_set *s, struct refit_points *rp)
{
	size_t n = s->count;
	if (!((long double)x_of(s, n - 1) * (long double)n < 0x1p63L) || n > UINT32_MAX)
		return;
	rp->vary = malloc((n - rp->nfixed + 1) * sizeof *rp->vary);
	for (size_t i = 0; rp->vary != NULL && i < n; i++) {
		if (rp->always[i] && !rp->candidate[i])
			rp->fixed_sum += x_of(s, i), rp->nfixed++;
		else
			rp->vary[rp->nvary++] = (uint32_t)i;
	}
}

static void refit_points_free(struct refit_points *rp)
{
	free(rp->candidate), free(rp->always), free(rp->vary);
	rp->candidate = rp->always = NULL;
	rp->vary = NULL;
}

/* One refit's minima from a random half of the blocks, of the candidates
 * (compacted into x, y); N absent from the half are left out.  *mean: of
 * every present N's x.  Returns how many points remain. */
static size_t half_of_blocks(const struct point_set *s, const struct blocks *blk,
			     const struct refit_points *rp, struct rng *rng,
			     double *x, double *y, long double *mean)
{
	unsigned char chosen[BLOCKS_MAX];
	rng_choose(rng, chosen, blk->count, blk->count / 2);
	size_t m = 0, present = 0;
	long double sum = 0;
	if (rp->vary != NULL) {	/* the others: present, above every hull */
		sum = rp->fixed_sum, present = rp->nfixed;
		for (size_t k = 0; k < rp->nvary; k++) {
			size_t i = rp->vary[k];
			double v = blocks_min(blk, i, chosen);
			if (isinf(v))
				continue;
			sum += x_of(s, i), present++;
			if (rp->candidate[i])
				x[m] = x_of(s, i), y[m++] = v;
		}
		*mean = present ? sum / (long double)present : 0;
		return m;
	}
	for (size_t i = 0; i < s->count; i++) {
		if (rp->always[i] && !rp->candidate[i]) {
			sum += x_of(s, i), present++;
			continue;
		}
		double v = blocks_min(blk, i, chosen);
		if (isinf(v))
			continue;
		sum += x_of(s, i), present++;
		if (!rp->candidate[i])
			continue;
		x[m] = x_of(s, i);
		y[m++] = v;
	}
	*mean = present ? sum / (long double)present : 0;
	return m;
}

unsigned interval_refits(const struct point_set *s, const struct blocks *blk,
			 unsigned B, unsigned long seed, double *sl, double *ic,
			 unsigned *blocks_used)
{
	size_t n = s->count;
	double *y = NULL, *xh = NULL;
	size_t *work = NULL;
	struct refit_points rp = { 0 };
	struct rng rng_state, *rng = &rng_state;
	unsigned refits = 0;
	int use_blocks = blk != NULL && blk->count >= BLOCKS_MIN && blk->count <= BLOCKS_MAX;
	*blocks_used = use_blocks ? blk->count : 0;
	rng_seed(rng, seed);
	if (refit_points_find(s, blk, use_blocks, &rp) == 0) {
		/* a refit's points: the candidates it holds */
		size_t room = rp.candidates + 1;
		y = malloc(room * sizeof *y);
		xh = malloc(room * sizeof *xh);
		work = malloc(room * sizeof *work);
	}
	if (y && xh && work) {
		uint64_t n0 = s->p[0].n;
		int all_single = 1;
		long double mean_all = 0;
		for (size_t i = 0; i < n; i++) {
			mean_all += x_of(s, i);
			all_single &= s->p[i].count == 1;
		}
		mean_all /= (long double)n;
		if (use_blocks)
			refit_points_vary(s, &rp);
		/* One run per N: every half-sample is the whole, and every
		 * refit the same line; one is enough. */
		unsigned want = all_single ? 1 : B;
		for (unsigned b = 0; b < want; b++) {
			struct lv_line l;
			long double mean = mean_all;
			size_t m = 0;
			if (use_blocks) {
				m = half_of_blocks(s, blk, &rp, rng, xh, y, &mean);
			} else {
				for (size_t i = 0; i < n; i++) {
					const struct point *p = &s->p[i];
					uint64_t half = (p->count + 1) / 2;
					/* drawn for every point: the same refits
					 * whichever are candidates */
					unsigned r = p->count > 1 ? subsample_rank(p->count, half, rng) : 1;
					if (!rp.candidate[i])
						continue;
					xh[m] = x_of(s, i);
					y[m++] = point_best(s, p, (r <= p->nbest ? r : p->nbest) - 1);
				}
			}
			if (m < 2)	/* cannot happen: H's ends are candidates */
				continue;
			hull_least_values_at(xh, y, m, mean, work, &l);
			sl[refits] = l.slope;
			ic[refits++] = (double)((long double)l.intercept -
						(long double)l.slope * (long double)n0);
		}
	}
	refit_points_free(&rp);
	free(y), free(xh), free(work);
	return refits;
}

static int subsample(const struct point_set *s, const struct blocks *blk,
		     unsigned B, unsigned long seed, struct interval *out)
{
	double *sl = malloc(B * sizeof *sl), *ic = malloc(B * sizeof *ic);
	unsigned refits = sl && ic ? interval_refits(s, blk, B, seed, sl, ic, &out->blocks) : 0;
	if (refits > 0) {
		qsort(sl, refits, sizeof *sl, by_double);
		qsort(ic, refits, sizeof *ic, by_double);
		out->sub_slope[0] = interval_quantile(sl, refits, 0.025);
		out->sub_slope[1] = interval_quantile(sl, refits, 0.975);
		out->sub_intercept[0] = interval_quantile(ic, refits, 0.025);
		out->sub_intercept[1] = interval_quantile(ic, refits, 0.975);
	}
	out->replicates = refits;
	out->sub_ok = refits > 0;
	free(sl), free(ic);
	return sl && ic && refits > 0 ? 0 : -1;
}

static void widen(double range[2], double lo, double hi)
{
	range[0] = lo < range[0] ? lo : range[0];
	range[1] = hi > range[1] ? hi : range[1];
}

int interval_band(const struct point_set *s, const struct lv_line *fit, double tick,
		  struct interval *out)
{
	*out = (struct interval){ 0 };
	return band(s, fit, tick, out);
}

int interval_estimate(const struct point_set *s, const struct lv_line *fit,
		      double tick, const struct blocks *blocks,
		      unsigned replicates, unsigned long seed,
		      struct interval *out, char *err, size_t err_len)
{
	if (interval_band(s, fit, tick, out) != 0) {
		snprintf(err, err_len, "out of memory computing the interval");
		return -1;
	}
	return interval_finish(s, fit, blocks, replicates, seed, out, err, err_len);
}

int interval_finish(const struct point_set *s, const struct lv_line *fit,
		    const struct blocks *blocks, unsigned replicates, unsigned long seed,
		    struct interval *out, char *err, size_t err_len)
{
	if (subsample(s, blocks, replicates, seed, out) != 0) {
		snprintf(err, err_len, "out of memory computing the interval");
		return -1;
	}
	/* The fit itself, with its whole slope range when not unique. */
	double icpt_lo = fit->intercept, icpt_hi = fit->intercept;
	if (!fit->unique) {
		double xv = (double)s->p[fit->left].n;
		double yv = fit->intercept + fit->slope * xv;
		icpt_lo = yv - fit->slope_hi * xv;
		icpt_hi = yv - fit->slope_lo * xv;
	}
	out->slope[0] = fit->slope_lo;
	out->slope[1] = fit->slope_hi;
	out->intercept[0] = icpt_lo;
	out->intercept[1] = icpt_hi;
	if (out->band_ok) {
		widen(out->slope, out->band_slope[0], out->band_slope[1]);
		widen(out->intercept, out->band_intercept[0], out->band_intercept[1]);
	}
	widen(out->slope, out->sub_slope[0], out->sub_slope[1]);
	widen(out->intercept, out->sub_intercept[0], out->sub_intercept[1]);
	return 0;
}
