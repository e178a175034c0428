/*
 * numscan.h - one field of input as a number, strictly.
 */
#ifndef SUBTICK_NUMSCAN_H
#define SUBTICK_NUMSCAN_H

#include <stddef.h>
#include <stdint.h>

struct number {
	int exact;	/* an integer written as digits: u holds it exactly */
	uint64_t u;
	double d;	/* the value as a double (always set) */
	/* The value as written, exactly: dec_m * 10^dec_e, dec_m without
	 * trailing zeros ("2.50e-9": 25, -10).  dec_ok = 0 when the digits do
	 * not fit 64 bits.  The digits are the data's own resolution. */
	int dec_ok;
	uint64_t dec_m;
	int dec_e;
	int dec_last;	/* the power of ten of the last digit written, its
			 * zeros too ("2.500e-9": -12; "1200": 0) */
};

/*
 * Scan s[0..len) (no blanks inside).  Accepts decimal digits (exact up to
 * 2^64 - 1) and decimal floating point ("1.5", "2e-9").  Returns NULL, or
 * why the field is not acceptable: not a number, negative, NaN or
 * infinity, beyond 2^64.
 */
const char *num_scan(const char *s, size_t len, struct number *out);

#endif /* SUBTICK_NUMSCAN_H */
