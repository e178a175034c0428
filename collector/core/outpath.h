/*
 * outpath.h - which paths a program of this project may write to, one rule
 * for analyze's files and libsubtick's streams.
 *
 * A target that exists and is not a regular file is refused before
 * anything is written: a symbolic link (it is not followed: its target
 * would be overwritten), a FIFO (opening it would block until a reader
 * comes), a device (`--excess /dev/full` once replaced the device), a
 * directory or a socket.
 */
#ifndef SUBTICK_OUTPATH_H
#define SUBTICK_OUTPATH_H

#include <stddef.h>

/* 0 if path does not exist or is a regular file; else -1 with a message
 * (without the path) in err, and errno ELOOP for a symbolic link, EISDIR
 * for a directory, EINVAL for anything else. */
int outpath_check(const char *path, char *err, size_t err_len);

/*
 * Open path for a stream written as it goes (libsubtick): created with
 * 0666 & ~umask, or emptied when it is a regular file.  Never follows a
 * symbolic link, never blocks on a FIFO, and empties nothing before it is
 * known to be a regular file.  Returns the descriptor (O_CLOEXEC), or -1
 * with errno (outpath_check's, or open(2)'s).
 */
int outpath_open_stream(const char *path);

#endif /* SUBTICK_OUTPATH_H */
