/*
 * tick.h - the real tick of a clock, from its readings (Krutar 1998, RK_tick).
 *
 * clock_getres() on Linux claims 1 ns for most clocks; the step a program
 * can see is larger (4 ms for the COARSE clocks, 2 units for the TSC of
 * some virtual machines).  Every small interval between two readings is a
 * multiple of the tick, so the gcd of many such intervals converges to it.
 * A plain gcd collapses to 1 on one stray value (CLOCK_REALTIME_COARSE
 * here steps 3999999 ns now and then, when NTP slews it), so we use a
 * majority rule instead.
 */
#ifndef SUBTICK_TICK_H
#define SUBTICK_TICK_H

#include <stddef.h>
#include <stdint.h>

/* Share of the differences the tick must divide: 3 of 4.  A multiple of the
 * tick (2 * tick) divides about half of well-spread differences, far below
 * this; up to a quarter of the differences may be strays. */
#define TICK_MAJORITY_NUM 3
#define TICK_MAJORITY_DEN 4

uint64_t tick_gcd(uint64_t a, uint64_t b);

/* b - a on a counter `width` bits wide (1..64): correct across one
 * wrap-around, as Krutar's 3 - 1022 = 5 on a ten-bit timer. */
uint64_t tick_difference(uint64_t a, uint64_t b, unsigned width);

/*
 * The largest g that divides at least 3/4 of the n differences d (none of
 * them 0).  When no value reaches the majority, the plain gcd of all.
 * Returns 0 when n == 0.
 */
uint64_t tick_from_differences(const uint64_t *d, size_t n);

/*
 * Differences between consecutive distinct readings of a counter `width`
 * bits wide; writes at most n - 1 of them to out and returns how many.
 */
size_t tick_differences(const uint64_t *readings, size_t n, unsigned width,
			uint64_t *out);

#endif /* SUBTICK_TICK_H */
