/*
 * activity.h - what an activity trace (collect --trace) shows: every stretch
 * the reading loop did not run, as its start and length.  Of those gaps:
 * how many a second, what one costs (its length less one read interval),
 * the longest, the share of the trace's time they took (the noise of
 * rtla osnoise), their sources, and an attribution: how many a second the
 * kernel counted as interrupts on that CPU, how many were preemptions by
 * other threads (involuntary context switches), and the rest, which the
 * guest's kernel did not see (a hypervisor, an SMI, the hardware).
 *
 * The gaps go through the collection's stages (sources.h): the trace is
 * read as runs back to back, the stretch the loop ran before each gap and
 * the gap's first read interval, within which it began (a run that held
 * an interruption of the gap's length less that interval).  A gap is an
 * interruption by the trace's own threshold (ten read intervals: the
 * loop's jitter lies far below it), so every gap is seen, and the
 * periodic sources, bursts and random rest are found as in a collection.
 */
#ifndef SUBTICK_ACTIVITY_H
#define SUBTICK_ACTIVITY_H

#include <stdint.h>

#include "counters.h"
#include "jitter.h"
#include "points.h"
#include "runs.h"
#include "sources.h"
#include "spool.h"

struct trace_summary {
	uint64_t gaps;
	double seconds;		/* the trace's length */
	double span;		/* the same, clock units */
	double read_interval, threshold;	/* clock units (header) */
	double per_s;		/* gaps per second */
	double cost, cost_lo, cost_hi;	/* median, 25%, 75%, clock units */
	double max;		/* the longest gap, clock units */
	double lost_share;	/* of the time, in gaps */
	struct sources sources;	/* clock units */
	struct counted counted;	/* what the kernel counted */
	double interruptions_per_s;	/* the sources' */
	double kernel_per_s, preempted_per_s;
	double unattributed_per_s;	/* at least 0 ... */
	double unattributed_hi;		/* ... and its upper bound (95%) */
	/* the stages' inputs, kept while the report needs them */
	struct run_sample runs;
	struct jitter jitter;
	struct point_set slice;		/* one point, every run's */
};

/* read_interval, threshold: the header's (text, "" when absent);
 * seconds: the last line's, 0 when unknown; counted: the kernel's
 * counters.  Returns 0, or -1 when the gaps cannot be read back or
 * memory runs out. */
int trace_analyze(struct spool *sp, double unit_ns, const char *read_interval,
		  const char *threshold, double seconds, const struct counted *counted,
		  struct trace_summary *out);
/* The source of the gap that began at start (clock units, as its `at`):
 * its index in t->sources, or -1 (none claims it). */
int trace_attribute(const struct trace_summary *t, double start);

void trace_summary_free(struct trace_summary *t);

#endif /* SUBTICK_ACTIVITY_H */
