/*
 * planned.c - time a loop inside your own program over libsubtick's own
 * plan (subtick_next: collect's plan, made in the program), then analyze
 * the stream it wrote.
 *
 *   cc -O2 planned.c $(pkg-config --cflags --libs subtick) -o planned
 *   ./planned planned.st [BUDGET_S [UNTIL]]
 *   analyze planned.st
 *
 * The loop is a chain of dependent multiply-adds (a linear congruential
 * generator): n of them cost n times one multiply-add's latency, and the
 * compiler cannot shorten the chain.  The library probes its cost, picks
 * the N from the clock's tick and the wanted precision, and hands them
 * out in shuffled sweeps until the budget (2 s unless given) is spent, or
 * the unit cost's bounds are as narrow as UNTIL (relative) asks.  The
 * program prints its own unit cost at the end (subtick_result).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <subtick/subtick.h>

static volatile uint64_t sink;	/* the result is used: the work stays */

static uint64_t work(uint64_t n)
{
	uint64_t x = 1;
	for (uint64_t i = 0; i < n; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	return x;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "planned.st";
	struct subtick_options o;
	subtick_options_init(&o);
	o.plan_budget_s = argc > 2 ? strtod(argv[2], NULL) : 0;	/* 0: 2 s */
	o.plan_until = argc > 3 ? strtod(argv[3], NULL) : 0;	/* 0: none */

	subtick_recorder *r = subtick_open(path, "lcg-planned", &o);
	if (r == NULL) {
		perror(path);
		return 1;
	}
	uint64_t n;
	errno = 0;
	while (subtick_next(r, &n)) {
		uint64_t t0 = subtick_start(r);
		sink = work(n);
		subtick_stop(r, n, t0);
	}
	if (errno != 0)
		perror("subtick_next");
	struct subtick_result res;
	if (subtick_result(r, &res) == 0 && res.ok)
		printf("%.4g ns per multiply-add, bounds [%.4g, %.4g], %llu N%s\n",
		       res.unit_cost_ns, res.unit_cost_ns_lo, res.unit_cost_ns_hi,
		       (unsigned long long)res.points,
		       res.warnings ? " (with warnings: see analyze)" : "");
	if (subtick_close(r) != 0) {
		perror(path);
		return 1;
	}
	return 0;
}
