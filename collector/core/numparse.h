/*
 * numparse.h - strict parsing of numbers from the command line.
 */
#ifndef SUBTICK_NUMPARSE_H
#define SUBTICK_NUMPARSE_H

#include <stdint.h>

/* A non-negative integer: decimal digits, or a decimal/exponent form that
 * is an exact integer below 2^53 ("1e6", "2.5e3").  Whole string, no sign.
 * Returns 0, or -1 if s is not such a number or exceeds 2^64 - 1. */
int parse_u64(const char *s, uint64_t *out);

/* A finite double, whole string.  Returns 0 or -1. */
int parse_double(const char *s, double *out);

#endif /* SUBTICK_NUMPARSE_H */
