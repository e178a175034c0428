/*
 * plot_data.h - the data files of a collection's figures (samples.txt,
 * minima.txt, histogram.txt, period.txt, windows.txt), and the units
 * their axes are in: plot.c draws them.
 */
#ifndef SUBTICK_PLOT_DATA_H
#define SUBTICK_PLOT_DATA_H

#include <stdio.h>

#include "analysis.h"

/* Writes every data file into dir.  Returns 0, or -1 after a message on
 * err. */
int plot_write_data(struct analysis *a, const char *dir, FILE *err);

/* minima.txt's columns, of a, into dir/name (analyze --compare's two). */
int plot_write_minima_as(const struct analysis *a, const char *dir, const char *name);
/* The same of count collections, a block each (two blank lines apart). */
int plot_write_minima_blocks(const struct analysis *const *x, size_t count,
			     const char *dir, const char *name);

/* Times in the figures: ms when unit_ns is known, else clock units. */
double plot_time_scale(const struct analysis *a);
char *plot_time_unit(const struct analysis *a);
/* What t is measured in, for the axes. */
char *plot_value_unit(const struct analysis *a);
/* What one unit of N is, for the N axis. */
char *plot_n_unit(const struct analysis *a);
/* The strongest periodic source, or NULL. */
const struct source *plot_strongest_periodic(const struct analysis *a);

#endif /* SUBTICK_PLOT_DATA_H */
