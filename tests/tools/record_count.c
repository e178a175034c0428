/*
 * record_count.c - the count kernel timed two ways in one process,
 * interleaved: through libsubtick's recorder (stream A) and through
 * collect's own timing code (sampler.c, stream B).  Their unit costs must
 * agree (tests/cli/library.sh).
 *
 * Its N are sized from the kernel's speed measured here, not fixed: the
 * longest run spans 10^4 ticks of the clock (as collect's automatic plan
 * does for a precision of 10^-4), but at most a millisecond, so that the
 * two timings resolve the unit cost alike on a fast CPU and a slow one.
 *
 * Usage: record_count A.st B.st
 */
#include <stdio.h>
#include <stdlib.h>

#include "calibrate.h"
#include "kernel.h"
#include "keys.h"
#include "sampler.h"
#include "stream.h"
#include "subtick/subtick.h"

enum { POINTS = 16, SWEEPS = 400 };

/* The largest N: n doubled until the least of 11 runs spans 100 ticks and
 * 10 us; that timing over n is then a cost per N that can only be too
 * high (it holds the overhead, below 1% there, and a slowed run only
 * raises it), so the N whose run spans 10^4 ticks, capped at 1 ms, can
 * only come out smaller, never so large that the sweeps last hours (as a
 * difference of two slowed minima could make it).  The process is not
 * pinned: a run that moved between CPUs is dropped (no CPU is asked for,
 * so a move between runs drops none), and an n whose runs were all
 * dropped is timed again, not doubled past.  Returns 0 when no run ever
 * spanned that. */
static uint64_t largest_n(const struct clock_setup *setup,
			  const struct calibration *cal, struct kernel *k)
{
	double tick = (double)cal->tick, least = 1e4 / cal->unit_ns;	/* 10 us */
	if (least < 100 * tick)
		least = 100 * tick;
	uint64_t n = 1000, t = 0;
	for (int dropped = 0;;) {
		if (n >= ((uint64_t)1 << 40) || dropped > 100)
			return 0;
		t = sampler_min_timing(setup, k, n, -1, 11);
		if (t == UINT64_MAX)
			dropped++;
		else if ((double)t >= least)
			break;
		else
			n *= 2;
	}
	double unit = (double)t / (double)n;	/* units per N, at most too high */
	double span = 1e4 * tick, cap = 1e6 / cal->unit_ns;	/* units */
	double n_max = (span < cap ? span : cap) / unit;
	return n_max > (double)POINTS ? (uint64_t)n_max : POINTS;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: record_count A.st B.st\n");
		return 2;
	}
	subtick_recorder *r = subtick_open(argv[1], "count", NULL);
	struct kernel k;
	char err[256];
	struct clock_setup setup;
	struct calibration cal;
	FILE *fb = fopen(argv[2], "w");
	const struct clock_source *c = clock_find(clock_default_name()), *rc;
	if (r == NULL || fb == NULL || c == NULL || !clock_available(c, &rc, err, sizeof err) ||
	    kernel_open("count", &k, err, sizeof err) != 0 ||
	    calibrate_clock(rc, 0, &setup, &cal) != 0) {
		perror("record_count");
		return 1;
	}
	static struct stream_writer w;
	stream_init(&w, fileno(fb));
	keys_begin(&w, &setup, &cal);
	stream_header(&w, "kernel", "count");
	stream_header(&w, "columns", "n t at");
	uint64_t n[POINTS], state = 7, at = 0, n_max = largest_n(&setup, &cal, &k), written = 0;
	if (n_max == 0) {
		fprintf(stderr, "record_count: no run of the count kernel spanned 100 ticks, or runs kept moving between CPUs\n");
		return 1;
	}
	for (int i = 0; i < POINTS; i++)
		n[i] = n_max * (uint64_t)(i + 1) / POINTS;
	for (int s = 0; s < SWEEPS; s++) {
		for (int i = POINTS - 1; i > 0; i--) {
			state = state * 6364136223846793005u + 1;
			int j = (int)((state >> 33) % (uint64_t)(i + 1));
			uint64_t t = n[i];
			n[i] = n[j];
			n[j] = t;
		}
		for (int i = 0; i < POINTS; i++) {
			uint64_t t0 = subtick_start(r);
			kernel_count_run(n[i], NULL);
			subtick_stop(r, n[i], t0);
			uint64_t t = sampler_min_timing(&setup, &k, n[i], -1, 1);
			if (t != UINT64_MAX) {
				const uint64_t f[3] = { n[i], t, at++ };
				stream_sample(&w, f, 3);
				written++;
			}
		}
	}
	/* the samples written: a run that moved between CPUs is not */
	stream_linef(&w, "# done: samples=%llu", (unsigned long long)written);
	int bad = stream_flush(&w) != 0 || fclose(fb) != 0;
	bad |= subtick_close(r) != 0;
	kernel_close(&k);
	return bad;
}
