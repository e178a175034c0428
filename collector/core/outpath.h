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
#include <sys/types.h>

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

/*
 * A file written whole or not at all (analyze's files, collect --trace):
 * written under a temporary name and renamed over path only when
 * complete, so that an error or a kill never leaves half a file and never
 * loses the old one.  outpath_temp checks path (outpath_check) and creates
 * the temporary beside it (path.XXXXXX), or in dir (the same file system)
 * as .NAME.XXXXXX, its name in tmp (tmp_len bytes); *mode is what path
 * will get: its own if it exists, else 0666 & ~umask.  Returns the
 * temporary's descriptor (O_CLOEXEC), or -1 with a message in err.
 */
int outpath_temp(const char *path, const char *dir, char *tmp, size_t tmp_len,
		 mode_t *mode, char *err, size_t err_len);

/* Set mode on the complete tmp and rename it over path, checked again
 * (it may have become something else meanwhile).  Returns 0, or -1 with
 * errno (EEXIST: path is no longer absent or a regular file); tmp is then
 * removed. */
int outpath_commit(const char *tmp, const char *path, mode_t mode);

#endif /* SUBTICK_OUTPATH_H */
