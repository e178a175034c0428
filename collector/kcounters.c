/*
 * kcounters.c - /proc/interrupts, getrusage, /proc/stat (kcounters.h).
 */
#include "kcounters.h"

#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

/* The column of "CPU<cpu>" in the first line of /proc/interrupts, or -1. */
static int cpu_column(const char *line, int cpu)
{
	char want[24];
	snprintf(want, sizeof want, "CPU%d", cpu);
	int col = 0;
	for (const char *p = line; *p; ) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0' || *p == '\n')
			break;
		size_t n = strcspn(p, " \t\n");
		if (n == strlen(want) && strncmp(p, want, n) == 0)
			return col;
		col++;
		p += n;
	}
	return -1;
}

/* One row "NAME: c0 c1 ... description": the count in column col, or -1
 * when the row has no such column (ERR, MIS: one number). */
static long long row_count(char *line, int col, int *is_loc)
{
	char *colon = strchr(line, ':');
	if (colon == NULL)
		return -1;
	*colon = '\0';
	const char *name = line + strspn(line, " ");
	*is_loc = strcmp(name, "LOC") == 0;
	char *p = colon + 1;
	for (int c = 0; ; c++) {
		char *end;
		unsigned long long v = strtoull(p, &end, 10);
		if (end == p)
			return -1;
		if (c == col)
			return (long long)v;
		p = end;
	}
}

static void read_interrupts(int cpu, struct kcounters *k)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char *line = NULL;
	size_t cap = 0;
	if (f == NULL)
		return;
	int col = getline(&line, &cap, f) > 0 ? cpu_column(line, cpu) : -1;
	while (col >= 0 && getline(&line, &cap, f) > 0) {
		int is_loc = 0;
		long long v = row_count(line, col, &is_loc);
		if (v < 0)
			continue;
		k->irq += (uint64_t)v;
		if (is_loc)
			k->loc = (uint64_t)v;
		k->have_irq = 1;
	}
	free(line);
	fclose(f);
}

/* "cpuN user nice system idle iowait irq softirq steal ...": steal in
 * USER_HZ ticks. */
static void read_steal(int cpu, struct kcounters *k)
{
	FILE *f = fopen("/proc/stat", "r");
	char *line = NULL, want[24];
	size_t cap = 0;
	long hz = sysconf(_SC_CLK_TCK);
	if (f == NULL)
		return;
	snprintf(want, sizeof want, "cpu%d ", cpu);
	while (getline(&line, &cap, f) > 0) {
		unsigned long long v[8];
		if (strncmp(line, want, strlen(want)) != 0)
			continue;
		if (sscanf(line + strlen(want), "%llu %llu %llu %llu %llu %llu %llu %llu",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) == 8 &&
		    hz > 0) {
			k->steal_ms = (double)v[7] * 1000.0 / (double)hz;
			k->have_steal = 1;
		}
		break;
	}
	free(line);
	fclose(f);
}

void kcounters_read(int cpu, struct kcounters *k)
{
	struct timespec ts;
	struct rusage ru;
	memset(k, 0, sizeof *k);
	if (cpu < 0)
		cpu = sched_getcpu();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	k->ns = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
	if (cpu >= 0) {
		read_interrupts(cpu, k);
		read_steal(cpu, k);
	}
	if (getrusage(RUSAGE_THREAD, &ru) == 0) {
		k->ctxsw_invol = (uint64_t)ru.ru_nivcsw;
		k->ctxsw_vol = (uint64_t)ru.ru_nvcsw;
		k->have_rusage = 1;
	}
}

void kcounters_format(const struct kcounters *k, char *buf, size_t len)
{
	int n = snprintf(buf, len, "ns=%llu", (unsigned long long)k->ns);
	if (k->have_irq && n > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " irq=%llu loc=%llu",
			      (unsigned long long)k->irq, (unsigned long long)k->loc);
	if (k->have_rusage && n > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " ctxsw_invol=%llu ctxsw_vol=%llu",
			      (unsigned long long)k->ctxsw_invol,
			      (unsigned long long)k->ctxsw_vol);
	if (k->have_steal && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, " steal_ms=%.0f", k->steal_ms);
}
