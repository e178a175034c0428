/*
 * stream.c - line-atomic buffered output (stream.h).
 */
#include "stream.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fdio.h"

void stream_init(struct stream_writer *w, int fd)
{
	struct stat st;
	w->fd = fd;
	w->regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	w->committed = w->regular ? lseek(fd, 0, SEEK_CUR) : 0;
	if (w->committed < 0)
		w->regular = 0;
	w->len = 0;
	w->error = 0;
	w->samples_written = 0;
}

/* The end of the longest run of whole lines in buf[from, from + PIPE_BUF]. */
static size_t piece_end(const struct stream_writer *w, size_t from)
{
	size_t end = w->len - from > PIPE_BUF ? from + PIPE_BUF : w->len;
	while (end > from && w->buf[end - 1] != '\n')
		end--;
	return end > from ? end : w->len;	/* no newline: cannot happen */
}

static uint64_t sample_lines(const char *p, size_t len)
{
	uint64_t n = 0;
	for (size_t i = 0; i < len; i++)
		if ((i == 0 || p[i - 1] == '\n') && p[i] != '#')
			n++;
	return n;
}

/* Write buf[from, end) whole.  Returns 0, or -1 with w->error set. */
static int write_piece(struct stream_writer *w, size_t from, size_t end)
{
	if (fd_write_all(w->fd, w->buf + from, end - from) == 0)
		return 0;
	w->error = errno;
	return -1;
}

int stream_flush(struct stream_writer *w)
{
	size_t from = 0;
	while (w->error == 0 && from < w->len) {
		size_t end = piece_end(w, from);
		if (write_piece(w, from, end) != 0) {
			/* Part of the piece may be in the file: cut it off. */
			if (w->regular && (ftruncate(w->fd, w->committed) != 0 ||
					   lseek(w->fd, w->committed, SEEK_SET) < 0))
				w->regular = 0;
			break;
		}
		w->samples_written += sample_lines(w->buf + from, end - from);
		w->committed += (off_t)(end - from);
		from = end;
	}
	w->len = 0;
	return w->error ? -1 : 0;
}

/* Make room for a line of up to STREAM_LINE_MAX bytes. */
static int reserve(struct stream_writer *w)
{
	if (w->error)
		return -1;
	if (STREAM_BUFFER - w->len < STREAM_LINE_MAX + 1)
		return stream_flush(w);
	return 0;
}

int stream_linef(struct stream_writer *w, const char *fmt, ...)
{
	if (reserve(w) != 0)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(w->buf + w->len, STREAM_LINE_MAX, fmt, ap);
	va_end(ap);
	if (k < 0)
		return -1;
	w->len += (size_t)k < STREAM_LINE_MAX ? (size_t)k : STREAM_LINE_MAX - 1;
	w->buf[w->len++] = '\n';
	return 0;
}

int stream_header(struct stream_writer *w, const char *key, const char *value)
{
	char clean[STREAM_LINE_MAX - 64];
	size_t i = 0;
	for (; value[i] != '\0' && i < sizeof clean - 1; i++) {
		unsigned char c = (unsigned char)value[i];
		clean[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
	}
	clean[i] = '\0';
	return stream_linef(w, "# %s: %s", key, clean);
}

/* Decimal digits of v at p, returns the length.  snprintf costs ~100 ns a
 * number; this is a tenth of it, between samples. */
static size_t put_u64(char *p, uint64_t v)
{
	char tmp[20];
	size_t k = 0;
	do {
		tmp[k++] = (char)('0' + v % 10);
		v /= 10;
	} while (v != 0);
	for (size_t i = 0; i < k; i++)
		p[i] = tmp[k - 1 - i];
	return k;
}

int stream_sample(struct stream_writer *w, const uint64_t *field, int count)
{
	if (reserve(w) != 0)
		return -1;
	char *p = w->buf + w->len;
	for (int i = 0; i < count; i++) {
		if (i > 0)
			*p++ = '\t';
		p += put_u64(p, field[i]);
	}
	*p++ = '\n';
	w->len = (size_t)(p - w->buf);
	return 0;
}
