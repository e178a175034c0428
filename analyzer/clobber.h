/*
 * clobber.h - no file analyze writes is one it reads.
 *
 * Every output is compared with every input by device and inode, links
 * resolved (stat(2), not lstat(2)), before anything is read or written:
 * an output is written beside its target and renamed over it
 * (outfile.h), so one that is an input, under any name, would replace the
 * collection being analyzed.  The outputs: --excess, --minima, --report,
 * each file --plot DIR may write, and standard output when it is a
 * regular file (analyze a.st >> a.st).  The inputs: each FILE, each file
 * of --compare's lists, standard input for - (or no FILE).  Only an input
 * that is a regular file counts: a device or a pipe holds no data a
 * rename could lose (/dev/null in and out is no clash).
 */
#ifndef SUBTICK_ANALYZE_CLOBBER_H
#define SUBTICK_ANALYZE_CLOBBER_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>

enum { CLOBBER_OUTPUTS_MAX = 40 };

/* The files a run may write: option is how messages name one ("--report",
 * "--plot"), path NULL for standard output. */
struct clobber_outputs {
	struct {
		const char *option;
		char path[PATH_MAX];
		int is_stdout;
	} out[CLOBBER_OUTPUTS_MAX];
	size_t count;
};

/* Add path (dir/name when name is not NULL) as written by option; a name
 * too long for PATH_MAX is left out (it cannot be opened either), and so
 * is any beyond CLOBBER_OUTPUTS_MAX (the caller counts them). */
void clobber_add(struct clobber_outputs *o, const char *option, const char *dir,
		 const char *name);
/* Add standard output. */
void clobber_add_stdout(struct clobber_outputs *o);

/* 0 when no output is one of inputs (NULL-terminated; none: standard
 * input); else -1 after "analyze: OPTION PATH: it is also an input" on
 * err.  lists: each input may be files joined by commas (filelist.h). */
int clobber_check(const struct clobber_outputs *o, char *const *inputs,
		  int lists, FILE *err);

#endif /* SUBTICK_ANALYZE_CLOBBER_H */
