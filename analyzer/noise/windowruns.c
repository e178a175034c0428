/*
 * windowruns.c - how many speed windows the interruptions found make read
 * apart at a steady speed (windowruns.h).
 */
#include "windowruns.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "speedstates.h"
#include "tunables.h"

/* A bin's width, in the floor's share. */
#define BIN (SPEED_STATE_WIDTH / 8)
/* A state's width in bins (levels within it are one state). */
enum { STATE_BINS = 8 };
/* The upper half's N the chance G is taken over, at most (evenly by
 * index, each weighing the runs of its share). */
enum { WINDOW_POINTS = 32 };

/* The bin of excess x (the floor's share): the last beyond. */
static size_t bin_of(double x)
{
	double b = floor(x / BIN + 0.5);
	return b < WINDOW_BINS - 1 ? (size_t)b : WINDOW_BINS - 1;
}

/* pmf convolved with the source whose masses are at bins at[0..n) with
 * chances p[0..n): in place, through tmp. */
static void convolve(double *pmf, double *tmp, const size_t *at, const double *p, size_t n)
{
	memset(tmp, 0, WINDOW_BINS * sizeof *tmp);
	for (size_t b = 0; b < WINDOW_BINS; b++) {
		if (pmf[b] == 0)
			continue;
		for (size_t j = 0; j < n; j++) {
			size_t to = b + at[j] < WINDOW_BINS ? b + at[j] : WINDOW_BINS - 1;
			tmp[to] += pmf[b] * p[j];
		}
	}
	memcpy(pmf, tmp, WINDOW_BINS * sizeof *pmf);
}

/* Poisson hits of mean lam, share (of the floor) each: their chances by
 * bin (within 12 standard deviations of the mean, then made to sum to
 * 1), into at[], p[] (WINDOW_BINS at most: the bins rise with the hits).
 * Returns how many bins. */
static size_t poisson_masses(double lam, double share, size_t *at, double *p)
{
	double sd = sqrt(lam);
	double lo = fmax(0, floor(lam - 12 * sd - 1)), hi = ceil(lam + 12 * sd + 1);
	if (bin_of(lo * share) == WINDOW_BINS - 1 || lam > 0x1p40) {
		/* all beyond, or so many hits a run (2^40: no source of a
		 * real machine) that the loop below, one count at a time,
		 * would take long: all at the mean's */
		at[0] = bin_of(lam * share), p[0] = 1;
		return 1;
	}
	size_t n = 0;
	double sum = 0;
	for (double h = lo; h <= hi; h++) {
		double m = lam > 0 ? exp(-lam + h * log(lam) - lgamma(h + 1)) : h == 0;
		size_t b = bin_of(h * share);
		if (n == 0 || at[n - 1] != b)
			at[n] = b, p[n++] = 0;
		p[n - 1] += m;
		sum += m;
		if (b == WINDOW_BINS - 1)
			break;
	}
	if (at[n - 1] == WINDOW_BINS - 1)	/* the tail beyond, to the last bin */
		p[n - 1] += fmax(0, 1 - sum), sum = fmax(sum, 1);
	for (size_t j = 0; j < n; j++)
		p[j] /= sum;
	return n;
}

/* Whether s is in the model: random, or periodic there throughout and of
 * its own (one there for a part is taken out of the runs before their
 * ratios; one after another's marks is that one's window; bursts come
 * together). */
static int in_model(const struct source *s)
{
	return s->cost > 0 && ((s->kind == SOURCE_RANDOM && s->rate > 0) ||
			       (s->kind == SOURCE_PERIODIC && !source_part(s) && !s->after &&
				s->marks.period > 0));
}

void window_excess_pmf(const struct sources *ss, double f, double *pmf, double *tmp)
{
	size_t at[WINDOW_BINS];
	double p[WINDOW_BINS];
	memset(pmf, 0, WINDOW_BINS * sizeof *pmf);
	pmf[0] = 1;
	for (size_t k = 0; k < ss->count && f > 0; k++) {
		const struct source *s = &ss->s[k];
		size_t n = 0;
		if (!in_model(s))
			continue;
		if (s->kind == SOURCE_RANDOM) {
			n = poisson_masses(s->rate * f, s->cost / f, at, p);
		} else {
			double x = (f + s->cost) / s->marks.period;
			double fire = s->fire >= 0 && s->fire <= 1 ? s->fire : 1;
			double q = fire * (x - floor(x));
			at[0] = 0, p[0] = 1 - q, at[1] = bin_of(s->cost / f), p[1] = q;
			n = 2;
		}
		convolve(pmf, tmp, at, p, n);
	}
}

