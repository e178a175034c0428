/*
 * linebuf.c - lines from a file through a block buffer, a byte order mark
 * read past (linebuf.h).
 */
#include "linebuf.h"

#include <stdlib.h>
#include <string.h>

#include "input.h"

int line_buffer_open(struct line_buffer *b, FILE *f)
{
	b->data = malloc(LINE_BLOCK_FIRST);
	if (b->data == NULL)
		return -1;
	b->f = f;
	b->start = b->end = 0;
	b->cap = LINE_BLOCK_FIRST;
	b->eof = b->filled = b->full = 0;
	return 0;
}

void line_buffer_close(struct line_buffer *b)
{
	free(b->data);
	b->data = NULL;
}

int line_buffer_next(struct line_buffer *b, char **line, size_t *len)
{
	for (;;) {
		char *p = b->data + b->start;
		char *nl = memchr(p, '\n', b->end - b->start);
		if (nl != NULL || (b->eof && b->end > b->start)) {
			size_t n = nl ? (size_t)(nl - p) : b->end - b->start;
			if (n > INPUT_LINE_MAX)
				return -1;
			p[n] = '\0';	/* over the newline, or the spare byte */
			b->start += n + (nl != NULL);
			*line = p;
			*len = n;
			return nl != NULL ? 1 : 2;
		}
		if (b->eof)
			return 0;
		if (b->end - b->start > INPUT_LINE_MAX)
			return -1;
		memmove(b->data, p, b->end - b->start);
		b->end -= b->start;
		b->start = 0;
		if (b->full && b->cap < LINE_BLOCK_MAX) {	/* more to come */
			char *d = realloc(b->data, LINE_BLOCK_MAX);
			if (d != NULL)
				b->data = d, b->cap = LINE_BLOCK_MAX;
		}
		size_t want = b->cap - 1 - b->end;
		size_t k = fread(b->data + b->end, 1, want, b->f);
		b->full = k == want;
		b->end += k;
		if (!b->filled) {	/* fread fills it, short only at the end */
			b->filled = 1;
			b->start = input_bom_length(b->data, b->end);
		}
		if (k == 0) {
			if (ferror(b->f))
				return -2;
			b->eof = 1;
		}
	}
}
