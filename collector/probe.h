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

/*
 * Two kernels timed in turn share the caches: each one's data may be gone
 * when its next run starts, because the other ran in between.  The probes
 * of one are made in turn with the other (its partner), run untimed before
 * every timed run at scale x the timed kernel's N (so that both runs take
 * about as long, as in the collection), at most n_limit.
 */
struct probe_partner {
	struct kernel *k;
	double scale;
	uint64_t n_limit;
};

/* The partner's N beside the timed kernel's n. */
uint64_t probe_partner_n(const struct probe_partner *p, uint64_t n);

/* The smallest of runs timings of the kernel (set up for n) at n, ns on
 * CLOCK_MONOTONIC_RAW, each after its `before`.  When the thread was
 * preempted as many times as it ran (every run may have been, and the
 * minimum would not be the kernel's), the runs are taken again, up to four
 * times; *clean (may be NULL) is 0 when every time was so. */
double probe_min_ns(struct kernel *k, uint64_t n, int runs, int *clean);

/* The same with the partner (NULL: none) run before each run. */
double probe_min_ns_in_turn(struct kernel *k, const struct probe_partner *p,
			    uint64_t n, int runs, int *clean);

/* The smallest of runs timings, one batch, preempted or not: for a kernel
 * that waits for other processes (a message kernel's root waits for the
 * other ranks, and the CPU goes to another meanwhile: with more ranks than
 * CPUs, one on its CPU), which every batch counts as preempted. */
