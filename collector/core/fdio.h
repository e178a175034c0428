/*
 * fdio.h - whole writes and full reads on a descriptor: write(2) and
 * read(2) may move less than asked, and a signal may interrupt them.
 */
#ifndef SUBTICK_FDIO_H
#define SUBTICK_FDIO_H

#include <stddef.h>
#include <sys/types.h>

/* Write all n bytes of p.  Returns 0, or -1 with errno set (EIO when
 * write moved nothing without an error). */
int fd_write_all(int fd, const void *p, size_t n);

/* Read until n bytes or the end.  Returns how many were read, or -1 with
 * errno set. */
ssize_t fd_read_full(int fd, void *p, size_t n);

/* The same from offset off, the descriptor's own offset left as it is
 * (two readers of one file, each at its own place). */
ssize_t fd_pread_full(int fd, void *p, size_t n, off_t off);

#endif /* SUBTICK_FDIO_H */
