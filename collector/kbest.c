/*
 * kbest.c - keep the K smallest timings per N.
 */
#include "kbest.h"

#include <stdlib.h>

int kbest_init(struct kbest *kb, size_t points, unsigned k, double eps)
{
	*kb = (struct kbest){ points, k, eps, calloc(points * k, sizeof(uint64_t)),
			      calloc(points, sizeof(unsigned)) };
	if (kb->best == NULL || kb->have == NULL) {
		kbest_free(kb);
		return -1;
	}
	return 0;
}

void kbest_add(struct kbest *kb, size_t point, uint64_t t)
{
	uint64_t *row = kb->best + point * kb->k;
	unsigned m = kb->have[point];
	if (m == kb->k) {
		if (t >= row[m - 1])
			return;
		m--;	/* the largest falls out */
	}
	unsigned i = m;
	for (; i > 0 && row[i - 1] > t; i--)
		row[i] = row[i - 1];
	row[i] = t;
	kb->have[point] = m + 1;
}

int kbest_converged(const struct kbest *kb)
{
	for (size_t p = 0; p < kb->points; p++) {
		const uint64_t *row = kb->best + p * kb->k;
		if (kb->have[p] < kb->k)
			return 0;
		if ((double)(row[kb->k - 1] - row[0]) > kb->eps * (double)row[0])
			return 0;
	}
	return 1;
}

void kbest_free(struct kbest *kb)
{
	free(kb->best);
	free(kb->have);
	kb->best = NULL;
	kb->have = NULL;
}
