/*
 * parallel.c - a loop shared among the machine's cores (parallel.h).
 */
#include "parallel.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

struct part {
	void (*fn)(void *ctx, unsigned worker, size_t i);
	void *ctx;
	unsigned worker;
	size_t from, to;
};

static void *run_part(void *arg)
{
	const struct part *p = arg;
	for (size_t i = p->from; i < p->to; i++)
		p->fn(p->ctx, p->worker, i);
	return NULL;
}

unsigned parallel_workers(void)
{
	const char *env = getenv("SUBTICK_THREADS");
	char *end;
	long n = env != NULL ? strtol(env, &end, 10) : 0;
	if (env == NULL || end == env || *end != '\0' || n < 1)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > PARALLEL_MAX ? PARALLEL_MAX : (unsigned)n;
}

void parallel_for(size_t count, unsigned workers,
		  void (*fn)(void *ctx, unsigned worker, size_t i), void *ctx)
{
	workers = workers < 1 ? 1 : workers > PARALLEL_MAX ? PARALLEL_MAX : workers;
	if ((size_t)workers > count)
		workers = count > 0 ? (unsigned)count : 1;
	struct part part[PARALLEL_MAX];
	pthread_t thread[PARALLEL_MAX];
	int started[PARALLEL_MAX] = { 0 };
	for (unsigned k = 0; k < workers; k++)
		part[k] = (struct part){ fn, ctx, k, count * k / workers, count * (k + 1) / workers };
	for (unsigned k = 1; k < workers; k++)
		started[k] = pthread_create(&thread[k], NULL, run_part, &part[k]) == 0;
	run_part(&part[0]);
	for (unsigned k = 1; k < workers; k++) {
		if (started[k])
			pthread_join(thread[k], NULL);
		else
			run_part(&part[k]);
	}
}
