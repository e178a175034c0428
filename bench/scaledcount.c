/*
 * scaledcount.c - collect's counting loop at a known multiple of n, for
 * the pairs benchmark: B / A of the unit costs is known exactly.
 *
 *   count_x100  n iterations
 *   count_x101  n + n/100 iterations: 1.01 times the unit cost
 *   count_x110  n + n/10 iterations:  1.10 times the unit cost
 *
 * One loop, not inlined, serves all three, so that they differ only in how
 * many iterations it makes (the floor of n/100 adds at most one, which the
 * least-values line cannot tell from noise).
 */
#include "subtick/kernel.h"

__attribute__((noinline)) static void spin(uint64_t n)
{
	while (n != 0) {
		__asm__ volatile("" : "+r"(n));
		n--;
	}
}

void count_x100(uint64_t n, void *ctx);
void count_x101(uint64_t n, void *ctx);
void count_x110(uint64_t n, void *ctx);

void count_x100(uint64_t n, void *ctx)
{
	(void)ctx;
	spin(n);
}

void count_x101(uint64_t n, void *ctx)
{
	(void)ctx;
	spin(n + n / 100);
}

void count_x110(uint64_t n, void *ctx)
{
	(void)ctx;
	spin(n + n / 10);
}
