/*
 * activity.h - what an activity trace (collect --trace) shows: every stretch
 * the reading loop did not run, as its start and length.  Of those gaps:
 * how many a second, what one costs (its length less one read interval),
 * the longest, the share of the trace's time they took (the noise of
 * rtla osnoise), their periodic sources (periodic.h, each gap known to
 * start within one read interval after its start), and an attribution:
 * how many a second the kernel counted as interrupts on that CPU, how
 * many were preemptions by other threads (involuntary context switches),
 * and the rest, which the guest's kernel did not see (a hypervisor, an
 * SMI, the hardware).
 */
#ifndef SUBTICK_ACTIVITY_H
#define SUBTICK_ACTIVITY_H

#include <stdint.h>

#include "counters.h"
#include "periodic.h"
#include "spool.h"

struct trace_summary {
	uint64_t gaps;
	double seconds;		/* the trace's length */
	double read_interval, threshold;	/* clock units (header) */
	double per_s;		/* gaps per second */
	double cost, cost_lo, cost_hi;	/* median, 25%, 75%, clock units */
	double max;		/* the longest gap, clock units */
	double lost_share;	/* of the time, in gaps */
	struct periodic_sources periodic;	/* in ns, or clock units */
	struct counted counted;	/* what the kernel counted */
	double kernel_per_s, preempted_per_s, unattributed_per_s;
};

/* read_interval, threshold: the header's (text, "" when absent);
 * seconds: the last line's, 0 when unknown; counted: the kernel's
 * counters.  Returns 0, or -1 when the gaps cannot be read back or
 * memory runs out. */
int trace_analyze(struct spool *sp, double unit_ns, const char *read_interval,
		  const char *threshold, double seconds, const struct counted *counted,
		  struct trace_summary *out);

#endif /* SUBTICK_ACTIVITY_H */
