/*
 * dot_unrolled.c - a faster dot product (four independent sums, which an
 * out-of-order CPU adds side by side), and a subtly wrong one: it forgets
 * the last n mod 4 products.  At every n that is a multiple of 4 it is
 * right.  Timed against dot.c as B against A (see dot.c), collect runs
 * both untimed at a few N of the plan first and compares their results:
 * at an N that is not a multiple of 4 it refuses to time them, naming the
 * N, instead of reporting that B is faster.  Its author wrote no NAME_check
 * (it looked right); NAME_result is enough for the comparison.
 *
 * The fix: after the loop, add the remaining products,
 *     for (; i < n; i++) s0 += c->x[i] * c->y[i];
 */
#include <stdlib.h>

#include "subtick/kernel.h"

SUBTICK_KERNEL(dot_unrolled);

struct dot_ctx {
	double *x, *y;
	double result;
};

int dot_unrolled_setup(uint64_t n_max, void **ctx)
{
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

void dot_unrolled(uint64_t n, void *ctx)
{
	struct dot_ctx *c = ctx;
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
	uint64_t i = 0;
	for (; i + 4 <= n; i += 4) {
		s0 += c->x[i] * c->y[i];
		s1 += c->x[i + 1] * c->y[i + 1];
		s2 += c->x[i + 2] * c->y[i + 2];
		s3 += c->x[i + 3] * c->y[i + 3];
	}
	c->result = (s0 + s1) + (s2 + s3);	/* the last n % 4: forgotten */
}

int dot_unrolled_result(void *ctx, const void **data, size_t *bytes)
{
	struct dot_ctx *c = ctx;
	*data = &c->result;
	*bytes = sizeof c->result;
	return SUBTICK_RESULT_DOUBLES;
}

void dot_unrolled_teardown(void *ctx)
{
	struct dot_ctx *c = ctx;
	free(c->x), free(c->y), free(c);
}
