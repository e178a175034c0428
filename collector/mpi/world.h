/*
 * world.h - who this rank is: its rank, its host, the MPI library, and the
 * few collective steps collect-mpi takes between its stages.
 */
#ifndef SUBTICK_WORLD_H
#define SUBTICK_WORLD_H

#include <mpi.h>
#include <signal.h>
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

/*
 * A stop that reaches one rank reaches them all.  mpirun passes a signal on
 * to some ranks only, or late, and a rank may be signalled by itself: the
 * rank whose stop flag is set first sends its signal's number to every
 * other rank, whose flag it then sets, so that each stream ends with
 * "# interrupted" whichever process the signal reached.  The messages go
 * on a communicator of their own; world_stop_poll is called between runs
 * (never inside a timed region) and while a rank waits.
 */
struct world_stop {
	volatile sig_atomic_t *flag;	/* the program's stop flag */
	MPI_Comm comm;
	MPI_Request in;		/* the posted receive, or MPI_REQUEST_NULL */
	int incoming;		/* what it receives: a signal number */
	int sent;		/* this rank's stop has been passed on */
	int outgoing;
	int rank, ranks;
	MPI_Request *out;	/* ranks - 1 sends */
};

/* Collective. */
void world_stop_open(struct world_stop *s, const struct world *w,
		     volatile sig_atomic_t *flag);
void world_stop_poll(struct world_stop *s);
/* Collective; after world_wait_all. */
void world_stop_close(struct world_stop *s);

/* Wait for every rank without spinning a CPU that others time on, passing
 * stops on meanwhile (s may be NULL). */
void world_wait_all(struct world_stop *s);

/* pattern with %r replaced by rank and %% by %.  Returns 0, or -1 if it
 * does not fit or holds another %. */
int world_expand(const char *pattern, int rank, char *out, size_t len);

/* The CPU this rank pins to when --cpu is not given: its place among the
 * ranks of its host, in its affinity mask; -1 if the mask is unknown. */
int world_cpu(const struct world *w);

#endif /* SUBTICK_WORLD_H */
