/*
 * dot.c - a user kernel that checks itself: the dot product of two vectors
 * of n doubles, with NAME_check (its own oracle) and NAME_result (so that
 * collect can compare another version's result with this one's).
 *
 *   cc -O2 -shared -fPIC -I collector/include -o libdot.so collector/examples/dot.c
 *   cc -O2 -shared -fPIC -I collector/include -o libdot_unrolled.so collector/examples/dot_unrolled.c
 *   collect --kernel ./libdot.so:dot --kernel ./libdot_unrolled.so:dot_unrolled \
 *           --range 1000:100000 -o dot.st -o unrolled.st
 *
 * x[i] = 1 and y[i] = i, so the dot product at n is n(n-1)/2, an integer
 * that a double holds exactly up to n = 2^26: the check needs no
 * reference run, and any order of the additions gives the same bits.
 * The unit cost is the latency of one dependent addition (each waits for
 * the last); dot_unrolled.c keeps four sums and runs faster, but is wrong.
 */
#include <stdlib.h>

#include "subtick/kernel.h"

SUBTICK_KERNEL(dot);

struct dot_ctx {
	double *x, *y;
	double result;	/* of the last call */
};

int dot_setup(uint64_t n_max, void **ctx)
{
	if (n_max > (1u << 26))	/* beyond, n(n-1)/2 is not exact */
		return -1;
	struct dot_ctx *c = calloc(1, sizeof *c);
	if (c == NULL)
		return -1;
	c->x = malloc((n_max + 1) * sizeof(double));
	c->y = malloc((n_max + 1) * sizeof(double));
	if (c->x == NULL || c->y == NULL) {
		free(c->x), free(c->y), free(c);
		return -1;
	}
	for (uint64_t i = 0; i <= n_max; i++)
		c->x[i] = 1.0, c->y[i] = (double)i;
	*ctx = c;
	return 0;
}

void dot(uint64_t n, void *ctx)
{
	struct dot_ctx *c = ctx;
	double s = 0;
	for (uint64_t i = 0; i < n; i++)
		s += c->x[i] * c->y[i];
	c->result = s;	/* kept: the work stays */
}

/* 0 when the last call's result is n(n-1)/2. */
int dot_check(uint64_t n, void *ctx)
{
	const struct dot_ctx *c = ctx;
	double want = (double)n * (double)(n ? n - 1 : 0) / 2;
	return c->result == want ? 0 : 1;
}

int dot_result(void *ctx, const void **data, size_t *bytes)
{
	struct dot_ctx *c = ctx;
	*data = &c->result;
	*bytes = sizeof c->result;
	return SUBTICK_RESULT_DOUBLES;
}

void dot_teardown(void *ctx)
{
	struct dot_ctx *c = ctx;
	free(c->x), free(c->y), free(c);
}
