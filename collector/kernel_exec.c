/*
 * kernel_exec.c - collect --exec 'CMD {N}': a whole command as the kernel
 * (kernel_exec.h).
 *
 * One run is fork, exec and wait (exec_child.h): the sampler's clock reads
 * bracket it, so t is the command's wall time on the chosen clock.  The
 * command's words for N are made before the first clock read, with
 * --prepare.  wait4's rusage gives the child's user and system CPU time
 * (Bryant & O'Hallaron: user, system and wall time), written as the
 * columns user and sys, in ns (its resolution is 1 us), and their sum cpu.
 * Linux splits a process's CPU time between user and system by sampling at
 * timer ticks: a run of a few ms can land entirely in either, while the
 * sum is exact.  Fit cpu, or user and sys only for runs of many ticks.  A
 * command that fails (exit status not 0, or a signal) stops the
 * collection: its status and the end of its standard error are reported.
 * A run ended by a stop signal is the sampler's to drop; one ended by
 * --exec-timeout is dropped and counted.
 */
#include "kernel_exec.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "keys.h"

enum run_outcome { RUN_KEPT, RUN_STOPPED, RUN_TIMED_OUT };

struct exec_ctx {
	struct exec_options opt;
	struct exec_env env;
	struct exec_words words;	/* the command's, for words_n */
	uint64_t words_n;
	int have_words;
	int skip;		/* the run is not to be made (its --prepare
				 * was stopped or timed out) */
	enum run_outcome last;
	uint64_t user_ns, sys_ns;	/* of the last run */
	int failed;
	char failure[512];
};

static int fail_with(struct exec_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* -1, with the failure's message. */
static int fail_with(struct exec_ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->failure, sizeof c->failure, fmt, ap);
	va_end(ap);
	c->failed = 1;
	return -1;
}

/* What a run's end means: 0 (exited 0), 1 (stopped or timed out, in
 * c->last), or -1 with c->failure set. */
static int judge(struct exec_ctx *c, const char *cmd, uint64_t n,
		 const struct exec_result *r)
{
	switch (r->end) {
	case EXEC_STOPPED:
		c->last = RUN_STOPPED;
		return 1;
	case EXEC_TIMED_OUT:
		c->last = RUN_TIMED_OUT;
		return 1;
	case EXEC_CANNOT:
		return fail_with(c, "cannot run '%s' (N = %llu): %s", cmd,
				 (unsigned long long)n, strerror(r->error));
	case EXEC_EXITED:
		break;
	}
	if (WIFEXITED(r->status) && WEXITSTATUS(r->status) == 0)
		return 0;
	if (WIFEXITED(r->status))
		return fail_with(c, "'%s' (N = %llu) exited with status %d", cmd,
				 (unsigned long long)n, WEXITSTATUS(r->status));
	return fail_with(c, "'%s' (N = %llu) was killed by signal %d", cmd,
			 (unsigned long long)n, WTERMSIG(r->status));
}

/* The command's words for n, made outside the timed region. */
static int make_words(struct exec_ctx *c, uint64_t n)
{
	char err[64];
	if (c->have_words && c->words_n == n)
		return 0;
	exec_words_free(&c->words);
	c->have_words = 0;
	if (exec_words_build(&c->words, c->opt.command, n, c->opt.shell, err, sizeof err) != 0)
		return fail_with(c, "'%s' (N = %llu): %s", c->opt.command,
				 (unsigned long long)n, err);
	c->words_n = n;
	c->have_words = 1;
	return 0;
}

/* Run cmd (a template) at n once, its stdout to out_fd or sink. */
static int run_once(struct exec_ctx *c, const char *cmd, uint64_t n, int out_fd,
		    exec_sink_fn *sink, void *arg, struct exec_result *r)
{
	struct exec_words w;
	char err[64];
	if (exec_words_build(&w, cmd, n, c->opt.shell, err, sizeof err) != 0)
		return fail_with(c, "'%s' (N = %llu): %s", cmd, (unsigned long long)n, err);
	exec_child_run(&c->env, w.argv, out_fd, sink, arg, r);
	exec_words_free(&w);
	return judge(c, cmd, n, r);
}

static uint64_t tv_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

