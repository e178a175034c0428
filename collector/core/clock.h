/*
 * clock.h - the clocks collect can read, and how a reading is taken.
 *
 * A reading is an unsigned 64-bit count of clock units.  For the POSIX clocks
 * the unit is the nanosecond (seconds * 10^9 + nanoseconds); for the TSC it
 * is one counter increment; for CNTVCT one generic-timer increment.
 */
#ifndef SUBTICK_CLOCK_H
#define SUBTICK_CLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

enum clock_kind {
	CLOCK_KIND_POSIX,	/* clock_gettime(posix_id) */
	CLOCK_KIND_TSC,		/* x86-64 time-stamp counter, rdtscp + lfence */
	CLOCK_KIND_TSC_LFENCE,	/* x86-64 without rdtscp: lfence; rdtsc; lfence */
	CLOCK_KIND_CNTVCT,	/* aarch64 virtual counter, isb; mrs; isb */
};

struct clock_source {
	const char *name;
	enum clock_kind kind;
	clockid_t posix_id;	/* CLOCK_KIND_POSIX only */
	const char *summary;	/* one line for --help and --list-clocks */
};

/* Returned as the CPU of a reading when the read itself cannot tell. */
#define CLOCK_CPU_UNKNOWN UINT32_MAX

/* All clocks this build knows, available here or not. */
const struct clock_source *clock_table(size_t *count);

/* The clock called name, or NULL. */
const struct clock_source *clock_find(const char *name);

/* Name of the default clock on this architecture. */
const char *clock_default_name(void);

/*
 * 1 if the clock can be read on this machine; else 0 and a reason in why.
 * Resolves "tsc" to the rdtscp or the lfence variant: *resolved receives the
 * clock to use (the same pointer, or its variant).
 */
int clock_available(const struct clock_source *c,
		    const struct clock_source **resolved,
		    char *why, size_t why_len);

/* Nominal nanoseconds per unit: 1 for POSIX clocks, 10^9/CNTFRQ for
 * CNTVCT, 0 for the TSC (it must be calibrated). */
double clock_nominal_unit_ns(const struct clock_source *c);

/* What clock_getres() claims, in ns; 0 when the clock has no such call. */
double clock_claimed_resolution_ns(const struct clock_source *c);

/* 1 if the clock reports the CPU a reading was taken on. */
int clock_reports_cpu(const struct clock_source *c);

/*
 * rdtscp's TSC_AUX is what Linux set it to: (node << 12 | cpu) on every
 * kernel we know, but a hypervisor or another OS may leave it 0 or stale,
 * and then every run would look migrated, or none would.  Checked once,
 * after pinning: 1 if the CPU that c reports agrees with sched_getcpu()
 * in every one of a few reads (or c reports no CPU); else 0, with what
 * each said in *reported and *actual.
 */
int clock_cpu_report_agrees(const struct clock_source *c, uint32_t *reported,
			    int *actual);

/* c, read so that the CPU comes from sched_getcpu() instead of the clock
 * (tsc: lfence; rdtsc; lfence).  c itself when it reports no CPU. */
const struct clock_source *clock_without_cpu_report(const struct clock_source *c);

/* sched_getcpu(), or -1 where the C library lacks it. */
int clock_current_cpu(void);

/* A fine reference reading in ns (CLOCK_MONOTONIC_RAW), outside any timed
 * region. */
uint64_t clock_reference_ns(void);

/* Floor a reading to a multiple of quantum (quantum <= 1: unchanged).  This
 * is --coarsen: a clock that steps once per quantum. */
static inline uint64_t clock_coarsen(uint64_t reading, uint64_t quantum)
{
	return quantum > 1 ? reading - reading % quantum : reading;
}

#if defined(__x86_64__)
/*
 * Serialized TSC reads.
 *
 * The seeds bracket rdtsc with cpuid, which is fully serializing.  On a
 * virtual machine (the project's own machines are KVM guests) cpuid traps to
 * the hypervisor: a VM exit of a thousand cycles or more, varying from call
 * to call, inside every timed region.  We use
 *
 *     rdtscp; lfence
 *
 * instead.  rdtscp does not read the counter until every earlier instruction
 * has executed (the timed work cannot leak past the end reading), and it
 * returns IA32_TSC_AUX in ecx, which Linux sets to (node << 12 | cpu): the
 * same instruction tells which CPU the reading came from, so a migration
 * between start and end is detected for free.  The lfence after it keeps
 * later instructions (the kernel's first ones, at the start reading) from
 * beginning before the counter is read.  Back-to-back cost here: 40 cycles,
 * the same as lfence; rdtsc; lfence, against 16-18 for a bare rdtsc.
 *
 * Without rdtscp we fall back to lfence; rdtsc; lfence (lfence waits for
 * earlier instructions to complete locally before rdtsc executes) and ask
 * sched_getcpu() outside the timed region instead.
 */
static inline uint64_t clock_tsc_read(uint32_t *cpu)
{
	uint32_t lo, hi, aux;
	__asm__ volatile("rdtscp\n\tlfence"
			 : "=a"(lo), "=d"(hi), "=c"(aux)
			 :
			 : "memory");
	*cpu = aux & 0xfffu;
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t clock_tsc_read_lfence(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence\n\trdtsc\n\tlfence"
			 : "=a"(lo), "=d"(hi)
			 :
			 : "memory");
	return ((uint64_t)hi << 32) | lo;
}
#endif

#if defined(__aarch64__)
/* isb before: earlier instructions complete before the counter is read;
 * isb after: later ones do not start before it. */
static inline uint64_t clock_cntvct_read(void)
{
	uint64_t v;
	__asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb"
			 : "=r"(v)
			 :
			 : "memory");
	return v;
}
#endif

/* One reading of clock c.  *cpu receives the CPU the reading was taken on,
 * or CLOCK_CPU_UNKNOWN. */
static inline uint64_t clock_read(const struct clock_source *c, uint32_t *cpu)
{
	switch (c->kind) {
#if defined(__x86_64__)
	case CLOCK_KIND_TSC:
		return clock_tsc_read(cpu);
	case CLOCK_KIND_TSC_LFENCE:
		*cpu = CLOCK_CPU_UNKNOWN;
		return clock_tsc_read_lfence();
#endif
#if defined(__aarch64__)
	case CLOCK_KIND_CNTVCT:
		*cpu = CLOCK_CPU_UNKNOWN;
		return clock_cntvct_read();
#endif
	default: {
		struct timespec ts;
		*cpu = CLOCK_CPU_UNKNOWN;
		clock_gettime(c->posix_id, &ts);
		return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	}
	}
}

#endif /* SUBTICK_CLOCK_H */
