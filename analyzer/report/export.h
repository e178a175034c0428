/*
 * export.h - analyze --minima FILE: the minimum per N as CSV, for
 * spreadsheets and other tools.
 */
#ifndef SUBTICK_EXPORT_H
#define SUBTICK_EXPORT_H

#include <stddef.h>

#include "analysis.h"

/* "n,minimum,runs,mean,excess_of_minimum" then one row per distinct N,
 * ascending; written whole or not at all (outfile.h).  Returns 0, or -1
 * with a message in err. */
int export_minima(const struct analysis *a, const char *path, char *err,
		  size_t err_len);

#endif /* SUBTICK_EXPORT_H */
