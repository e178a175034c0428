/*
 * options.h - collect's command line.
 */
#ifndef SUBTICK_OPTIONS_H
#define SUBTICK_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "plan.h"

struct kernel;

struct collect_options {
	const char *prog;	/* the program's name in messages */
	const char *clock;
	int clock_given;
	const char *also_clock;	/* --also-clock, or NULL */
	unsigned coarsen_bits;
	int list_clocks;
	const char *kernel;
	int kernel_given;	/* how many --kernel */
	const char *kernel_arg;	/* --kernel-arg, or NULL */
	double check_tolerance;	/* --check-tolerance: B's doubles within this
				 * share of A's largest (oracle.h) */
	const char *exec;	/* --exec CMD, or NULL */
	/* A second --kernel or --exec (B): timed in turn with the first (A) at
	 * every N, each into its own stream (output2); NULL: one kernel. */
	const char *kernel2;
	const char *exec2;
	const char *output2;
	const char *prepare;	/* --prepare CMD, or NULL */
	int shell;		/* --shell */
	double exec_timeout_s;	/* --exec-timeout; 0: none */
	int check_output;	/* --check-output */
	const char *n_list;	/* --n */
	const char *range;	/* --range */
	int geometric;
	uint64_t runs;		/* 0: not given */
	double budget_s;	/* 0: not given */
	double precision;
	int precision_given;	/* --precision */
	double until;		/* --until REL; 0: not given */
	uint64_t max_n;		/* cap of the automatic plan; 0: the kernel's */
	unsigned kbest_k;	/* 0: off */
	double kbest_eps;
	int cpu;		/* -1: the current CPU */
	int raise_priority;
	uint64_t seed;
	int seed_given;
	const char *output;	/* NULL or "-": stdout */
	int quiet;
	int force;		/* plan even below PLAN_MIN_TICKS */
	double trace_s;		/* --trace SECONDS: the activity trace; 0: none */
	/* Resolves --kernel where built-ins of another program come first
	 * (collect-mpi's message kernels); NULL: kernel_open. */
	int (*open_kernel)(const char *spec, struct kernel *k, char *err,
			   size_t err_len, void *arg);
	void *open_kernel_arg;
};

enum options_status {
	OPTIONS_RUN,		/* go on */
	OPTIONS_DONE,		/* --help or --version printed */
	OPTIONS_USAGE,		/* a message was printed; exit 2 */
};

/* Defaults: budget 2 s when no --runs; precision 1e-4. */
#define OPTIONS_DEFAULT_BUDGET_S PLAN_DEFAULT_BUDGET_S
#define OPTIONS_DEFAULT_PRECISION PLAN_DEFAULT_PRECISION
/* With --until and neither --budget nor --runs: the longest it may go. */
#define OPTIONS_UNTIL_BUDGET_S PLAN_UNTIL_BUDGET_S
/* Two kernels' results in doubles agree within 1e-9 of the largest
 * magnitude unless --check-tolerance says otherwise: rounding, not a bug. */
#define OPTIONS_DEFAULT_CHECK_TOLERANCE 1e-9
/* --kbest K with no EPS: the K smallest agree within 0.1%. */
#define OPTIONS_DEFAULT_KBEST_EPS 1e-3
/* --budget above a week is a typo, not a plan. */
#define OPTIONS_BUDGET_MAX_S 604800.0

/* The options as they are when none is given; prog names the program in
 * messages. */
struct collect_options options_defaults(const char *prog);

/* collect's command line; after a usage error, collect's usage too. */
enum options_status options_parse(int argc, char **argv,
				  struct collect_options *o, FILE *err);

/* The same for another program over collect's options (collect-mpi): prog
 * names it in messages.  --help and --version are the caller's, and so is
 * the usage after a usage error's line. */
enum options_status options_parse_as(const char *prog, int argc, char **argv,
				     struct collect_options *o, FILE *err);

/* The manual (--manual, man collect). */
void options_help(FILE *out);

#endif /* SUBTICK_OPTIONS_H */
