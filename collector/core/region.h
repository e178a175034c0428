/*
 * region.h - the timed region: how collect and libsubtick's recorder take
 * one timing, written once.
 *
 * Inside the region there is only the start reading, the work and the end
 * reading (and, with a second clock, its two readings just inside the
 * first's: they add a constant to the first clock's timing, which the
 * overhead absorbs).  Where the clock does not tell the CPU of a reading
 * (everything but rdtscp), sched_getcpu() is asked before the start
 * reading and after the end reading, outside the region.  Everything else
 * happens after the end reading, in region_judge: coarsening, the
 * backward-step check, the migration check, in that order.
 *
 * collect calls region_begin, the kernel, region_end (sampler.c); the
 * recorder calls region_begin in subtick_start and region_end in
 * subtick_stop, the user's code running between.
 */
#ifndef SUBTICK_REGION_H
#define SUBTICK_REGION_H

#include <stdint.h>

#include "clock.h"

struct region_clock {
	const struct clock_source *source;
	uint64_t quantum;	/* readings floored to a multiple (--coarsen);
				 * <= 1: none */
	int ask_cpu;		/* the clock reports no CPU: sched_getcpu() */
	const struct clock_source *source2;	/* read raw inside, or NULL */
	int pinned_cpu;		/* the CPU every run must be on; -1: any */
};

/* The raw readings of one run. */
struct region {
	uint64_t start, end;
	uint64_t start2, end2;	/* the second clock's, if any */
	uint32_t cpu_start, cpu_end;	/* CLOCK_CPU_UNKNOWN: unknown */
};

/* The clock settings of source (after --coarsen's quantum). */
void region_clock_init(struct region_clock *c, const struct clock_source *source,
		       uint64_t quantum, const struct clock_source *source2,
		       int pinned_cpu);

static inline void region_begin(const struct region_clock *c, struct region *r)
{
	uint32_t reported, ignored;
	uint32_t asked = c->ask_cpu ? (uint32_t)clock_current_cpu() : 0;
	r->start = clock_read(c->source, &reported);
	if (c->source2 != NULL)
		r->start2 = clock_read(c->source2, &ignored);
	r->cpu_start = c->ask_cpu ? asked : reported;
}

static inline void region_end(const struct region_clock *c, struct region *r)
{
	uint32_t reported, ignored;
	if (c->source2 != NULL)
		r->end2 = clock_read(c->source2, &ignored);
	r->end = clock_read(c->source, &reported);
	r->cpu_end = c->ask_cpu ? (uint32_t)clock_current_cpu() : reported;
}

enum region_verdict {
	REGION_KEEP,
	REGION_MIGRATED,	/* the CPU changed, or was not the pinned one */
	REGION_BACKSTEP,	/* end before start (of either clock): a clock
				 * that stepped back (realtime-coarse can); t
				 * would be ~2^64 */
};

/* A run as written: coarsened start and end - start, the second clock's
 * raw timing. */
struct region_timing {
	uint64_t start, t, t2;
};

/*
 * The verdict on run r: the readings coarsened (to c->quantum), then a
 * backward step of either clock, then the CPU (start and end must agree,
 * and be the pinned CPU when there is one; an unknown CPU is not judged).
 * *out is filled whatever the verdict.
 */
enum region_verdict region_judge(const struct region_clock *c,
				 const struct region *r,
				 struct region_timing *out);

#endif /* SUBTICK_REGION_H */
