/*
 * handgaps.c - the injected disturbance measured by hand: a loop of
 * clock_gettime(CLOCK_MONOTONIC) for SECONDS (default 3) that keeps every
 * gap longer than MIN_US (default 70) and prints how many a second and
 * their median, in microseconds.  Under bench/spinalarm.c (LD_PRELOAD)
 * it says what a SIGALRM and its handler cost on this machine, the
 * guest's delivery included (bench/diagnosis.py).
 *
 *   LD_PRELOAD=build/bench/libspinalarm.so build/bench/handgaps [SECONDS [MIN_US]]
 *   -> "gaps 384.7 per second, median 92.3 us"
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { GAPS_MAX = 1 << 20 };

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 3, min_us = argc > 2 ? atof(argv[2]) : 70;
	if (argc > 3 || !(seconds > 0) || !(min_us > 0)) {
		fprintf(stderr, "usage: handgaps [SECONDS [MIN_US]]\n");
		return 2;
	}
	long long *gap = malloc(GAPS_MAX * sizeof *gap);
	if (gap == NULL) {
		fprintf(stderr, "handgaps: out of memory\n");
		return 1;
	}
	long long min = (long long)(min_us * 1e3), start = now_ns(), prev = start;
	long long end = start + (long long)(seconds * 1e9);
	size_t n = 0;
	for (;;) {
		long long t = now_ns();
		if (t - prev > min && n < GAPS_MAX)
			gap[n++] = t - prev;
		prev = t;
		if (t > end)
			break;
	}
	qsort(gap, n, sizeof *gap, by_value);
	printf("gaps %.1f per second, median %.1f us\n", (double)n / seconds,
	       n ? (double)gap[n / 2] / 1e3 : 0.0);
	free(gap);
	return 0;
}
