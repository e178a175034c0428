/*
 * kernel.h - the work collect times: a built-in kernel or a user's, behind
 * one interface (include/subtick/kernel.h).
 */
#ifndef SUBTICK_COLLECTOR_KERNEL_H
#define SUBTICK_COLLECTOR_KERNEL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "subtick/kernel.h"

struct stream_writer;

struct kernel {
	char name[512];		/* as given: "count", "./libmine.so:mine" */
	subtick_kernel_fn *run;
	subtick_setup_fn *setup;	/* NULL: nothing to set up */
	subtick_teardown_fn *teardown;	/* NULL: nothing to free */
	subtick_setup_arg_fn *setup_arg; /* NULL: none (NAME_setup is used) */
	subtick_before_fn *before;	/* NULL: nothing before each run */
	subtick_check_fn *check;	/* NULL: no check of its own (oracle.h) */
	subtick_result_fn *result;	/* NULL: no result to compare */
	const char *arg;		/* --kernel-arg, or NULL */
	void *ctx;		/* from setup, passed to run */
	int ready;		/* setup has succeeded, teardown pending */
	void *library;		/* dlopen() handle; NULL for built-ins */
	/* The shared object's file as loaded (no output may be it: emptied,
	 * the mapped code would fault); library_known 0 when unknown. */
	int library_known;
	dev_t library_dev;
	ino_t library_ino;
	uint64_t n_limit;	/* largest n accepted; UINT64_MAX: none */
	uint64_t n_auto_max;	/* largest n the automatic plan picks;
				 * UINT64_MAX: none */
	const char *per;	/* what one unit of N is ("bytes"), or NULL */
	/* 1: the cost per unit has no regimes to look for (the count loop
	 * touches no memory, so no cache level can make it jump; a jump its
	 * probe shows is the machine's, a length of run that a loaded host
	 * serves more slowly, and would stop the plan for nothing) */
	int no_regimes;
	/* A kernel that is a command (kernel_exec.h): */
	/* Extra values of the last run into out, returning how many (-1:
	 * drop the run, a clock stepped back; -2: drop the run, ended by a
	 * time limit, --exec-timeout), or NULL.  May replace *t, the
	 * run's timing (collect-mpi's allreduce writes its slowest rank's). */
	int (*columns)(void *ctx, uint64_t *t, uint64_t *out);
	const char *column_names;	/* their names, "user sys" */
	/* Writes the header keys of those columns (clock_NAME, tick_NAME,
	 * unit_ns_NAME: data/FORMAT.md), or NULL. */
	void (*column_keys)(void *ctx, struct stream_writer *w);
	int (*failure)(void *ctx, char *msg, size_t len); /* 1 with a message
							 * when a run failed */
	void *fixed_ctx;		/* a context without setup, kept */
	void (*fixed_teardown)(void *ctx);
};

/* Names of the built-in kernels, for help and errors: "count, memcpy". */
const char *kernel_builtin_names(void);

/*
 * Resolve spec: a built-in name, or FILE:SYMBOL for a user kernel in a
 * shared object.  Returns 0, or -1 with a message in err (a usage error:
 * unknown kernel, missing file or symbol).
 */
int kernel_open(const char *spec, struct kernel *k, char *err, size_t err_len);

/* Set the kernel up for n up to n_max (allocate, warm), with k->arg for
 * NAME_setup_arg.  Returns 0, or -1 with a message in err. */
int kernel_setup(struct kernel *k, uint64_t n_max, char *err, size_t err_len);

/* What runs before every timed call, outside the timed region. */
static inline void kernel_before(struct kernel *k, uint64_t n)
{
	if (k->before != NULL)
		k->before(n, k->ctx);
}

/* Undo kernel_setup (no-op if not set up). */
void kernel_teardown(struct kernel *k);

/* Tear down and unload. */
void kernel_close(struct kernel *k);

/* The built-in kernels (kernel_count.c, kernel_memcpy.c). */
void kernel_count_run(uint64_t n, void *ctx);
void kernel_memcpy_run(uint64_t n, void *ctx);
int kernel_memcpy_setup(uint64_t n_max, void **ctx);
void kernel_memcpy_teardown(void *ctx);
uint64_t kernel_memcpy_limit(void);
uint64_t kernel_memcpy_auto_max(void);

#endif /* SUBTICK_COLLECTOR_KERNEL_H */
