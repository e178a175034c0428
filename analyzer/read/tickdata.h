/*
 * tickdata.h - the clock's tick from the timings themselves, when no header
 * gives it: every timing is end - start of two readings, so a multiple of
 * the tick (Krutar 1998), but for rare strays.
 *
 * Decimal timings (seconds from another tool) have a tick too: the
 * resolution of their digits, or the grid they were measured on ("%.9e" of
 * whole nanoseconds: 1e-9).  Each timing is kept as written, m * 10^e, and
 * the rule runs on the integers they make at the finest exponent kept.
 */
#ifndef SUBTICK_TICKDATA_H
#define SUBTICK_TICKDATA_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

#define TICKDATA_KEEP 2048
/* Decades of value, 10^(d - TICKDATA_DECADE_BIAS) to 10 times that, whose
 * finest digit written is kept: timings written to a number of
 * significant digits ("%g") have coarser digits where they are larger. */
#define TICKDATA_DECADES 160
#define TICKDATA_DECADE_BIAS 80
#define TICKDATA_NO_DIGIT INT16_MAX

struct tickdata {
	uint64_t m[TICKDATA_KEEP];	/* a uniform sample of the nonzero */
	int16_t e[TICKDATA_KEEP];	/* timings, m * 10^e */
	size_t kept;
	uint64_t seen;
	int inexact;			/* some timing's digits were not kept */
	/* of every timing offered, by decade of value: the least e
	 * written (TICKDATA_NO_DIGIT: none in that decade) */
	int16_t finest[TICKDATA_DECADES];
};

void tickdata_init(struct tickdata *td);

/* Offer one timing, m * 10^e as written (e = 0 for integers); reservoir
 * sampling keeps a uniform sample. */
void tickdata_offer(struct tickdata *td, uint64_t m, int e, gsl_rng *rng);

/* A timing whose digits could not be kept (more than 19): no tick can be
 * read from the digits. */
void tickdata_offer_inexact(struct tickdata *td);

/*
 * The tick of the kept timings by tick.h's rule (the largest value that
 * at least 3/4 of them are multiples of, within a tolerance): returns the
 * tick as g * 10^*e; 0 if none were kept, or the decimal timings span too
 * many orders of magnitude to share an exponent in 64 bits.
 */
uint64_t tickdata_tick(const struct tickdata *td, int *e);

/* The finest digit written among the timings of v's decade, as a power of
 * ten (10^e of the least e there); 0 when none was offered there, or v is
 * not positive and finite. */
double tickdata_digit_at(const struct tickdata *td, double v);

#endif /* SUBTICK_TICKDATA_H */
