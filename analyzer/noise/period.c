/*
 * period.c - Rayleigh periodogram, coarse to fine.
 */
#include "period.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>


#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "lanes.h"
#include "parallel.h"
#include "periodogram.h"
#include "tunables.h"

enum { MIN_EVENTS = 8, MAX_STAGE_STEPS = 64, MAX_EVENTS = 4096, WINDOW_WORK = 4096 };

#define TWO_PI 6.283185307179586476925286766559L

/* cos and sin of 2 pi x for x in [0, 1), to a few ulps, four at a time
 * (lanes.h): the quadrant, then polynomials on [-pi/4, pi/4] (Taylor, to
 * the 14th and 13th power).  No library call; the periodogram evaluates
 * millions of them.  The quarter turn q (0..4) is y + 1/2 rounded down
 * by adding and taking away 2^52, exactly as a cast would (y + 1/2 lies
 * in [1/2, 4.5)). */
static inline void turn_cos_sin4(const lanes4 *x, lanes4 *c, lanes4 *s)
{
	const lanes4 big = L4(0x1p52), one = L4(1), zero = L4(0);
	lanes4 y = L4(4) * *x, h = y + L4(0.5);
	lanes4 q = (h + big) - big;
	q -= L4_SELECT(q > h, one, zero);
	lanes4 r = (y - q) * L4(1.5707963267948966);
	lanes4 r2 = r * r;
	lanes4 cr = one + r2 * (L4(-1.0 / 2) + r2 * (L4(1.0 / 24) + r2 * (L4(-1.0 / 720) +
		    r2 * (L4(1.0 / 40320) + r2 * (L4(-1.0 / 3628800) + r2 * (L4(1.0 / 479001600) +
		    r2 * L4(-1.0 / 87178291200.0)))))));
	lanes4 sr = r * (one + r2 * (L4(-1.0 / 6) + r2 * (L4(1.0 / 120) + r2 * (L4(-1.0 / 5040) +
		    r2 * (L4(1.0 / 362880) + r2 * (L4(-1.0 / 39916800) + r2 * L4(1.0 / 6227020800.0)))))));
	/* the quadrant m = q mod 4: 4 is 0 */
	lanes4_mask m1 = q == one, m2 = q == L4(2), m3 = q == L4(3);
	*c = L4_SELECT(m1, -sr, L4_SELECT(m2, -cr, L4_SELECT(m3, sr, cr)));
	*s = L4_SELECT(m1, cr, L4_SELECT(m2, -sr, L4_SELECT(m3, -cr, sr)));
}

/* The fraction of a turn x, four at a time, in place (times are
 * relative to the first, so that x stays below 2^30 or so, good to 1e-7
 * of a turn at worst); 0 beyond 2^52, where no fraction is left
 * (lanes_floor's rounding, four wide).  (Four lanes go by pointer:
 * lanes.h.) */
static inline void turn_fraction4(lanes4 *x)
{
	const lanes4 big = L4(0x1p52), one = L4(1), zero = L4(0);
	lanes4 v = *x;
	lanes4_mask in = (v > -big) & (v < big);
	lanes4 b = L4_SELECT(v < zero, -big, big);
	lanes4 w = (v + b) - b;
	w -= L4_SELECT(w > v, one, zero);
	*x = L4_SELECT(in, v - w, zero);
}

/* Events four at a time from t[i], less t0, into x (0 past the k-th: a
 * lane that adds nothing is set apart by the caller). */
static inline void four_from(const double *t, size_t i, size_t k, double t0, lanes4 *x)
{
	for (int l = 0; l < 4; l++)
		(*x)[l] = i + (size_t)l < k ? t[i + (size_t)l] - t0 : 0;
}

/* Z at period p over times[0..k): each event's turn four at a time, their
 * cosines and sines summed in the events' order. */
