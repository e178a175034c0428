/*
 * conditions.h - the conditions a collection runs under: one pinned CPU,
 * raised priority where allowed, and warnings about the clock's stability.
 */
#ifndef SUBTICK_CONDITIONS_H
#define SUBTICK_CONDITIONS_H

#include <stddef.h>
#include <stdio.h>

#include "clock.h"

struct conditions {
	int cpu;		/* the CPU the collection is pinned to */
	char affinity[128];	/* the allowed CPUs before pinning, "0-1" */
	char priority[96];	/* what was asked and granted, for the header */
	int priority_granted;
	char tsc_invariant[8];	/* "yes", "no", or "n/a" */
	char governor[64];	/* cpufreq governor of cpu, or "none" */
};

/* Pin to cpu (-1: the CPU we are on now).  Returns 0, or -1 with a message
 * in err when cpu is not in the affinity mask (a usage error) or pinning
 * fails. */
int conditions_pin(int cpu, struct conditions *c, char *err, size_t err_len);

/* Try nice -20; record in c->priority whether it was granted. */
void conditions_raise_priority(struct conditions *c);

/* Check the invariant TSC flag (for TSC clocks) and the cpufreq governor;
 * warn on `warn` (NULL: silently) where they can make timings drift. */
void conditions_check(struct conditions *c, const struct clock_source *clock,
		      const char *prog, FILE *warn);

#endif /* SUBTICK_CONDITIONS_H */
