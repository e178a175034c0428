/*
 * msgkernel.h - collect-mpi's message kernels: the cost of moving N bytes
 * between ranks (pingpong) or of reducing N doubles over all of them
 * (allreduce), behind collect's kernel interface.
 *
 * The rank that times (rank 0 of the kernel's communicator, the root) runs
 * collect's session unchanged: probe, plan, sampler.  The other ranks of
 * the communicator follow it: before every timed run the root broadcasts
 * what comes next (outside the timed region, in the kernel's `before`
 * hook), and the followers do their part.
 *
 *   pingpong   root: send N bytes to rank 1, receive them back; t is the
 *              round trip.  The partner posts its receive and says so
 *              before the root's clock starts, so every run times a
 *              message that is expected.
 *   allreduce  every rank: barrier, then MPI_Allreduce of N doubles
 *              (MPI_SUM), each timed on its own clock.  After a written
 *              run the root gathers every rank's timing: the line's t is
 *              the slowest rank's, and the columns rank0 rank1 ... hold
 *              each rank's own (up to MSG_RANK_COLUMNS ranks).
 */
#ifndef SUBTICK_MSGKERNEL_H
#define SUBTICK_MSGKERNEL_H

#include <mpi.h>
#include <stdint.h>

#include "calibrate.h"
#include "kernel.h"
#include "world.h"

enum msg_kind { MSG_PINGPONG, MSG_ALLREDUCE };

/* Per-rank columns of allreduce at most (a stream line stays under
 * STREAM_LINE_MAX). */
enum { MSG_RANK_COLUMNS = 128 };

/* Largest N: bytes of a pingpong, doubles of an allreduce (an int count,
 * and memory on every rank). */
#define MSG_PINGPONG_LIMIT ((uint64_t)1 << 28)
#define MSG_ALLREDUCE_LIMIT ((uint64_t)1 << 25)

/* Each rank's clock and host, as the root's header needs them for the
 * rank columns. */
struct msg_rank {
	uint64_t tick;
	double unit_ns;
	char host[64];
};

struct msg_ctx {
	enum msg_kind kind;
	MPI_Comm comm;		/* the root is its rank 0 */
	int size;
	int world_rank;		/* of the root, for names */
	char *buf;		/* message, or the doubles in */
	char *out;		/* allreduce: the doubles out */
	uint64_t cap;		/* N the buffers hold */
	/* a follower: its clock and its last timing */
	const struct clock_setup *clock;
	uint64_t last;
	/* the root: every rank's clock, host and timings */
	struct msg_rank *ranks;
	uint64_t *times;
	char *column_names;
	const char *clock_name;
};

/* Name "pingpong" or "allreduce" to kind; -1 for any other name. */
int msg_kind_of(const char *name);

/* The root's kernel over comm.  Returns 0, or -1 with a message in err. */
int msg_kernel_open(enum msg_kind kind, MPI_Comm comm, const char *clock_name,
		    struct kernel *k, char *err, size_t err_len);

/* Where the caller puts every rank's clock and host (rank i of comm at
 * [i]), before the header is written. */
struct msg_rank *msg_kernel_ranks(struct kernel *k);

/* A follower: do the root's bidding until it says stop, passing a stop
 * signal on between commands (the root then stops).  Returns 0, or -1
 * when memory ran out (then the job is aborted). */
int msg_follow(enum msg_kind kind, MPI_Comm comm,
	       const struct clock_setup *clock, struct world_stop *stop);

/* The root, when its session is over (whatever its status): release the
 * followers. */
void msg_release(MPI_Comm comm);

#endif /* SUBTICK_MSGKERNEL_H */
