/*
 * stream.h - writing the subtick stream (data/FORMAT.md).
 *
 * The writer holds whole lines in a buffer and hands write(2) whole lines
 * only, in pieces of at most PIPE_BUF bytes: a write of that size to a pipe
 * is atomic, so a reader, a kill -9 or a second signal never sees half a
 * line.  When a write to a regular file comes back short and the rest
 * fails (a full disk, a file size limit), the file is truncated back to
 * its last whole line.
 */
#ifndef SUBTICK_STREAM_H
#define SUBTICK_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { STREAM_BUFFER = 1 << 16, STREAM_LINE_MAX = 4096 };

struct stream_writer {
	int fd;
	int regular;		/* fd is a regular file */
	off_t committed;	/* its offset after the last whole line */
	size_t len;
	int error;		/* errno of the first failed write, 0 if none */
	uint64_t samples_written;	/* sample lines handed over whole */
	char buf[STREAM_BUFFER];
};

void stream_init(struct stream_writer *w, int fd);

/* Append one line (fmt without the newline; longer lines are cut at
 * STREAM_LINE_MAX).  Returns 0, or -1 once a write has failed. */
int stream_linef(struct stream_writer *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* "# key: value", with control characters in value replaced by '?', so no
 * value can start a line of its own. */
int stream_header(struct stream_writer *w, const char *key, const char *value);

/* One sample: its count fields (n, t, at[, t2...]) separated by tabs. */
int stream_sample(struct stream_writer *w, const uint64_t *field, int count);

/* Write out what is buffered.  Returns 0, or -1 (w->error says why; EPIPE
 * when the reader went away).  After an error nothing more is written. */
int stream_flush(struct stream_writer *w);

#endif /* SUBTICK_STREAM_H */
