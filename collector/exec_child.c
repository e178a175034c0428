/*
 * exec_child.c - one run of a command, ended cleanly by a signal or a time
 * limit (exec_child.h).
 *
 * Waiting: the stop signals (stopsignals.h) and SIGCHLD are blocked from before the fork
 * until the child is reaped, and pselect() unblocks them atomically while
 * it sleeps, so a signal that comes between two checks of the stop flag
 * wakes the wait instead of being lost (the classic race of a flag and a
 * blocking wait).  The child's exit wakes it through SIGCHLD, its stderr
 * through the pipe; the clock reads that bracket a run see the same
 * wake-up cost at every N, which the intercept absorbs.
 */
#include "exec_child.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "stopsignals.h"

int exec_words_build(struct exec_words *w, const char *templ, uint64_t n,
		     int shell, char *err, size_t err_len)
{
	char num[24];
	size_t nl = (size_t)snprintf(num, sizeof num, "%llu", (unsigned long long)n);
	size_t len = strlen(templ), marks = 0;
	for (const char *p = strstr(templ, "{N}"); p; p = strstr(p + 3, "{N}"))
		marks++;
	*w = (struct exec_words){ 0 };
	w->text = malloc(len + marks * nl + 1);
	size_t words = 0;
	if (w->text == NULL)
		goto nomem;
	char *o = w->text;
	for (const char *p = templ; *p; )
		if (strncmp(p, "{N}", 3) == 0)
			memcpy(o, num, nl), o += nl, p += 3;
		else
			*o++ = *p++;
	*o = '\0';
	for (const char *p = w->text; *p; p++)	/* an upper bound */
		words += (p == w->text || strchr(" \t", p[-1])) && !strchr(" \t", *p);
	w->argv = malloc((shell ? 4 : words + 1) * sizeof *w->argv);
	if (w->argv == NULL)
		goto nomem;
	if (shell) {
		w->argv[0] = "/bin/sh", w->argv[1] = "-c", w->argv[2] = w->text;
		w->words = 3;
	} else {
		char *save = NULL;
		for (char *t = strtok_r(w->text, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
			w->argv[w->words++] = t;
	}
	w->argv[w->words] = NULL;
	if (w->words > 0 && (!shell || strspn(w->text, " \t") < strlen(w->text)))
		return 0;
	snprintf(err, err_len, "an empty command");
	exec_words_free(w);
	return -1;
nomem:
	snprintf(err, err_len, "out of memory");
	exec_words_free(w);
	return -1;
}

void exec_words_free(struct exec_words *w)
{
	free(w->argv);
	free(w->text);
	*w = (struct exec_words){ 0 };
}

static void on_child(int sig)
{
	(void)sig;	/* only to wake pselect() */
}

int exec_env_open(struct exec_env *e, const volatile sig_atomic_t *stop,
		  double timeout_s)
{
	int p[2];
	*e = (struct exec_env){ .stop = stop, .timeout_s = timeout_s,
				.null_fd = -1, .err_read = -1, .err_write = -1 };
	e->null_fd = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (e->null_fd < 0 || pipe2(p, O_CLOEXEC) != 0) {
		int saved = errno;
		exec_env_close(e);
		errno = saved;
		return -1;
	}
	e->err_read = p[0], e->err_write = p[1];
	fcntl(e->err_read, F_SETFL, O_NONBLOCK);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_child;
	sa.sa_flags = SA_RESTART | SA_NOCLDSTOP;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGCHLD, &sa, &e->old_chld);
	return 0;
}

void exec_env_close(struct exec_env *e)
{
	if (e->err_read >= 0)
		sigaction(SIGCHLD, &e->old_chld, NULL);
	int fd[3] = { e->null_fd, e->err_read, e->err_write };
	for (int i = 0; i < 3; i++)
		if (fd[i] >= 0)
			close(fd[i]);
	e->null_fd = e->err_read = e->err_write = -1;
}

void exec_env_tail(const struct exec_env *e, char *out)
{
	size_t from = e->tail_len < EXEC_TAIL ? 0 : e->tail_at;
	for (size_t i = 0; i < e->tail_len; i++) {
		char c = e->tail[(from + i) % EXEC_TAIL];
		out[i] = c == '\n' || c == '\r' ? ' ' : c;
	}
	out[e->tail_len] = '\0';
}

/* Read what the children wrote to stderr, keeping its last bytes. */
static void drain_stderr(struct exec_env *e)
{
	char buf[4096];
	ssize_t k;
	while ((k = read(e->err_read, buf, sizeof buf)) > 0 || (k < 0 && errno == EINTR))
		for (ssize_t i = 0; i < k; i++) {
			e->tail[e->tail_at] = buf[i];
			e->tail_at = (e->tail_at + 1) % EXEC_TAIL;
			e->tail_len += e->tail_len < EXEC_TAIL;
		}
}

/* Read the child's stdout into sink; -1 once it is closed. */
static int drain_stdout(int fd, exec_sink_fn *sink, void *arg)
{
	char buf[16384];
	for (;;) {
		ssize_t k = read(fd, buf, sizeof buf);
		if (k > 0)
			sink(buf, (size_t)k, arg);
		else if (k < 0 && errno == EINTR)
			continue;
		else
			return k == 0 ? -1 : fd;	/* EOF, or EAGAIN */
	}
}

/* fd onto target in the child, without the close-on-exec flag. */
static void move_fd(int fd, int target)
{
	if (fd == target)
		fcntl(fd, F_SETFD, 0);
	else
		dup2(fd, target);
}

static void child_exec(const struct exec_env *e, char *const argv[], int out,
		       pid_t parent)
{
	setpgid(0, 0);
	/* collect gone by a signal it cannot take (kill -9) or does not
	 * (SIGQUIT, SIGSEGV): the command is killed, not left to init; and if
	 * it went before this line, the command does not start */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
		_exit(127);
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	for (int s = 1; s < NSIG; s++)
		sigaction(s, &dfl, NULL);	/* fails harmlessly for KILL, STOP */
	move_fd(e->null_fd, STDIN_FILENO);
	move_fd(out, STDOUT_FILENO);
	move_fd(e->err_write, STDERR_FILENO);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	execvp(argv[0], argv);
	char msg[512];
	int k = snprintf(msg, sizeof msg, "%s: %s\n", argv[0], strerror(errno));
	if (k > 0 && write(STDERR_FILENO, msg, (size_t)k) < 0)
		_exit(127);
	_exit(127);
}

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Sleep until a signal, stderr or stdout data, or the deadline (0: none),
 * with the signal mask `mask`. */
static void wait_event(struct exec_env *e, int *out, exec_sink_fn *sink, void *arg,
		       double deadline, const sigset_t *mask)
{
	fd_set rd;
	FD_ZERO(&rd);
	FD_SET(e->err_read, &rd);
	if (*out >= 0)
		FD_SET(*out, &rd);
	struct timespec ts, *tsp = NULL;
	if (deadline > 0) {
		double left = deadline - now_s();
		left = left > 0 ? left : 0;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		tsp = &ts;
	}
	int maxfd = *out > e->err_read ? *out : e->err_read;
	if (pselect(maxfd + 1, &rd, NULL, NULL, tsp, mask) <= 0)
		return;
	if (FD_ISSET(e->err_read, &rd))
		drain_stderr(e);
	if (*out >= 0 && FD_ISSET(*out, &rd))
		*out = drain_stdout(*out, sink, arg);
}

/* End the group of pid: SIGTERM, up to EXEC_GRACE_S for its leader to
 * exit, then SIGKILL to whatever is left of it (the leader, a zombie until
 * reaped, keeps the group's id from being reused), and reap.  A second
 * stop signal meanwhile is taken as said: the run stops at once. */
static void end_group(struct exec_env *e, pid_t pid, const sigset_t *blocked)
{
	sigset_t chld_only = *blocked;
	sigdelset(&chld_only, SIGCHLD);
	killpg(pid, SIGTERM);
	double deadline = now_s() + EXEC_GRACE_S;
	for (;;) {
		siginfo_t si;
		memset(&si, 0, sizeof si);
		if ((waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
		     si.si_pid == pid) || now_s() >= deadline)
			break;
		int none = -1;	/* its stdout no longer counts */
		wait_event(e, &none, NULL, NULL, deadline, &chld_only);
	}
	killpg(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	drain_stderr(e);
	sigset_t pending, stops;
	sigemptyset(&stops);
	stop_signals_fill(&stops);
	struct timespec zero = { 0, 0 };
	if (*e->stop && sigpending(&pending) == 0 && stop_signals_has(&pending))
		while (sigtimedwait(&stops, NULL, &zero) > 0)
			;
}

/* Wait for pid, draining its outputs, until it exits, the stop flag is
 * set or the time limit passes. */
static void wait_child(struct exec_env *e, pid_t pid, int out, exec_sink_fn *sink,
		       void *arg, const sigset_t *blocked, const sigset_t *old,
		       struct exec_result *r)
{
	sigset_t open = *old, stops;
	sigemptyset(&stops);
	stop_signals_fill(&stops);
	for (int s = 1; s < NSIG; s++)
		if (sigismember(&stops, s) == 1)
			sigdelset(&open, s);
	sigdelset(&open, SIGCHLD);
	double deadline = e->timeout_s > 0 ? now_s() + e->timeout_s : 0;
	for (;;) {
		/* the leader's exit seen but not reaped (WNOWAIT): the group's
		 * id stays its own while what the command left running in the
		 * group (a child in the background) is killed (not --prepare's:
		 * keep_group), then reaped with its rusage; left, one would run
		 * on per run and disturb the next ones */
		siginfo_t si;
		memset(&si, 0, sizeof si);
		pid_t w = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
				  si.si_pid == pid ? pid : 0;
		if (w == pid) {
			if (!e->keep_group)
				killpg(pid, SIGKILL);
			pid_t got;
			while ((got = wait4(pid, &r->status, 0, &r->ru)) < 0 && errno == EINTR)
				;
			if (got != pid) {	/* (cannot be: it waits, unreaped) */
				r->error = errno;
				r->end = EXEC_CANNOT;
				return;
			}
			r->end = EXEC_EXITED;
			drain_stderr(e);
			if (out >= 0)
				drain_stdout(out, sink, arg);
			return;
		}
		if (*e->stop || (deadline > 0 && now_s() >= deadline)) {
			r->end = *e->stop ? EXEC_STOPPED : EXEC_TIMED_OUT;
			end_group(e, pid, blocked);
			return;
		}
		wait_event(e, &out, sink, arg, deadline, &open);
	}
}

void exec_child_run(struct exec_env *e, char *const argv[], int out_fd,
		    exec_sink_fn *sink, void *sink_arg, struct exec_result *r)
{
	sigset_t block, old;
	int out[2] = { -1, -1 };
	*r = (struct exec_result){ .end = EXEC_CANNOT };
	sigemptyset(&block);
	stop_signals_fill(&block);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &old);
	sigset_t blocked = old;
	stop_signals_fill(&blocked);
	sigaddset(&blocked, SIGCHLD);
	pid_t pid = -1;
	if (*e->stop) {		/* came before the fork: no child at all */
		r->end = EXEC_STOPPED;
		sigprocmask(SIG_SETMASK, &old, NULL);
		return;
	}
	pid_t self = getpid();
	if (out_fd >= 0 || pipe2(out, O_CLOEXEC) == 0)
		pid = fork();
	if (pid == 0)
		child_exec(e, argv, out_fd >= 0 ? out_fd : out[1], self);
	if (pid < 0) {
		r->error = errno;
	} else {
		setpgid(pid, pid);	/* also in the child: whichever comes first */
		if (out[1] >= 0) {
			close(out[1]);
			out[1] = -1;
			fcntl(out[0], F_SETFL, O_NONBLOCK);
		}
		wait_child(e, pid, out[0], sink, sink_arg, &blocked, &old, r);
	}
	for (int i = 0; i < 2; i++)
		if (out[i] >= 0)
			close(out[i]);
	sigprocmask(SIG_SETMASK, &old, NULL);
}
