/*
 * kernel_count.c - Krutar's counting loop: n iterations of nothing.
 *
 * Krutar's `while (--N);` is deleted by any optimizing compiler.  Here the
 * empty asm with "+r"(n) tells the compiler that n may have changed in a way
 * it cannot see, so it can neither compute the loop's result in closed form
 * nor vectorize or unroll it into fewer dependent steps: every iteration is
 * one decrement that depends on the one before (a loop-carried dependency),
 * and the loop compiles to `sub $1, reg; jne` (tests/cli/disassembly.sh
 * checks this on every build).  Cost: about one core cycle per unit.
 */
#include "kernel.h"

void kernel_count_run(uint64_t n, void *ctx)
{
	(void)ctx;
	while (n != 0) {
		__asm__ volatile("" : "+r"(n));
		n--;
	}
}
