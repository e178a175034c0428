/*
 * fastline.h - the common line of a stream, whole numbers of at most 19
 * digits (never beyond 2^64) between single tabs, read without splitting
 * it first (input.c reads every other line field by field).
 */
#ifndef SUBTICK_FASTLINE_H
#define SUBTICK_FASTLINE_H

#include <stdint.h>

#include "input.h"

enum { FAST_FIELDS = 16 };

/* Reads such a line's fields from s up to end, where the line ends at the
 * first byte that is neither a digit nor a tab between fields: its count
 * in *k and where that stopped (NULL when the line is not one, or its
 * timing is beyond INPUT_T_MAX_INT: the line's reader names it). */
const char *fastline_fields(const struct input_meta *m, const char *s, const char *end,
			    uint64_t *v, int *k);

/* The sample of such a line's fields v. */
void fastline_fill(const struct input_meta *m, const uint64_t *v, struct sample *smp);

#endif /* SUBTICK_FASTLINE_H */
