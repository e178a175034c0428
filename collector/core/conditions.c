/*
 * conditions.c - CPU affinity, priority, TSC and cpufreq checks.
 */
#include "conditions.h"

#include "clock.h"

#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

/* "0-3,6" from a CPU set. */
static void format_cpus(const cpu_set_t *set, char *out, size_t len)
{
	size_t used = 0;
	out[0] = '\0';
	for (int i = 0; i < CPU_SETSIZE && used + 16 < len; i++) {
		if (!CPU_ISSET(i, set))
			continue;
		int j = i;
		while (j + 1 < CPU_SETSIZE && CPU_ISSET(j + 1, set))
			j++;
		used += (size_t)snprintf(out + used, len - used,
					 j > i ? "%s%d-%d" : "%s%d",
					 used ? "," : "", i, j);
		i = j;
	}
}

int conditions_pin(int cpu, struct conditions *c, char *err, size_t err_len)
{
	cpu_set_t allowed, one;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
		snprintf(err, err_len, "sched_getaffinity: %s", strerror(errno));
		return -1;
	}
	format_cpus(&allowed, c->affinity, sizeof c->affinity);
	if (cpu < 0)
		cpu = clock_current_cpu();
	if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed)) {
		snprintf(err, err_len,
			 "--cpu %d: not in this process's CPU affinity mask (%s)",
			 cpu, c->affinity);
		return -1;
	}
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof one, &one) != 0) {
		snprintf(err, err_len, "cannot pin to CPU %d: %s", cpu,
			 strerror(errno));
		return -1;
	}
	c->cpu = cpu;
	return 0;
}

void conditions_raise_priority(struct conditions *c)
{
	errno = 0;
	int before = getpriority(PRIO_PROCESS, 0);
	if (setpriority(PRIO_PROCESS, 0, -20) == 0) {
		c->priority_granted = 1;
		snprintf(c->priority, sizeof c->priority,
			 "nice -20 (granted)");
	} else {
		c->priority_granted = 0;
		snprintf(c->priority, sizeof c->priority,
			 "nice %d (nice -20 refused: %s)", before,
			 strerror(errno));
	}
}

/* CPUID.80000007H:EDX bit 8: the TSC runs at a constant rate in all
 * P-, C- and T-states. */
static const char *tsc_invariant(void)
{
#if defined(__x86_64__)
	unsigned a, b, cx, d;
	if (!__get_cpuid(0x80000007u, &a, &b, &cx, &d))
		return "no";
	return (d >> 8) & 1u ? "yes" : "no";
#else
	return "n/a";
#endif
}

static void read_governor(int cpu, char *out, size_t len)
{
	char path[128];
	snprintf(path, sizeof path,
		 "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu);
	FILE *f = fopen(path, "r");
	snprintf(out, len, "none");
	if (f == NULL)
		return;
	if (fgets(out, (int)len, f) == NULL)
		snprintf(out, len, "unknown");
	out[strcspn(out, "\n")] = '\0';
	fclose(f);
}

void conditions_check(struct conditions *c, const struct clock_source *clock,
		      const char *prog, FILE *warn)
{
	int is_tsc = clock->kind == CLOCK_KIND_TSC ||
		     clock->kind == CLOCK_KIND_TSC_LFENCE;
	snprintf(c->tsc_invariant, sizeof c->tsc_invariant, "%s",
		 is_tsc ? tsc_invariant() : "n/a");
	if (is_tsc && strcmp(c->tsc_invariant, "yes") != 0 && warn != NULL)
		fprintf(warn,
			"%s: warning: the TSC is not invariant: its rate may follow the CPU frequency, and TSC units are not time\n",
			prog);
	read_governor(c->cpu, c->governor, sizeof c->governor);
	if (strcmp(c->governor, "none") != 0 &&
	    strcmp(c->governor, "performance") != 0 && warn != NULL)
		fprintf(warn,
			"%s: warning: cpufreq governor of CPU %d is '%s', not 'performance': the unit cost may change with the clock frequency\n",
			prog, c->cpu, c->governor);
}
