/*
 * versions.c - did the new version make it faster?  Time the old and the
 * new version of a function in turn, inside your own program, then compare.
 *
 *   cc -O2 versions.c $(pkg-config --cflags --libs subtick) -o versions
 *   ./versions old.st new.st
 *   analyze --compare old.st new.st
 *
 * Each version gets its own recorder; at every N both run, one right after
 * the other (which one first is drawn afresh), so that a machine whose
 * speed drifts slows both alike.  The header keys interleaved (one id for
 * both) and interleave_side (A, B) are those collect writes for two
 * kernels: with them, analyze --compare pairs the two streams' stretches
 * of time and the drift stays out of the ratio's bounds.
 *
 * The old version is one chain of n dependent multiply-adds; the new one
 * splits it into two independent chains of n/2, which an out-of-order CPU
 * runs side by side (they compute another number: this is about timing).
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <subtick/subtick.h>

static volatile uint64_t sink;	/* the result is used: the work stays */

static uint64_t old_version(uint64_t n)
{
	uint64_t x = 1;
	for (uint64_t i = 0; i < n; i++)
		x = x * 6364136223846793005u + 1442695040888963407u;
	return x;
}

static uint64_t new_version(uint64_t n)
{
	uint64_t x = 1, y = 2;
	for (uint64_t i = 0; i < n / 2; i++) {
		x = x * 6364136223846793005u + 1442695040888963407u;
		y = y * 6364136223846793005u + 1442695040888963407u;
	}
	return x ^ y;
}

static uint64_t next(uint64_t *state)
{
	*state = *state * 6364136223846793005u + 1;
	return *state >> 33;
}

/* Fisher-Yates with the generator above. */
static void shuffle(uint64_t *v, int count, uint64_t *state)
{
	for (int i = count - 1; i > 0; i--) {
		int j = (int)(next(state) % (uint64_t)(i + 1));
		uint64_t t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

int main(int argc, char **argv)
{
	const char *path[2] = { argc > 1 ? argv[1] : "old.st", argc > 2 ? argv[2] : "new.st" };
	enum { POINTS = 32, SWEEPS = 300 };
	uint64_t n[POINTS], state = 42;
	for (int i = 0; i < POINTS; i++)
		n[i] = 1000 + 1000 * (uint64_t)i;

	/* one id for both streams, another for the next run of the program */
	char id[32];
	snprintf(id, sizeof id, "versions-%llx",
		 (unsigned long long)time(NULL) ^ (unsigned long long)(uintptr_t)&id);
	const char *keys[2][7] = {
		{ "interleaved", id, "interleave_side", "A", "interleaved_with", "new", NULL },
		{ "interleaved", id, "interleave_side", "B", "interleaved_with", "old", NULL },
	};
	const char *label[2] = { "old", "new" };
	subtick_recorder *r[2];
	for (int k = 0; k < 2; k++) {
		struct subtick_options opt;
		subtick_options_init(&opt);
		opt.keys = keys[k];
		r[k] = subtick_open(path[k], label[k], &opt);
		if (r[k] == NULL) {
			perror(path[k]);
			return 1;
		}
	}
	for (int sweep = 0; sweep < SWEEPS; sweep++) {
		shuffle(n, POINTS, &state);
		for (int i = 0; i < POINTS; i++) {
			int first = (int)(next(&state) & 1);
			for (int j = 0; j < 2; j++) {
				int k = first ^ j;
				uint64_t t0 = subtick_start(r[k]);
				sink = k ? new_version(n[i]) : old_version(n[i]);
				subtick_stop(r[k], n[i], t0);
			}
		}
	}
	int rc = 0;
	for (int k = 0; k < 2; k++)
		if (subtick_close(r[k]) != 0) {
			perror(path[k]);
			rc = 1;
		}
	return rc;
}
