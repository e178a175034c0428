/*
 * batchpipe.h - a stream's batches of common lines taken on a thread of
 * their own while the reader parses the next (input.c).
 *
 * Reading a large stream is two jobs of about the same cost: parsing its
 * text into numbers, and taking each sample (its N's best timings, the
 * spool, the samples kept for the model).  The reader parses on the
 * caller's thread and puts each full batch here; a second thread takes
 * them, in order, by the reader's batch_fn.  The samples are taken in the
 * same order, by the same calls, as without the thread: the results are
 * the same.
 *
 * Anything else the reader meets (a header or comment line, a sample
 * line of another form, the end) it handles only after batch_pipe_wait,
 * with the thread idle, so that what it changes or gives the sample
 * function one at a time comes after every batch before it.  An error
 * of a batch comes before any the reader finds later in the stream: the
 * reader's own is kept only where the batches before it were all taken.
 */
#ifndef SUBTICK_BATCHPIPE_H
#define SUBTICK_BATCHPIPE_H

#include <pthread.h>
#include <stdint.h>

#include "input.h"

/* The samples a batch holds on average, at least, for the thread to pay:
 * handing one over (a put, the thread woken, a wait for it) took about
 * 9 us here, as long as taking some 300 samples.  A stream whose other
 * lines come every few samples (a comment or a decimal timing after each:
 * 25 and 12 times slower on two threads than on one) cuts its batches
 * shorter: the reader then goes on alone (input.c). */
#define BATCH_PIPE_WORTH 256

/* Batches in all: the one the reader fills, and those it may run
 * ahead of the thread (each may wait in the queue). */
#define BATCH_PIPE_BATCHES 9

struct batch_pipe {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t more;	/* a batch put, or the pipe closing */
	pthread_cond_t room;	/* a batch taken */
	struct sample_batch *full[BATCH_PIPE_BATCHES];
	uint64_t line[BATCH_PIPE_BATCHES];	/* each one's first line */
	size_t head, count;	/* the full batches waiting */
	struct sample_batch *spare[BATCH_PIPE_BATCHES];
	size_t nspare;
	int busy;		/* the thread is taking one */
	int closing;
	int failed;		/* a batch_fn failed: err says how */
	struct input_error err;
	input_batch_fn *fn;
	void *ctx;
};

/* Start the thread that gives each batch put to fn(ctx, ...); err: the
 * file's name for its errors.  Returns 0, or -1 where the thread or the
 * memory cannot be had (nothing to close then: read without it). */
int batch_pipe_open(struct batch_pipe *p, input_batch_fn *fn, void *ctx,
		    const struct input_error *err);

/* An empty batch to fill (waits for one the thread is done with). */
struct sample_batch *batch_pipe_empty(struct batch_pipe *p);

/* Hand b (of count samples, its first on line `line`) to the thread.
 * Returns 0, or -1 where a batch before it failed (batch_pipe_wait then
 * says how). */
int batch_pipe_put(struct batch_pipe *p, struct sample_batch *b, uint64_t line);

/* Until every batch put is taken.  Returns 0, or -1 with err filled
 * where one failed. */
int batch_pipe_wait(struct batch_pipe *p, struct input_error *err);

/* Wait, end the thread, and free the batches.  Returns as batch_pipe_wait. */
int batch_pipe_close(struct batch_pipe *p, struct input_error *err);

#endif /* SUBTICK_BATCHPIPE_H */
