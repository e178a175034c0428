/*
 * outpath.c - the one rule for output paths (outpath.h).
 */
#include "outpath.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int refuse(const struct stat *st, char *err, size_t err_len)
{
	snprintf(err, err_len, "exists and is not a regular file (%s): give the path of a new or regular file",
		 S_ISLNK(st->st_mode) ? "a symbolic link" : S_ISFIFO(st->st_mode) ? "a FIFO"
		 : S_ISDIR(st->st_mode) ? "a directory" : S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ? "a device"
		 : "a socket or other special file");
	errno = S_ISLNK(st->st_mode) ? ELOOP : S_ISDIR(st->st_mode) ? EISDIR : EINVAL;
	return -1;
}

int outpath_check(const char *path, char *err, size_t err_len)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, err_len, "%s", strerror(errno));
		return -1;
	}
	return S_ISREG(st.st_mode) ? 0 : refuse(&st, err, err_len);
}

int outpath_open_stream(const char *path)
{
	char why[160];
	struct stat st;
	if (outpath_check(path, why, sizeof why) != 0)
		return -1;
	/* The path may have become something else since: O_NOFOLLOW and
	 * O_NONBLOCK keep a new link or FIFO from being followed or waited
	 * on, and fstat says what was opened before anything is emptied. */
	int fd = open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0666);
	if (fd < 0)
		return -1;
	int e = 0;
	if (fstat(fd, &st) != 0)
		e = errno;
	else if (!S_ISREG(st.st_mode))
		e = (refuse(&st, why, sizeof why), errno);
	else if (fcntl(fd, F_SETFL, 0) != 0 || ftruncate(fd, 0) != 0)
		e = errno;
	if (e != 0) {
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}
