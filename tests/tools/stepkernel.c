/*
 * stepkernel.c - a user kernel whose cost per unit changes past a size, as
 * a buffer leaving a cache would: n dependent steps up to AT, more per unit
 * beyond.  collect's automatic plan must stop at or below AT
 * (tests/cli/regime.sh).
 *
 * --kernel-arg AT        four steps per unit beyond AT (a step)
 * --kernel-arg AT:g      a gradual rise, as L2 to L3: 1.2 steps per unit
 *                        in (AT, 2 AT], 1.5 to 4 AT, 2 to 8 AT, 2.5 beyond
 * (no --kernel-arg: AT = 65536, a step)
 */
#include <stdlib.h>
#include <string.h>

#include <subtick/kernel.h>

SUBTICK_KERNEL(step);

struct step_ctx {
	uint64_t at;
	int gradual;
};

int step_setup_arg(uint64_t n_max, const char *arg, void **ctx)
{
	(void)n_max;
	struct step_ctx *c = malloc(sizeof *c);
	if (c == NULL)
		return -1;
	c->at = 65536;
	c->gradual = 0;
	if (arg != NULL) {
		char *end;
		c->at = strtoull(arg, &end, 10);
		c->gradual = strcmp(end, ":g") == 0;
		if (c->at == 0 || (*end != '\0' && !c->gradual)) {
			free(c);
			return -1;
		}
	}
	*ctx = c;
	return 0;
}

void step_teardown(void *ctx)
{
	free(ctx);
}

/* Steps (in tenths) for n units: the integral of the cost per unit. */
static uint64_t tenths(const struct step_ctx *c, uint64_t n)
{
	static const uint64_t edge[] = { 1, 2, 4, 8 };
	static const uint64_t gradual[] = { 10, 12, 15, 20, 25 };
	if (!c->gradual)
		return n <= c->at ? 10 * n : 10 * c->at + 40 * (n - c->at);
	uint64_t w = 0, from = 0;
	for (int i = 0; i < 4 && from < n; i++) {
		uint64_t to = edge[i] * c->at < n ? edge[i] * c->at : n;
		w += gradual[i] * (to - from);
		from = to;
	}
	return from < n ? w + gradual[4] * (n - from) : w;
}

void step(uint64_t n, void *ctx)
{
	uint64_t work = tenths(ctx, n) / 10;
	while (work != 0) {
		__asm__ volatile("" : "+r"(work));
		work--;
	}
}
