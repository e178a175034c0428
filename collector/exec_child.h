/*
 * exec_child.h - one run of a command for collect --exec: its words, a
 * child in a process group of its own, and a wait that a stop signal or a
 * time limit can end.
 *
 * The child starts with every signal at its default disposition and an
 * empty signal mask (collect ignores SIGPIPE and SIGXFSZ and blocks its
 * stop signals and SIGCHLD while it forks: none of that is the
 * command's), stdin from /dev/null, stdout to a given descriptor or a
 * pipe, and stderr to a pipe whose last bytes are kept in memory (a ring
 * of EXEC_TAIL bytes: a command that writes 100 MB to stderr costs no
 * disk).  When the stop flag is set (SIGINT, SIGTERM, SIGHUP) or the time
 * limit passes, the child's whole process group gets SIGTERM, then SIGKILL
 * after EXEC_GRACE_S, and the child is reaped: no command outlives collect.
 * When the child exits, what it left running in its group (a child in the
 * background) gets SIGKILL, unless keep_group is set (--prepare, which
 * may start what the command needs).  If collect is killed outright (SIGKILL, or a signal it does not take),
 * the child gets SIGKILL (PR_SET_PDEATHSIG): the command's own process,
 * not the processes it started (only the end of its group reaches those).
 */
#ifndef SUBTICK_EXEC_CHILD_H
#define SUBTICK_EXEC_CHILD_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>

/* Bytes of the children's stderr kept for a failure's message. */
enum { EXEC_TAIL = 300 };

/* Seconds between SIGTERM and SIGKILL to a group being ended. */
#define EXEC_GRACE_S 1.0

/* A command's words for one N: the template with every {N} replaced, split
 * on blanks (any number of words), or sh -c TEXT with shell. */
struct exec_words {
	char *text;		/* the substituted command */
	char **argv;		/* NULL-terminated, into text */
	size_t words;
};

/* 0, or -1 with a message in err (an empty command, out of memory). */
int exec_words_build(struct exec_words *w, const char *templ, uint64_t n,
		     int shell, char *err, size_t err_len);
void exec_words_free(struct exec_words *w);

/* What every run shares. */
struct exec_env {
	const volatile sig_atomic_t *stop;	/* set by a signal handler */
	double timeout_s;		/* --exec-timeout; 0: none */
	int null_fd;			/* /dev/null */
	int err_read, err_write;	/* the children's stderr */
	char tail[EXEC_TAIL];		/* its last bytes, a ring */
	size_t tail_len, tail_at;
	struct sigaction old_chld;	/* restored by exec_env_close */
	int keep_group;			/* what the child leaves in its group
					 * runs on (--prepare); 0: killed */
};

/* 0, or -1 with errno. */
int exec_env_open(struct exec_env *e, const volatile sig_atomic_t *stop,
		  double timeout_s);
void exec_env_close(struct exec_env *e);

/* The tail of the children's stderr, oldest byte first, newlines as
 * blanks, NUL-terminated in out (at least EXEC_TAIL + 1 bytes). */
void exec_env_tail(const struct exec_env *e, char *out);

enum exec_end {
	EXEC_EXITED,		/* status holds how */
	EXEC_STOPPED,		/* the stop flag ended it */
	EXEC_TIMED_OUT,		/* timeout_s passed */
	EXEC_CANNOT,		/* no child: error holds errno */
};

struct exec_result {
	enum exec_end end;
	int status;		/* waitpid's, when EXITED */
	int error;
	struct rusage ru;	/* the child's, when EXITED */
};

/* Receives the child's stdout (exec_child_run with out_fd < 0). */
typedef void exec_sink_fn(const char *data, size_t len, void *arg);

/* Run argv to its end (or the stop flag's, or the time limit's).  Its
 * stdout goes to out_fd, or, when out_fd < 0, through a pipe to sink. */
void exec_child_run(struct exec_env *e, char *const argv[], int out_fd,
		    exec_sink_fn *sink, void *sink_arg, struct exec_result *r);

#endif /* SUBTICK_EXEC_CHILD_H */
