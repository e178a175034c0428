/*
 * sampler.h - the timing loop: shuffled sweeps over the plan, one stream
 * line per kept sample.
 */
#ifndef SUBTICK_SAMPLER_H
#define SUBTICK_SAMPLER_H

#include <signal.h>
#include <stdint.h>

#include "calibrate.h"
#include "kernel.h"
#include "plan.h"
#include "planuntil.h"
#include "region.h"
#include "stream.h"
#include "trend.h"

#define SAMPLER_KERNELS_MAX 2

struct sampler_config {
	const struct clock_setup *clock;
	const struct clock_setup *clock2;	/* --also-clock, or NULL */
	/* A, and B or NULL: two kernels are timed in turn at every N (in an
	 * order drawn for each N), each into its own stream.  Set up for
	 * plan_max(plan). */
	struct kernel *kernel[SAMPLER_KERNELS_MAX];
	const struct plan *plan;
	/* B's own N, as many as A's and in step with them (the i-th of each
	 * are timed together), or NULL: B is timed at A's N */
	const struct plan *plan_b;
	uint64_t runs;			/* sweeps; 0: until the budget */
	double budget_ns;		/* sampling time; 0: no limit */
	unsigned kbest_k;		/* 0: no K-best stop */
	double kbest_eps;
	int cpu;			/* the pinned CPU */
	uint64_t seed;
	double unit_ns;
	int progress;			/* draw a progress line if a tty */
	double until;			/* stop once every kernel's unit cost
					 * bounds are this narrow, relative
					 * (watch.h); 0: no such stop */
	double tick;			/* the clock's, after --coarsen */
	/* Called once the warm-up is over, before the first written sweep
	 * (collect empties an existing output file only then); 0, or -1
	 * when an output failed.  NULL: nothing. */
	int (*start_output)(void *arg);
	void *start_output_arg;
	/* --until's automatic plan: its model's inputs, to make it again
	 * between sweeps from what the fits measure (replan.h); NULL: the
	 * plan stays */
	const struct plan_until_input *until_plan;
	const char *prog;		/* names the notes on stderr */
	/* Called before every N, outside the timed region (collect-mpi: a
	 * stop from another rank sets *stop), or NULL. */
	void (*poll)(void *arg);
	void *poll_arg;
};

/* Columns of one stream line at most: n t at t2, and a kernel's own
 * (collect-mpi's allreduce: one per rank, up to 128 ranks), within
 * STREAM_LINE_MAX. */
#define SAMPLER_FIELDS_MAX 132

enum sampler_stop {
	SAMPLER_RUNS,		/* all --runs sweeps done */
	SAMPLER_BUDGET,		/* --budget spent */
	SAMPLER_KBEST,		/* K-best agreement reached */
	SAMPLER_SIGNAL,		/* stopped by a signal */
	SAMPLER_OUTPUT,		/* the output failed (EPIPE, ENOSPC) */
	SAMPLER_NOMEM,
	SAMPLER_KERNEL,		/* the kernel (a command) failed */
	SAMPLER_UNTIL,		/* --until's precision reached */
	SAMPLER_CHECK,		/* NAME_check, or B's result against A's,
				 * failed after the sampling (oracle.h) */
	SAMPLER_DRIFT,		/* --until gave up: the machine's speed
				 * moved by more than the target (watch.h) */
};

/* One per kernel; stop, sweeps, seconds and failure are the collection's,
 * the same in each. */
struct sampler_result {
	enum sampler_stop stop;
	uint64_t samples;		/* written */
	uint64_t dropped_migration;	/* CPU changed within the sample */
	uint64_t dropped_backstep;	/* a clock stepped backwards */
	uint64_t dropped_signal;	/* in hand when a signal came */
	uint64_t dropped_timeout;	/* ended by a time limit
					 * (--exec-timeout) */
	uint64_t sweeps;		/* complete sweeps */
	unsigned replans;		/* --until's plan made again (replan.h) */
	double seconds;			/* wall time of the sampling */
	double duty;			/* share of it inside timed regions */
	char failure[640];		/* SAMPLER_KERNEL, _CHECK: what failed */
	double precision;		/* the unit cost's bounds over it, as
					 * they stood at the end (--until or a
					 * progress line); NAN: not watched */
	uint64_t runs_min;		/* then: the fewest runs at one N */
	size_t glitches;		/* then: clock glitches left out */
	double drift;			/* then: how far the fifths' unit
					 * costs lie apart, where beyond their
					 * bands (slowest / fastest - 1); 0 */
	int drift_fast, drift_slow;	/* then: the fastest and the slowest
					 * fifth (0..4), where drift */
	double band_rel, sub_rel;	/* then: the tick band's and the
					 * subsampling's widths over the unit
					 * cost (NAN: none) */
	double band_ticks;		/* then: the band's W in ticks (NAN:
					 * tick unknown) */
	unsigned sub_blocks;		/* then: the subsampling's halves are
					 * of this many stretches of time; 0:
					 * of the runs */
	struct trend_fit trend;		/* then: the widest kernel's width
					 * against the samples (trend.h), the
					 * same in each */
};

/* Stream lines are handed to the output at every sweep's end and at least
 * this often, so a kill -9 or a crash in a user kernel loses at most this
 * much of the collection. */
#define SAMPLER_FLUSH_NS 1000000000u

/* The smallest of `reps` timings of the kernel at n on the clock (after
 * --coarsen), in clock units; UINT64_MAX if every run migrated. */
uint64_t sampler_min_timing(const struct clock_setup *clock,
			    struct kernel *k, uint64_t n, int cpu, int reps);

/* Warm up (one unwritten sweep), then sample until runs, budget, K-best or
 * *stop.  *stop is set by a signal handler.  w[k] and res[k] are kernel
 * k's stream and result. */
void sampler_run(const struct sampler_config *cfg, struct stream_writer *const w[],
		 const volatile sig_atomic_t *stop,
		 struct sampler_result res[]);

const char *sampler_stop_name(enum sampler_stop stop);

/* For a stop signal's handler, after it has set the stop flag: a run of a
 * built-in kernel in hand is left at once (the sampler drops it and
 * stops); otherwise nothing.  Async-signal-safe. */
void sampler_abandon_run(void);

#endif /* SUBTICK_SAMPLER_H */