LANES_CLONES
static double rayleigh(const double *t, size_t k, double p, double *phase)
{
	double c = 0, s = 0;
	for (size_t i = 0; i < k; i += 4) {
		/* the fraction of a period: times are relative to the
		 * collection's start, so t / p stays below 2^30 or so, and
		 * its fraction is good to 1e-7 of a turn at worst */
		lanes4 x, ci, si;
		four_from(t, i, k, 0, &x);
		x /= L4(p);
		turn_fraction4(&x);
		turn_cos_sin4(&x, &ci, &si);
		for (size_t l = 0; l < 4 && i + l < k; l++) {
			c += ci[l];
			s += si[l];
		}
	}
	if (phase) {
		double ang = atan2(s, c);
		*phase = (double)((ang < 0 ? ang + TWO_PI : ang) / TWO_PI * p);
	}
	return (c * c + s * s) / (double)k;
}

/* Events a scan takes side by side: four sets of four lanes, so that
 * the rotations' chains (a product and a sum each step) overlap. */
enum { LANES = 16, SETS = LANES / 4 };

/* Z at the frequencies f0 + j df, j < count (at most MAX_STAGE_STEPS + 1),
 * over times[0..k), into z[]: a scan uniform in frequency turns each
 * event's phase by the same angle from one frequency to the next, so the
 * phases come from one rotation each (a complex product) instead of a
 * cosine and a sine per frequency, LANES events at a time.  Each lane
 * keeps its own sums, added together at the end.  The rotations'
 * rounding, a few ulps a step, stays far below the Z that matter. */
LANES_CLONES
static void scan_z(const double *t, size_t k, double f0, double df, int count,
		   double *z)
{
	lanes4 C[MAX_STAGE_STEPS + 1], S[MAX_STAGE_STEPS + 1];
	for (int j = 0; j < count; j++)
		C[j] = S[j] = L4(0);
	for (size_t i = 0; i < k; i += LANES) {
		lanes4 c[SETS], s[SETS], rc[SETS], rs[SETS];
		for (int q = 0; q < SETS; q++) {
			size_t at = i + 4 * (size_t)q;
			lanes4 x, a, d;
			four_from(t, at, k, t[0], &x);
			a = x * L4(f0), d = x * L4(df);
			turn_fraction4(&a);
			turn_fraction4(&d);
			turn_cos_sin4(&a, &c[q], &s[q]);
			turn_cos_sin4(&d, &rc[q], &rs[q]);
			/* past the last: adds nothing, turns by nothing */
			for (int l = 0; l < 4; l++)
				if (at + (size_t)l >= k)
					c[q][l] = s[q][l] = rs[q][l] = 0, rc[q][l] = 1;
		}
		for (int j = 0; j < count; j++) {
			C[j] += (c[0] + c[1]) + (c[2] + c[3]);
			S[j] += (s[0] + s[1]) + (s[2] + s[3]);
			for (int q = 0; q < SETS; q++) {
				lanes4 cn = c[q] * rc[q] - s[q] * rs[q];
				s[q] = c[q] * rs[q] + s[q] * rc[q];
				c[q] = cn;
			}
		}
	}
	for (int j = 0; j < count; j++) {
		double cs = (C[j][0] + C[j][1]) + (C[j][2] + C[j][3]);
		double ss = (S[j][0] + S[j][1]) + (S[j][2] + S[j][3]);
		z[j] = (cs * cs + ss * ss) / (double)k;
	}
}

/* Events within the first span of time. */
static size_t within(const double *t, size_t k, double span)
{
	size_t m = 0;
	while (m < k && t[m] - t[0] <= span)
		m++;
	return m;
}

/* The vertex of the parabola through Z at the frequencies 1/p - d, 1/p,
 * 1/p + d, where d = h / p^2 (a step of h in period): the peak between
 * the last scan's steps, as a period. */
static double parabola(const double *t, size_t k, double p, double h,
		       size_t *tried)
{
	double z[3], f = 1 / p, d = h * f * f;
	scan_z(t, k, f - d, d, 3, z);
	*tried += 3;
	double a = z[0], b = z[1], c = z[2], den = a - 2 * b + c;
	if (!(den < 0) || b < a || b < c)
		return p;
	return 1 / (f + d * (a - c) / (2 * den));
}

/* Refine a candidate p0: scan +-5%, then narrower windows with ever more
 * of the time span.  Returns the best period; counts the periods tried. */
