/*
 * oracle.h - kernels checked before they are timed (Herrero & Navarro run
 * an oracle, a routine known to be right, beside the code under test, and
 * time nothing whose results differ): each kernel's own NAME_check, and
 * with two kernels B's result against A's (subtick/kernel.h).
 *
 * Every call here is untimed: the kernel runs once at n (after
 * NAME_before), then its check and its result are read.
 */
#ifndef SUBTICK_ORACLE_H
#define SUBTICK_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"
#include "plan.h"

/* The smallest and largest N of the plan, and up to three more at random. */
enum { ORACLE_N_MAX = 5, ORACLE_RANDOM_N = 3 };

struct oracle {
	struct kernel *k[2];	/* A, and B or NULL */
	int kernels;
	double tolerance;	/* doubles agree within this share of the
				 * largest magnitude among A's */
	int checks;		/* some kernel has NAME_check */
	int compare;		/* A and B both have NAME_result */
	const char *uncompared;	/* why two results are not compared, or NULL */
	uint64_t n[ORACLE_N_MAX];	/* where, before timing */
	size_t count;
};

/* What there is to check and where (seed draws the random N).  Returns 1
 * when there is something, 0 when no kernel has NAME_check and no pair has
 * NAME_result (then nothing else is to be called). */
int oracle_init(struct oracle *o, struct kernel *const k[], int kernels,
		const struct plan *plan, uint64_t seed, double tolerance);

/* Every check at every N of o.  Returns 0, or -1 with what failed in err
 * (the kernel, N, and what was wrong). */
int oracle_before(const struct oracle *o, char *err, size_t len);

/* Once more, at the largest N: after the sampling, the kernel is still
 * right (a kernel whose state drifts over many calls).  0 or -1. */
int oracle_after(const struct oracle *o, char *err, size_t len);

/* The header key `checked`: what oracle_before checked and where, and the
 * check oracle_after makes. */
void oracle_describe(const struct oracle *o, char *text, size_t len);

#endif /* SUBTICK_ORACLE_H */
