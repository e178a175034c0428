/*
 * checks.c - one-line warnings when the data cannot support the fit.
 */
#include "checks.h"

/* A cost in turn beyond this factor of the cost alone, either way, is
 * warned of (collect measures it; FORMAT.md, in_turn_vs_alone). */
#define IN_TURN_TOLERANCE 1.05

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* The slope of points [from, to) and its band (hull_slope_band). */
struct part_fit {
	double slope, allowance;
};

static int part_slope(const struct point_set *s, size_t from, size_t to,
		      double tick, struct part_fit *out)
{
	size_t n = to - from;
	double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
	int rc = -1;
	if (x && y) {
		for (size_t i = 0; i < n; i++) {
			x[i] = (double)(s->p[from + i].n - s->p[from].n);
			y[i] = s->p[from + i].min;
		}
		rc = hull_slope_band(x, y, n, tick, &out->slope, &out->allowance);
	}
	free(x), free(y);
	return rc;
}

/*
 * Nonlinearity: the least-values slopes of the lowest and the highest
 * third of the N differ by more than their bands allow, plus 1%.  Each
 * third is judged by its own scatter, so the test keeps its power where
 * curvature makes the whole fit's scatter large (N log N over geometric
 * N: the old halves test, with the whole fit's W, caught 2 of 15).
 */
static void check_linear(struct analysis *a)
{
	const struct point_set *s = &a->points;
	size_t n = s->count, third = n / 3;
	struct part_fit lo, hi;
	if (n < 9 || part_slope(s, 0, third, a->tick, &lo) != 0 ||
	    part_slope(s, n - third, n, a->tick, &hi) != 0)
		return;
	double allowed = lo.allowance + hi.allowance + 0.01 * fabs(a->fit.slope);
	if (fabs(hi.slope - lo.slope) > allowed)
		warn(a, "nonlinear: the minima curve away from a line: unit cost %.6g over the lowest third of N (to %llu), %.6g over the highest (from %llu), %+.1f%%: the cost is not linear in N (a cache level, a protocol switch?); fit each range apart",
		     lo.slope, (unsigned long long)s->p[third - 1].n, hi.slope,
		     (unsigned long long)s->p[n - third].n,
		     100 * (hi.slope - lo.slope) / fabs(lo.slope != 0 ? lo.slope : 1));
	if (a->iv.intercept[1] < 0)
		warn(a, "the overhead's whole interval lies below zero: the cost is not linear in N, or small N cost more per unit than large N");
}

/* Drift: the fifths of the collection disagree beyond their bands. */
static void check_drift(struct analysis *a)
{
	if (a->nfifths != BLOCKS_FIFTHS)
		return;
	int lo = 0, hi = 0;
	for (int i = 1; i < BLOCKS_FIFTHS; i++) {
		if (a->fifths[i].hi < a->fifths[lo].hi)
			lo = i;
		if (a->fifths[i].lo > a->fifths[hi].lo)
			hi = i;
	}
	if (a->fifths[hi].lo > a->fifths[lo].hi)
		warn(a, "drift: the unit cost changed during the collection: %.6g in fifth %d, %.6g in fifth %d (%+.2f%%), beyond their bands; the machine's speed changed, and the line and its bounds describe its fastest stretches",
		     a->fifths[lo].slope, lo + 1, a->fifths[hi].slope, hi + 1,
		     100 * (a->fifths[hi].slope / a->fifths[lo].slope - 1));
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
	check_drift(a);
	if (a->excess.samples >= 100 &&
	    (double)a->excess.near_line < 0.01 * (double)a->excess.samples)
		warn(a, "the line rests on a short burst: only %.2g%% of the runs come within max(2 ticks, 1%%) of it; the unit cost is that of the machine's fastest moments%s",
		     100.0 * (double)a->excess.near_line / (double)a->excess.samples,
		     a->start_times ? " (see when its minima were taken, and the fifths)" : "");
	if (a->source && strcmp(a->source, "gbench") == 0)
		warn(a, "Google Benchmark's samples are means over many iterations, not single runs: the minimum per N is the smallest mean (of the repetitions), and interrupts are averaged in, not left out");
	if (a->merged[0])
		warn(a, "pooled (--merge): %s; the line describes neither alone", a->merged);
	else if (a->pooled[0])
		warn(a, "pooled: streams of different %s; the minimum per N is the fastest of them, and the line that of none alone (analyze --group to compare them)",
		     a->pooled);
	if (a->unterminated_file[0])
		warn(a, "%s: the last line has no newline; it was read as it is (was the file cut?)",
		     a->unterminated_file);
	if (a->in_turn[0] > 0 && (a->in_turn[1] > IN_TURN_TOLERANCE ||
				   a->in_turn[2] < 1 / IN_TURN_TOLERANCE))
		warn(a, "in turn: timed in turn with the other kernel, its cost per unit was %.3g x its cost alone (%.3g to %.3g): each evicts the other's data?  The unit cost is that in turn, not alone (a smaller --max-n may keep both in the caches)",
		     a->in_turn[0], a->in_turn[1], a->in_turn[2]);
	if (a->cut_file[0])
		warn(a, "%s: the stream has no last line (# done or # interrupted): the collection was cut short; the fit uses the samples it holds",
		     a->cut_file);
	if (a->failed > 0)
		warn(a, "%llu %s left out: the fit uses the %llu that succeeded",
		     (unsigned long long)a->failed, a->failed_what,
		     (unsigned long long)a->points.samples);
	if (a->interrupted)
		warn(a, "the collection was interrupted (# interrupted): the fit uses the samples it kept");
	if (a->check_failed)
		warn(a, "the kernel's check failed after the collection (stop=check): its result was wrong by then, and these timings may be of wrong work");
	if (!(a->unit_ns > 0))
		warn(a, "no unit_ns: results are in clock units only (give --unit-ns to convert)");
}
