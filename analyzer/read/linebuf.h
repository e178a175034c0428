/*
 * linebuf.h - lines from a file through a block buffer: exact lengths (a
 * NUL byte is seen, wherever it is) and bounded memory (a line longer
 * than INPUT_LINE_MAX is an error as soon as it is seen, whatever the
 * input).
 */
#ifndef SUBTICK_LINEBUF_H
#define SUBTICK_LINEBUF_H

#include <stddef.h>
#include <stdio.h>

/* Reads of a block at first, up to the largest once a read fills the
 * buffer: a file of megabytes takes a sixteenth of the reads of 64 KiB
 * blocks, and a short input (a pipe's few lines, a fuzzer's) no
 * megabyte's allocation, whose pages were most of its time (78 inputs a
 * second). */
enum { LINE_BLOCK_FIRST = 1 << 16, LINE_BLOCK_MAX = 1 << 20 };

struct line_buffer {
	FILE *f;
	size_t start, end;	/* data[start, end): read, not yet taken (a
				 * caller may take a line from there itself,
				 * moving start past its newline) */
	size_t cap;		/* of data: LINE_BLOCK_FIRST .. LINE_BLOCK_MAX */
	int full;		/* the last read filled what it was given */
	int eof;
	int filled;		/* read into once: a byte order mark skipped */
	char *data;
};

/* b ready to read f from its start.  Returns 0, or -1 out of memory. */
int line_buffer_open(struct line_buffer *b, FILE *f);

/* b's memory given back (f stays open: it is the caller's). */
void line_buffer_close(struct line_buffer *b);

/* Next line in *line (without its newline, NUL-terminated), its length in
 * *len.  Returns 1, 2 for a last line without a newline, 0 at the end, -1
 * if too long, -2 on a read error. */
int line_buffer_next(struct line_buffer *b, char **line, size_t *len);

#endif /* SUBTICK_LINEBUF_H */
