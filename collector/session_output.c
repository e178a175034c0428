/*
 * session_output.c - the files of one collection's streams: opened or held
 * until the first sample is due (an existing file keeps its content till
 * then), and finished with their last lines (session.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "header.h"
#include "session_parts.h"

/* Output i's file name, or NULL for stdout (no -o, or -o -). */
static const char *out_path(const struct session *s, int i)
{
	const char *p = i ? s->opt->output2 : s->opt->output;
	return p == NULL || strcmp(p, "-") == 0 ? NULL : p;
}

static const char *out_name(const struct session *s, int i)
{
	return out_path(s, i) ? out_path(s, i) : "stdout";
}

int session_output_refused(const char *path, char *why, size_t len)
{
	struct stat l, t;
	/* the process's own descriptors (links all, to whatever stdout is) */
	static const char *const own[] = { "/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/" };
	for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
		if (strncmp(path, own[k], strlen(own[k])) == 0)
			return 0;
	if (lstat(path, &l) != 0)
		return 0;	/* a new file */
	if (S_ISDIR(l.st_mode))
		return snprintf(why, len, "exists and is a directory"), 1;
	if (!S_ISLNK(l.st_mode))
		return 0;
	int none = stat(path, &t) != 0;
	if (none || S_ISREG(t.st_mode) || S_ISDIR(t.st_mode))
		return snprintf(why, len, "a symbolic link to %s",
				none ? "nothing" : S_ISDIR(t.st_mode) ? "a directory" : "a file"), 1;
	return 0;
}

/* Open output i, noting whether this run made the file. */
static int open_output(struct session *s, int i, struct stat *st)
{
	const char *path = out_path(s, i);
	if (path == NULL) {
		s->out_fd[i] = STDOUT_FILENO;
		return fstat(STDOUT_FILENO, st) == 0 ? 0 : -1;
	}
	/* 0666: open(2) takes the umask off, as for analyze's files.
	 * O_NOFOLLOW: a link put there since session_resolve checked the
	 * path is not followed (one to a pipe or a device, which it let
	 * through, is); O_NONBLOCK: a FIFO with no reader is said, not
	 * waited on (ENXIO), and one with a reader then blocks as a pipe
	 * does. */
	char why[96];
	struct stat l;
	if (session_output_refused(path, why, sizeof why)) {
		fprintf(stderr, "%s: %s: %s\n", s->opt->prog, path, why);
		return -1;
	}
	int link = lstat(path, &l) == 0 && S_ISLNK(l.st_mode);
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | (link ? 0 : O_NOFOLLOW);
	s->out_fd[i] = open(path, flags | O_EXCL, 0666);
	s->out_made[i] = s->out_fd[i] >= 0;
	if (s->out_fd[i] < 0 && errno == EEXIST)
		s->out_fd[i] = open(path, flags, 0666);
	if (s->out_fd[i] < 0 || fstat(s->out_fd[i], st) != 0 ||
	    fcntl(s->out_fd[i], F_SETFL, 0) != 0) {
		int e = errno;
		struct stat f;
		fprintf(stderr, "%s: %s: %s\n", s->opt->prog, path,
			e == ENXIO && stat(path, &f) == 0 && S_ISFIFO(f.st_mode)
				? "a FIFO with no reader: start its reader first" :
			e == ELOOP ? "a symbolic link: give the path of a new or regular file" :
			strerror(e));
		return -1;
	}
	/* an existing regular file keeps its content until the first sample
	 * is due */
	s->out_held[i] = !s->out_made[i] && S_ISREG(st->st_mode);
	return 0;
}

/* Output i (its file st) is a kernel's shared object: emptied when the
 * first sample is due, the code mapped from it would fault.  Returns 2
 * (a usage error) after a message, else 0. */
static int output_is_input(const struct session *s, int i, const struct stat *st)
{
	for (int j = 0; j < s->kernels; j++) {
		const struct kernel *k = &s->kernel[j];
		if (k->library_known && st->st_dev == k->library_dev &&
		    st->st_ino == k->library_ino) {
			fprintf(stderr, "%s: %s%s: it is also an input (the shared object of --kernel %s)\n",
				s->opt->prog, out_path(s, i) ? "--output " : "", out_name(s, i),
				k->name);
			return 2;
		}
	}
	return 0;
}

/* Open every output before writing any.  None is emptied here
 * (session_start_outputs does, once the first sample is due): a collection that
 * fails or is stopped before loses nothing.  When B's cannot be opened, or
 * is A's under another name, a file this run made is removed again (no
 * stream of a collection that did not happen). */
