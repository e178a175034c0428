/*
 * gnuplot.c - the figures' gnuplot children (gnuplot.h).
 */
#include "gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "outfile.h"
#include "parallel.h"

extern char **environ;

const char *gnuplot_extension(const char *format)
{
	return strcmp(format, "dumb") == 0 ? "txt" : format;
}

/* Start gnuplot -c SCRIPT ARG1..ARG7 without a shell, guarded; its
 * stderr goes to errfd.  Returns 0 with *pid, or -1 with errno when it
 * cannot run. */
static int spawn_gnuplot(char *const argv[], int errfd, pid_t *pid)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t all, old, none;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, errfd, STDERR_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, errfd, STDOUT_FILENO);
	/* gnuplot gets default signals and an empty mask; a signal to analyze
	 * from the spawn to the guard waits, so that gnuplot is ended too */
	sigfillset(&all);
	sigemptyset(&none);
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	sigprocmask(SIG_BLOCK, &all, &old);
	int rc = posix_spawnp(pid, "gnuplot", &fa, &at, argv, environ);
	if (rc == 0)
		outfile_guard_child(*pid);
	sigprocmask(SIG_SETMASK, &old, NULL);
	posix_spawnattr_destroy(&at);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	return 0;
}

/* Wait for any gnuplot spawn_gnuplot started: its pid, with its exit
 * status in *rc; -1 when none is left.  Found ended first and reaped only
 * once unguarded, with signals held: the handler never kills a pid that
 * is no longer the child's. */
static pid_t wait_gnuplot(int *rc)
{
	siginfo_t si;
	sigset_t all, old;
	int status;
	memset(&si, 0, sizeof si);
	while (waitid(P_ALL, 0, &si, WEXITED | WNOWAIT) < 0)
		if (errno != EINTR)
			return -1;
	pid_t pid = si.si_pid, got;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	outfile_unguard_child(pid);
	while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (got < 0)
		return -1;
	*rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	return pid;
}


/* A figure being drawn: its script, its file, its gnuplot, what that
 * printed and how it ended. */
struct figure_job {
	const char *fig;
	char script[PATH_MAX], path[PATH_MAX];
	FILE *log;
	pid_t pid;
	int running, rc;
};

/* Start one figure, in format.  strings: ARG4 to ARG8, and ARG9 unless
 * NULL.  -1 (said on err) when it cannot start. */
static int draw_start(struct figure_job *j, const char *format, const char *scripts,
		      const char *work, const char *fig, char *const strings[6], FILE *err)
{
	*j = (struct figure_job){ .fig = fig };
	if (snprintf(j->script, sizeof j->script, "%s/%s.gp", scripts, fig) >= (int)sizeof j->script ||
	    snprintf(j->path, sizeof j->path, "%s/%s.%s", work, fig, gnuplot_extension(format)) >=
		    (int)sizeof j->path) {
		fprintf(err, "analyze: %s: path too long\n", work);
		return -1;
	}
	char *argv[] = { "gnuplot", "-c", j->script, (char *)work, j->path, (char *)format,
			 strings[0], strings[1], strings[2], strings[3], strings[4], strings[5],
			 NULL };
	j->log = tmpfile();
	if (j->log == NULL) {
		fprintf(err, "analyze: cannot create a temporary file: %s\n", strerror(errno));
		return -1;
	}
	if (spawn_gnuplot(argv, fileno(j->log), &j->pid) == 0) {
		j->running = 1;
		return 0;
	}
	if (errno == ENOENT)
		fprintf(err, "analyze: gnuplot is not installed (not on PATH): the report is complete, the figures were not drawn; install it with: apt-get install gnuplot-nox\n");
	else
		fprintf(err, "analyze: cannot run gnuplot: %s\n", strerror(errno));
	fclose(j->log);
	j->log = NULL;
	return -1;
}

/* A figure whose gnuplot ended with status rc: 0 when it drew it. */
static int draw_ended(struct figure_job *j, int rc)
{
	struct stat st;
	j->running = 0;
	j->rc = rc == 0 && (stat(j->path, &st) != 0 || st.st_size == 0) ? -2 : rc;
	return j->rc;
}

/* A failed figure's gnuplot and what it printed, on err. */
static void draw_say(const struct figure_job *j, FILE *err)
{
	fprintf(err, "analyze: figure %s: gnuplot failed on %s (status %d):\n", j->fig,
		j->script, j->rc);
	rewind(j->log);
	char line[512];
	for (int i = 0; i < 10 && fgets(line, sizeof line, j->log); i++)
		fprintf(err, "  %s", line);
}

/* The figures figs[0..count) (PLOT_FIGURES_MAX at most), as many at once
 * as analyze has workers (SUBTICK_THREADS, or the online CPUs; at most
 * OUTFILE_CHILDREN): each is one gnuplot, a process of its own, and a
 * figure of 200,000 samples takes it a second or more.  Once one fails,
 * no other starts; the first failure in figs' order is said. */
int gnuplot_draw(const char *format, const char *scripts, const char *work,
		 const char *const *figs, size_t count, char *const strings[6], FILE *err)
{
	struct figure_job job[PLOT_FIGURES_MAX];
	size_t workers = parallel_workers(), started = 0, running = 0;
	int rc = 0, wait_errno = 0;
	if (workers > OUTFILE_CHILDREN)
		workers = OUTFILE_CHILDREN;
	if (count > PLOT_FIGURES_MAX)
		count = PLOT_FIGURES_MAX;	/* cannot be: figure_set's own */
	/* an ignored SIGCHLD (inherited) would reap them unseen */
	struct sigaction dfl, chld;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGCHLD, &dfl, &chld);
	for (;;) {
		while (rc == 0 && started < count && running < workers) {
			if (draw_start(&job[started], format, scripts, work, figs[started],
				       strings, err) != 0)
				rc = -1;	/* said */
			else
				started++, running++;
		}
		int status;
		pid_t pid = running ? wait_gnuplot(&status) : 0;
		if (pid == 0)
			break;
		if (pid < 0) {	/* cannot be: every child is ours, SIGCHLD not ignored */
			wait_errno = errno;
			break;
		}
		for (size_t i = 0; i < started; i++)
			if (job[i].running && job[i].pid == pid) {
				running--;
				if (draw_ended(&job[i], status) != 0 && rc == 0)
					rc = -2;	/* said below */
			}
	}
	sigaction(SIGCHLD, &chld, NULL);
	int said = rc == -1;
	for (size_t i = 0; i < started; i++) {
		if (job[i].running) {	/* not waited for: unknown */
			outfile_unguard_child(job[i].pid);
			if (!said)
				fprintf(err, "analyze: figure %s: cannot wait for gnuplot: %s\n",
					job[i].fig, strerror(wait_errno));
			said = 1, rc = -1;
		} else if (job[i].rc != 0 && !said) {
			draw_say(&job[i], err);
			said = 1;
		}
		fclose(job[i].log);
	}
	return rc == 0 ? 0 : -1;
}