static double refine(const double *t, size_t k, double p0, double *z,
		     size_t *tried)
{
	double total = t[k - 1] - t[0], best = p0, span = 20 * p0;
	double half = 0.05 * p0;
	for (;;) {
		if (span > total)
			span = total;
		size_t m = within(t, k, span);
		double step = best * best / (8 * span);
		if (step > half / 8)
			step = half / 8;
		/* a stretch with a handful of events says nothing of the
		 * period (one event locks to every period, and its Z is flat):
		 * the candidate stands, as unsure as it was, until a longer
		 * one tells */
		if (m < MIN_EVENTS && span < total) {
			span *= 4;
			continue;
		}
		/* best +- half in period, in steps uniform in frequency of
		 * one step in period at best: all of it, in scans of at most
		 * MAX_STAGE_STEPS + 1 (after stages passed over, the window
		 * is still as wide as it was, and the steps finer) */
		/* bounded work: steps x events at most WINDOW_WORK (a scan
		 * of 32 steps either side at least) */
		double steps_max = fmax(MAX_STAGE_STEPS / 2, WINDOW_WORK / (double)m);
		if (half / step > steps_max)
			step = half / steps_max;
		/* at most steps_max (step was set so), compared before the
		 * cast: NaN (a step of no number, from a span of infinite
		 * units) scans none */
		double steps = half / step + 1e-9;
		long w = steps >= 0 && steps <= steps_max + 1 ? (long)steps : 0;
		double f = 1 / best, d = step * f * f, zs[MAX_STAGE_STEPS + 1];
		double bz = -1;
		long bj = 0;
		for (long j0 = -w; j0 <= w; j0 += MAX_STAGE_STEPS + 1) {
			long count = w - j0 + 1 < MAX_STAGE_STEPS + 1 ? w - j0 + 1
								    : MAX_STAGE_STEPS + 1;
			scan_z(t, m, f + (double)j0 * d, d, (int)count, zs);
			*tried += (size_t)count;
			for (long j = 0; j < count; j++)
				if (zs[j] > bz || (zs[j] == bz && labs(j0 + j) < labs(bj))) {
					bz = zs[j];
					bj = j0 + j;
				}
		}
		best = 1 / (f + (double)bj * d);
		if (span >= total) {
			best = parabola(t, k, best, step, tried);
			break;
		}
		half = 4 * step;
		span *= 4;
	}
	*z = rayleigh(t, k, best, NULL);
	return best;
}

/*
 * The most frequent gap between events, in bins 2% wide: when an interrupt
 * is caught in period after period, its period; bursts of disturbed runs
 * spread their short gaps over many bins.  gap is sorted.
 */
static double mode_of(const double *gap, size_t g)
{
	double best = gap[g / 2];
	size_t best_count = 0, j = 0;
	for (size_t i = 0; i < g; i++) {
		while (gap[j] < gap[i] / 1.02)
			j++;
		if (i - j + 1 > best_count) {	/* gaps in (gap[i]/1.02, gap[i]] */
			best_count = i - j + 1;
			best = gap[(i + j) / 2];
		}
	}
	return best;
}

/* Times locked to p are locked as well to p / 7 (any fraction): report
 * the longest multiple k p (k <= 8) that locks nearly as well.  Times of
 * a true period p do not lock to 2 p: half fall at each phase. */
static double longest_multiple(const double *t, size_t k, double p, double z,
			       size_t *tried)
{
	/* p is already pinned over the whole span, so m p is as exact: no
	 * search (a search from a short stretch wanders when events are
	 * sparse: one in twenty periods). */
	double best = p;
	for (int m = 2; m <= 8; m++) {
		double zm = rayleigh(t, k, m * p, NULL);
		(*tried)++;
		if (zm >= 0.9 * z)
			best = m * p;
	}
	if (best != p) {	/* polish the multiple at the peak's width */
		double total = t[k - 1] - t[0];
		best = parabola(t, k, best, best * best / (8 * total), tried);
	}
	return best;
}

