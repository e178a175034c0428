/*
 * kernel_exec.h - collect --exec 'CMD {N}': a whole command as the kernel.
 */
#ifndef SUBTICK_KERNEL_EXEC_H
#define SUBTICK_KERNEL_EXEC_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "exec_child.h"
#include "kernel.h"

struct exec_options {
	const char *command;	/* with {N} */
	const char *prepare;	/* run before each run, untimed; or NULL */
	int shell;		/* through /bin/sh -c */
	double timeout_s;	/* --exec-timeout: a run is ended after it; 0:
				 * none */
	const volatile sig_atomic_t *stop;	/* the stop flag: a run in
						 * hand is ended when set */
};

/* The kernel of command o->command.  A run ended by the stop flag is left
 * to the sampler (the flag says it all); one ended by the time limit is
 * dropped (its columns hook returns -2) and counted.  Returns 0, or -1
 * with a message in err. */
int kernel_exec_open(const struct exec_options *o, struct kernel *k, char *err,
		     size_t err_len);

/* Run k's command (after its --prepare) at n, untimed, its stdout to sink
 * (--check-output).  Returns 0; 1 when the stop flag ended it; -1 with a
 * message in err when it failed or ran past the time limit. */
int kernel_exec_output(struct kernel *k, uint64_t n, exec_sink_fn *sink,
		       void *arg, char *err, size_t err_len);

#endif /* SUBTICK_KERNEL_EXEC_H */
