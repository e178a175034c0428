/*
 * spool.c - fixed-size binary records in an unlinked temporary file,
 * through a buffer (spool.h).
 */
#include "spool.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdio.h"
#include "tempfile.h"

enum { SPOOL_BUFFER = SPOOL_BUFFER_RECORDS };

int spool_open(struct spool *s, const struct point_set *points)
{
	memset(s, 0, sizeof *s);
	s->fd = -1;
	s->points = points;
	s->buf = malloc(SPOOL_BUFFER * sizeof *s->buf);
	if (s->buf == NULL)
		return -1;
	s->fd = tempfile_open("analyze-spool");	/* in TMPDIR, as the help says */
	if (s->fd < 0) {
		free(s->buf);
		s->buf = NULL;
		return -1;
	}
	s->writing = 1;
	return 0;
}

int spool_flush(struct spool *s)
{
	int rc = s->len ? fd_write_all(s->fd, s->buf, s->len * sizeof *s->buf) : 0;
	s->len = 0;
	return rc;
}

/* An escape record: the next record's key, or its start (s->at). */
static int put_escape(struct spool *s, uint32_t which, uint64_t v)
{
	struct spool_disk d = { 0, SPOOL_ESCAPE, which };
	memcpy(&d.t, &v, sizeof v);
	if (s->len == SPOOL_BUFFER && spool_flush(s) != 0)
		return -1;
	s->buf[s->len++] = d;
	if (which == SPOOL_WIDE_AT)
		s->at = v;
	return 0;
}

int spool_put_slow(struct spool *s, const struct spool_record *r)
{
	if (!s->writing) {	/* all are written before the first read */
		errno = EINVAL;
		return -1;
	}
	uint64_t key = s->points ? (uint64_t)r->i : r->n;
	uint32_t step = SPOOL_NO_STEP;
	if (key >= SPOOL_ESCAPE && put_escape(s, SPOOL_WIDE_KEY, key) != 0)
		return -1;
	if (r->at != SPOOL_NO_AT) {
		if (r->at < s->at || r->at - s->at >= SPOOL_NO_STEP) {
			if (put_escape(s, SPOOL_WIDE_AT, r->at) != 0)
				return -1;
		}
		step = (uint32_t)(r->at - s->at);
		s->at = r->at;
	}
	if (s->len == SPOOL_BUFFER && spool_flush(s) != 0)
		return -1;
	s->buf[s->len++] = (struct spool_disk){ r->t, key >= SPOOL_ESCAPE ? 0 : (uint32_t)key,
						step };
	s->count++;
	return 0;
}

void spool_escape(struct spool *s, const struct spool_disk *d)
{
	uint64_t v;
	memcpy(&v, &d->t, sizeof v);
	if (d->at == SPOOL_WIDE_KEY) {
		s->wide_key = v;
		s->have_wide_key = 1;
	} else {
		s->at = v;	/* the next record's step is 0 */
	}
}

int spool_rewind(struct spool *s)
{
	if (s->writing && spool_flush(s) != 0)
		return -1;
	s->writing = 0;
	s->pos = s->len = 0;
	s->at = 0;
	s->have_wide_key = 0;
	s->fetch = s->points != NULL && s->points->count > SPOOL_FETCH_POINTS;
	s->off = 0;
	return 0;
}

int spool_reader(const struct spool *s, struct spool *r)
{
	if (s->writing) {	/* all are put before a second reader */
		errno = EINVAL;
		return -1;
	}
	*r = *s;
	r->borrowed = 1;
	r->buf = malloc(SPOOL_BUFFER * sizeof *r->buf);
	if (r->buf == NULL)
		return -1;
	return spool_rewind(r);
}

/* The next records into the buffer: 1, 0 at the end, -1 on error. */
int spool_fill(struct spool *s)
{
	if (s->writing)
		return -1;
	ssize_t got = fd_pread_full(s->fd, s->buf, SPOOL_BUFFER * sizeof *s->buf, (off_t)s->off);
	if (got < 0)
		return -1;
	s->off += (uint64_t)got;
	if ((size_t)got % sizeof *s->buf != 0) {	/* a torn record: cannot be */
		errno = EIO;
		return -1;
	}
	s->pos = 0;
	s->len = (size_t)got / sizeof *s->buf;
	return s->len > 0;
}

void spool_close(struct spool *s)
{
	if (s->buf != NULL && s->fd >= 0 && !s->borrowed)	/* opened (a zeroed spool
								 * was not) */
		close(s->fd);
	free(s->buf);
	s->fd = -1;
	s->buf = NULL;
}
