/*
 * periodogram.c - the periodogram of events' times, its level, and its
 * highest peaks (periodogram.h).
 */
#include "periodogram.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_statistics_double.h>

#include "parallel.h"

enum { LEVEL_BINS_MIN = 16 };

_Static_assert(PERIODOGRAM_BINS_MAX == PERIODOGRAM_BINS_MIN << 8,
	       "struct period_fft holds a plan for each of 9 sizes");

static size_t fft_bins(double span, double min_period)
{
	size_t M = PERIODOGRAM_BINS_MIN;
	while (M < PERIODOGRAM_BINS_MAX && !((double)M * min_period >= 4 * span))
		M *= 2;
	return M;
}

/* The half octaves' medians, shared among the cores (parallel.h): each
 * copies its own bins to its own stretch of the scratch. */
struct level_parts {
	const double *x;
	double *scratch;
	size_t lo, from[64], to[64], order[64];
	struct level_curve *lc;
};

static void level_part(void *ctx, unsigned worker, size_t i)
{
	(void)worker;
	struct level_parts *q = ctx;
	size_t h = q->order[i], a = q->from[h], b = q->to[h];
	double *s = q->scratch + (a - q->lo);
	memcpy(s, q->x + a, (b - a) * sizeof *s);
	q->lc->med[h] = gsl_stats_median(s, 1, b - a) / M_LN2;
}

static void level_fit(const double *x, size_t lo, size_t hi, double *scratch,
		      struct level_curve *lc)
{
	struct level_parts q = { .x = x, .scratch = scratch, .lo = lo, .lc = lc };
	lc->nb = 0;
	for (size_t a = lo; a <= hi && lc->nb < sizeof lc->mid / sizeof lc->mid[0];) {
		size_t b = (size_t)((double)a * M_SQRT2);
		b = b < a + LEVEL_BINS_MIN ? a + LEVEL_BINS_MIN : b;
		b = b > hi + 1 || hi + 1 - b < LEVEL_BINS_MIN ? hi + 1 : b;
		q.from[lc->nb] = a, q.to[lc->nb] = b;
		lc->mid[lc->nb++] = log(sqrt((double)a * (double)(b - 1)));
		a = b;
	}
	/* the half octaves every other from the widest down, then the rest:
	 * the cores' contiguous parts of that order hold alike numbers of
	 * bins (the widest half octave holds 3 of 10) */
	size_t k = 0;
	for (size_t h = lc->nb; h-- > 0;)
		if ((lc->nb - 1 - h) % 2 == 0)
			q.order[k++] = h;
	for (size_t h = lc->nb; h-- > 0;)
		if ((lc->nb - 1 - h) % 2 == 1)
			q.order[k++] = h;
	parallel_for(lc->nb, parallel_workers(), level_part, &q);
	for (size_t h = 0; h < lc->nb; h++)
		lc->log_med[h] = log(lc->med[h]);
}

/* The level at log frequency f, between the middles of i and i + 1 (or
 * at the first's or the last's, beyond them), in log-log. */
static double level_between(const struct level_curve *lc, size_t i, double f)
{
	if (f <= lc->mid[0] || lc->nb == 1)
		return lc->med[0];
	if (i + 1 >= lc->nb)
		return lc->med[lc->nb - 1];
	if (!(lc->med[i] > 0) || !(lc->med[i + 1] > 0))
		return fmax(lc->med[i], lc->med[i + 1]);
	return exp(lc->log_med[i] + (f - lc->mid[i]) / (lc->mid[i + 1] - lc->mid[i]) *
					     (lc->log_med[i + 1] - lc->log_med[i]));
}

/* The level at bin j; 1 where there is none. */
double periodogram_level_at(const struct level_curve *lc, double j)
{
	if (lc->nb == 0 || !(j > 0))
		return 1;
	double f = log(j);
	size_t i = 0;
	while (i + 1 < lc->nb && lc->mid[i + 1] <= f)
		i++;
	return level_between(lc, i, f);
}

