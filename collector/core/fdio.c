/*
 * fdio.c - retried writes and reads (fdio.h).
 */
#include "fdio.h"

#include <errno.h>
#include <unistd.h>

int fd_write_all(int fd, const void *p, size_t n)
{
	const char *c = p;
	while (n > 0) {
		ssize_t k = write(fd, c, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = EIO;
			return -1;
		}
		c += k;
		n -= (size_t)k;
	}
	return 0;
}

/* Read until n bytes or the end: from the descriptor's offset, or from
 * off where at is set (pread). */
static ssize_t read_full(int fd, void *p, size_t n, int at, off_t off)
{
	char *c = p;
	size_t got = 0;
	while (got < n) {
		ssize_t k = at ? pread(fd, c + got, n - got, off + (off_t)got)
			       : read(fd, c + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		if (k == 0)
			break;
		got += (size_t)k;
	}
	return (ssize_t)got;
}

ssize_t fd_read_full(int fd, void *p, size_t n)
{
	return read_full(fd, p, n, 0, 0);
}

ssize_t fd_pread_full(int fd, void *p, size_t n, off_t off)
{
	return read_full(fd, p, n, 1, off);
}
