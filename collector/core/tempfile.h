/*
 * tempfile.h - scratch space on disk: a file in $TMPDIR (else /tmp) that
 * no name reaches, gone with its last descriptor.
 */
#ifndef SUBTICK_TEMPFILE_H
#define SUBTICK_TEMPFILE_H

/* The directory: $TMPDIR where it is set and not empty, else /tmp. */
const char *tempfile_dir(void);

/*
 * A new file in tempfile_dir(), open for reading and writing, closed on
 * exec: unnamed from the start where the file system can (O_TMPFILE: not
 * even kill -9 leaves it behind), else created as DIR/STEM.XXXXXX and
 * unlinked at once.  Returns its descriptor, or -1 with errno (ENOENT:
 * no such directory).
 */
int tempfile_open(const char *stem);

#endif /* SUBTICK_TEMPFILE_H */