/*
 * x[lo..hi], the power, over its level about each frequency (lc, fitted
 * here); returns the highest.  Random times give a power of mean 1 at
 * every frequency, but events whose rate swings slowly (the share of the
 * runs in which the jitter lets a cost be seen moves with the machine's
 * load), or that come in clusters, give the low frequencies far more,
 * and the highest peak is then a swing's, with a source's peak below
 * half of it.  The level is each half octave's median power (at least
 * LEVEL_BINS_MIN bins: a median of 16 exponential values is known to
 * about a quarter), over ln 2 (an exponential's median is ln 2 of its
 * mean), interpolated in log frequency between the half octaves'
 * middles: a line, a few bins wide, never moves a median of a half
 * octave, while the swings' power, falling as a power of the frequency,
 * changes by a factor of 2 or so across one.  scratch holds hi - lo + 1
 * values.
 */
/* The power over its level at bin j: x[j] over the level there, as it
 * is (a level not above 0 divides nothing). */
static double over_level(const double *x, const struct level_curve *lc, size_t j)
{
	double lv = periodogram_level_at(lc, (double)j);
	return lv > 0 ? x[j] / lv : x[j];
}

/*
 * The power over its level is taken only where it could matter: at the
 * highest and at the peaks of half the highest or more, a few bins in a
 * thousand (the level at a bin is a log and an exp: at every bin of 2^18,
 * for every search, it had been a tenth of analyze's time).  Each block
 * of LEVEL_BLOCK bins has a floor, a level no higher than any of its
 * bins': the level is a line in log-log between the half octaves'
 * middles, so that over a block it lies above the least of its value at
 * the block's ends and the middles' medians within it (less a millionth,
 * for the rounding of the log and exp).  A bin whose power over that
 * floor is below what is sought is below it over its own level too.
 * Where a median is not above 0 (the level then takes the larger of two
 * medians, no line), every bin is taken.
 */
enum { LEVEL_BLOCK = 256, LEVEL_BLOCKS = PERIODOGRAM_BINS_MAX / 4 / LEVEL_BLOCK + 1 };

struct level_floors {
	size_t lo, hi, count;
	double floor[LEVEL_BLOCKS];	/* 0: none known, every bin taken */
	double bound[LEVEL_BLOCKS];	/* the block's highest over its floor */
	size_t at[LEVEL_BLOCKS];	/* the block's highest power's bin */
};

static void level_floors(const double *x, size_t lo, size_t hi, const struct level_curve *lc,
			 struct level_floors *fl)
{
	int lined = lc->nb > 0;
	for (size_t h = 0; h < lc->nb; h++)
		lined &= lc->med[h] > 0 && isfinite(lc->med[h]);
	fl->lo = lo, fl->hi = hi;
	fl->count = (hi + 1 - lo + LEVEL_BLOCK - 1) / LEVEL_BLOCK;
	for (size_t b = 0; b < fl->count; b++) {
		size_t a = lo + b * LEVEL_BLOCK, e = a + LEVEL_BLOCK - 1 > hi ? hi : a + LEVEL_BLOCK - 1;
		double top = 0;
		fl->at[b] = a;
		for (size_t j = a; j <= e; j++)
			if (x[j] > top)
				top = x[j], fl->at[b] = j;
		double m = fmin(periodogram_level_at(lc, (double)a), periodogram_level_at(lc, (double)e));
		double fa = log((double)a), fe = log((double)e);
		for (size_t h = 0; h < lc->nb; h++)
			if (lc->mid[h] > fa && lc->mid[h] < fe)
				m = fmin(m, lc->med[h]);
		fl->floor[b] = lined && m > 0 && isfinite(m) ? m * (1 - 1e-6) : 0;
		fl->bound[b] = fl->floor[b] > 0 ? top / fl->floor[b] : INFINITY;
	}
}

/* Whether bin j's power over its level could be at least v. */
static int could_reach(const double *x, const struct level_floors *fl, size_t j, double v)
{
	size_t b = (j - fl->lo) / LEVEL_BLOCK;
	return fl->floor[b] == 0 || (fl->bound[b] >= v && x[j] / fl->floor[b] >= v);
}

