/*
 * sum.c - a user kernel for collect: add up n doubles.
 *
 * Build and run (from the top of the source tree):
 *
 *   cc -O2 -shared -fPIC -I collector/include -o libsum.so collector/examples/sum.c
 *   collect --kernel ./libsum.so:sum | analyze
 *
 * The unit cost is the latency of one dependent floating-point addition
 * (about 4 cycles on current x86-64), since each sum waits for the last.
 */
#include <stdlib.h>

#include "subtick/kernel.h"

SUBTICK_KERNEL(sum);	/* declares sum, sum_setup, sum_teardown */

struct sum_ctx {
	double *x;
};

/* Called outside the timed region with the largest n of the collection. */
int sum_setup(uint64_t n_max, void **ctx)
{
	struct sum_ctx *c = malloc(sizeof *c);
	if (c == NULL)
		return -1;
	c->x = malloc((n_max + 1) * sizeof(double));
	if (c->x == NULL) {
		free(c);
		return -1;
	}
	for (uint64_t i = 0; i <= n_max; i++)
		c->x[i] = 1.0 / (double)(i + 1);	/* touch every page */
	*ctx = c;
	return 0;
}

/* The timed work: n dependent additions. */
void sum(uint64_t n, void *ctx)
{
	const struct sum_ctx *c = ctx;
	double s = 0;
	for (uint64_t i = 0; i < n; i++)
		s += c->x[i];
	subtick_keep_u64((uint64_t)s);	/* the sum is used: the loop stays */
}

void sum_teardown(void *ctx)
{
	struct sum_ctx *c = ctx;
	free(c->x);
	free(c);
}
