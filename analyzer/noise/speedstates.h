/*
 * speedstates.h - the speeds the machine ran at, over time: the model's
 * s(at) (docs/model.md).
 *
 * An interruption adds a fixed time to the run it lands in, whatever its
 * N; a slower machine (a lower clock, a busy sibling thread on the host)
 * stretches every run in proportion.  So the ratio of a timing to the
 * fastest timing of its N, t / m(N), is the machine's speed factor for a
 * run no interruption touched.  In each window of consecutive runs (in the
 * order they were taken), the smallest such ratio of the runs of the upper
 * half of N is the window's speed, unmoved by the runs that were
 * interrupted.  The windows' log speeds are cut into segments, each a
 * level or a straight line in time, by PELT (changepoint.h) with a
 * penalty from their own scatter and SPEED_FALSE_ALARMS: where the speed
 * held, one segment, at that rate.  Segments that stay within
 * SPEED_STATE_WIDTH are levels, grouped into states at most that wide
 * (the report's resolution of speeds); segments that move by more are
 * ramps (a clock that ramped, a speed that drifted or wandered).  A
 * state's factor is its speed over the fastest state's (1: the fastest;
 * where every segment is a ramp, over the fastest moment's); the line
 * itself rests on the per-N minima, whose speed over the fastest is
 * line_factor (below 1 when the minima come from moments faster than any
 * state the machine held).
 */
#ifndef SUBTICK_SPEEDSTATES_H
#define SUBTICK_SPEEDSTATES_H

#include <stddef.h>
#include <stdint.h>

#include "points.h"
#include "spool.h"
#include "tunables.h"

#define SPEED_STATES_MAX 8
#define SPEED_RAMPS_MAX 16
#define SPEED_SHOWN_MIN 0.01	/* the text lists a state held this share
				 * of the time, and sums the rest */
#define SPEED_WINDOWS_MAX 65536
/* Blocks the segmentation looks at, at most (windows are merged into
 * blocks of their median beyond: PELT is quadratic where nothing
 * changes). */
#define SPEED_BLOCKS_MAX 1024
/* w_state of a window in a ramp */
#define SPEED_RAMP 255

struct speed_ramp {
	double from_level, to_level;	/* speed over the minima's */
	double from_factor, to_factor;	/* over the fastest state's */
	double from, to;		/* clock units since the first run */
};

struct speed_state {
	double factor;		/* speed over the fastest state's (>= 1) */
	double level;		/* speed over the per-N minima's */
	double share;		/* of the collection's time */
	double from, to;	/* its first and last moment, clock units
				 * since the first run's start */
	unsigned stretches;	/* separate stretches of time it held */
	double longest;		/* the longest of them, clock units */
};

struct speed_states {
	int judged;		/* 0: no start times, or too few runs */
	size_t count;		/* states, fastest first */
	struct speed_state s[SPEED_STATES_MAX];
	double line_factor;	/* the minima's speed over the fastest
				 * state's (<= 1 + noise) */
	double fastest;		/* the fastest state's level (over the
				 * minima's) */
	size_t ramps;		/* ramps, in time order */
	struct speed_ramp ramp[SPEED_RAMPS_MAX];
	double ramp_share;	/* of the time, in ramps (all of them) */
	double ramp_band;	/* the most a run's speed along them may
				 * lie above its window's (w_hi - w_fit,
				 * over the minima's: 0.001 is 0.1% of its
				 * N's floor), or 0 */
	size_t segments;	/* the segmentation's, levels and lines */
	double noise;		/* one window's speed's scatter (0.001:
				 * 0.1%) */
	double span;		/* the collection's time, clock units */
	double wander;		/* how far the windows' speeds (a running
				 * median of 7) stray from their segments',
				 * 5% to 95% of them: 0.02 is 2% */
	/* the windows, in time order: first run's start (clock units since
	 * the first), speed (over the minima), fitted speed (its segment's
	 * there), state (SPEED_RAMP in a ramp) */
	size_t windows;
	size_t runs_per_window;
	uint64_t window_inverse;	/* ceil(2^64 / runs_per_window): a
					 * run's window by a multiply */
	double *w_at, *w_speed, *w_fit;
	double *w_lo, *w_hi;	/* the least and most w_fit of each window
				 * and those within a block and a window of
				 * it (speed_of_run) */
	unsigned char *w_state;
};

/*
 * The windows' speeds, from the spooled runs (in the order they were
 * taken; bound to s: spool.h) against the per-N minima of s (sorted),
 * taken a batch of records at a time: a part of a pass over the samples
 * that others share (analysis_pass: pass.h).  Its place between batches.
 */
struct speed_windows {
	struct speed_states *o;
	const struct point_set *s;
	uint64_t total;		/* records */
	int state;		/* SPEED_WINDOWS_NONE, _TAKING or _NO_AT */
	double least;
	uint64_t i, at0, n_half, last_end;
	size_t k, in_w, w;	/* i = w K + in_w */
	/* What a run held that is no speed (NULL: nothing): less(ctx, at,
	 * t, p), clock units, taken from a run of start at (clock units
	 * since the first's), length t and point p before its ratio;
	 * INFINITY: the run tells no speed (set after
	 * speed_windows_begin). */
	double (*less)(const void *ctx, double at, double t, size_t p);
	const void *less_ctx;
};

enum { SPEED_WINDOWS_NONE, SPEED_WINDOWS_TAKING, SPEED_WINDOWS_NO_AT };

/* Start, for total records.  Returns 1 when there are windows to take, 0
 * when there are none (too few runs: out is not judged, and nothing is to
 * be taken), -1 when out of memory. */
int speed_windows_begin(struct speed_windows *k, const struct point_set *s,
			uint64_t total, struct speed_states *out);
void speed_windows_take(struct speed_windows *k, const struct spool_record *r, size_t n);

/* After the last record: the stretches and states (out->judged says
 * whether they were found: not where a run had no start time).  Returns
 * 0, or -1 when memory runs out. */
int speed_states_of(struct speed_windows *k);

/* The speed (over the minima) of run number i (0-based, in spool order),
 * of timing t, whose N's minimum is m; 1 when not judged.  It is its
 * window's fitted speed; where the speed changes next to its window (a
 * window that straddles the change, whose runs may themselves straddle
 * it), its own (t - slack) / m, within the neighbouring windows' speeds.
 * Inline: it is asked of every run, twice or three times over.
 */
static inline double speed_of_run(const struct speed_states *ss, uint64_t i, double t,
				  double m, double slack)
{
	if (!ss->judged)
		return 1;
	/* i / K, by the multiply-high with ceil(2^64 / K): never below it,
	 * and one above at most, for an i too large for it to be exact */
	uint64_t K = ss->runs_per_window;
	uint64_t q = K > 1 ? (uint64_t)(((uint128)i * ss->window_inverse) >> 64) : i;
	q -= q * K > i;
	size_t w = (size_t)q, last = ss->windows - 1;
	w = w < last ? w : last;
	double f = ss->w_fit[w], lo = ss->w_lo[w], hi = ss->w_hi[w];
	if (lo == hi)
		return f;
	/* a run in a window that straddles a change of speed ran at a speed
	 * between its neighbours' (a run may itself straddle the change) */
	double own = (t - slack) / m;
	return own < lo ? lo : own > hi ? hi : own;
}

void speed_states_free(struct speed_states *ss);

#endif /* SUBTICK_SPEEDSTATES_H */
