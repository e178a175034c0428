/*
 * probe.h - a quick estimate of a kernel's cost, for the automatic plan.
 */
#ifndef SUBTICK_PROBE_H
#define SUBTICK_PROBE_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

struct probe_result {
	double unit_ns;		/* cost of one more unit of N, ns */
	double fixed_ns;	/* cost at N = 0, ns (>= 0) */
	uint64_t n_last;	/* the largest N probed */
	double t_last_ns;	/* its minimum time */
};

/* The smallest of runs timings of the kernel (set up for n) at n, ns on
 * CLOCK_MONOTONIC_RAW, each after its `before`. */
double probe_min_ns(struct kernel *k, uint64_t n, int runs);

/* Run the kernel at N = 1, 2, 4, ... (minimum of a few runs each, on
 * CLOCK_MONOTONIC_RAW) until one run takes target_ns or N reaches n_cap.
 * Sets the kernel up for each N and tears it down after.  Returns 0; -1
 * with a message in err if setup fails or the cost does not grow with N. */
int probe_kernel(struct kernel *k, double target_ns, uint64_t n_cap,
		 struct probe_result *out, char *err, size_t err_len);

/*
 * Where the cost per unit jumps: a buffer leaving a cache level (memset
 * and strlen planned up to 16 MB cost 33% and 2x more per byte than in
 * cache), or any other change of regime.  A line fitted across the jump
 * describes neither side.  The kernel is timed at N doubling from 1 to
 * n_to (the minimum of a few runs each), and its mean cost per unit
 * t(N) / N is compared with the lowest one over the smaller N.  Only runs
 * from PROBE_REGIME_MIN_NS to PROBE_REGIME_MAX_NS count: below, the fixed
 * cost and the reference clock's steps blur t / N; above, preemption.  A jump is an N from which on every
 * larger N costs PROBE_REGIME_JUMP times that lowest mean or more: a 2x
 * step at S shows as 1.5x at 2S, a 1.33x step as 1.25x at 4S.  A single
 * slow N that the larger ones do not confirm is noise.  So is a slow
 * stretch of the machine (a guest's speed can halve for a tenth of a
 * second, and a change of speed between two timings makes a jump of
 * its own): a jump counts only once the N with the lowest mean and the N
 * after the jump, timed side by side in a few more rounds, differ so in
 * all rounds but one at most (probe_confirm_judge).
 */
#define PROBE_REGIME_MIN_NS 20000.0
/* Runs longer than this are not judged either: on a busy machine a run
 * longer than a scheduler slice is preempted nearly every time, a short
 * one seldom, which looks like a jump of the cost per unit (half the 4 ms
 * timer period). */
#define PROBE_REGIME_MAX_NS 2e6
#define PROBE_REGIME_JUMP 1.25

struct probe_regime {
	int jump;		/* 1: a jump was found */
	uint64_t n_stop;	/* the largest N probed before it */
	uint64_t n_after;	/* the N after it */
	uint64_t n_ref;		/* the N of the lowest mean cost below */
	double ratio;		/* mean cost per unit at n_after / lowest
				 * below */
};

/* Returns 0, or -1 with a message in err if setup fails. */
int probe_regime(struct kernel *k, uint64_t n_to, struct probe_regime *out,
		 char *err, size_t err_len);

/* The same judgement on times already taken: t[i] is the minimum time, ns,
 * at n[i] (ascending, about doubling), for i < count. */
void probe_regime_judge(const uint64_t *n, const double *t, size_t count,
			struct probe_regime *out);

/* The confirmation's rule: ratio[i] is round i's mean cost per unit after
 * the jump over the one before it, each side timed next to the other.
 * 1 if every round but one at most shows the jump. */
int probe_confirm_judge(const double *ratio, size_t rounds);

#endif /* SUBTICK_PROBE_H */