/* Disturbances may come at several fixed offsets within a longer cycle
 * (here: several phases of the 4 ms timer, all near a 0.5 ms grid): the
 * strongest period is then a fraction of the cycle.  Report also the
 * longest multiple m p (m <= 16) that still locks, coherence >= 0.5. */
static void longer_period(const double *t, size_t k, struct period_result *out,
			  size_t tried)
{
	for (int m = 16; m >= 2; m--) {
		double z, q = refine(t, k, m * out->period, &z, &tried);
		double coherence = sqrt(z / (double)k);
		if (coherence >= 0.5 && (log((double)tried) - z) / log(10.0) < -6) {
			out->longer = q;
			out->longer_coherence = coherence;
			return;
		}
	}
}

/* At most MAX_EVENTS times, evenly thinned: the same span, a bounded
 * cost.  Returns the count; *owned is the copy to free, if any. */
static size_t thin(const double **t, size_t k, double **owned)
{
	*owned = NULL;
	int sorted = 1;
	for (size_t i = 1; i < k && sorted; i++)
		sorted = (*t)[i] >= (*t)[i - 1];
	if (sorted && k <= MAX_EVENTS)
		return k;
	/* in time order (start times need not come in it: other tools'
	 * columns, a stream edited by hand), every step-th of them */
	double *c = malloc(k * sizeof *c);
	if (c == NULL)
		return sorted ? k : 0;
	memcpy(c, *t, k * sizeof *c);
	if (!sorted)
		gsl_sort(c, 1, k);
	size_t step = (k + MAX_EVENTS - 1) / MAX_EVENTS, m = 0;
	for (size_t i = 0; i < k; i += step)
		c[m++] = c[i];
	*t = c;
	*owned = c;
	return m;
}

/* How many of PERIOD_NULL_SUBSETS random k-subsets of the starts lock to
 * p at least as strongly (Rayleigh Z) as the events' z. */
static int null_exceeded(const double *starts, size_t nstarts, size_t k,
			 double p, double z)
{
	double *pool = malloc(nstarts * sizeof *pool), *sub = malloc(k * sizeof *sub);
	int count = 0;
	uint64_t x = 0x9e3779b97f4a7c15u;	/* xorshift: reproducible */
	if (pool == NULL || sub == NULL) {
		free(pool), free(sub);
		return -1;
	}
	memcpy(pool, starts, nstarts * sizeof *pool);
	for (int b = 0; b < PERIOD_NULL_SUBSETS; b++) {
		for (size_t i = 0; i < k; i++) {	/* partial Fisher-Yates */
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			size_t j = i + (size_t)(x % (nstarts - i));
			double tmp = pool[i];
			pool[i] = pool[j];
			pool[j] = tmp;
			sub[i] = pool[i];
		}
		count += rayleigh(sub, k, p, NULL) >= z;
	}
	free(pool), free(sub);
	return count;
}

/* The candidates refined, each on its own (parallel.h: the cores share
 * them, each result in its own place): periods, their Z, and the
 * periods each tried. */
struct refines {
	const double *t;
	size_t k, count;
	double c[3 * 8 + PERIODOGRAM_CANDIDATES];
	double p[3 * 8 + PERIODOGRAM_CANDIDATES], z[3 * 8 + PERIODOGRAM_CANDIDATES];
	size_t tried[3 * 8 + PERIODOGRAM_CANDIDATES];
};

static void refine_one(void *ctx, unsigned worker, size_t i)
{
	(void)worker;
	struct refines *r = ctx;
	r->tried[i] = 0;
	r->p[i] = refine(r->t, r->k, r->c[i], &r->z[i], &r->tried[i]);
}

