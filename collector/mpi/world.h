/*
 * world.h - who this rank is: its rank, its host, the MPI library, and the
 * few collective steps collect-mpi takes between its stages.
 */
#ifndef SUBTICK_WORLD_H
#define SUBTICK_WORLD_H

#include <stddef.h>

struct world {
	int rank, ranks;
	int local_rank;		/* among the ranks on this host */
	int one_host;		/* every rank is on this host */
	char host[64];
	char library[128];	/* MPI_Get_library_version, first line */
	char rank_text[16], ranks_text[16];
};

void world_init(struct world *w);

/* Every rank's status in, the largest out: all ranks go on only if all
 * can. */
int world_agree(int status);

/* Wait for every rank without spinning a CPU that others time on. */
void world_wait_all(void);

/* pattern with %r replaced by rank and %% by %.  Returns 0, or -1 if it
 * does not fit or holds another %. */
int world_expand(const char *pattern, int rank, char *out, size_t len);

/* The CPU this rank pins to when --cpu is not given: its place among the
 * ranks of its host, in its affinity mask; -1 if the mask is unknown. */
int world_cpu(const struct world *w);

#endif /* SUBTICK_WORLD_H */
