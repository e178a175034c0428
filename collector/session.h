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
	int out_fd[2];		/* A's stream, B's */
	struct stream_writer *writer[2];
	char interleave_id[24];	/* both streams' "interleaved" key */
	struct oracle oracle;	/* the kernels' checks (oracle.h) */
	int checking;		/* there is something to check */
	char checked[320];	/* the header key checked; "" when nothing */
	/* More header keys, set between session_resolve and
	 * session_collect: key, value, key, value, ..., NULL (collect-mpi's
	 * rank, ranks, host, mpi_library), or NULL. */
	const char *const *extra_keys;
};

/* Check everything the user gave: clock, kernel, plan, CPU (exit 2). */
int session_resolve(struct session *s, const struct collect_options *opt);

/* Priority, warnings, clock calibration (exit 1 on failure). */
int session_calibrate(struct session *s);

/* The automatic plan, or the explicit one checked against the kernel. */
int session_plan(struct session *s);

/* Kernel setup, output file, header, sampling, last line.  *stop is the
 * signal flag; returns the exit status (128 + signal when stopped). */
int session_collect(struct session *s, const volatile sig_atomic_t *stop);

void session_close(struct session *s);

#endif /* SUBTICK_SESSION_H */