static void detect(const double *t, size_t k, const double *starts, size_t nstarts,
		   double min_period, struct period_fft *fft, struct period_result *out)
{
	*out = (struct period_result){ 0 };
	out->null_exceeded = -1;
	out->events = k;
	if (k < MIN_EVENTS)
		return;
	double *owned;
	k = thin(&t, k, &owned);
	if (k < MIN_EVENTS) {	/* memory ran out */
		free(owned);
		return;
	}
	double *gap = malloc((k - 1) * sizeof *gap);
	if (gap == NULL) {
		free(owned);
		return;
	}
	size_t g = 0;
	for (size_t i = 1; i < k; i++)
		if (t[i] > t[i - 1])
			gap[g++] = t[i] - t[i - 1];
	if (g < MIN_EVENTS - 1) {
		free(gap);
		free(owned);
		return;
	}
	gsl_sort(gap, 1, g);
	/* Candidates: the gaps that recur (the mode) and typical ones, each
	 * divided by 1..8; and the periodogram's peaks (fft_candidates: a
	 * sparse source, caught in one period of twenty, shows there).  Not
	 * the smallest gaps: between two sources' events they divide both
	 * periods' marks, and times read to a tick lock to such a common
	 * fraction more strongly than to either source. */
	double mode = mode_of(gap, g);
	double base[3] = { mode,
			   gsl_stats_quantile_from_sorted_data(gap, 1, g, 0.25),
			   gsl_stats_median_from_sorted_data(gap, 1, g) };
	free(gap);

	size_t tried = 0, tested;
	double best_p = 0, best_z = -1, best_s = -1, cand[PERIODOGRAM_CANDIDATES];
	struct level_curve level;
	size_t nc = periodogram_candidates(t, k, min_period, fft, cand, &tested, &level);
	tried += tested;
	/* P(Z > z) = exp(-z) for random times.  Events that come in
	 * clusters of m (a stop that interrupts m runs in a row, a machine
	 * busy for a while) are no random times: their power has a mean of
	 * m or so at every frequency below the clusters' width, and Z is
	 * exponential of that mean.  So each candidate's Z is judged over
	 * the periodogram's own level about its period (1 at least: events
	 * more regular than random are judged as random): under heavy
	 * clusters a sharp source stands out at its harmonics, above their
	 * width, where it would not at its fundamental. */
	struct refines r = { .t = t, .k = k };
	for (int b = 0; b < 3 + (int)nc; b++)
		for (int d = 1; d <= (b < 3 ? 8 : 1); d++) {
			double c = (b < 3 ? base[b] : cand[b - 3]) / d;
			if (c >= min_period)
				r.c[r.count++] = c;
		}
	parallel_for(r.count, parallel_workers(), refine_one, &r);
	for (size_t i = 0; i < r.count; i++) {
		double z = r.z[i], p = r.p[i];
		tried += r.tried[i];
		double sc = z / fmax(1, periodogram_level_at(&level, level.bin_span / p));
		/* a harmonic (p/2) locks as well as p: prefer the longest
		 * period unless a shorter one is clearly stronger */
		if (sc > 1.1 * best_s || (sc > 0.9 * best_s && p > best_p)) {
			best_s = sc;
			best_z = z;
			best_p = p;
		}
	}
	if (!(best_p > 0)) {
		free(owned);
		return;
	}
	out->background = fmax(1, periodogram_level_at(&level, level.bin_span / best_p));
	best_p = longest_multiple(t, k, best_p, best_z, &tried);
	out->period = best_p;
	out->z = rayleigh(t, k, best_p, &out->phase);
	out->coherence = sqrt(out->z / (double)k);
	/* the chance: of the strongest over its level, times the periods
	 * tried */
	out->log10_p = (log((double)tried) - best_s) / log(10.0);
	out->found = out->log10_p < PERIOD_LOG10_P;
	if (out->found && starts != NULL && nstarts > k) {
		out->null_exceeded = null_exceeded(starts, nstarts, k, best_p, out->z);
		out->found = out->null_exceeded >= 0 && out->null_exceeded <= PERIOD_NULL_LOCKED_MAX;
	}
	if (out->found)
		longer_period(t, k, out, tried);
	free(owned);
}

void period_detect(const double *t, size_t k, const double *starts,
		   size_t nstarts, double min_period, struct period_fft *fft,
		   struct period_result *out)
{
	struct period_fft own = { 0 };
	detect(t, k, starts, nstarts, min_period, fft != NULL ? fft : &own, out);
	period_fft_free(&own);
}

double period_events_needed(double log10_bound)
{
	double tried = (double)(PERIODOGRAM_BINS_MAX / 4 - 4);
	return log(tried) - log10_bound * log(10.0);
}
