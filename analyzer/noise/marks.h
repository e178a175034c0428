/*
 * marks.h - the marks of a periodic source, phase + k period, and the
 * stretches of time (runs, gaps) that hold them.
 *
 * A stretch [at, at + t] holds the marks from ceil((at - tol - phase) /
 * period) to floor((at + t + tol - phase) / period); tol is how far the
 * source's own timing and the period's error over the collection may put
 * a mark off (marks_tolerance).
 */
#ifndef SUBTICK_MARKS_H
#define SUBTICK_MARKS_H

#include <math.h>
#include <stddef.h>

struct marks {
	double period, phase;	/* clock units */
	double tol;		/* clock units */
	/* A source whose interruptions wait for another's marks (a guest's
	 * timer delivered on the host's ticks): that grid's step, phase and
	 * tolerance (grid 0: none).  Its interruption at mark k comes at the
	 * first grid mark from mark k on, so a stretch holds mark k where it
	 * holds that grid mark. */
	double grid, grid_phase, grid_tol;
	/* Where the source was there (presence.h), clock units since the
	 * first run's start: only the marks within [from, to] are held.
	 * to <= from (0, 0 as zeroed): throughout the collection. */
	double from, to;
};

/* On a grid: the marks of m held through the grid marks [at, at + t]
 * holds (each held where a mark of m lies within a step before it, give
 * or take their tolerances; m's period is two steps or more, so one mark
 * of m at most per grid mark). */
static inline double marks_held_on_grid(const struct marks *m, double at, double t)
{
	double a = ceil((at - m->grid_tol - m->grid_phase) / m->grid);
	double b = floor((at + t + m->grid_tol - m->grid_phase) / m->grid);
	double k = 0, counted = -INFINITY;
	for (double j = a; j <= b; j++) {
		double x = m->grid_phase + j * m->grid;
		double c = floor((x + m->tol - m->phase) / m->period);
		/* (a mark within the tolerances of two grid marks: once) */
		if (m->phase + c * m->period > x - m->grid - m->tol && c != counted)
			k++, counted = c;
	}
	return k;
}

/* Whether m is bounded to a stretch (a source there for a part only). */
static inline int marks_bounded(const struct marks *m)
{
	return m->to > m->from;
}

/* m as through the whole collection. */
static inline struct marks marks_anywhere(const struct marks *m)
{
	struct marks a = *m;
	a.from = a.to = 0;
	return a;
}

/* The part of [at, at + t] within where the source was there. */
static inline double marks_present(const struct marks *m, double at, double t)
{
	if (!marks_bounded(m))
		return t;
	double in = fmin(at + t, m->to) - fmax(at, m->from);
	return in > 0 ? in : 0;
}

/* The marks [at, at + t] holds (0 or more). */
static inline double marks_held(const struct marks *m, double at, double t)
{
	if (marks_bounded(m)) {	/* a source there for a part only */
		double end = fmin(at + t, m->to);
		at = fmax(at, m->from);
		if (!(end >= at))
			return 0;
		t = end - at;
	}
	/* (a stretch of more than 64 grid steps holds about as many of m's
	 * marks as its length says: counted as without a grid) */
	if (m->grid > 0 && t + 2 * m->grid_tol <= 64 * m->grid)
		return marks_held_on_grid(m, at, t);
	double late = m->grid;	/* on a grid, a mark up to a step before */
	double a = ceil((at - m->tol - late - m->phase) / m->period);
	double b = floor((at + t + m->tol - m->phase) / m->period);
	return b >= a ? b - a + 1 : 0;
}

/* How far beyond a stretch's ends a mark it holds may lie, both ends
 * together (its chance of holding one, at random times, is the
 * stretch's length and this over the period). */
static inline double marks_reach(const struct marks *m)
{
	return m->grid > 0 ? 2 * m->grid_tol : 2 * m->tol;
}

/* The marks a run of its N's floor f holds at least: floor(f / period)
 * (any stretch of f holds that many). */
static inline double marks_floor(const struct marks *m, double f)
{
	return floor(f / m->period);
}

/* The part of a run of length t and floor f that tells whether it holds
 * a mark of period p beyond its floor's: any stretch of f holds floor(f /
 * p) marks, so the run [at, at + t] holds one more where [at, at + t -
 * floor(f / p) p] holds one (the whole run where f < p). */
static inline double marks_telling(double t, double f, double p)
{
	double x = t - floor(f / p) * p;
	return x > 0 ? x : 0;
}

/* The number of the mark nearest x (on a grid: nearest half a step
 * before x, where the grid's delays center). */
static inline double mark_nearest(const struct marks *m, double x)
{
	return round((x - m->grid / 2 - m->phase) / m->period);
}

/*
 * Period and phase refitted by least squares on the middles x[0..n) of
 * stretches (of lengths len) each holding one mark (on a grid: less the
 * half step its delays center on), numbered by the nearest mark of *m, each weighted by the inverse of its variance (a
 * mark lies anywhere in its stretch: (len^2 + quantum^2) / 12); the
 * tolerance then three standard deviations of where a mark may lie: the
 * fitted marks' error at the ends of their span (the period's error
 * carried over the collection) and the source's own scatter about its
 * marks (what the times scatter beyond their stretches' own widths: a
 * host's timer fires a microsecond late now and then), at least the
 * clock's quantum (a start is read to a tick).  Unchanged where
 * the refit would move the period by more than a hundredth (another
 * peak, not this one refined).
 */
void marks_refine(struct marks *m, const double *x, const double *len, size_t n,
		  double quantum);

/*
 * The marks that the most of the stretches [at[i], at[i] + len[i]]
 * (n of them) hold, of a period within the periodogram's error of p0
 * (its peak is as wide as a frequency step of 1 / span over sqrt(z), z
 * its Rayleigh Z): periods in MARKS_SCAN steps over three such errors
 * either way, and at each the phase held by the most stretches (their
 * arcs on the circle of the period, swept in order).  A stretch as long
 * as the period holds every phase: left out.  The tolerance is the drift
 * a step of the scan carries over the span, at least the quantum.
 * Returns how many stretches hold the marks found.
 */
size_t marks_fit(const double *at, const double *len, size_t n, double p0, double span,
		 double z, double quantum, struct marks *out);

#endif /* SUBTICK_MARKS_H */
