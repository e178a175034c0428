/*
 * batchpipe.c - a stream's batches taken on a thread of their own
 * (batchpipe.h).
 */
#include "batchpipe.h"

#include <stdlib.h>

static void *take_batches(void *arg)
{
	struct batch_pipe *p = arg;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (p->count == 0 && !p->closing)
			pthread_cond_wait(&p->more, &p->mu);
		if (p->count == 0)
			break;
		struct sample_batch *b = p->full[p->head];
		uint64_t line = p->line[p->head];
		p->head = (p->head + 1) % BATCH_PIPE_BATCHES;
		p->count--;
		p->busy = 1;
		int skip = p->failed;
		struct input_error err = p->err;
		pthread_mutex_unlock(&p->mu);
		/* after a failure the rest are only given back: the read
		 * ends at the first error, as without the thread */
		size_t bad = 0;
		int rc = skip ? 0 : p->fn(p->ctx, b, &bad, &err);
		pthread_mutex_lock(&p->mu);
		if (rc != 0) {
			p->failed = 1;
			p->err = err;
			p->err.line = line + bad;
		}
		b->count = 0;
		p->spare[p->nspare++] = b;
		p->busy = 0;
		pthread_cond_broadcast(&p->room);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static void free_batches(struct batch_pipe *p)
{
	for (size_t i = 0; i < p->nspare; i++)
		free(p->spare[i]);
	p->nspare = 0;
}

int batch_pipe_open(struct batch_pipe *p, input_batch_fn *fn, void *ctx,
		    const struct input_error *err)
{
	*p = (struct batch_pipe){ .fn = fn, .ctx = ctx, .err = *err };
	for (size_t i = 0; i < BATCH_PIPE_BATCHES; i++) {
		struct sample_batch *b = malloc(sizeof *b);
		if (b == NULL) {
			free_batches(p);
			return -1;
		}
		b->count = 0;
		p->spare[p->nspare++] = b;
	}
	if (pthread_mutex_init(&p->mu, NULL) != 0) {
		free_batches(p);
		return -1;
	}
	if (pthread_cond_init(&p->more, NULL) != 0) {
		pthread_mutex_destroy(&p->mu);
		free_batches(p);
		return -1;
	}
	if (pthread_cond_init(&p->room, NULL) != 0) {
		pthread_cond_destroy(&p->more);
		pthread_mutex_destroy(&p->mu);
		free_batches(p);
		return -1;
	}
	if (pthread_create(&p->thread, NULL, take_batches, p) != 0) {
		pthread_cond_destroy(&p->room);
		pthread_cond_destroy(&p->more);
		pthread_mutex_destroy(&p->mu);
		free_batches(p);
		return -1;
	}
	return 0;
}

struct sample_batch *batch_pipe_empty(struct batch_pipe *p)
{
	pthread_mutex_lock(&p->mu);
	while (p->nspare == 0)
		pthread_cond_wait(&p->room, &p->mu);
	struct sample_batch *b = p->spare[--p->nspare];
	pthread_mutex_unlock(&p->mu);
	return b;
}

int batch_pipe_put(struct batch_pipe *p, struct sample_batch *b, uint64_t line)
{
	pthread_mutex_lock(&p->mu);
	/* the queue has room for every batch there is */
	p->full[(p->head + p->count) % BATCH_PIPE_BATCHES] = b;
	p->line[(p->head + p->count) % BATCH_PIPE_BATCHES] = line;
	p->count++;
	int failed = p->failed;
	pthread_cond_signal(&p->more);
	pthread_mutex_unlock(&p->mu);
	return failed ? -1 : 0;
}

int batch_pipe_wait(struct batch_pipe *p, struct input_error *err)
{
	pthread_mutex_lock(&p->mu);
	while (p->count > 0 || p->busy)
		pthread_cond_wait(&p->room, &p->mu);
	int failed = p->failed;
	if (failed)
		*err = p->err;
	pthread_mutex_unlock(&p->mu);
	return failed ? -1 : 0;
}

int batch_pipe_close(struct batch_pipe *p, struct input_error *err)
{
	int rc = batch_pipe_wait(p, err);
	pthread_mutex_lock(&p->mu);
	p->closing = 1;
	pthread_cond_signal(&p->more);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->thread, NULL);
	pthread_cond_destroy(&p->room);
	pthread_cond_destroy(&p->more);
	pthread_mutex_destroy(&p->mu);
	free_batches(p);
	return rc;
}
