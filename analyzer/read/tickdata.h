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
/* Decades of value, 10^(d - TICKDATA_DECADE_BIAS) to 10 times that, and
 * how many timings in each were written with k significant digits (1 to
 * TICKDATA_DIGITS - 1): timings written to a number of significant
 * digits ("%g") have coarser digits where they are larger, and a stream
 * can mix formats (integers and "%.6g", "%.9f" and "%.5g"). */
#define TICKDATA_DECADES 160
#define TICKDATA_DECADE_BIAS 80
#define TICKDATA_DIGITS 21
/* Timings a decade holds at least to have a digit (tickdata_digit_at):
 * one line "1.2e+09" among integers had set a tick of 1e8 */
#define TICKDATA_DECADE_MIN 3

struct tickdata {
	uint64_t m[TICKDATA_KEEP];	/* a uniform sample of the nonzero */
	int16_t e[TICKDATA_KEEP];	/* timings, m * 10^e */
	size_t kept;
	uint64_t seen;
	int inexact;			/* some timing's digits were not kept */
	/* of every timing offered: the count by decade of value and
	 * significant digits written */
	uint64_t digits[TICKDATA_DECADES][TICKDATA_DIGITS];
};

void tickdata_init(struct tickdata *td);

/* Offer one timing, m * 10^e as written (e = 0 for integers); reservoir
 * sampling keeps a uniform sample. */
void tickdata_offer(struct tickdata *td, uint64_t m, int e, gsl_rng *rng);

/* Count one timing, m * 10^e, whose last digit written is 10^last (its
 * zeros too: "12.300" is m 123, e -1, last -3), by its decade and the
 * digits written (tickdata_digit_at). */
void tickdata_count_digits(struct tickdata *td, uint64_t m, int e, int last);

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

/* The digit that v's decade of timings was written to, as a power of
 * ten: the finest written there, or a coarser one that more of them stop
 * at than the zeros a "%g" leaves out can explain (a tenth of those
 * written to the digit below, beyond three standard deviations and two
 * timings, and a tenth of the decade's at least: one N's runs, written
 * alike, are not a format): another format mixed in, whose timings may
 * be the minima.  0
 * when fewer than TICKDATA_DECADE_MIN were offered there, or v is not
 * positive and finite. */
double tickdata_digit_at(const struct tickdata *td, double v);

#endif /* SUBTICK_TICKDATA_H */
