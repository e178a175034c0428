/*
 * export.h - analyze --minima FILE: the minimum per N as CSV, for
 * spreadsheets and other tools; --excess FILE: every sample's excess and
 * its attribution.
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

/* analyze --excess FILE: every sample's excess over the line and what
 * the model attributes its run to (data/FORMAT.md); written whole or not
 * at all.  Returns 0; -1 when the samples cannot be read back, -2 when the
 * file cannot be written, with a message in err. */
int export_excess(struct analysis *a, const char *path, char *err, size_t err_len);

#endif /* SUBTICK_EXPORT_H */
