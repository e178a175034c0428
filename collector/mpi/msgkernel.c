/*
 * msgkernel.c - pingpong and allreduce, the root's hooks and the
 * followers' loop (msgkernel.h).
 */
#include "msgkernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "keys.h"

enum { OP_RUN = 1, OP_REPORT, OP_STOP };
enum { TAG_READY = 7101, TAG_PING, TAG_PONG };

int msg_kind_of(const char *name)
{
	if (strcmp(name, "pingpong") == 0)
		return MSG_PINGPONG;
	if (strcmp(name, "allreduce") == 0)
		return MSG_ALLREDUCE;
	return -1;
}

/* Buffers for n (bytes or doubles), outside any timed region.  Memory that
 * runs out here ends the job: a rank cannot go on without its part. */
static void ensure(struct msg_ctx *c, uint64_t n)
{
	if (n <= c->cap && c->buf != NULL)
		return;
	size_t bytes = c->kind == MSG_PINGPONG ? (size_t)n : (size_t)n * sizeof(double);
	char *b = realloc(c->buf, bytes ? bytes : 1);
	char *o = c->kind == MSG_ALLREDUCE ? realloc(c->out, bytes ? bytes : 1) : NULL;
	if (b == NULL || (c->kind == MSG_ALLREDUCE && o == NULL)) {
		int rank;
		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		fprintf(stderr, "collect-mpi: rank %d: out of memory for N = %llu\n",
			rank, (unsigned long long)n);
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
	c->buf = b;
	if (o != NULL)
		c->out = o;
	if (c->kind == MSG_ALLREDUCE)
		for (uint64_t i = 0; i < n; i++)
			((double *)(void *)c->buf)[i] = 1.0;
	else
		memset(c->buf, 0x5a, bytes);
	c->cap = n;
}

static void command(MPI_Comm comm, uint64_t op, uint64_t n)
{
	uint64_t cmd[2] = { op, n };
	MPI_Bcast(cmd, 2, MPI_UINT64_T, 0, comm);
}

static void root_before(uint64_t n, void *ctx)
{
	struct msg_ctx *c = ctx;
	ensure(c, n);
	command(c->comm, OP_RUN, n);
	if (c->kind == MSG_PINGPONG)
		MPI_Recv(NULL, 0, MPI_BYTE, 1, TAG_READY, c->comm, MPI_STATUS_IGNORE);
	else
		MPI_Barrier(c->comm);
}

static void pingpong_run(uint64_t n, void *ctx)
{
	struct msg_ctx *c = ctx;
	MPI_Send(c->buf, (int)n, MPI_BYTE, 1, TAG_PING, c->comm);
	MPI_Recv(c->buf, (int)n, MPI_BYTE, 1, TAG_PONG, c->comm, MPI_STATUS_IGNORE);
}

static void allreduce_run(uint64_t n, void *ctx)
{
	struct msg_ctx *c = ctx;
	MPI_Allreduce(c->buf, c->out, (int)n, MPI_DOUBLE, MPI_SUM, c->comm);
}

/* Every rank's timing of the run just done: t becomes the slowest. */
static int allreduce_columns(void *ctx, uint64_t *t, uint64_t *out)
{
	struct msg_ctx *c = ctx;
	command(c->comm, OP_REPORT, 0);
	MPI_Gather(t, 1, MPI_UINT64_T, c->times, 1, MPI_UINT64_T, 0, c->comm);
	uint64_t slowest = 0;
	for (int i = 0; i < c->size; i++) {
		if (c->times[i] == UINT64_MAX)
			return -1;	/* a follower's clock stepped back */
		if (c->times[i] > slowest)
			slowest = c->times[i];
	}
	*t = slowest;
	int k = c->size < MSG_RANK_COLUMNS ? c->size : 0;
	for (int i = 0; i < k; i++)
		out[i] = c->times[i];
	return k;
}

static void allreduce_column_keys(void *ctx, struct stream_writer *w)
{
	struct msg_ctx *c = ctx;
	stream_header(w, "t_is", "the slowest rank's timing of each run (columns rankR: each rank's own)");
	if (c->size > MSG_RANK_COLUMNS)
		return;
	for (int i = 0; i < c->size; i++) {
		char k[48];
		snprintf(k, sizeof k, "clock_rank%d", i);
		stream_header(w, k, c->clock_name);
		snprintf(k, sizeof k, "tick_rank%d", i);
		keys_u64(w, k, c->ranks[i].tick);
		snprintf(k, sizeof k, "unit_ns_rank%d", i);
		keys_double(w, k, c->ranks[i].unit_ns);
		snprintf(k, sizeof k, "host_rank%d", i);
		stream_header(w, k, c->ranks[i].host);
	}
}

static void msg_free(void *ctx)
{
	struct msg_ctx *c = ctx;
	free(c->buf);
	free(c->out);
	free(c->ranks);
	free(c->times);
	free(c->column_names);
	free(c);
}

static char *rank_names(int size)
{
	size_t len = (size_t)size * 12 + 1;
	char *s = malloc(len);
	if (s == NULL)
		return NULL;
	s[0] = '\0';
	for (int i = 0, at = 0; i < size && i < MSG_RANK_COLUMNS; i++)
		at += snprintf(s + at, len - (size_t)at, "%srank%d", i ? " " : "", i);
	return s;
}

struct msg_rank *msg_kernel_ranks(struct kernel *k)
{
	struct msg_ctx *c = k->fixed_ctx;
	return c->ranks;
}

int msg_kernel_open(enum msg_kind kind, MPI_Comm comm, const char *clock_name,
		    struct kernel *k, char *err, size_t err_len)
{
	*k = (struct kernel){ 0 };
	struct msg_ctx *c = calloc(1, sizeof *c);
	if (c == NULL)
		goto nomem;
	c->kind = kind;
	c->comm = comm;
	MPI_Comm_size(comm, &c->size);
	c->clock_name = clock_name;
	c->ranks = calloc((size_t)c->size, sizeof *c->ranks);
	c->times = malloc((size_t)c->size * sizeof *c->times);
	if (c->ranks == NULL || c->times == NULL)
		goto nomem;
	k->fixed_ctx = c;
	k->fixed_teardown = msg_free;
	k->before = root_before;
	k->n_auto_max = UINT64_MAX;
	if (kind == MSG_PINGPONG) {
		snprintf(k->name, sizeof k->name, "pingpong");
		k->run = pingpong_run;
		k->per = "bytes";
		k->n_limit = MSG_PINGPONG_LIMIT;
		return 0;
	}
	snprintf(k->name, sizeof k->name, "allreduce");
	k->run = allreduce_run;
	k->per = "doubles";
	k->n_limit = MSG_ALLREDUCE_LIMIT;
	k->columns = allreduce_columns;
	k->column_keys = allreduce_column_keys;
	if (c->size <= MSG_RANK_COLUMNS) {
		c->column_names = rank_names(c->size);
		if (c->column_names == NULL)
			goto nomem;
		k->column_names = c->column_names;
	}
	return 0;
nomem:
	if (c != NULL)
		msg_free(c);
	*k = (struct kernel){ 0 };
	snprintf(err, err_len, "out of memory");
	return -1;
}

int msg_follow(enum msg_kind kind, MPI_Comm comm,
	       const struct clock_setup *clock, struct world_stop *stop)
{
	struct msg_ctx c = { .kind = kind, .comm = comm, .clock = clock };
	uint64_t q = clock->quantum;
	for (;;) {
		uint64_t cmd[2];
		world_stop_poll(stop);	/* a signal here stops the root */
		MPI_Bcast(cmd, 2, MPI_UINT64_T, 0, comm);
		if (cmd[0] == OP_STOP)
			break;
		if (cmd[0] == OP_REPORT) {
			MPI_Gather(&c.last, 1, MPI_UINT64_T, NULL, 1,
				   MPI_UINT64_T, 0, comm);
			continue;
		}
		uint64_t n = cmd[1];
		ensure(&c, n);
		if (kind == MSG_PINGPONG) {
			MPI_Request rq;
			MPI_Irecv(c.buf, (int)n, MPI_BYTE, 0, TAG_PING, comm, &rq);
			MPI_Send(NULL, 0, MPI_BYTE, 0, TAG_READY, comm);
			MPI_Wait(&rq, MPI_STATUS_IGNORE);
			MPI_Send(c.buf, (int)n, MPI_BYTE, 0, TAG_PONG, comm);
			continue;
		}
		uint32_t cpu;
		MPI_Barrier(comm);
		uint64_t a = clock_read(clock->source, &cpu);
		MPI_Allreduce(c.buf, c.out, (int)n, MPI_DOUBLE, MPI_SUM, comm);
		uint64_t b = clock_read(clock->source, &cpu);
		a = clock_coarsen(a, q);
		b = clock_coarsen(b, q);
		c.last = b < a ? UINT64_MAX : b - a;
	}
	free(c.buf);
	free(c.out);
	return 0;
}

void msg_release(MPI_Comm comm)
{
	command(comm, OP_STOP, 0);
}
