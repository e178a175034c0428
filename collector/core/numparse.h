/*
 * numparse.h - numbers on the command line of collect, collect-mpi and
 * analyze, by one set of rules: those of a stream's fields (numscan.h).
 *
 * A number is the whole string, written in decimal: digits, or decimal
 * floating point ("2.5e-9", "1e6").  No blank before or after it, no hex
 * ("0x20"), nothing negative, no NaN or infinity, nothing beyond 2^64.  So `--seed ' 7'` and `--replicates 0x20` are refused by both
 * programs, as `7 ` or `1e400` are.
 */
#ifndef SUBTICK_NUMPARSE_H
#define SUBTICK_NUMPARSE_H

#include <stdint.h>

/* A non-negative integer: digits (exact up to 2^64 - 1), or a decimal
 * form that is an exact integer below 2^53 ("1e6", "2.5e3").  Returns 0,
 * or -1 if s is not such a number. */
int parse_u64(const char *s, uint64_t *out);

/* A finite non-negative double.  Returns 0 or -1. */
int parse_double(const char *s, double *out);

/*
 * Seeds of the shuffled order (collect) and of the subsampling (analyze):
 * 1 to SEED_MAX.  Both feed GSL's MT19937, which takes 32 bits and turns
 * 0 into its default 4357: 0, or 2^32 + 7, would silently be another seed.
 */
#define SEED_MAX 4294967295u

/* parse_u64 within 1..SEED_MAX.  Returns 0 or -1. */
int parse_seed(const char *s, uint64_t *out);

/* A seed in 1..SEED_MAX made from any 64 bits (the time, the pid). */
uint64_t seed_from_bits(uint64_t bits);

#endif /* SUBTICK_NUMPARSE_H */
