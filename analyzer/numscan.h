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
};

/*
 * Scan s[0..len) (no blanks inside).  Accepts decimal digits (exact up to
 * 2^64 - 1) and decimal floating point ("1.5", "2e-9").  Returns NULL, or
 * why the field is not acceptable: not a number, negative, NaN or
 * infinity, beyond 2^64.
 */
const char *num_scan(const char *s, size_t len, struct number *out);

#endif /* SUBTICK_NUMSCAN_H */
