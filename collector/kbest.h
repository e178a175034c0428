/*
 * kbest.h - the K-best stopping rule (Bryant & O'Hallaron): stop when, for
 * every N, the K smallest timings agree within a relative epsilon.
 */
#ifndef SUBTICK_KBEST_H
#define SUBTICK_KBEST_H

#include <stddef.h>
#include <stdint.h>

struct kbest {
	size_t points;
	unsigned k;
	double eps;
	uint64_t *best;		/* points * k, each row ascending */
	unsigned *have;		/* values held per point, <= k */
};

int kbest_init(struct kbest *kb, size_t points, unsigned k, double eps);
void kbest_add(struct kbest *kb, size_t point, uint64_t t);
/* 1 when every point holds k values with (kth - 1st) <= eps * 1st. */
int kbest_converged(const struct kbest *kb);
void kbest_free(struct kbest *kb);

#endif /* SUBTICK_KBEST_H */
