/*
 * checks.c - one-line warnings when the data cannot support the fit.
 */
#include "analysis.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void warn(struct analysis *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct analysis *a, const char *fmt, ...)
{
	if (a->warnings == ANALYSIS_WARNINGS_MAX)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->warning[a->warnings++], sizeof a->warning[0], fmt, ap);
	va_end(ap);
}

/* Least-values slope of points [from, to). */
static int half_slope(const struct point_set *s, size_t from, size_t to,
		      double *slope)
{
	size_t n = to - from;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	size_t *w = malloc(n * sizeof *w);
	int ok = x && y && w;
	if (ok) {
		for (size_t i = 0; i < n; i++) {
			x[i] = (double)(s->p[from + i].n - s->p[from].n);
			y[i] = s->p[from + i].min;
		}
		struct lv_line l;
		hull_least_values_d(x, y, n, w, &l);
		*slope = l.slope;
	}
	free(x), free(y), free(w);
	return ok ? 0 : -1;
}

/*
 * Nonlinearity: the least-values slopes of the lower and the upper half of
 * the N range differ by more than the band allows (2 W over each half's
 * span) plus 2%.
 */
static void check_linear(struct analysis *a)
{
	const struct point_set *s = &a->points;
	size_t n = s->count, mid = n / 2;
	double lo, hi;
	if (n < 8 || half_slope(s, 0, mid + 1, &lo) != 0 ||
	    half_slope(s, mid, n, &hi) != 0)
		return;
	double w = a->iv.band_width;
	double span_lo = (double)(s->p[mid].n - s->p[0].n);
	double span_hi = (double)(s->p[n - 1].n - s->p[mid].n);
	double allowed = 2 * w / span_lo + 2 * w / span_hi + 0.02 * fabs(a->fit.slope);
	if (fabs(hi - lo) > allowed)
		warn(a, "nonlinear: the minima curve away from a line: unit cost %.6g below N = %llu, %.6g above (%+.1f%%)",
		     lo, (unsigned long long)s->p[mid].n, hi,
		     100 * (hi - lo) / fabs(lo != 0 ? lo : 1));
}

void analysis_check(struct analysis *a)
{
	const struct point_set *s = &a->points;
	double span = (double)(s->p[s->count - 1].n - s->p[0].n);
	double rise = a->fit.slope * span;

	if (s->count < 8)
		warn(a, "few N: only %zu distinct N; use 20 or more so that the minima can show a straight line", s->count);
	if (!(a->fit.slope > 0))
		warn(a, "the unit cost is not positive: does the cost really grow with N?");
	else if (a->tick > 0 && rise < 100 * a->tick)
		warn(a, "narrow range: the line rises only %.3g ticks across N = %llu..%llu, so the unit cost is known to about 1 part in %.2g; use a wider range of N",
		     rise / a->tick, (unsigned long long)s->p[0].n,
		     (unsigned long long)s->p[s->count - 1].n, rise / a->tick);
	if (a->runs_median < 5)
		warn(a, "few runs: %llu runs per N (median); the minima may not have reached the floor; take more runs",
		     (unsigned long long)a->runs_median);
	check_linear(a);
	for (size_t i = 0; i < a->glitches.count; i++) {
		const struct glitch *g = &a->glitches.g[i];
		warn(a, "clock glitch? at N = %llu one timing (%.6g) lies %.4g %s below the next timing of its N and %.4g below the line through the other minima; %s",
		     (unsigned long long)g->n, g->t, g->below_next,
		     a->tick > 0 ? "units" : "units", g->below_line,
		     a->glitches.kept ? "it was kept (--keep-low) and the line rests on it"
				      : "it was left out (--keep-low keeps it)");
	}
	if (!a->iv.band_ok)
		warn(a, "interval from subsampling alone: %s", a->iv.band_error);
	if (a->points.all_int) {
		double big = 0;
		for (size_t i = 0; i < s->count; i++)
			big = s->p[i].min > big ? s->p[i].min : big;
		if (big >= 9007199254740992.0)	/* 2^53 */
			warn(a, "timings beyond 2^53 units: the fit is exact, but excesses, quantiles and the subsampling are computed in doubles, to about %.3g units",
			     ldexp(1, ilogb(big) - 52));
	}
	if (a->merged[0])
		warn(a, "pooled (--merge): %s; the line describes neither alone", a->merged);
	if (a->unterminated_file[0])
		warn(a, "%s: the last line has no newline; it was read as it is (was the file cut?)",
		     a->unterminated_file);
	if (a->interrupted)
		warn(a, "the collection was interrupted (# interrupted): the fit uses the samples it kept");
	if (!(a->unit_ns > 0))
		warn(a, "no unit_ns: results are in clock units only (give --unit-ns to convert)");
}