double probe_min_ns_once(struct kernel *k, uint64_t n, int runs);

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
 * describes neither side.
 *
 * The kernel is timed at N doubling from 1 to n_to, in PROBE_PASSES passes
 * (each N's minimum of enough runs to fill PROBE_RUN_NS), and judged by the
 * marginal cost of each doubling,
 *     m_i = (t(N_i+1) - t(N_i)) / (N_i+1 - N_i),
 * which the fixed cost cancels, so that a step shows the moment it is
 * crossed whatever the kernel's speed (the mean t / N instead carries the
 * fixed cost, and had to ignore every run under a fixed 20 us: blind to a
 * step at 4096 units on a fast CPU).  How far each t is to be trusted is
 * measured, not assumed: u(N) = the larger of the reference clock's
 * resolution (its smallest nonzero step between two reads: tick or read
 * cost) and the minima's own scatter (the second-smallest pass minimum
 * minus the smallest: a pass caught in a slow stretch of the machine does
 * not count).  The marginal's relative error is then
 *     e_i = (u(N_i) + u(N_i+1)) / (t(N_i+1) - t(N_i)).
 * Passes go on (PROBE_PASSES to PROBE_PASSES_MAX) while some doubling's
 * e_i exceeds PROBE_MARGINAL_ERR (10%): on a loaded machine the minima of
 * three passes can scatter by a third.  A doubling with e_i above
 * PROBE_MARGINAL_ERR_MAX is not judged at all.
 *
 * The regime's cost is the median marginal of the last PROBE_REF_WINDOW
 * judged doublings below (robust to one doubling made low or high by a
 * slow N; and local: on a loaded machine the minima of runs a microsecond
 * long found a core 20-40% faster than runs of a millisecond did, for
 * the count kernel, whose cost has no regimes).  A candidate
 * jump is the first judged doubling whose marginal is PROBE_REGIME_JUMP
 * times that or more, and stays so: the mean marginal from there to the
 * largest judged N must rise as much (a single slow N raises one doubling
 * and lowers the next).  A gradual rise (L2 to
 * L3 spreads over several doublings) starts earlier: the judged doublings
 * just before the jump whose marginal is already PROBE_REGIME_RISING times
 * the regime's (again at the unfavourable ends of their errors) belong to
 * it, and the plan stops below them; so it does below a doubling there
 * too scattered to judge (where the rise began is unknown: on a loaded
 * machine the runs at the step's N were preempted in every pass).  A slow stretch
 * of the machine can fake a jump (a guest's speed can drop by a third for
 * a tenth of a second): it counts only once both doublings, the regime's
 * longest and the jump, timed side by side in nine more rounds (eighteen
 * where the nine are unclear), show it in nearly all of them
 * (probe_confirm_judge: the rule, with its false-alarm rate); a candidate
 * that is not confirmed is passed over, and the next one tried
 * (PROBE_CANDIDATES at most).  Below
 * a confirmed jump the doublings are timed side by side with the regime's
 * too, each in turn downwards while its median round rises
 * PROBE_REGIME_RISING x, and the plan stops below those: the passes' minima can mix
 * the machine's speeds across N, and so hide a rise that rounds side by
 * side show.  An N whose runs were preempted as often
 * as they ran (the thread's involuntary context switches) is not judged:
 * on a busy machine a run longer than a scheduler slice is preempted
 * nearly every time and a short one seldom, which looked like a jump.
 * Where no jump is found but the doublings from some N to the largest
 * were all too scattered to judge (a machine so busy that no two passes'
 * minima of runs past some length agree), the probe says from where it
 * was blind (blind_from), and so it does where the doublings the clock
 * resolves were too scattered below the first it judged (blind_below: a
 * jump there has nothing below it to be judged against): the plan goes
 * on, and says so, since no jump seen is not no jump there.
 */
#define PROBE_STEPS 66		/* doublings: N = 1 .. 2^64 */
#define PROBE_PASSES 3
#define PROBE_PASSES_MAX 8
#define PROBE_RUN_NS 100000.0	/* each N's runs fill about this, per pass */
#define PROBE_MARGINAL_ERR 0.1
#define PROBE_MARGINAL_ERR_MAX 0.5
#define PROBE_REGIME_JUMP 1.25
#define PROBE_REGIME_RISING 1.1
#define PROBE_REF_WINDOW 5
/* The probe times doublings up to runs of about this (ns), not beyond: a
 * plan for a coarse clock may want runs of seconds, whose doublings would
 * take the probe minutes (3 to 8 passes of each, and confirmations).  A
 * working set that runs 20 ms at a few GB/s is past every cache. */
#define PROBE_REGIME_MAX_RUN_NS 2e7
struct probe_regime {
	int jump;		/* 1: a jump was found */
	uint64_t n_stop;	/* the largest N of the regime below it */
	uint64_t n_after;	/* the end of the doubling that jumped */
	uint64_t n_ref;		/* the start of the reference doubling that
				 * confirmations time side by side: the
				 * regime's longest of the window below */
	double ratio;		/* marginal of the jump / the reference's
				 * (the median of the rounds side by side) */
	double unit_ns;		/* the lowest marginal below, ns per unit */
	int gradual;		/* the rise began before the jump (n_stop is
				 * below the jump's start) */
	int unjudged;		/* a doubling just below the jump was too
				 * scattered to judge (n_stop is below it) */
	uint64_t blind_from;	/* no jump: every doubling from this N to
				 * the largest was too scattered to judge, so
				 * a jump there would go unseen (0: the last
				 * doubling was judged) */
	uint64_t blind_below;	/* no jump: the first doubling judged starts
				 * here, and one below it that the clock
				 * resolves was too scattered to judge: a
				 * jump below it would go unseen (0: none) */
};

/* partner: NULL, or the kernel timed in turn with k (probe_partner).
 * Returns 0, or -1 with a message in err if setup fails. */
int probe_regime(struct kernel *k, const struct probe_partner *partner,
		 uint64_t n_to, struct probe_regime *out, char *err, size_t err_len);

/* The same judgement on times already taken: t[i] is the minimum time, ns,
 * at n[i] (ascending, about doubling), u[i] how far it is to be trusted,
 * ns, for i < count.  The first candidate at doubling `from` or later
 * (one before it was not confirmed). */
void probe_regime_judge(const uint64_t *n, const double *t, const double *u,
			size_t count, size_t from, struct probe_regime *out);

/* Candidates confirmed at most, before the probe gives up. */
#define PROBE_CANDIDATES 6

/* The confirmation's rule: ratio[i] is round i's marginal cost of the
 * jump's doubling over the reference's, each timed next to the other; a
 * round shows the jump where it is PROBE_REGIME_JUMP or more (a round with
 * a timing whose runs were all preempted is NaN, and shows nothing).  With
 * no jump, a round shows one only where a change of the machine's speed
 * between its timings spoils it, and then at most half the time (the
 * slowed timing is as likely the reference's or its doubling's start as
 * the jump's end).  So even were every round spoilt, the rounds showing a
 * jump that is not there are at most Binomial(rounds, 1/2): 1 when so
 * many show it that this had a chance of alpha or less
 * (probe_confirm_needed: how many).  Nine rounds at PROBE_CONFIRM_ALPHA:
 * 8 of 9 (1.95%); where 6 or 7 show it, nine more, and 15 of the 18 at
 * PROBE_CONFIRM_ALPHA_MORE (0.38%; 5 of 9 could not reach it); a false
 * jump in all in at most 2.1% of candidates, even on a machine that
 * spoils every round (tests/unit/test_probe.c, test_confirm_rounds). */
#define PROBE_CONFIRM_ALPHA 0.02
#define PROBE_CONFIRM_ALPHA_MORE 0.005
size_t probe_confirm_needed(size_t rounds, double alpha);
int probe_confirm_judge(const double *ratio, size_t rounds, double alpha);

/*
 * What the partner does to a kernel's cost: its marginal cost from lo to
 * hi in turn with the partner over the same alone, in five rounds timed
 * side by side (both set up already, for hi and the partner's N).  Near 1
 * when the two kernels' data fit the caches together; above when each
 * evicts the other's.
 */
struct probe_turn {
	double ratio;		/* the median round's */
	double lo, hi;		/* the second lowest and second highest */
};

void probe_in_turn(struct kernel *k, const struct probe_partner *p,
		   uint64_t lo, uint64_t hi, struct probe_turn *out);

#endif /* SUBTICK_PROBE_H */