/* G: the chance that a run of the upper half of N has its excess in
 * bin b or below, into g[WINDOW_BINS]; h, the upper half's share of the
 * runs.  Returns -1 when out of memory. */
static int upper_cdf(const struct sources *ss, const struct point_set *s, double *g, double *h)
{
	double *pmf = malloc(WINDOW_BINS * sizeof *pmf), *tmp = malloc(WINDOW_BINS * sizeof *tmp);
	if (pmf == NULL || tmp == NULL) {
		free(pmf), free(tmp);
		return -1;
	}
	size_t half = s->count / 2, upper = s->count - half;
	size_t groups = upper < WINDOW_POINTS ? upper : WINDOW_POINTS;
	double all = 0, up = 0;
	for (size_t p = 0; p < s->count; p++)
		all += s->p[p].count, up += p >= half ? s->p[p].count : 0;
	memset(g, 0, WINDOW_BINS * sizeof *g);
	for (size_t k = 0; k < groups && up > 0; k++) {
		/* group k: the upper half's points [a, b), its middle one's
		 * floor standing for all, weighing their runs */
		size_t a = half + k * upper / groups, b = half + (k + 1) * upper / groups;
		double w = 0;
		for (size_t p = a; p < b; p++)
			w += s->p[p].count;
		window_excess_pmf(ss, s->p[(a + b) / 2].min, pmf, tmp);
		double c = 0;
		for (size_t i = 0; i < WINDOW_BINS; i++)
			c += pmf[i], g[i] += w / up * fmin(c, 1);
	}
	*h = all > 0 ? up / all : 0;
	free(pmf), free(tmp);
	return 0;
}

/* P(R <= bin b), from cdf[] (1 - (1 - h G(b))^K for windows of K
 * runs): 0 below bin 0, 1 beyond the last. */
static double at_or_below(const double *cdf, long b)
{
	return b < 0 ? 0 : b >= WINDOW_BINS ? 1 : cdf[b];
}

/* The windows of K runs the segmentation would cut apart at a steady
 * speed: their expected count, (total / K) P(|R - median| > T), T the
 * larger of a state's width and the least lone window's step PELT
 * takes, 2 sqrt(ln(W / SPEED_FALSE_ALARMS)) sigma (two changes at 2
 * ln(W / alpha) sigma^2 each, changepoint.h), sigma the windows' noise
 * as it reads it: the median of neighbours' differences over sqrt(2)
 * Phi^-1(3/4).  A window apart by less than T is a state with the others,
 * or their noise.  INFINITY where the median is beyond the bins. */
static double apart(const double *g, double h, uint64_t total, size_t K)
{
	double k = (double)K, W = (double)total / k, cdf[WINDOW_BINS];
	long med = -1, last = WINDOW_BINS - 1;
	for (long b = 0; b <= last; b++) {
		cdf[b] = -expm1(k * log1p(-h * g[b]));
		med = med < 0 && cdf[b] >= 0.5 ? b : med;
	}
	if (med < 0 || med >= last - STATE_BINS)
		return INFINITY;
	/* the median of |R1 - R2|, two windows apart from each other */
	long dmed = 0;
	for (; dmed < last; dmed++) {
		double c = 0;
		for (long b = 0; b <= last; b++) {
			double r = cdf[b] - at_or_below(cdf, b - 1);
			if (r > 0)
				c += r * (at_or_below(cdf, b + dmed) - at_or_below(cdf, b - dmed - 1));
		}
		if (c >= 0.5)
			break;
	}
	double sigma = (double)dmed / (sqrt(2) * 0.6744897501960817);
	double t = fmax(STATE_BINS, 2 * sqrt(log(fmax(W, 1) / SPEED_FALSE_ALARMS)) * sigma);
	long tb = (long)ceil(t);
	return W * (1 - at_or_below(cdf, med + tb) + at_or_below(cdf, med - tb - 1));
}

int window_apart(const struct sources *ss, const struct point_set *s, uint64_t total, size_t K,
		 struct window_risk *out)
{
	*out = (struct window_risk){ 0 };
	if (s->count < 2 || total == 0 || ss->count == 0 || K == 0)
		return 0;
	double *g = malloc(WINDOW_BINS * sizeof *g), h;
	if (g == NULL || upper_cdf(ss, s, g, &h) != 0) {
		free(g);
		return -1;
	}
	out->apart = apart(g, h, total, K);
	out->unclean = exp((double)K * log1p(-h * g[0]));
	double f = s->p[s->count / 2].min;
	for (size_t k = 0; k < ss->count && f > 0; k++)
		if (in_model(&ss->s[k]))
			out->hit = fmax(out->hit, ss->s[k].cost / f);
	free(g);
	return 0;
}
