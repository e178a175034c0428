/*
 * outfile.c - complete files or none (outfile.h).
 */
#include "outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outpath.h"

int outfile_check(const char *path, char *err, size_t err_len)
{
	return outpath_check(path, err, err_len);
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

static int make_temp(struct outfile *o, const char *path, const char *dir,
		     char *err, size_t err_len)
{
	memset(o, 0, sizeof *o);
	if (outfile_check(path, err, err_len) != 0)
		return -1;
	const char *base = strrchr(path, '/');
	int k = dir ? snprintf(o->tmp, sizeof o->tmp, "%s/.%s.XXXXXX", dir,
			       base ? base + 1 : path)
		    : snprintf(o->tmp, sizeof o->tmp, "%s.XXXXXX", path);
	if (k < 0 || (size_t)k >= sizeof o->tmp ||
	    snprintf(o->path, sizeof o->path, "%s", path) >= (int)sizeof o->path) {
		snprintf(err, err_len, "path too long");
		return -1;
	}
	o->mode = target_mode(path);
	int fd = mkstemp(o->tmp);
	if (fd < 0) {
		snprintf(err, err_len, "cannot create a file beside it: %s", strerror(errno));
		return -1;
	}
	return fd;
}

int outfile_open(struct outfile *o, const char *path, char *err,
		 size_t err_len)
{
	int fd = make_temp(o, path, NULL, err, err_len);
	if (fd < 0)
		return -1;
	o->f = fdopen(fd, "w");
	if (o->f == NULL) {
		snprintf(err, err_len, "%s", strerror(errno));
		close(fd);
		unlink(o->tmp);
		return -1;
	}
	return 0;
}

int outfile_reserve(struct outfile *o, const char *path, const char *dir,
		    char *err, size_t err_len)
{
	int fd = make_temp(o, path, dir, err, err_len);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

int outfile_commit(struct outfile *o)
{
	int ok = 1, saved = 0;
	if (o->f != NULL) {
		if (fflush(o->f) != 0 || ferror(o->f))
			ok = 0, saved = errno ? errno : EIO;
		if (fclose(o->f) != 0 && ok)
			ok = 0, saved = errno;
		o->f = NULL;
	}
	if (ok && chmod(o->tmp, o->mode) != 0)
		ok = 0, saved = errno;
	/* The target may have become something else meanwhile. */
	char why[160];
	if (ok && outfile_check(o->path, why, sizeof why) != 0)
		ok = 0, saved = EEXIST;
	if (ok && rename(o->tmp, o->path) != 0)
		ok = 0, saved = errno;
	if (ok)
		return 0;
	unlink(o->tmp);
	errno = saved;
	return -1;
}

void outfile_abandon(struct outfile *o)
{
	if (o->f != NULL)
		fclose(o->f);
	o->f = NULL;
	if (o->tmp[0])
		unlink(o->tmp);
	o->tmp[0] = '\0';
}
