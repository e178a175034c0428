/*
 * mpi_ranks.c - time a region on every rank of an MPI program with
 * libsubtick, one stream per rank, then compare the ranks.
 *
 *   mpicc -O2 mpi_ranks.c $(pkg-config --cflags --libs subtick) -o mpi_ranks
 *   mpirun -n 2 ./mpi_ranks ranks          # writes ranks.0.st, ranks.1.st
 *   analyze --group rank ranks.0.st ranks.1.st
 *
 * Each rank times the same loop (a chain of dependent multiply-adds, as in
 * loop.c) at 32 values of N in a shuffled order per sweep.  The ranks
 * start each sweep together (a barrier, outside the timed regions), so
 * that what one rank's neighbours do shows in its timings as it would in
 * the program.  The header key rank (and host, which the library writes
 * itself) lets analyze --group tell the streams apart; each rank pins
 * itself to its own CPU where it can.
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include <subtick/subtick.h>

static volatile uint64_t sink;

static uint64_t work(uint64_t n)
{
	uint64_t x = 1;
	for (uint64_t i = 0; i < n; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	return x;
}

static void shuffle(uint64_t *v, int count, uint64_t *state)
{
	for (int i = count - 1; i > 0; i--) {
		*state = *state * 6364136223846793005u + 1;
		int j = (int)((*state >> 33) % (uint64_t)(i + 1));
		uint64_t t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* The rank's own CPU: its place in its affinity mask, or -1. */
static int own_cpu(int rank)
{
	cpu_set_t set;
	if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) < 1)
		return -1;
	int want = rank % CPU_COUNT(&set);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set) && want-- == 0)
			return c;
	return -1;
}

int main(int argc, char **argv)
{
	MPI_Init(&argc, &argv);
	int rank, ranks;
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &ranks);
	const char *base = argc > 1 ? argv[1] : "ranks";
	enum { POINTS = 32, SWEEPS = 200 };

	char path[512], rank_s[16], ranks_s[16];
	snprintf(path, sizeof path, "%s.%d.st", base, rank);
	snprintf(rank_s, sizeof rank_s, "%d", rank);
	snprintf(ranks_s, sizeof ranks_s, "%d", ranks);
	const char *keys[] = { "rank", rank_s, "ranks", ranks_s, NULL };

	struct subtick_options opt;
	subtick_options_init(&opt);
	opt.keys = keys;
	opt.cpu = own_cpu(rank);
	subtick_recorder *r = subtick_open(path, "lcg-loop", &opt);
	if (r == NULL) {
		perror(path);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	uint64_t n[POINTS], state = 42;
	for (int i = 0; i < POINTS; i++)
		n[i] = 1000 + 1000 * (uint64_t)i;
	for (int sweep = 0; sweep < SWEEPS; sweep++) {
		shuffle(n, POINTS, &state);
		MPI_Barrier(MPI_COMM_WORLD);
		for (int i = 0; i < POINTS; i++) {
			uint64_t t0 = subtick_start(r);
			sink = work(n[i]);
			subtick_stop(r, n[i], t0);
		}
	}
	int rc = subtick_close(r);
	if (rc != 0)
		perror(path);
	MPI_Finalize();
	return rc != 0;
}
