/*
 * mpioptions.h - collect-mpi's command line: collect's options (options.h)
 * and its own.
 */
#ifndef SUBTICK_MPIOPTIONS_H
#define SUBTICK_MPIOPTIONS_H

#include "options.h"

struct mpi_options {
	int pairs;		/* --pairs: ping-pong in pairs 0-1, 2-3, ... */
};

enum { MPI_OPTIONS_RUN, MPI_OPTIONS_DONE, MPI_OPTIONS_USAGE };

/* Every rank parses; rank 0 alone prints help, version and usage errors. */
int mpi_options_parse(int argc, char **argv, struct mpi_options *mo,
		      struct collect_options *o, int rank);

/* The manual (--manual, man collect-mpi). */
void mpi_options_help(FILE *out);

/* --help: every option in a few lines. */
void mpi_options_brief(FILE *out);

/* --help or --version before MPI starts (they need no ranks): 1 if one
 * was printed, else 0. */
int mpi_options_early(int argc, char **argv);

#endif /* SUBTICK_MPIOPTIONS_H */