int session_open_outputs(struct session *s)
{
	int status = 0;
	struct stat st[2];
	for (int i = 0; i < s->kernels && status == 0; i++)
		status = open_output(s, i, &st[i]) != 0;
	if (status == 0 && s->kernels == 2 && st[0].st_dev == st[1].st_dev &&
	    st[0].st_ino == st[1].st_ino) {
		fprintf(stderr, "%s: --output: %s and %s are one file: A and B need two\n",
			s->opt->prog, out_name(s, 0), out_name(s, 1));
		status = 2;
	}
	for (int i = 0; i < s->kernels && status == 0; i++)
		status = output_is_input(s, i, &st[i]);
	for (int i = 0; i < s->kernels && status != 0; i++)
		if (s->out_made[i])
			unlink(out_path(s, i));
	return status;
}

/* The first sample is due (the warm-up is over): empty the files held
 * until now.  Returns 0, or -1 with the writer's error set. */
int session_start_outputs(void *arg)
{
	struct session *s = arg;
	for (int i = 0; i < s->kernels; i++) {
		if (s->out_held[i] && ftruncate(s->out_fd[i], 0) != 0) {
			s->writer[i]->error = errno;
			return -1;
		}
		s->out_held[i] = 0;
	}
	return 0;
}

/* A file still held when the collection ends had no sample due: it is
 * left as it was (its old content, not a stream of nothing).  One this
 * run made has the header already, and gets the last line. */
static int left_as_it_was(struct session *s, int i)
{
	if (!s->out_held[i])
		return 0;
	close(s->out_fd[i]);
	s->out_fd[i] = -1;
	s->out_kept[i] = 1;
	return 1;
}

/* Finish stream i: its last line, flushed and closed.  Returns 0, or 1
 * when the output failed (said on stderr). */
static int finish_stream(struct session *s, int i, const struct sampler_result *r,
			 int sig)
{
	struct stream_writer *w = s->writer[i];
	const char *name = out_name(s, i);
	if (left_as_it_was(s, i)) {
		if (sig)
			fprintf(stderr, "%s: interrupted before the first sample: %s left as it was\n",
				s->opt->prog, name);
		else if (r->stop != SAMPLER_KERNEL)
			fprintf(stderr, "%s: %s: left as it was (no sample was taken)\n",
				s->opt->prog, name);
		return 0;
	}
	trailer_write(w, r, sig);
	stream_flush(w);
	if (w->error == EPIPE)
		return 0;	/* the reader went away: end quietly */
	if (w->error == 0 && s->out_fd[i] != STDOUT_FILENO && close(s->out_fd[i]) != 0)
		w->error = errno;
	s->out_fd[i] = -1;
	if (w->error) {
		fprintf(stderr, "%s: %s: %s (%llu complete samples written, every line whole)\n",
			s->opt->prog, name, strerror(w->error),
			(unsigned long long)w->samples_written);
		return 1;
	}
	const char *who = s->kernels > 1 ? (i ? " of B" : " of A") : "";
	/* a fact, not a warning: such a run is in no sample, and the samples
	 * kept are whole (analyze warns of nothing there either) */
	if (r->dropped_migration)
		fprintf(stderr, "%s: %llu samples%s dropped: the CPU changed during the run\n",
			s->opt->prog, (unsigned long long)r->dropped_migration, who);
	if (r->dropped_backstep)
		fprintf(stderr, "%s: warning: %llu samples%s dropped: the clock stepped backwards during the run\n",
			s->opt->prog, (unsigned long long)r->dropped_backstep, who);
	if (r->dropped_timeout)
		fprintf(stderr, "%s: warning: %llu runs%s ran past --exec-timeout (%g s) and were ended, not written\n",
			s->opt->prog, (unsigned long long)r->dropped_timeout, who,
			s->opt->exec_timeout_s);
	if (sig)
		fprintf(stderr, "%s: interrupted: %llu complete samples in %s\n",
			s->opt->prog, (unsigned long long)w->samples_written, name);
	return 0;
}

/* Exit status once the streams are finished.  Whatever happened, say how
 * many samples each output holds. */
int session_finish(struct session *s, const struct sampler_result r[], int sig)
{
	int failed = 0;
	for (int i = 0; i < s->kernels; i++)
		failed |= finish_stream(s, i, &r[i], sig);
	if (failed)
		return 1;
	if (r[0].stop == SAMPLER_NOMEM)
		return session_fail(s, 1, "out of memory");
	if (r[0].stop == SAMPLER_CHECK) {
		fprintf(stderr, "%s: after the sampling, %s: the stream ends with stop=check\n",
			s->opt->prog, r[0].failure);
		return 1;
	}
	if (r[0].stop == SAMPLER_KERNEL) {
		if (s->out_kept[0])
			fprintf(stderr, "%s: the command failed: %s (no sample was taken: %s left as it was)\n",
				s->opt->prog, r[0].failure, out_name(s, 0));
		else
			fprintf(stderr, "%s: the command failed: %s (%llu complete samples in %s)\n",
				s->opt->prog, r[0].failure,
				(unsigned long long)s->writer[0]->samples_written, out_name(s, 0));
		return 1;
	}
	int missed = session_report_until(s, r);
	return sig ? 128 + sig : missed ? SESSION_UNTIL_MISSED : 0;
}
