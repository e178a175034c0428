/*
 * strlenkernel.c - strlen of an N-byte string, a kernel whose cost per
 * byte changes where the string leaves a cache level (tests/cli/regime.sh:
 * the automatic plan must stay in one).
 */
#include <stdlib.h>
#include <string.h>

#include <subtick/kernel.h>

SUBTICK_KERNEL(sl);

struct sl_ctx {
	char *s;
	uint64_t end;	/* where the terminating NUL stands now */
};

int sl_setup(uint64_t n_max, void **ctx)
{
	struct sl_ctx *c = malloc(sizeof *c);
	if (c == NULL || (c->s = malloc(n_max + 1)) == NULL) {
		free(c);
		return -1;
	}
	memset(c->s, 'x', n_max);
	c->s[n_max] = '\0';
	c->end = n_max;
	*ctx = c;
	return 0;
}

void sl_teardown(void *ctx)
{
	struct sl_ctx *c = ctx;
	free(c->s);
	free(c);
}

/* The string of n bytes, outside the timed region. */
void sl_before(uint64_t n, void *ctx)
{
	struct sl_ctx *c = ctx;
	c->s[c->end] = 'x';
	c->s[n] = '\0';
	c->end = n;
}

void sl(uint64_t n, void *ctx)
{
	struct sl_ctx *c = ctx;
	(void)n;
	subtick_keep_memory(c->s);
	subtick_keep_u64(strlen(c->s));
}
