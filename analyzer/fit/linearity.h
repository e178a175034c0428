/*
 * linearity.h - is the cost linear in N anywhere?  A step or a bend may sit
 * anywhere in the range of N (a protocol switch at 64 KiB in the middle
 * of 4 KiB..512 KiB), so the minima are cut into consecutive segments of
 * N, twice (the second cut shifted by half a segment, so that a step
 * falls near a boundary of one of them), and each segment gets its own
 * least-values line, with its scatter W (the tick, or the upper quartile
 * of the heights of its minima above its line) and its slope band
 * 3 W / span (the band of hull_slope_band, half as wide again: a few
 * minima scatter more than their median height says).
 *
 *  - a bend: two segments whose slopes differ by more than their bands
 *    and 1% of the whole line's slope; or less, but by more than 1.5
 *    times their bands and the width of the whole line's bounds, one of them
 *    outside those (both of LINEARITY_NARROW_POINTS N or more): a cost
 *    0.8% cheaper per unit
 *    past the middle of N had passed, under bounds of 0.27% that held
 *    neither piece's cost.  A segment over whose N the whole line
 *    rises less than LINEARITY_RISE_MIN x its W knows its slope too
 *    poorly to testify (the small messages of an allreduce, whose
 *    lowest third rises 3 ticks); it knows its level, and a step is
 *    judged from there;
 *  - a step: two segments whose lines, both carried to the middle of the
 *    gap between them, part by more than LINEARITY_STEP_W x their W
 *    together and more than the bend between them and their slope bands
 *    explain (neighbours always; segments apart when both know their
 *    slopes, since a step inside the segment between them blurs it);
 *  - one N: where neither shows, an N the whole line rests on whose
 *    minimum lies below the least-values line of the other N by more than
 *    2 LINEARITY_STEP_W x their W (a cheaper largest N tilts the last
 *    segment's own line under it, and its W with it: no segment tells);
 *    warned (checks.c) where the slope without it lies outside the
 *    bounds, or 1% from the unit cost;
 *  - a few N: two or more below the line of the others together (each
 *    one's line then rests on the other): the N the line rests on taken
 *    out three times over (8 at most), of 16 N or more, and each measured
 *    against the line of those left, as one N is.
 *
 * The minima are taken relative to the first of each segment, exactly
 * where they are integers, so that timings near 2^60 units lose nothing
 * in doubles.
 */
#ifndef SUBTICK_LINEARITY_H
#define SUBTICK_LINEARITY_H

#include <stdint.h>

#include "hull.h"
#include "points.h"

#define LINEARITY_SEGMENTS 6
#define LINEARITY_RISE_MIN HULL_RISE_MIN
#define LINEARITY_STEP_W 3.0
#define LINEARITY_NARROW_POINTS 5

enum linearity_kind { LINEAR, LINEARITY_BEND, LINEARITY_STEP, LINEARITY_POINT };

struct linearity {
	enum linearity_kind kind;
	/* a bend: the two segments' N ranges and slopes */
	uint64_t a_from, a_to, b_from, b_to;
	double slope_a, slope_b;
	/* a step: between these N, this high (clock units) */
	uint64_t step_before, step_after;
	double step;
	/* one N: which, how far below the others' line (clock units), that
	 * line's height there and slope */
	uint64_t point_n;
	double point_depth, point_line, slope_without;
	size_t points_below;	/* 1, or a few N together (the deepest named) */
};

/* The whole line: its slope and its bounds. */
struct linearity_fit {
	double slope, lo, hi;
};

/* s sorted; tick 0 when unknown.  Returns 0, or -1 when out of memory. */
int linearity_check(const struct point_set *s, double tick, const struct linearity_fit *fit,
		    struct linearity *out);

#endif /* SUBTICK_LINEARITY_H */
