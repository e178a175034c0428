/*
 * calibrate.h - what a clock really does on this machine: its tick, the
 * nanoseconds per unit, the cost of reading it.
 */
#ifndef SUBTICK_CALIBRATE_H
#define SUBTICK_CALIBRATE_H

#include <stddef.h>
#include <stdint.h>

#include "clock.h"

/* A clock as collect reads it: a source, and the --coarsen quantum. */
struct clock_setup {
	const struct clock_source *source;
	unsigned coarsen_bits;
	uint64_t quantum;	/* native tick << coarsen_bits; 0: none */
};

struct calibration {
	uint64_t native_tick;	/* detected tick of the source, units */
	uint64_t tick;		/* detected tick as read (after --coarsen) */
	size_t tick_differences; /* differences the tick came from; 0 when
				  * derived as native_tick << coarsen_bits */
	double unit_ns;		/* ns per unit */
	double unit_ns_rel_error; /* bound on |error| / unit_ns; 0: exact */
	uint64_t overhead;	/* minimum back-to-back read cost, units */
	double read_ns;		/* mean cost of one read, ns */
	double claimed_res_ns;	/* clock_getres(), 0 if none */
	int getres_agrees;	/* 0: the detected tick is neither the claimed
				 * resolution nor a multiple of it */
	const char *tick_method; /* how tick was found, for the header */
	double mean_step;	/* 0: every step is whole ticks; else the
				 * clock's mean step, units, which is not
				 * (a finer counter converted: 10 and 11 ns
				 * steps, 10.0154 on average), near which
				 * long differences lie, not near tick's */
};

/* Largest --coarsen accepted: a quantum of tick << 40 already spans hours
 * for a 1 ns clock. */
#define CALIBRATE_COARSEN_MAX 40

/*
 * Calibrate clock source c read with the low coarsen_bits bits of its tick
 * count dropped.  Fills *setup and *cal.  Takes up to about 0.7 s (the COARSE
 * clocks step every 4 ms).  Returns 0; -1 if the clock never advanced; -2 if
 * the coarsened quantum does not fit in 64 bits.
 */
int calibrate_clock(const struct clock_source *c, unsigned coarsen_bits,
		    struct clock_setup *setup, struct calibration *cal);

/* The clock's step in units: its mean step where the steps are uneven
 * (10 ns and now and then 11), else its tick. */
double calibrate_step(const struct calibration *cal);

/* The tick a fit's band takes, as analyze does: the most a reading can be
 * off, tick, or mean_step + 1 where the steps are uneven (a step, and the
 * unit the reading is rounded down to). */
double calibrate_band_tick(const struct calibration *cal);

/* The period of the kernel's timer interrupt, in ns (the jiffy: what
 * clock_getres(CLOCK_MONOTONIC_COARSE) reports); 0 if unknown. */
double calibrate_timer_period_ns(void);

#endif /* SUBTICK_CALIBRATE_H */
