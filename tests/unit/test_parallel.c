/*
 * test_parallel.c - a loop shared among threads (parallel.h): every step
 * runs once, on a worker within the count, with that worker's scratch,
 * and the results are those of one thread, bit for bit, for any number
 * of workers.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"

enum { STEPS = 1000, SCRATCH = 64 };

struct job {
	unsigned workers;
	unsigned char runs[STEPS];
	unsigned char bad_worker;
	double scratch[PARALLEL_MAX][SCRATCH];
	double out[STEPS];
};

/* A step whose result goes through its worker's scratch: a sum of
 * sines, in an order of its own. */
static void step(void *ctx, unsigned worker, size_t i)
{
	struct job *j = ctx;
	if (worker >= j->workers || worker >= PARALLEL_MAX) {
		j->bad_worker = 1;
		return;
	}
	j->runs[i]++;
	double *s = j->scratch[worker], sum = 0;
	for (int k = 0; k < SCRATCH; k++)
		s[k] = sin((double)i * 0.001 * (k + 1));
	for (int k = SCRATCH - 1; k >= 0; k--)
		sum += s[k] / (k + 1);
	j->out[i] = sum;
}

static void test_each_step_once(void **state)
{
	(void)state;
	static struct job one, many;
	memset(&one, 0, sizeof one);
	one.workers = 1;
	parallel_for(STEPS, 1, step, &one);
	for (unsigned w = 2; w <= PARALLEL_MAX + 2; w++) {
		memset(&many, 0, sizeof many);
		many.workers = w > PARALLEL_MAX ? PARALLEL_MAX : w;
		parallel_for(STEPS, w, step, &many);
		assert_false(many.bad_worker);
		for (size_t i = 0; i < STEPS; i++) {
			assert_int_equal(many.runs[i], 1);
			assert_memory_equal(&many.out[i], &one.out[i], sizeof one.out[i]);
		}
	}
}

static void test_fewer_steps_than_workers(void **state)
{
	(void)state;
	static struct job j;
	memset(&j, 0, sizeof j);
	j.workers = PARALLEL_MAX;
	parallel_for(0, PARALLEL_MAX, step, &j);
	for (size_t i = 0; i < STEPS; i++)
		assert_int_equal(j.runs[i], 0);
	parallel_for(3, PARALLEL_MAX, step, &j);
	assert_false(j.bad_worker);
	for (size_t i = 0; i < STEPS; i++)
		assert_int_equal(j.runs[i], i < 3);
	unsigned n = parallel_workers();
	assert_true(n >= 1 && n <= PARALLEL_MAX);
}

int main(void)
{
	/* Under qemu-user 7.2 (SUBTICK_EMULATOR, a cross build's tests) a
	 * started thread spins and never ends (a two-thread loop of 4 x 10^6
	 * additions ran past 30 s): the loop is tested natively (77:
	 * skipped). */
	if (getenv("SUBTICK_EMULATOR") != NULL) {
		fprintf(stderr, "test_parallel: skipped under %s: its threads never end there\n",
			getenv("SUBTICK_EMULATOR"));
		return 77;
	}
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_each_step_once),
		cmocka_unit_test(test_fewer_steps_than_workers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
