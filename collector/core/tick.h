/*
 * tick.h - the real tick of a clock, from its readings (Krutar 1998, RK_tick).
 *
 * clock_getres() on Linux claims 1 ns for most clocks; the step a program
 * can see is larger (4 ms for the COARSE clocks, 2 units for the TSC of an
 * Intel KVM guest, 26 for an AMD one).  Every interval between two readings
 * is a multiple of the tick, so the gcd of many such intervals converges to
 * it.  A plain gcd collapses to 1 on one stray value, and real clocks have
 * strays: CLOCK_REALTIME_COARSE steps 3999999 ns now and then while NTP
 * slews it, and on an AMD guest about a third of the COARSE clocks' steps
 * are 3999999, 7999999 or 12000001 ns.  So the rule here is:
 *
 *   The tick is the largest g such that at least 3/4 of the differences
 *   are multiples of g (the plain gcd of all of them, when no larger g
 *   qualifies), where a difference d counts as a multiple when it
 *   is within tick_tolerance(d) = max(1, d / 10^6) units of a nonzero
 *   multiple of g.
 *
 * The tolerance applies only to g >= TICK_NEAR_MIN (TICK_NEAR_MIN_READINGS
 * on a clock's own readings) and where it is at most g / that: otherwise
 * nearly every integer is within it of a multiple of g, and only exact
 * multiples count.  A near (not exact) tick must also be seen at two
 * multiples or more (1 x and 2 x, say), or agree with the resolution the
 * clock claims: differences that all cluster around one value (a fine
 * clock read back to back, or timings of one N) say nothing about a tick.
 * Candidates are the differences, the gcds of neighbouring ones, and the
 * claimed resolution (a process that runs now and then sees a 4 ms clock
 * step by 12000001, 16000001 and 20000001 ns, no two of them 4 ms apart
 * in their gcd).
 *
 * This is the one implementation of the rule; collect uses it on live
 * readings and analyze on the timings of a stream without a tick.
 */
#ifndef SUBTICK_TICK_H
#define SUBTICK_TICK_H

#include <stddef.h>
#include <stdint.h>

/* Share of the differences the tick must cover: 3 of 4.  A multiple of the
 * tick (2 x tick) covers about half of well-spread differences, far below
 * this; up to a quarter of the differences may be strays. */
#define TICK_MAJORITY_NUM 3
#define TICK_MAJORITY_DEN 4

/* Smallest g to which the +-tolerance applies: a random integer is within
 * one unit of a multiple of g with probability 3/g <= 1/8.  Timings (the
 * rule analyze applies to a stream without a tick) may sit in a few tight
 * clusters, one per N: three or four clusters of 10 to 12, 20 to 22, ...
 * lie within a unit of multiples of some g from 8 to 23 one time in six. */
#define TICK_NEAR_MIN 24

/* The same for a clock's own readings, taken with a random wait between
 * (collect): their differences spread over many multiples, so a
 * tolerance from g = 8 (3/g <= 3/8, half the majority) is safe, and it is
 * needed by a clock in ns converted from a counter whose step is no
 * whole number of ns: CLOCK_MONOTONIC on a TSC of 21 units at 2.096 GHz
 * steps 10 ns and now and then 9 or 11 (10.019 on average), and only
 * about 2/3 of its small differences are exact multiples of 10, so a rule
 * of exact multiples made its tick 10 or 1 by chance. */
#define TICK_NEAR_MIN_READINGS 8

struct tick_estimate {
	uint64_t tick;	/* 0 when there were no differences */
	size_t n;	/* differences considered */
	size_t exact;	/* exact multiples of tick */
	size_t near;	/* multiples within the tolerance (exact included) */
};

uint64_t tick_gcd(uint64_t a, uint64_t b);

/* b - a on a counter `width` bits wide (1..64): correct across one
 * wrap-around, as Krutar's 3 - 1022 = 5 on a ten-bit timer. */
uint64_t tick_difference(uint64_t a, uint64_t b, unsigned width);

/* max(1, d / 10^6): how far a difference may be from a multiple. */
uint64_t tick_tolerance(uint64_t d);

/* 1 if d is exactly a nonzero multiple of g, or (g >= TICK_NEAR_MIN and
 * tick_tolerance(d) <= g / TICK_NEAR_MIN) within tick_tolerance(d) of
 * one. */
int tick_near_multiple(uint64_t d, uint64_t g);

/*
 * The tick of the n differences d (zeros are ignored), by the rule above.
 * claimed: the resolution the clock claims, in the same units (0 or 1: no
 * claim).  d is not modified.  O(n * min(n, 512)).
 */
void tick_estimate(const uint64_t *d, size_t n, uint64_t claimed,
		   struct tick_estimate *out);

/* tick_estimate on the differences of a clock's own readings, taken with
 * a random wait between: the tolerance from TICK_NEAR_MIN_READINGS. */
void tick_estimate_readings(const uint64_t *d, size_t n, uint64_t claimed,
			    struct tick_estimate *out);

/* The tick a band around timings must take: a clock whose steps are
 * tick_mean on average (10 units, now and then 11), each reading rounded
 * down to a unit, leaves a timing within tick_mean + 1 of the time it
 * took, not within tick.  The one rule for collect, analyze and the live
 * fit; mean_step 0: the tick itself. */
double tick_band(uint64_t tick, double mean_step);

/* How far a clock's mean step may lie from its tick, as a share of it,
 * and the steps still be whole ticks: a mean over 16 differences of 8192
 * ticks is good to about 2e-6 of it; a clock in ns converted from a
 * counter of 10.0122 ns lies 1.2e-3 off. */
#define TICK_WHOLE_REL 1e-5

/*
 * 1 if a clock's steps are not whole ticks: its mean step `step` (units,
 * measured over the long differences d[0..n), each of many ticks) lies
 * more than TICK_WHOLE_REL of tick from tick, or fewer than 3/4 of d are
 * near multiples of tick (as readings: TICK_NEAR_MIN_READINGS).  Not the second alone: over 8192 ticks of 10
 * units the differences of a counter of 10.0122 units span 8182 steps,
 * 81919.8 units, near a multiple of 10 (a quarter of such counters'
 * steps do that), yet every 82 steps the clock steps 11.
 */
int tick_uneven(double step, uint64_t tick, const uint64_t *d, size_t n);

/* tick_estimate(d, n, 0).tick */
uint64_t tick_from_differences(const uint64_t *d, size_t n);

/*
 * Differences between consecutive distinct readings of a counter `width`
 * bits wide; writes at most n - 1 of them to out and returns how many.
 */
size_t tick_differences(const uint64_t *readings, size_t n, unsigned width,
			uint64_t *out);

#endif /* SUBTICK_TICK_H */
