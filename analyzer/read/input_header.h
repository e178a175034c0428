/*
 * input_header.h - a stream's comment lines: its first, "# subtick 1",
 * and its header keys ("# key: value"), read into input_meta and checked
 * (data/FORMAT.md).
 */
#ifndef SUBTICK_INPUT_HEADER_H
#define SUBTICK_INPUT_HEADER_H

#include "input_parts.h"

/* The comment line s (from its '#', the line ending cut) of r's input:
 * "# subtick 1" on the first line makes it a stream; in a stream, a
 * known key before the samples (done, interrupted and counters_end after
 * them too) is checked into r->meta, each key once; other keys and plain
 * comments are passed over.  Returns 0, or -1 with r->err filled. */
int input_header_line(struct reader *r, char *s);

#endif /* SUBTICK_INPUT_HEADER_H */
