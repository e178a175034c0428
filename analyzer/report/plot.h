/*
 * plot.h - analyze --plot DIR: the data files and the gnuplot runs.
 *
 * Nothing read from the input is ever pasted into gnuplot code: samples go
 * through data files, titles through gnuplot -c string arguments (ARG4,
 * drawn by a noenhanced terminal), numbers through one argument of
 * numbers formatted here (ARG5).  gnuplot is run without a shell.
 */
#ifndef SUBTICK_PLOT_H
#define SUBTICK_PLOT_H

#include <stdio.h>

#include "analysis.h"

/* Samples drawn at most; beyond, every k-th (all interrupt-like ones are
 * kept). */
#define PLOT_SAMPLES_MAX 200000

/* 1 if --plot dir (in format) would write over the file at path. */
int plot_writes(const char *dir, const char *format, const char *path);

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

/* analyze --compare --plot dir: one figure of both collections. */
int plot_compare(const struct analysis *a, const struct analysis *b,
		 int in_ns, const char *verdict, const char *dir, FILE *err);

#endif /* SUBTICK_PLOT_H */
