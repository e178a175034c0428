/*
 * sort.c - a user kernel that destroys its input: qsort of n ints.
 *
 * Sorting sorts the array, so every timed run must start from the same
 * unsorted one: sorting_before copies it back, outside the timed region.
 * The seed of the random values comes from --kernel-arg (default 1).
 *
 *   cc -O2 -shared -fPIC -I collector/include -o libsort.so collector/examples/sort.c
 *   collect --kernel ./libsort.so:sorting --kernel-arg 7 --range 1000:100000:32 | analyze
 *
 * qsort costs about N log N: analyze's nonlinearity warning says so, and
 * the unit cost is that of the range of N timed.
 */
#include <stdlib.h>
#include <string.h>

#include "subtick/kernel.h"

SUBTICK_KERNEL(sorting);

struct sort_ctx {
	int *pristine, *work;
};

static int by_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int sorting_setup_arg(uint64_t n_max, const char *arg, void **ctx)
{
	struct sort_ctx *c = malloc(sizeof *c);
	if (c == NULL || n_max > (uint64_t)1 << 28)
		return free(c), -1;
	c->pristine = malloc((n_max + 1) * sizeof *c->pristine);
	c->work = malloc((n_max + 1) * sizeof *c->work);
	if (c->pristine == NULL || c->work == NULL) {
		free(c->pristine), free(c->work), free(c);
		return -1;
	}
	unsigned long state = arg ? strtoul(arg, NULL, 10) : 1;
	for (uint64_t i = 0; i <= n_max; i++) {
		state = state * 6364136223846793005ul + 1442695040888963407ul;
		c->pristine[i] = (int)(state >> 33);
	}
	*ctx = c;
	return 0;
}

void sorting_before(uint64_t n, void *ctx)
{
	struct sort_ctx *c = ctx;
	memcpy(c->work, c->pristine, n * sizeof *c->work);
}

void sorting(uint64_t n, void *ctx)
{
	struct sort_ctx *c = ctx;
	qsort(c->work, n, sizeof *c->work, by_int);
	subtick_keep_memory(c->work);
}

void sorting_teardown(void *ctx)
{
	struct sort_ctx *c = ctx;
	free(c->pristine), free(c->work), free(c);
}
