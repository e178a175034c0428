/*
 * checkkernel.c - user kernels with NAME_check and NAME_result, right and
 * wrong in known ways, for tests/cli/oracle.sh.  Each adds 0 + 1 + ... +
 * (n - 1), whose sum n(n-1)/2 its check knows.
 *
 *   good       right; the sum as 8 bytes
 *   wrongat    right but at N = --kernel-arg, where it is one too many
 *   late       right for --kernel-arg calls, then wrong (its state drifts)
 *   dbl        right; the sum as a double
 *   near       the sum as a double, 1e-7 too large (rounding, or a bug?)
 *   odd        the sum as 8 bytes, wrong at odd N; no check of its own
 *   unchecked  right, but neither check nor result
 */
#include <stdlib.h>

#include "subtick/kernel.h"

SUBTICK_KERNEL(good);
SUBTICK_KERNEL(wrongat);
SUBTICK_KERNEL(late);
SUBTICK_KERNEL(dbl);
SUBTICK_KERNEL(near);
SUBTICK_KERNEL(odd);
SUBTICK_KERNEL(unchecked);

struct sum_ctx {
	uint64_t sum;
	double dsum;
	uint64_t calls, arg;
};

static int make(const char *arg, void **ctx)
{
	struct sum_ctx *c = calloc(1, sizeof *c);
	if (c == NULL)
		return -1;
	c->arg = arg ? strtoull(arg, NULL, 10) : 0;
	*ctx = c;
	return 0;
}

static uint64_t add_up(uint64_t n)
{
	uint64_t s = 0;
	for (uint64_t i = 0; i < n; i++) {
		s += i;
		subtick_keep_u64(s);
	}
	return s;
}

static int sum_check(uint64_t n, const struct sum_ctx *c)
{
	return c->sum == n * (n ? n - 1 : 0) / 2 ? 0 : 1;
}

static int bytes(struct sum_ctx *c, const void **data, size_t *len)
{
	*data = &c->sum;
	*len = sizeof c->sum;
	return SUBTICK_RESULT_BYTES;
}

static int doubles(struct sum_ctx *c, const void **data, size_t *len)
{
	*data = &c->dsum;
	*len = sizeof c->dsum;
	return SUBTICK_RESULT_DOUBLES;
}

int good_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void good_teardown(void *ctx) { free(ctx); }
void good(uint64_t n, void *ctx) { ((struct sum_ctx *)ctx)->sum = add_up(n); }
int good_check(uint64_t n, void *ctx) { return sum_check(n, ctx); }
int good_result(void *ctx, const void **d, size_t *b) { return bytes(ctx, d, b); }

int wrongat_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void wrongat_teardown(void *ctx) { free(ctx); }
void wrongat(uint64_t n, void *ctx)
{
	struct sum_ctx *c = ctx;
	c->sum = add_up(n) + (n == c->arg);
}
int wrongat_check(uint64_t n, void *ctx) { return sum_check(n, ctx); }

int late_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void late_teardown(void *ctx) { free(ctx); }
void late(uint64_t n, void *ctx)
{
	struct sum_ctx *c = ctx;
	c->sum = add_up(n) + (++c->calls > c->arg);
}
int late_check(uint64_t n, void *ctx) { return sum_check(n, ctx); }

int dbl_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void dbl_teardown(void *ctx) { free(ctx); }
void dbl(uint64_t n, void *ctx)
{
	struct sum_ctx *c = ctx;
	c->sum = add_up(n);
	c->dsum = (double)c->sum;
}
int dbl_check(uint64_t n, void *ctx) { return sum_check(n, ctx); }
int dbl_result(void *ctx, const void **d, size_t *b) { return doubles(ctx, d, b); }

int near_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void near_teardown(void *ctx) { free(ctx); }
void near(uint64_t n, void *ctx)
{
	struct sum_ctx *c = ctx;
	c->sum = add_up(n);
	c->dsum = (double)c->sum * (1 + 1e-7);
}
int near_result(void *ctx, const void **d, size_t *b) { return doubles(ctx, d, b); }

int odd_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void odd_teardown(void *ctx) { free(ctx); }
void odd(uint64_t n, void *ctx) { ((struct sum_ctx *)ctx)->sum = add_up(n) ^ (n & 1) << 40; }
int odd_result(void *ctx, const void **d, size_t *b) { return bytes(ctx, d, b); }

int unchecked_setup_arg(uint64_t n_max, const char *arg, void **ctx) { (void)n_max; return make(arg, ctx); }
void unchecked_teardown(void *ctx) { free(ctx); }
void unchecked(uint64_t n, void *ctx) { ((struct sum_ctx *)ctx)->sum = add_up(n); }
