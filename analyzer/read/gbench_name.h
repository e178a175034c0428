/*
 * gbench_name.h - Google Benchmark's names: which argument is N, the
 * variant a name belongs to, and names matched against a variant's name
 * (gbench.h says how they are written).
 */
#ifndef SUBTICK_GBENCH_NAME_H
#define SUBTICK_GBENCH_NAME_H

#include <stddef.h>
#include <stdint.h>

/*
 * The variant of name: name with its first argument (after the function's
 * name: digits, or NAME:digits other than the suffixes threads:,
 * iterations:, repeats:) written N, in *variant (malloc'd); *n is the
 * argument's value, *family_len the length of the part before it (the
 * function's name, without the '/').  Returns 1, 0 when the name has no
 * such argument below 2^64, or -1 when out of memory.
 */
int gbench_variant(const char *name, char **variant, uint64_t *n,
		   size_t *family_len);

/* How many of pattern's parts stand for N ("N", or NAME:N). */
int gbench_pattern_ns(const char *pattern);

/* name is pattern (which has one N part) with digits for N: 1 and *n, or
 * 0. */
int gbench_match(const char *pattern, const char *name, uint64_t *n);

#endif /* SUBTICK_GBENCH_NAME_H */
