/*
 * kcounters.h - what the kernel counted on one CPU: the interrupts it
 * handled there (every per-CPU row of /proc/interrupts, and the local
 * timer's row, LOC), this thread's context switches (getrusage
 * RUSAGE_THREAD: involuntary ones are preemptions by other threads), and
 * the CPU's steal time (/proc/stat: time a hypervisor ran something else
 * on it, in USER_HZ ticks, 10 ms here).  Read before and after a
 * collection or a trace, so that analyze can set what the kernel saw
 * beside what the timings show: a disturbance the guest's kernel does
 * not count is the hypervisor's, an SMI, or the hardware's.
 */
#ifndef SUBTICK_KCOUNTERS_H
#define SUBTICK_KCOUNTERS_H

#include <stddef.h>
#include <stdint.h>

struct kcounters {
	uint64_t ns;		/* CLOCK_MONOTONIC when read */
	int have_irq;		/* /proc/interrupts had the CPU's column */
	uint64_t irq, loc;	/* interrupts on the CPU: all, local timer */
	int have_rusage;
	uint64_t ctxsw_invol, ctxsw_vol;
	int have_steal;
	double steal_ms;
};

/* Read them for cpu (the calling thread's CPU when cpu < 0).  What cannot
 * be read is marked absent; never fails. */
void kcounters_read(int cpu, struct kcounters *k);

/* "ns=N irq=N loc=N ctxsw_invol=N ctxsw_vol=N steal_ms=X", a field left
 * out where it could not be read (data/FORMAT.md). */
void kcounters_format(const struct kcounters *k, char *buf, size_t len);

#endif /* SUBTICK_KCOUNTERS_H */
