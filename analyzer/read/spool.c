/*
 * spool.c - fixed-size binary records in an unlinked temporary file,
 * through a buffer (spool.h).
 */
#include "spool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fdio.h"

/* Records in the buffer: 64 Ki of 24 bytes, 1.5 MiB. */
enum { SPOOL_BUFFER = 1 << 16 };

int spool_open(struct spool *s, const struct point_set *points)
{
	memset(s, 0, sizeof *s);
	s->fd = -1;
	s->points = points;
	s->buf = malloc(SPOOL_BUFFER * sizeof *s->buf);
	FILE *f = s->buf ? tmpfile() : NULL;
	if (f == NULL) {
		free(s->buf);
		s->buf = NULL;
		return -1;
	}
	s->fd = fcntl(fileno(f), F_DUPFD_CLOEXEC, 0);
	fclose(f);	/* the file lives on in the duplicate */
	if (s->fd < 0) {
		free(s->buf);
		s->buf = NULL;
		return -1;
	}
	s->writing = 1;
	return 0;
}

static int flush(struct spool *s)
{
	int rc = s->len ? fd_write_all(s->fd, s->buf, s->len * sizeof *s->buf) : 0;
	s->len = 0;
	return rc;
}

int spool_put(struct spool *s, const struct spool_record *r)
{
	if (!s->writing) {	/* all are written before the first read */
		errno = EINVAL;
		return -1;
	}
	if (s->len == SPOOL_BUFFER && flush(s) != 0)
		return -1;
	s->buf[s->len++] = (struct spool_disk){ s->points ? r->i : r->n, r->t, r->at };
	s->count++;
	return 0;
}

int spool_rewind(struct spool *s)
{
	if (s->writing && flush(s) != 0)
		return -1;
	s->writing = 0;
	s->pos = s->len = 0;
	return lseek(s->fd, 0, SEEK_SET) < 0 ? -1 : 0;
}

/* The next records into the buffer: 1, 0 at the end, -1 on error. */
int spool_fill(struct spool *s)
{
	if (s->writing)
		return -1;
	ssize_t got = fd_read_full(s->fd, s->buf, SPOOL_BUFFER * sizeof *s->buf);
	if (got < 0)
		return -1;
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
	if (s->buf != NULL && s->fd >= 0)	/* opened (a zeroed spool was not) */
		close(s->fd);
	free(s->buf);
	s->fd = -1;
	s->buf = NULL;
}
