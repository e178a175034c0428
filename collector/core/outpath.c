/*
 * outpath.c - the one rule for output paths (outpath.h).
 */
#include "outpath.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
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

/* The mode the target will have: its own if it exists, else 0666 &
 * ~umask. */
static mode_t target_mode(const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		return st.st_mode & 07777;
	mode_t mask = umask(0);
	umask(mask);
	return 0666 & ~mask;
}

int outpath_temp(const char *path, const char *dir, char *tmp, size_t tmp_len,
		 mode_t *mode, char *err, size_t err_len)
{
	if (outpath_check(path, err, err_len) != 0)
		return -1;
	const char *base = strrchr(path, '/');
	int k = dir ? snprintf(tmp, tmp_len, "%s/.%s.XXXXXX", dir, base ? base + 1 : path)
		    : snprintf(tmp, tmp_len, "%s.XXXXXX", path);
	if (k < 0 || (size_t)k >= tmp_len) {
		snprintf(err, err_len, "path too long");
		return -1;
	}
	*mode = target_mode(path);
	int fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		snprintf(err, err_len, "cannot create a file beside it: %s", strerror(errno));
	return fd;
}

int outpath_commit(const char *tmp, const char *path, mode_t mode)
{
	char why[160];
	int saved = 0;
	if (chmod(tmp, mode) != 0)
		saved = errno;
	else if (outpath_check(path, why, sizeof why) != 0)
		saved = EEXIST;
	else if (rename(tmp, path) != 0)
		saved = errno;
	if (saved == 0)
		return 0;
	unlink(tmp);
	errno = saved;
	return -1;
}
