/*
 * clock.c - the table of clocks and what can be known of each without
 * measuring it.
 */
#include "clock.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

static const struct clock_source clocks[] = {
#if defined(__x86_64__)
	{ "tsc", CLOCK_KIND_TSC, 0,
	  "time-stamp counter, serialized (rdtscp; lfence), calibrated against monotonic-raw" },
#endif
#if defined(__aarch64__)
	{ "cntvct", CLOCK_KIND_CNTVCT, 0,
	  "generic-timer virtual counter CNTVCT_EL0 (isb; mrs; isb)" },
#endif
	{ "monotonic", CLOCK_KIND_POSIX, CLOCK_MONOTONIC,
	  "CLOCK_MONOTONIC, ns, NTP-slewed" },
	{ "monotonic-raw", CLOCK_KIND_POSIX, CLOCK_MONOTONIC_RAW,
	  "CLOCK_MONOTONIC_RAW, ns, not slewed" },
	{ "monotonic-coarse", CLOCK_KIND_POSIX, CLOCK_MONOTONIC_COARSE,
	  "CLOCK_MONOTONIC_COARSE, ns, steps once per timer interrupt" },
	{ "realtime-coarse", CLOCK_KIND_POSIX, CLOCK_REALTIME_COARSE,
	  "CLOCK_REALTIME_COARSE, ns, steps once per timer interrupt" },
	{ "process-cputime", CLOCK_KIND_POSIX, CLOCK_PROCESS_CPUTIME_ID,
	  "CLOCK_PROCESS_CPUTIME_ID, ns of CPU time of the process" },
	{ "thread-cputime", CLOCK_KIND_POSIX, CLOCK_THREAD_CPUTIME_ID,
	  "CLOCK_THREAD_CPUTIME_ID, ns of CPU time of the thread" },
};

#if defined(__x86_64__)
static const struct clock_source tsc_lfence = {
	"tsc", CLOCK_KIND_TSC_LFENCE, 0,
	"time-stamp counter, serialized (lfence; rdtsc; lfence), calibrated against monotonic-raw"
};
#endif

const struct clock_source *clock_table(size_t *count)
{
	*count = sizeof clocks / sizeof clocks[0];
	return clocks;
}

const struct clock_source *clock_find(const char *name)
{
	for (size_t i = 0; i < sizeof clocks / sizeof clocks[0]; i++)
		if (strcmp(clocks[i].name, name) == 0)
			return &clocks[i];
	return NULL;
}

const char *clock_default_name(void)
{
#if defined(__x86_64__)
	return "tsc";
#elif defined(__aarch64__)
	return "cntvct";
#else
	return "monotonic-raw";
#endif
}

#if defined(__x86_64__)
/* CPUID.80000001H:EDX bit 27: RDTSCP. */
static int cpu_has_rdtscp(void)
{
	unsigned a, b, c, d;
	if (!__get_cpuid(0x80000001u, &a, &b, &c, &d))
		return 0;
	return (d >> 27) & 1u;
}
#endif

int clock_available(const struct clock_source *c,
		    const struct clock_source **resolved,
		    char *why, size_t why_len)
{
	*resolved = c;
	switch (c->kind) {
#if defined(__x86_64__)
	case CLOCK_KIND_TSC:
		if (!cpu_has_rdtscp())
			*resolved = &tsc_lfence;
		return 1;
	case CLOCK_KIND_TSC_LFENCE:
		return 1;
#endif
#if defined(__aarch64__)
	case CLOCK_KIND_CNTVCT:
		return 1;
#endif
	case CLOCK_KIND_POSIX: {
		struct timespec ts;
		if (clock_getres(c->posix_id, &ts) == 0 &&
		    clock_gettime(c->posix_id, &ts) == 0)
			return 1;
		snprintf(why, why_len, "clock_gettime: %s", strerror(errno));
		return 0;
	}
	default:
		break;
	}
	snprintf(why, why_len, "not on this architecture");
	return 0;
}

double clock_nominal_unit_ns(const struct clock_source *c)
{
	switch (c->kind) {
	case CLOCK_KIND_TSC:
	case CLOCK_KIND_TSC_LFENCE:
		return 0;
	case CLOCK_KIND_CNTVCT: {
#if defined(__aarch64__)
		uint64_t freq;
		__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(freq));
		return freq ? 1e9 / (double)freq : 0;
#else
		return 0;
#endif
	}
	case CLOCK_KIND_POSIX:
		return 1;
	}
	return 0;
}

double clock_claimed_resolution_ns(const struct clock_source *c)
{
	struct timespec ts;
	if (c->kind != CLOCK_KIND_POSIX || clock_getres(c->posix_id, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int clock_reports_cpu(const struct clock_source *c)
{
	return c->kind == CLOCK_KIND_TSC;
}

uint64_t clock_reference_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int clock_current_cpu(void)
{
#if defined(HAVE_SCHED_GETCPU)
	return sched_getcpu();
#else
	return -1;
#endif
}

int clock_cpu_report_agrees(const struct clock_source *c, uint32_t *reported,
			    int *actual)
{
	enum { TRIES = 8 };
	if (!clock_reports_cpu(c))
		return 1;
	for (int i = 0; i < TRIES; i++) {
		uint32_t cpu;
		int before = clock_current_cpu();
		(void)clock_read(c, &cpu);
		int after = clock_current_cpu();
		if (before != after)
			continue;	/* moved in between: ask again */
		if (before < 0 || cpu != (uint32_t)before) {
			*reported = cpu;
			*actual = before;
			return 0;
		}
	}
	return 1;
}

const struct clock_source *clock_without_cpu_report(const struct clock_source *c)
{
#if defined(__x86_64__)
	if (c->kind == CLOCK_KIND_TSC)
		return &tsc_lfence;
#endif
	return c;
}
