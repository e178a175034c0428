/*
 * argkernel.c - a user kernel that reports what collect did with it: the
 * --kernel-arg it got (a file name) and, at each teardown, how many timed
 * calls there were and how many NAME_before calls, appended to that file
 * (tests/cli/kernel_arg.sh); FILE.started is made before the first run (a
 * test that signals collect mid-run waits for it: tests/cli/signals.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <subtick/kernel.h>

SUBTICK_KERNEL(counted);

struct counts {
	char path[512];
	unsigned long long runs, befores, unready;
	int ready;
};

int counted_setup_arg(uint64_t n_max, const char *arg, void **ctx)
{
	(void)n_max;
	struct counts *c = calloc(1, sizeof *c);
	if (c == NULL || arg == NULL)
		return free(c), -1;
	snprintf(c->path, sizeof c->path, "%s", arg);
	*ctx = c;
	return 0;
}

void counted_before(uint64_t n, void *ctx)
{
	(void)n;
	struct counts *c = ctx;
	if (c->befores++ == 0) {
		char started[600];
		snprintf(started, sizeof started, "%s.started", c->path);
		FILE *f = fopen(started, "w");
		if (f != NULL)
			fclose(f);
	}
	c->ready = 1;
}

void counted(uint64_t n, void *ctx)
{
	struct counts *c = ctx;
	c->runs++;
	c->unready += !c->ready;	/* a run without its before */
	c->ready = 0;
	while (n != 0) {
		__asm__ volatile("" : "+r"(n));
		n--;
	}
}

void counted_teardown(void *ctx)
{
	struct counts *c = ctx;
	FILE *f = fopen(c->path, "a");
	if (f != NULL) {
		fprintf(f, "runs=%llu befores=%llu unready=%llu\n", c->runs,
			c->befores, c->unready);
		fclose(f);
	}
	free(c);
}
