/*
 * help.h - collect's -h/--help (every option, whole, with its default, in
 * a few lines) and its synopsis, which --help, the manual and a usage
 * error show.
 */
#ifndef SUBTICK_COLLECT_HELP_H
#define SUBTICK_COLLECT_HELP_H

#include <stdio.h>

/* The synopsis's lines, each indented by four spaces. */
const char *collect_synopsis(void);

/* --help. */
void collect_help(FILE *out);

/* The options of --help under their headings: all of them, or (mpi)
 * those collect-mpi takes as collect does (its own it says itself). */
void collect_help_options(FILE *out, int mpi);

#endif /* SUBTICK_COLLECT_HELP_H */
