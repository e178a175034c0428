/*
 * mpiclocks.h - collect-mpi --list-clocks: every rank's clocks, side by
 * side, with what MPI and MPICH's rule say of them.
 */
#ifndef SUBTICK_MPICLOCKS_H
#define SUBTICK_MPICLOCKS_H

#include <stdio.h>

#include "world.h"

/* Collective: every rank measures, rank 0 prints the table to out.
 * only: one clock's name, or NULL for all.  Returns an exit status. */
int mpi_list_clocks(const struct world *w, FILE *out, const char *only);

#endif /* SUBTICK_MPICLOCKS_H */
