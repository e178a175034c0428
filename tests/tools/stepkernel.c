/*
 * stepkernel.c - a user kernel whose cost per unit steps up past a size, as
 * a buffer leaving a cache would: n dependent steps up to STEP_AT, four per
 * unit beyond (the mean cost per unit is 2.5x at 2 x STEP_AT: far beyond
 * what a busy machine can fake).  collect's plan must stop at or below STEP_AT
 * (tests/cli/regime.sh).
 */
#include <subtick/kernel.h>

#define STEP_AT 65536u

SUBTICK_KERNEL(step);

void step(uint64_t n, void *ctx)
{
	(void)ctx;
	uint64_t work = n <= STEP_AT ? n : STEP_AT + 4 * (n - STEP_AT);
	while (work != 0) {
		__asm__ volatile("" : "+r"(work));
		work--;
	}
}
