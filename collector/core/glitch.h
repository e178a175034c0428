/*
 * glitch.h - a minimum that is no timing of work: a clock glitch.
 *
 * Noise only adds time, so the least-values line rests on the smallest
 * timings; one timing the clock got wrong (a reading that jumped, t = 0)
 * drags the whole line down: one sample 20 ticks low moved Krutar's 359 ns
 * unit cost to 373.5 ns, with nothing to show for it.  A minimum the line
 * rests on is a glitch when it lies far below both
 *   - the second-smallest timing of its own N, and
 *   - the line through the other minima (its N's minimum then being that
 *     second-smallest timing), by a quarter of the first gap at least,
 * "far" being GLITCH_FACTOR x the noise of a floor (the tick, the upper
 * quartile of the gaps between an N's two smallest timings, or the median
 * spread of its four smallest, whichever is largest): a real fast run
 * repeats, or at least sits near the line the other N draw.  A glitch is
 * reported (N, the timing, how far below) and left out: its N keeps its
 * other timings.  --keep-low keeps it, and says so.  With one run per N
 * there is no second timing to compare with, and nothing is judged.
 */
#ifndef SUBTICK_GLITCH_H
#define SUBTICK_GLITCH_H

#include <stddef.h>
#include <stdint.h>

#include "hull.h"
#include "points.h"

#define GLITCH_FACTOR 10.0
#define GLITCH_MAX 16

struct glitch {
	uint64_t n;
	double t;		/* the timing */
	double below_next;	/* how far below its N's next timing */
	double below_line;	/* how far below the line without it */
};

struct glitches {
	struct glitch g[GLITCH_MAX];
	size_t count;
	int kept;		/* --keep-low: found, but left in */
};

/*
 * Find glitches among the minima of s (sorted), tick 0 if unknown.
 * Unless keep, remove each from its point (the minimum becomes the next
 * smallest timing).  Returns 0, or -1 when out of memory.
 */
int glitch_find(struct point_set *s, double tick, int keep,
		struct glitches *out);

#endif /* SUBTICK_GLITCH_H */
