/*
 * runs.h - the runs the model is fitted on: every run of the collection,
 * or a uniform sample of RUNS_SAMPLE_MAX of them (Li's reservoir,
 * reservoir.h), taken in the one pass after the fit (pass.h), in the order
 * they were taken.  Counts and time are of all the runs; `scale` is how
 * many each run of the sample stands for.
 *
 * A run's account (docs/model.md):
 *
 *     t = quantize(F(N) s(at) + e + sum of c)
 *
 * F(N) its N's floor (the smallest timing of N), s(at) the machine's
 * speed then (speedstates.h), e its jitter (jitter.h), c the costs of the
 * interruptions it held (sources.h).  r = t - s F is what jitter and
 * interruptions must explain.
 */
#ifndef SUBTICK_RUNS_H
#define SUBTICK_RUNS_H

#include <stddef.h>
#include <stdint.h>

#include "points.h"
#include "reservoir.h"
#include "speedstates.h"
#include "spool.h"

/* Runs kept, at most: 2^18 of 48 bytes, 12 MiB.  A rate or a cost is as
 * sure from a quarter million runs as from ten million, and a periodic
 * source that hits one run in a thousand leaves 260 of its events. */
#define RUNS_SAMPLE_MAX (1 << 18)

/* flags: above look(N), the runs sources are sought among; above T(N),
 * interrupted at the false-alarm rate (jitter.h); held by a source */
enum { RUN_EVENT = 1, RUN_EXPLAINED = 2, RUN_CLAIM = 4 };

struct model_run {
	uint64_t i;		/* its number in the spool */
	double t;		/* clock units */
	double at;		/* start, clock units since the first run's */
	double floor;		/* F(N) */
	double speed;		/* s(at), over the minima's; 1 not judged */
	double r;		/* t - speed floor */
	uint32_t point;		/* its N's index in the (sorted) points */
	uint8_t flags;
};

struct run_sample {
	struct model_run *r;	/* count of them, in spool order */
	size_t count;
	uint64_t total;		/* runs in the collection */
	double scale;		/* total / count */
	double in_runs;		/* time inside all runs, clock units */
	double span;		/* first start to last end, clock units (0:
				 * no start times) */
	int have_at;		/* every run has a start */
	uint64_t at0;		/* the first run's start (the spool's) */
	int gaps;		/* an activity trace's gaps: each run is the
				 * read interval its gap began in, r the gap
				 * (activity.c) */
};

/* The pass's part: the reservoir, and sums of every run. */
struct run_taker {
	struct reservoir res;
	uint64_t seen, at0;
	double in_runs, span;
	int have_at, no_at;
};

/* Returns 0, or -1 when out of memory. */
int runs_begin(struct run_taker *k);
void runs_take(struct run_taker *k, const struct spool_record *r, size_t n);
/* After the pass: the sample, in spool order, its floors from s (sorted)
 * and its speeds from ss.  k is consumed.  Returns 0, or -1 when memory
 * runs out. */
int runs_end(struct run_taker *k, const struct point_set *s, const struct speed_states *ss,
	     double on_line_width, struct run_sample *out);
void runs_taker_free(struct run_taker *k);
void run_sample_free(struct run_sample *rs);

/* r of a run at speed: t - speed floor. */
static inline double run_excess(const struct model_run *u)
{
	return u->t - u->speed * u->floor;
}

#endif /* SUBTICK_RUNS_H */
