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
};

/* The marks [at, at + t] holds (0 or more). */
static inline double marks_held(const struct marks *m, double at, double t)
{
	double a = ceil((at - m->tol - m->phase) / m->period);
	double b = floor((at + t + m->tol - m->phase) / m->period);
	return b >= a ? b - a + 1 : 0;
}

/* The marks a run of its N's floor f holds at least: floor(f / period)
 * (any stretch of f holds that many). */
static inline double marks_floor(const struct marks *m, double f)
{
	return floor(f / m->period);
}

/* The number of the mark nearest x. */
static inline double mark_nearest(const struct marks *m, double x)
{
	return round((x - m->phase) / m->period);
}

/*
 * Period and phase refitted by least squares on the times x[0..n) of
 * stretches each holding one mark (their middles), numbered by the
 * nearest mark of *m; the tolerance then three standard errors of the
 * fitted marks at the ends of their span (the period's error carried
 * over the collection), and at least the clock's quantum (a start is
 * read to a tick).  Unchanged where the refit would move the period by
 * more than a hundredth (another peak, not this one refined).
 */
void marks_refine(struct marks *m, const double *x, size_t n, double quantum);

#endif /* SUBTICK_MARKS_H */
