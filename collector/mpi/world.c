/*
 * world.c - ranks, hosts and agreement (world.h).
 */
#include "world.h"

#include <mpi.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void world_init(struct world *w)
{
	memset(w, 0, sizeof *w);
	MPI_Comm_rank(MPI_COMM_WORLD, &w->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &w->ranks);
	if (gethostname(w->host, sizeof w->host - 1) != 0)
		snprintf(w->host, sizeof w->host, "unknown");
	char lib[MPI_MAX_LIBRARY_VERSION_STRING];
	int len = 0;
	MPI_Get_library_version(lib, &len);
	lib[len < MPI_MAX_LIBRARY_VERSION_STRING ? len : MPI_MAX_LIBRARY_VERSION_STRING - 1] = '\0';
	lib[strcspn(lib, "\n,")] = '\0';
	snprintf(w->library, sizeof w->library, "%.127s", lib);
	snprintf(w->rank_text, sizeof w->rank_text, "%d", w->rank);
	snprintf(w->ranks_text, sizeof w->ranks_text, "%d", w->ranks);

	MPI_Comm local;
	MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, w->rank,
			    MPI_INFO_NULL, &local);
	int local_size;
	MPI_Comm_rank(local, &w->local_rank);
	MPI_Comm_size(local, &local_size);
	MPI_Comm_free(&local);
	w->one_host = world_agree(local_size != w->ranks) == 0;
}

int world_agree(int status)
{
	int all = status;
	MPI_Allreduce(&status, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	return all;
}

void world_wait_all(struct world_stop *s)
{
	MPI_Request rq;
	int done = 0;
	MPI_Ibarrier(MPI_COMM_WORLD, &rq);
	while (MPI_Test(&rq, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done) {
		struct timespec ms = { 0, 1000000 };
		if (s != NULL)
			world_stop_poll(s);
		nanosleep(&ms, NULL);
	}
}

enum { TAG_STOP = 7201 };

void world_stop_open(struct world_stop *s, const struct world *w,
		     volatile sig_atomic_t *flag)
{
	memset(s, 0, sizeof *s);
	s->flag = flag;
	s->rank = w->rank;
	s->ranks = w->ranks;
	s->in = MPI_REQUEST_NULL;
	MPI_Comm_dup(MPI_COMM_WORLD, &s->comm);
	s->out = calloc((size_t)w->ranks, sizeof *s->out);
	if (s->out == NULL)
		MPI_Abort(MPI_COMM_WORLD, 1);
	MPI_Irecv(&s->incoming, 1, MPI_INT, MPI_ANY_SOURCE, TAG_STOP, s->comm, &s->in);
}

void world_stop_poll(struct world_stop *s)
{
	int done = 0;
	if (s->in != MPI_REQUEST_NULL &&
	    MPI_Test(&s->in, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && done) {
		if (*s->flag == 0)
			*s->flag = s->incoming;
		s->sent = 1;	/* its sender told every rank */
	}
	if (*s->flag == 0 || s->sent)
		return;
	s->outgoing = *s->flag;
	for (int r = 0, k = 0; r < s->ranks; r++)
		if (r != s->rank)
			MPI_Isend(&s->outgoing, 1, MPI_INT, r, TAG_STOP, s->comm, &s->out[k++]);
	s->sent = 2;
}

void world_stop_close(struct world_stop *s)
{
	if (s->in != MPI_REQUEST_NULL) {
		MPI_Cancel(&s->in);
		MPI_Wait(&s->in, MPI_STATUS_IGNORE);
	}
	if (s->sent == 2)	/* a few bytes each: sent eagerly by now */
		MPI_Waitall(s->ranks - 1, s->out, MPI_STATUSES_IGNORE);
	free(s->out);
	MPI_Comm_free(&s->comm);
}

int world_expand(const char *pattern, int rank, char *out, size_t len)
{
	size_t at = 0;
	for (const char *p = pattern; *p; p++) {
		char num[16];
		const char *add = num;
		if (*p != '%') {
			num[0] = *p;
			num[1] = '\0';
		} else if (p[1] == 'r') {
			snprintf(num, sizeof num, "%d", rank);
			p++;
		} else if (p[1] == '%') {
			add = "%";
			p++;
		} else {
			return -1;
		}
		size_t k = strlen(add);
		if (at + k >= len)
			return -1;
		memcpy(out + at, add, k);
		at += k;
	}
	out[at] = '\0';
	return 0;
}

int world_cpu(const struct world *w)
{
	cpu_set_t allowed;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		return -1;
	int count = CPU_COUNT(&allowed);
	if (count <= 0)
		return -1;
	int want = w->local_rank % count;
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &allowed) && want-- == 0)
			return cpu;
	return -1;
}
