/*
 * counters.h - what the kernel counted on the collection's CPU, from the
 * header's counters_start and the counters_end before the last line
 * (collect's kcounters: "ns=N irq=N loc=N ctxsw_invol=N ctxsw_vol=N
 * steal_ms=X", a field absent where it could not be read), as rates over
 * the time between them.
 */
#ifndef SUBTICK_COUNTERS_H
#define SUBTICK_COUNTERS_H

struct counted {
	int have;		/* both lines, with their times */
	double seconds;		/* between them */
	int have_irq;
	double irq_per_s, loc_per_s;	/* interrupts on the CPU: all, timer */
	int have_rusage;
	double invol_per_s;	/* involuntary context switches: preemptions */
	int have_steal;
	double steal_share;	/* of the time, stolen by the hypervisor */
};

/* From the two lines as written (either may be ""); out->have = 0 when
 * they cannot be read or do not follow each other in time. */
void counted_parse(const char *start, const char *end, struct counted *out);

/* The kernel's tick of period_ns ran all along: the timer interrupts
 * counted are as many as its period gives over their time, one fewer at
 * most (a periodic count's floor); a tickless CPU that idled counts
 * fewer, and other timers only add.  0 without the count or the period. */
int counted_tick_ran(const struct counted *c, double period_ns);

#endif /* SUBTICK_COUNTERS_H */