static void exec_before(uint64_t n, void *ctx)
{
	struct exec_ctx *c = ctx;
	struct exec_result r;
	c->skip = 0;
	c->last = RUN_KEPT;
	if (c->failed || make_words(c, n) != 0)
		return;
	/* what --prepare starts in the background (a server the command
	 * needs) runs on */
	c->env.keep_group = 1;
	if (c->opt.prepare != NULL &&
	    run_once(c, c->opt.prepare, n, c->env.null_fd, NULL, NULL, &r) != 0)
		c->skip = 1;
	c->env.keep_group = 0;
}

static void exec_run(uint64_t n, void *ctx)
{
	struct exec_ctx *c = ctx;
	struct exec_result r;
	if (c->failed || c->skip || make_words(c, n) != 0)
		return;
	exec_child_run(&c->env, c->words.argv, c->env.null_fd, NULL, NULL, &r);
	if (judge(c, c->opt.command, n, &r) == 0) {
		c->user_ns = tv_ns(r.ru.ru_utime);
		c->sys_ns = tv_ns(r.ru.ru_stime);
	}
}

static int exec_columns(void *ctx, uint64_t *t, uint64_t *out)
{
	struct exec_ctx *c = ctx;
	(void)t;
	if (c->last != RUN_KEPT)
		return c->last == RUN_TIMED_OUT ? -2 : -1;
	out[0] = c->user_ns;
	out[1] = c->sys_ns;
	out[2] = c->user_ns + c->sys_ns;
	return 3;
}

/* The keys of the columns user, sys and cpu: the child's CPU times from
 * wait4, in ns, of 1 us resolution; and the time limit. */
static void exec_column_keys(void *ctx, struct stream_writer *w)
{
	static const char *const col[] = { "user", "sys", "cpu" };
	static const char *const what[] = { "rusage-user", "rusage-system", "rusage-user+system" };
	struct exec_ctx *c = ctx;
	for (int i = 0; i < 3; i++) {
		char k[32];
		snprintf(k, sizeof k, "clock_%s", col[i]);
		stream_header(w, k, what[i]);
		snprintf(k, sizeof k, "tick_%s", col[i]);
		keys_u64(w, k, 1000);
		snprintf(k, sizeof k, "unit_ns_%s", col[i]);
		keys_u64(w, k, 1);
	}
	if (c->opt.timeout_s > 0)
		keys_double(w, "exec_timeout_s", c->opt.timeout_s);
}

/* The end of the children's stderr, after the failure. */
static int exec_failure(void *ctx, char *msg, size_t len)
{
	struct exec_ctx *c = ctx;
	if (!c->failed)
		return 0;
	char tail[EXEC_TAIL + 1];
	exec_env_tail(&c->env, tail);
	snprintf(msg, len, "%s%s%s", c->failure, tail[0] ? "; its stderr ends: " : "", tail);
	return 1;
}

static void exec_teardown(void *ctx)
{
	struct exec_ctx *c = ctx;
	exec_env_close(&c->env);
	exec_words_free(&c->words);
	free(c);
}

int kernel_exec_open(const struct exec_options *o, struct kernel *k, char *err,
		     size_t err_len)
{
	*k = (struct kernel){ 0 };
	struct exec_ctx *c = calloc(1, sizeof *c);
	if (c == NULL || exec_env_open(&c->env, o->stop, o->timeout_s) != 0) {
		snprintf(err, err_len, "cannot prepare to run commands: %s", strerror(errno));
		free(c);
		return -1;
	}
	c->opt = *o;
	snprintf(k->name, sizeof k->name, "exec: %s", o->command);
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

int kernel_exec_output(struct kernel *k, uint64_t n, exec_sink_fn *sink,
		       void *arg, char *err, size_t err_len)
{
	struct exec_ctx *c = k->fixed_ctx;
	struct exec_result r;
	int rc = 0;
	const char *cmd = c->opt.prepare;
	if (cmd != NULL)
		rc = run_once(c, cmd, n, c->env.null_fd, NULL, NULL, &r);
	if (rc == 0)
		rc = run_once(c, cmd = c->opt.command, n, -1, sink, arg, &r);
	if (rc == 1 && c->last == RUN_TIMED_OUT)
		rc = fail_with(c, "'%s' (N = %llu) ran past --exec-timeout (%g s)", cmd,
			       (unsigned long long)n, c->opt.timeout_s);
	if (rc < 0) {
		exec_failure(c, err, err_len);
		c->failed = 0;	/* the collection has not begun */
	}
	return rc;
}
