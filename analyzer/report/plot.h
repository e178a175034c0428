/*
 * plot.h - analyze --plot DIR: the data files and the gnuplot runs.
 *
 * Nothing read from the input is ever pasted into gnuplot code: samples go
 * through data files, titles and compare.gp's names in its legend through
 * gnuplot -c string arguments (ARG4, ARG9; drawn by a noenhanced
 * terminal), numbers through one argument of numbers formatted here
 * (ARG5).  gnuplot is run without a shell.
 */
#ifndef SUBTICK_PLOT_H
#define SUBTICK_PLOT_H

#include <stdio.h>

#include "analysis.h"
#include "outfile.h"

/* Samples drawn at most; beyond, every k-th (all interrupt-like ones are
 * kept). */
#define PLOT_SAMPLES_MAX 200000

/* The names of the files --plot DIR may write in DIR, in format: for one
 * collection both sets, a stream's and an activity trace's (which one the
 * input is shows only once it is read); for --compare; for the figure of
 * --group's page.  Returns their count, at most PLOT_FILES_MAX. */
enum { PLOT_FILES_MAX = 32 };
enum plot_set { PLOT_SET_ONE, PLOT_SET_COMPARE, PLOT_SET_GROUP };
size_t plot_file_names(enum plot_set set, const char *format,
		       char names[][OUTFILE_NAME_MAX]);

/* Draw every figure into dir.  Returns 0, or -1 after a message on err
 * (gnuplot missing or failing, dir not writable).  With format "dumb" the
 * figures are also copied to out (when out is not NULL). */
int plot_all(struct analysis *a, const char *dir, FILE *out, FILE *err);

/* An activity trace's data files in dir (trace.txt, gaphist.txt,
 * marks.txt), and its figures' numbers (ARG5) into numbers.  Returns 0,
 * or -1 (errno) when a file cannot be written (plot_trace.c). */
int plot_trace_data(struct analysis *a, const char *dir, char *numbers, size_t len);

/* Helpers of the plot files: a file in dir to write, and its close. */
FILE *plot_open_in(const char *dir, const char *name);
int plot_close(FILE *f);
/* A number gnuplot reads back from a string ("%.17e "). */
int plot_number(char *out, size_t len, double v);

/* analyze --compare --plot dir: one figure of both collections, in format
 * (compare.FORMAT, with minima_a.txt and minima_b.txt); with format
 * "dumb" also copied to out (when out is not NULL), as plot_all. */
int plot_compare(const struct analysis *a, const struct analysis *b, int in_ns,
		 const char *verdict, const char *format, const char *dir, FILE *out, FILE *err);

/* One figure of count collections, each named in the legend by names[i]
 * (compare.FORMAT, with minima_groups.txt: their minima, a block each),
 * into dir: --group's page. */
int plot_group(const struct analysis *const *x, const char *const *names, size_t count,
	       int in_ns, const char *title, const char *format, const char *dir, FILE *err);

#endif /* SUBTICK_PLOT_H */
