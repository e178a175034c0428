/*
 * tempfile.c - an unlinked temporary file (tempfile.h).
 */
#include "tempfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

const char *tempfile_dir(void)
{
	const char *dir = getenv("TMPDIR");
	return dir != NULL && dir[0] != '\0' ? dir : "/tmp";
}

int tempfile_open(const char *stem)
{
	const char *dir = tempfile_dir();
	int fd;
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0)
		return fd;
	/* a file system without it (EOPNOTSUPP; EISDIR before Linux 3.11):
	 * a name, for a moment; any other error comes again below */
#endif
	char path[4096];
	if (snprintf(path, sizeof path, "%s/%s.XXXXXX", dir, stem) >= (int)sizeof path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	return fd;
}
