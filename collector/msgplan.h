/*
 * msgplan.h - regimes of a message kernel: where its cost steps up.
 *
 * A message's cost is a latency plus a cost per byte, but MPI libraries
 * switch protocols with the size (a small message is copied through a
 * shared buffer, a large one announced and fetched: eager and rendezvous),
 * and at each switch the time steps up.  A line fitted across a step
 * describes neither side.  The kernel is timed at N = 0, 1, 2, 4, ... (the
 * minimum of many runs each) and a step is the rise between two doublings
 * that neither neighbouring interval's cost per byte explains:
 *
 *     rise_k  = t[k+1] - t[k]
 *     step_k  = rise_k - s_k (n[k+1] - n[k]),
 *
 * s_k the larger of the costs per unit of the intervals below and above
 * (so a cost per byte that grows across the switch is no step).  A step
 * counts when it exceeds MSGPLAN_STEP of t[k] and the noise floor.  The
 * steps cut the doublings into regimes.
 */
#ifndef SUBTICK_MSGPLAN_H
#define SUBTICK_MSGPLAN_H

#include <stddef.h>
#include <stdint.h>

#define MSGPLAN_STEP 0.25
enum { MSGPLAN_MAX_STEPS = 16 };

struct msgplan_steps {
	size_t count;
	uint64_t below[MSGPLAN_MAX_STEPS];	/* the last N before a step */
	uint64_t above[MSGPLAN_MAX_STEPS];	/* the first N after it */
	double height[MSGPLAN_MAX_STEPS];	/* step_k, in t's units */
	double slope[MSGPLAN_MAX_STEPS];	/* s_k */
};

/* Enough doublings: the largest N probed takes top (ns) and at least
 * twice the time of N = 0, so that its cost per byte outweighs the
 * latency (a network whose latency alone exceeds top still gets sizes
 * whose bytes are seen). */
int msgplan_probed_enough(double t_first, double t_last, double top);

/* The steps in t[i] at n[i] (ascending), count >= 3; noise: a floor in
 * t's units under which no rise is a step. */
void msgplan_steps(const uint64_t *n, const double *t, size_t count,
		   double noise, struct msgplan_steps *out);

/* Is a step there when below and above are timed again: t_below and
 * t_above the new times, slope its s_k?  1 if the rise still exceeds the
 * rule's threshold. */
int msgplan_step_holds(double t_below, double t_above, uint64_t n_below,
		       uint64_t n_above, double slope, double noise);

/* Keep step i or drop it (after confirmation). */
void msgplan_drop(struct msgplan_steps *steps, size_t i);

/* The regime the automatic plan stays in: the highest, [lo, hi] with hi
 * the largest N probed, unless it spans less than a factor 4 (two
 * doublings), then the one below it.  Returns its index: 0 for the lowest
 * regime, steps->count for the highest. */
size_t msgplan_choose(const struct msgplan_steps *steps, uint64_t n_first,
		      uint64_t n_last, uint64_t *lo, uint64_t *hi);

/* "0-256, 512-2048, 4096-1048576": every regime, for the header. */
void msgplan_describe(const struct msgplan_steps *steps, uint64_t n_first,
		      uint64_t n_last, char *out, size_t len);

#endif /* SUBTICK_MSGPLAN_H */
