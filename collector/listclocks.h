/*
 * listclocks.h - collect --list-clocks.
 */
#ifndef SUBTICK_LISTCLOCKS_H
#define SUBTICK_LISTCLOCKS_H

#include <stdio.h>

/* Calibrate and describe every clock (only `only` if not NULL), read with
 * coarsen_bits dropped.  Returns 0, or 1 after "prog: standard output:
 * why" when out could not take it all (a full disk, /dev/full). */
int list_clocks(FILE *out, const char *prog, const char *only,
		unsigned coarsen_bits);

/* Flush out: 0 if everything reached it, else 1 after the message above
 * (err: the errno of an earlier failure, or 0). */
int list_clocks_written(FILE *out, const char *prog, int err);

#endif /* SUBTICK_LISTCLOCKS_H */
