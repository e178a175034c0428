/*
 * linearity.h - is the cost linear in N anywhere?  A step or a bend may sit
 * anywhere in the range of N (a protocol switch at 64 KiB in the middle
 * of 4 KiB..512 KiB).
 *
 *  - a bend (hinge.h): the minima fitted by least squares with two lines
 *    meeting at an N (those at the eighths of the collection by count),
 *    the difference of their slopes judged against the largest hinge the
 *    clock's tick can fake at any phase and slope within the bounds, and
 *    beyond that against the minima's own scatter around the fit (at each
 *    N the larger of an absolute and a relative one), whose tail is
 *    bounded as an exponential's (Chernoff): a linear cost is called bent
 *    with a chance of HINGE_ALPHA (1e-4) at most over all the N tried.
 *    Its power follows the bounds': the difference of slopes is known to
 *    the whole collection's scatter, not to a segment's.  Told where it
 *    also matters: wider than the bounds' half-width (the bounds cannot
 *    then hold the unit cost of both sides) or 1% of the unit cost.  (The
 *    segments' slopes compared before, each known to a band 3 W / its
 *    span, 4 to 5 times the whole line's half-width, let 39 of 86 such
 *    bends pass on bench/falsealarms.py.)
 *
 * For steps, the minima are cut into consecutive segments of N, twice
 * (the second cut shifted by half a segment, so that a step falls near a
 * boundary of one of them), and each segment gets its own least-values
 * line, with its scatter W (the tick, or the upper quartile of the heights
 * of its minima above its line, no less than the segments' together at
 * its place: a segment of 3 N has one height of its own) and its slope
 * band 3 W / span (the band
 * of hull_slope_band, half as wide again: a few minima scatter more than
 * their median height says).  A segment over whose N the whole line rises
 * less than LINEARITY_RISE_MIN x its W knows its slope too poorly to
 * testify (the small messages of an allreduce, whose lowest third rises 3
 * ticks); it knows its level, and a step is judged from there.
 *
 *  - a step: two segments whose lines, both carried to the middle of the
 *    gap between them, part by more than LINEARITY_STEP_W x their W
 *    together and more than the bend between them and their slope bands
 *    explain (neighbours always; segments apart when both know their
 *    slopes, since a step inside the segment between them blurs it).
 *    Looked for first: a hinge fitted to a step is significant too;
 *  - one N: where neither shows, an N the whole line rests on whose
 *    minimum lies below the least-values line of the other N by more than
 *    2 LINEARITY_STEP_W x their W (and, beyond their range, that line's
 *    slope band over the distance) (a cheaper largest N tilts the last
 *    segment's own line under it, and its W with it: no segment tells);
 *    warned (checks.c) where the slope without it lies outside the
 *    bounds, or 1% from the unit cost;
 *  - a few N: two or more below the line of the others together (each
 *    one's line then rests on the other): the N the line rests on taken
 *    out three times over (8 at most), of 16 N or more, and each measured
 *    against the line of those left, as one N is.
 *
 * The minima are taken relative to the first of each segment (of the
 * whole, for the bend), exactly where they are integers, so that timings
 * near 2^60 units lose nothing in doubles.
 */
#ifndef SUBTICK_LINEARITY_H
#define SUBTICK_LINEARITY_H

#include <stdint.h>

#include "hull.h"
#include "points.h"

#define LINEARITY_SEGMENTS 6
#define LINEARITY_RISE_MIN HULL_RISE_MIN
#define LINEARITY_STEP_W 3.0

enum linearity_kind { LINEAR, LINEARITY_BEND, LINEARITY_STEP, LINEARITY_POINT };

struct linearity {
	enum linearity_kind kind;
	/* a bend: the N before and after it (b_from = a_to, where it is), the
	 * slopes there, and the chance of as large a one in a linear cost */
	uint64_t a_from, a_to, b_from, b_to;
	double slope_a, slope_b, bend_log10_p;
	/* a step: between these N, this high (clock units) */
	uint64_t step_before, step_after;
	double step;
	/* one N: which, how far below the others' line (clock units), that
	 * line's height there and slope */
	uint64_t point_n;
	double point_depth, point_line, slope_without;
	size_t points_below;	/* 1, or a few N together (the deepest named) */
	/* the bend test's resolution where it ran (hinge.h): the least bend
	 * it tells at N = told_at, upward and downward (the slope after
	 * less the one before, clock units per unit of N); told_at 0: not
	 * tried (a step was told first, or too few N) */
	uint64_t told_at;
	double told_up, told_down;
};

/* The whole line: its slope and its bounds. */
struct linearity_fit {
	double slope, lo, hi;
};

/* s sorted; tick 0 when unknown.  Returns 0, or -1 when out of memory. */
int linearity_check(const struct point_set *s, double tick, const struct linearity_fit *fit,
		    struct linearity *out);

/* 1 if L is N below the others' line that change the unit cost beyond its
 * bounds or by 1% (without them): worth telling. */
int linearity_point_matters(const struct linearity *L, const struct linearity_fit *fit);

#endif /* SUBTICK_LINEARITY_H */
