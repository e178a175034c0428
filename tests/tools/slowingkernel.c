/*
 * slowingkernel.c - a user kernel whose cost per unit grows with time, as
 * a machine that slows down would: n dependent steps times (1 + s / 2),
 * s the process's CPU seconds (the probe's and the sampling's alike: a
 * setup again for a new plan does not make it fast again).  collect --until must stop on the drift
 * within a few fits and say so, not run out its budget
 * (tests/cli/until.sh).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>

#include <subtick/kernel.h>

SUBTICK_KERNEL(slowing);

void slowing(uint64_t n, void *ctx)
{
	(void)ctx;
	struct timespec now;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
	double s = (double)now.tv_sec + now.tv_nsec / 1e9;
	uint64_t work = (uint64_t)((double)n * (1 + s / 2));
	while (work != 0) {
		__asm__ volatile("" : "+r"(work));
		work--;
	}
}
