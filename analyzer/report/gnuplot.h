/*
 * gnuplot.h - the figures drawn, each by a gnuplot of its own, several at
 * once.
 */
#ifndef SUBTICK_GNUPLOT_H
#define SUBTICK_GNUPLOT_H

#include <stddef.h>
#include <stdio.h>

/* Figures drawn by one call at most: a set's. */
enum { PLOT_FIGURES_MAX = 8 };

/* A figure's file extension in format: "txt" for dumb, else the format. */
const char *gnuplot_extension(const char *format);

/* The figures figs[0..count) (PLOT_FIGURES_MAX at most) into work, each
 * by gnuplot -c SCRIPTS/FIG.gp WORK WORK/FIG.EXT FORMAT STRINGS..., as
 * many at once as analyze has workers (SUBTICK_THREADS, or the online
 * CPUs; at most OUTFILE_CHILDREN).  strings: ARG4 to ARG8, and ARG9
 * unless NULL.  Once one fails, no other starts; the first failure in
 * figs' order is said on err.  0, or -1. */
int gnuplot_draw(const char *format, const char *scripts, const char *work,
		 const char *const *figs, size_t count, char *const strings[6], FILE *err);

#endif /* SUBTICK_GNUPLOT_H */
