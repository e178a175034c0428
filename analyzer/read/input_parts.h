/*
 * input_parts.h - what the files of one read of a stream share (input.c:
 * the lines and the samples; input_header.c: the header's keys).  Not for
 * other callers: input.h is the reader's interface.
 */
#ifndef SUBTICK_INPUT_PARTS_H
#define SUBTICK_INPUT_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "batchpipe.h"
#include "input.h"
#include "keyset.h"

/* Fields of a line at most: collect-mpi's allreduce writes n t at and a
 * column per rank, up to 128 ranks. */
enum { FIELDS_MAX = 160 };

struct reader {
	const char *column;	/* the timing column: t, t2, user */
	const char *suffix;	/* of its header keys: "", "2", "_user" */
	struct input_meta *meta;
	struct input_error *err;
	uint64_t line;
	input_sample_fn *fn;
	input_batch_fn *batch_fn;	/* NULL: every sample to fn */
	struct sample_batch *batch;	/* the common lines waiting for it */
	uint64_t batch_line;	/* the line of its first */
	struct batch_pipe *pipe;	/* NULL: batch_fn on this thread */
	uint64_t puts, put_samples;	/* batches handed to the pipe, and
					 * their samples */
	void *ctx;
	struct keyset keys;	/* header keys given so far */
	struct at_order at;	/* the start times so far */
};
/* r->err: the message of fmt, at the line being read.  Returns -1. */
int input_fail(struct reader *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Split s on blanks and commas: the fields' starts in field, their
 * lengths in len (FIELDS_MAX each).  Returns the number of fields, or -1
 * for more than FIELDS_MAX. */
int input_split(char *s, char **field, size_t *len);

#endif /* SUBTICK_INPUT_PARTS_H */
