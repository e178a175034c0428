/*
 * kernel_exec.c - collect --exec 'CMD {N}': a whole command as the kernel.
 *
 * One run is fork, exec and wait4: the sampler's clock reads bracket it,
 * so t is the command's wall time on the chosen clock.  wait4's rusage
 * gives the child's user and system CPU time (Bryant & O'Hallaron: user,
 * system and wall time), written as the columns user and sys, in ns (its
 * resolution is 1 us), and their sum cpu.  Linux splits a process's CPU
 * time between user and system by sampling at timer ticks: a run of a few
 * ms can land entirely in either, while the sum is exact.  Fit cpu, or
 * user and sys only for runs of many ticks.  {N} in any word is replaced by N.  Without --shell
 * the command is split on blanks and run directly; with it, by /bin/sh -c
 * (quotes, pipes, redirections).  --prepare 'CMD {N}' runs the same way
 * before every run, outside the timed region.  A command that fails (exit
 * status not 0, or a signal) stops the collection: its status and the end
 * of its standard error are reported.
 */
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "keys.h"

enum { EXEC_WORDS = 64, EXEC_LINE = 4096 };

struct exec_ctx {
	const char *command, *prepare;
	int shell;
	int err_fd;		/* the children's stderr, kept for a failure */
	uint64_t user_ns, sys_ns;	/* of the last run */
	int failed;
	char failure[512];
};

/* cmd with every {N} replaced by n, into out.  -1 if too long. */
static int substitute(const char *cmd, uint64_t n, char *out, size_t len)
{
	size_t k = 0;
	char num[24];
	int nl = snprintf(num, sizeof num, "%llu", (unsigned long long)n);
	for (const char *p = cmd; *p; ) {
		if (strncmp(p, "{N}", 3) == 0) {
			if (k + (size_t)nl >= len)
				return -1;
			memcpy(out + k, num, (size_t)nl);
			k += (size_t)nl;
			p += 3;
		} else {
			if (k + 1 >= len)
				return -1;
			out[k++] = *p++;
		}
	}
	out[k] = '\0';
	return 0;
}

/* Run cmd for n; 0 if it exited 0, else -1 with c->failure set. */
static int run_command(struct exec_ctx *c, const char *cmd, uint64_t n,
		       struct rusage *ru)
{
	char line[EXEC_LINE], *argv[EXEC_WORDS + 1];
	if (substitute(cmd, n, line, sizeof line) != 0) {
		snprintf(c->failure, sizeof c->failure, "'%s': longer than %d bytes with N = %llu",
			 cmd, EXEC_LINE, (unsigned long long)n);
		return -1;
	}
	size_t k = 0;
	if (c->shell) {
		argv[k++] = "/bin/sh", argv[k++] = "-c", argv[k++] = line;
	} else {
		for (char *w = strtok(line, " \t"); w && k < EXEC_WORDS; w = strtok(NULL, " \t"))
			argv[k++] = w;
	}
	argv[k] = NULL;
	if (k == 0) {
		snprintf(c->failure, sizeof c->failure, "an empty command");
		return -1;
	}
	pid_t pid = fork();
	if (pid == 0) {
		dup2(c->err_fd, STDERR_FILENO);
		int null = open("/dev/null", O_RDWR);
		if (null >= 0) {
			dup2(null, STDIN_FILENO);
			dup2(null, STDOUT_FILENO);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "%s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	int status;
	if (pid < 0 || wait4(pid, &status, 0, ru) < 0) {
		snprintf(c->failure, sizeof c->failure, "cannot run '%s': %s", cmd, strerror(errno));
		return -1;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status))
		snprintf(c->failure, sizeof c->failure, "'%s' (N = %llu) exited with status %d",
			 cmd, (unsigned long long)n, WEXITSTATUS(status));
	else
		snprintf(c->failure, sizeof c->failure, "'%s' (N = %llu) was killed by signal %d",
			 cmd, (unsigned long long)n, WTERMSIG(status));
	return -1;
}

static uint64_t tv_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

static void exec_run(uint64_t n, void *ctx)
{
	struct exec_ctx *c = ctx;
	struct rusage ru;
	if (c->failed)
		return;
	if (run_command(c, c->command, n, &ru) != 0) {
		c->failed = 1;
		return;
	}
	c->user_ns = tv_ns(ru.ru_utime);
	c->sys_ns = tv_ns(ru.ru_stime);
}

static void exec_before(uint64_t n, void *ctx)
{
	struct exec_ctx *c = ctx;
	struct rusage ru;
	if (!c->failed && c->prepare != NULL && run_command(c, c->prepare, n, &ru) != 0)
		c->failed = 1;
}

static int exec_columns(void *ctx, uint64_t *t, uint64_t *out)
{
	struct exec_ctx *c = ctx;
	(void)t;
	out[0] = c->user_ns;
	out[1] = c->sys_ns;
	out[2] = c->user_ns + c->sys_ns;
	return 3;
}

/* The keys of the columns user, sys and cpu: the child's CPU times from
 * wait4, in ns, of 1 us resolution. */
static void exec_column_keys(void *ctx, struct stream_writer *w)
{
	static const char *const col[] = { "user", "sys", "cpu" };
	static const char *const what[] = { "rusage-user", "rusage-system", "rusage-user+system" };
	(void)ctx;
	for (int i = 0; i < 3; i++) {
		char k[32];
		snprintf(k, sizeof k, "clock_%s", col[i]);
		stream_header(w, k, what[i]);
		snprintf(k, sizeof k, "tick_%s", col[i]);
		keys_u64(w, k, 1000);
		snprintf(k, sizeof k, "unit_ns_%s", col[i]);
		keys_u64(w, k, 1);
	}
}

/* The end of the children's stderr, after the failure. */
static int exec_failure(void *ctx, char *msg, size_t len)
{
	struct exec_ctx *c = ctx;
	if (!c->failed)
		return 0;
	char tail[300] = "";
	off_t end = lseek(c->err_fd, 0, SEEK_END);
	off_t from = end > (off_t)sizeof tail - 1 ? end - (off_t)sizeof tail + 1 : 0;
	ssize_t k = end > 0 ? pread(c->err_fd, tail, (size_t)(end - from), from) : 0;
	tail[k > 0 ? k : 0] = '\0';
	for (char *p = tail; *p; p++)
		if (*p == '\n')
			*p = ' ';
	snprintf(msg, len, "%s%s%s", c->failure, tail[0] ? "; its stderr ends: " : "", tail);
	return 1;
}

static void exec_teardown(void *ctx)
{
	struct exec_ctx *c = ctx;
	close(c->err_fd);
	free(c);
}

int kernel_exec_open(const char *command, const char *prepare, int shell,
		     struct kernel *k, char *err, size_t err_len)
{
	*k = (struct kernel){ 0 };
	struct exec_ctx *c = calloc(1, sizeof *c);
	FILE *f = tmpfile();
	if (c == NULL || f == NULL) {
		free(c);
		snprintf(err, err_len, "out of memory");
		return -1;
	}
	c->command = command;
	c->prepare = prepare;
	c->shell = shell;
	c->err_fd = dup(fileno(f));
	fclose(f);
	snprintf(k->name, sizeof k->name, "exec: %s", command);
	k->run = exec_run;
	k->before = exec_before;
	k->columns = exec_columns;
	k->column_keys = exec_column_keys;
	k->failure = exec_failure;
	k->column_names = "user sys cpu";
	k->fixed_ctx = c;
	k->fixed_teardown = exec_teardown;
	k->n_limit = UINT64_MAX;
	k->n_auto_max = UINT64_MAX;
	return 0;
}