/* The level fitted (into lc) and the highest power over it in x[lo..hi],
 * with the floors of its blocks; 0 where no level was fitted. */
static double level_top(const double *x, size_t lo, size_t hi, double *scratch,
			struct level_curve *lc, struct level_floors *fl)
{
	level_fit(x, lo, hi, scratch, lc);
	level_floors(x, lo, hi, lc, fl);
	if (lc->nb == 0)	/* no level: the power as it is, no highest */
		return 0;
	/* a first highest from each block's highest power, then the bins
	 * that could pass it */
	double top = 0;
	for (size_t b = 0; b < fl->count; b++) {
		double v = over_level(x, lc, fl->at[b]);
		top = v > top ? v : top;
	}
	for (size_t j = lo; j <= hi; j++)
		if (could_reach(x, fl, j, top)) {
			double v = over_level(x, lc, j);
			top = v > top ? v : top;
		}
	return top;
}

void period_fft_free(struct period_fft *f)
{
	free(f->x);
	for (size_t i = 0; i < sizeof f->table / sizeof f->table[0]; i++)
		fft_table_free(&f->table[i]);
	*f = (struct period_fft){ 0 };
}

/* f ready for M bins (a power of two, PERIODOGRAM_BINS_MIN to
 * PERIODOGRAM_BINS_MAX; x zeroed): the index of M's table, or -1 where
 * memory ran out. */
static int fft_ready(struct period_fft *f, size_t M)
{
	int i = 0;
	while (((size_t)PERIODOGRAM_BINS_MIN << i) < M)
		i++;
	if (f->room < M) {
		free(f->x);
		f->x = malloc(M * sizeof *f->x);
		f->room = f->x != NULL ? M : 0;
	}
	if (f->table[i].w == NULL && fft_table_init(&f->table[i], M) != 0)
		return -1;
	if (f->room == 0)
		return -1;
	memset(f->x, 0, M * sizeof *f->x);
	return i;
}

size_t periodogram_candidates(const double *t, size_t k, double min_period,
			      struct period_fft *f, double *cand, size_t *tested,
			      struct level_curve *lc)
{
	double span = t[k - 1] - t[0];
	size_t got = 0;
	*tested = 0;
	lc->nb = 0;
	lc->bin_span = 0;
	if (!(span > 0))
		return 0;
	size_t M = fft_bins(span, min_period);
	int plan = fft_ready(f, M);
	if (plan < 0)
		return 0;
	double *x = f->x;
	/* the span a little wider, so the last event falls in a bin */
	double w = span * (1 + 1e-9) / (double)M;
	for (size_t i = 0; i < k; i++) {
		double b = (t[i] - t[0]) / w;	/* compared before the cast */
		x[fft_slot(&f->table[plan], b >= 0 && b < (double)M ? (size_t)b : M - 1)] += 1;
	}
	size_t lo = 4, hi = M / 4;
	/* the power at each frequency, in place */
	fft_power(&f->table[plan], x, lo, hi, (double)k);
	/* over the power's own level (x[hi + 1 ..] is free now) */
	struct level_floors fl;
	double top = level_top(x, lo, hi, x + hi + 1, lc, &fl);
	lc->bin_span = span * (1 + 1e-9);
	/* the peaks with half the highest's or more, the lowest
	 * frequencies first: a sharp source's harmonics are all as high as
	 * its fundamental, and the fundamental the lowest of them */
	for (size_t j = lo + 1; j < hi && got < PERIODOGRAM_CANDIDATES; j++)
		if (could_reach(x, &fl, j, top / 2)) {
			double v = over_level(x, lc, j);
			if (v >= over_level(x, lc, j - 1) && v > over_level(x, lc, j + 1) && v >= top / 2)
				cand[got++] = span * (1 + 1e-9) / (double)j;
		}
	*tested = hi - lo;
	return got;
}

