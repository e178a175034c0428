/*
 * session.h - one collection, stage by stage: resolve the options, calibrate
 * the clock, choose the plan, set the kernel up, sample, finish the stream.
 * Each stage returns an exit status (0: go on).
 */
#ifndef SUBTICK_SESSION_H
#define SUBTICK_SESSION_H

#include <signal.h>

#include "calibrate.h"
#include "conditions.h"
#include "kernel.h"
#include "options.h"
#include "oracle.h"
#include "plan.h"
#include "planuntil.h"
#include "stream.h"

struct session {
	const struct collect_options *opt;
	const struct clock_source *clock;
	struct clock_setup setup;
	struct calibration cal;
	const struct clock_source *clock2;	/* --also-clock, or NULL */
	struct clock_setup setup2;
	struct calibration cal2;
	struct kernel kernel[2];	/* A, and B when kernels == 2 */
	int kernels;		/* 1, or 2: A and B timed in turn */
	struct conditions cond;
	struct plan plan;		/* A's N (and B's, unless plan_b) */
	/* B's N in step with A's (its runs sized on its own cost), or
	 * count 0: B is timed at A's N */
	struct plan plan_b;
	char plan_text[256];
	char plan_text_b[256];		/* B's, when plan_b */
	/* two kernels: each one's marginal cost in turn with the other over
	 * the same alone (probe_in_turn), and its spread; 0: not measured */
	double in_turn[2], in_turn_lo[2], in_turn_hi[2];
	char max_n_reason[160];	/* why the largest N is what it is */
	char cpu_check[96];	/* how a migration is detected */
	uint64_t seed;
	double timer_period_ns;
	const volatile sig_atomic_t *stop;	/* set by a signal handler */
	int out_fd[2];		/* A's stream, B's */
	int out_made[2];	/* this run created the file */
	int out_held[2];	/* an existing regular file not yet emptied:
				 * its old content stays until the first
				 * sample is due */
	int out_kept[2];	/* no sample was ever due: left as it was */
	struct stream_writer *writer[2];
	char interleave_id[24];	/* both streams' "interleaved" key */
	struct oracle oracle;	/* the kernels' checks (oracle.h) */
	int checking;		/* there is something to check */
	char checked[320];	/* the header key checked; "" when nothing */
	/* More header keys, set between session_resolve and
	 * session_collect: key, value, key, value, ..., NULL (collect-mpi's
	 * rank, ranks, host, mpi_library), or NULL. */
	const char *const *extra_keys;
	/* Called between runs, outside the timed region, or NULL (collect-mpi:
	 * a stop that reached another rank sets this one's stop flag). */
	void (*poll)(void *arg);
	void *poll_arg;
	/* --until's automatic plan (planuntil.h): what it was made of and
	 * what it chose; points 0: none */
	struct plan_until_input until_in;
	struct plan_until_choice until_plan;
};

/* Check everything the user gave: clock, kernel, plan, CPU (exit 2).
 * *stop is the signal flag: a run in hand of a command ends when it is
 * set, and sampling stops. */
int session_resolve(struct session *s, const struct collect_options *opt,
		    const volatile sig_atomic_t *stop);

/* Priority, warnings, clock calibration (exit 1 on failure). */
int session_calibrate(struct session *s);

/* The automatic plan, or the explicit one checked against the kernel. */
int session_plan(struct session *s);

/* collect --until REL: the sampling ran its course (the budget, --runs or
 * --kbest ended it) without the bounds narrower than REL: the exit status,
 * the stream whole all the same. */
#define SESSION_UNTIL_MISSED 3

/* Kernel setup, --check-output, output files, header, sampling, last
 * line.  Returns the exit status (128 + signal when stopped,
 * SESSION_UNTIL_MISSED). */
int session_collect(struct session *s);

void session_close(struct session *s);

#endif /* SUBTICK_SESSION_H */
