/*
 * listclocks.h - collect --list-clocks.
 */
#ifndef SUBTICK_LISTCLOCKS_H
#define SUBTICK_LISTCLOCKS_H

#include <stdio.h>

/* Calibrate and describe every clock (only `only` if not NULL), read with
 * coarsen_bits dropped.  Returns 0, or 1 if a clock could not be read. */
int list_clocks(FILE *out, const char *only, unsigned coarsen_bits);

#endif /* SUBTICK_LISTCLOCKS_H */
