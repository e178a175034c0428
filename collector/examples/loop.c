/*
 * loop.c - time a loop inside your own program with libsubtick, then
 * analyze the stream it wrote.
 *
 * Build against the installed library, from any directory:
 *
 *   cc -O2 loop.c $(pkg-config --cflags --libs subtick) -o loop
 *   ./loop loop.st
 *   analyze loop.st
 *
 * The loop is a chain of dependent multiply-adds (a linear congruential
 * generator): n of them cost n times one multiply-add's latency, and the
 * compiler cannot shorten the chain.  It is timed at 32 values of N, in a
 * new shuffled order every sweep, so that a slow stretch of the machine
 * hits every N alike.  The program prints its own unit cost at the end
 * (subtick_result: the least-values line analyze would fit, computed in
 * the program).
 */
#include <stdint.h>
#include <stdio.h>

#include <subtick/subtick.h>

static volatile uint64_t sink;	/* the result is used: the work stays */

static uint64_t work(uint64_t n)
{
	uint64_t x = 1;
	for (uint64_t i = 0; i < n; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	return x;
}

/* Fisher-Yates with a small generator of its own. */
static void shuffle(uint64_t *v, int count, uint64_t *state)
{
	for (int i = count - 1; i > 0; i--) {
		*state = *state * 6364136223846793005u + 1;
		int j = (int)((*state >> 33) % (uint64_t)(i + 1));
		uint64_t t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "loop.st";
	enum { POINTS = 32, SWEEPS = 300 };
	uint64_t n[POINTS], state = 42;
	for (int i = 0; i < POINTS; i++)
		n[i] = 1000 + 1000 * (uint64_t)i;

	subtick_recorder *r = subtick_open(path, "lcg-loop", NULL);
	if (r == NULL) {
		perror(path);
		return 1;
	}
	for (int sweep = 0; sweep < SWEEPS; sweep++) {
		shuffle(n, POINTS, &state);
		for (int i = 0; i < POINTS; i++) {
			uint64_t t0 = subtick_start(r);
			sink = work(n[i]);
			subtick_stop(r, n[i], t0);
		}
	}
	/* The same, as a block: */
	SUBTICK_TIME(r, 5000) {
		sink = work(5000);
	}
	struct subtick_result res;
	if (subtick_result(r, &res) == 0 && res.ok)
		printf("%.4g ns per multiply-add, bounds [%.4g, %.4g]%s\n",
		       res.unit_cost_ns, res.unit_cost_ns_lo, res.unit_cost_ns_hi,
		       res.warnings ? " (with warnings: see analyze)" : "");
	if (subtick_close(r) != 0) {
		perror(path);
		return 1;
	}
	return 0;
}
