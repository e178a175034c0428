/*
 * crashkernel.c - a user kernel that fails on one MPI rank, for
 * tests/cli/mpi.sh: its setup fails on the rank named by
 * SUBTICK_TEST_SETUP_FAILS_ON, and it dies of SIGSEGV after a few thousand
 * runs on the rank named by SUBTICK_TEST_CRASHES_ON (the rank from Open
 * MPI's OMPI_COMM_WORLD_RANK, or PMI_RANK).  Elsewhere it counts to N.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <subtick/kernel.h>

SUBTICK_KERNEL(crash);

static int this_rank_is(const char *var)
{
	const char *want = getenv(var);
	const char *rank = getenv("OMPI_COMM_WORLD_RANK");
	if (rank == NULL)
		rank = getenv("PMI_RANK");
	return want != NULL && rank != NULL && strcmp(want, rank) == 0;
}

struct crash_ctx {
	uint64_t runs;
	int crashes;
};

int crash_setup(uint64_t n_max, void **ctx)
{
	(void)n_max;
	if (this_rank_is("SUBTICK_TEST_SETUP_FAILS_ON"))
		return -1;
	struct crash_ctx *c = calloc(1, sizeof *c);
	if (c == NULL)
		return -1;
	c->crashes = this_rank_is("SUBTICK_TEST_CRASHES_ON");
	*ctx = c;
	return 0;
}

void crash_teardown(void *ctx)
{
	free(ctx);
}

void crash(uint64_t n, void *ctx)
{
	struct crash_ctx *c = ctx;
	if (c->crashes && ++c->runs > 20000)
		raise(SIGSEGV);
	for (volatile uint64_t i = 0; i < n; i++)
		;
}
