/*
 * outfile.h - the files analyze writes (--excess FILE, --plot DIR).
 *
 * A file is written under a temporary name beside its target and renamed
 * over the target only when complete, so an error never leaves half a
 * file and never loses the old one.  A target that exists and is not a
 * regular file (a symlink, a FIFO, a device: `--excess /dev/full` once
 * replaced the device) is refused before anything is written.  A new file
 * gets 0666 & ~umask, as open(2) would give it; a replaced one keeps its
 * mode.  The temporary and the rename are collector/core/outpath.h's
 * (outpath_temp, outpath_commit: collect --trace's too); the signal guard
 * below is analyze's.
 */
#ifndef SUBTICK_OUTFILE_H
#define SUBTICK_OUTFILE_H

#include <limits.h>
#include <stdio.h>
#include <sys/types.h>

struct outfile {
	char path[PATH_MAX];	/* the target */
	char tmp[PATH_MAX];	/* where it is written meanwhile */
	mode_t mode;
	FILE *f;		/* NULL for a reserved name (outfile_reserve) */
};

/* 0 if path does not exist or is a regular file; else -1 with a message
 * (without the path) in err: the rule of collector/core/outpath.h, which
 * libsubtick's streams follow too. */
int outfile_check(const char *path, char *err, size_t err_len);

/* outfile_check, and the directory that will hold path exists and can
 * take a file: what writing path needs, known before the work that makes
 * its contents (analyze checks its outputs before it reads a sample).
 * dir: path is a directory to be made (--plot): its parent must take it,
 * or path is one already.  0, or -1 with a message in err. */
int outfile_can_write(const char *path, int dir, char *err, size_t err_len);

/* Check path and open a temporary file beside it for writing.  Returns 0,
 * or -1 with a message in err. */
int outfile_open(struct outfile *o, const char *path, char *err,
		 size_t err_len);

/* The same with the temporary in directory dir (same file system as path),
 * created empty and closed: another program (gnuplot) writes it. */
int outfile_reserve(struct outfile *o, const char *path, const char *dir,
		    char *err, size_t err_len);

/* Flush, close, set the mode and rename over the target.  Returns 0, or -1
 * with errno (the temporary is removed). */
int outfile_commit(struct outfile *o);

/* Close and remove the temporary; the target is untouched. */
void outfile_abandon(struct outfile *o);

/*
 * Nothing left behind when a signal ends analyze (SIGINT, SIGTERM, SIGHUP,
 * SIGPIPE, SIGXFSZ): the temporaries of outfile_open and outfile_reserve,
 * directories given here with the files they may hold, and a helper program
 * (gnuplot) are removed or ended by a handler, which then lets the signal
 * end analyze as before.  The handler is installed with the first guard.
 */
enum { OUTFILE_NAME_MAX = 32 };

/* Guard dir and the files names[0..count) in it; the names must stay
 * valid until outfile_unguard_dir.  Two at most, the second may be
 * inside the first (removed first); outfile_unguard_dir releases the
 * last one guarded. */
void outfile_guard_dir(const char *dir, const char (*names)[OUTFILE_NAME_MAX],
		       size_t count);
void outfile_unguard_dir(void);

/* Guard a running child (SIGKILL and reap it), OUTFILE_CHILDREN at most
 * at once (call with the guarded signals blocked, so that none ends
 * analyze between the child's start and its guard); unguard it once
 * reaped. */
enum { OUTFILE_CHILDREN = 4 };
void outfile_guard_child(pid_t pid);
void outfile_unguard_child(pid_t pid);

#endif /* SUBTICK_OUTFILE_H */
