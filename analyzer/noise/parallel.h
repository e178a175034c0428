/*
 * parallel.h - a loop shared among the machine's cores, with the same
 * results as one core's.
 *
 * The diagnosis's searches over frequencies are loops whose steps are
 * independent: each step's result is written to its own place and
 * depends on nothing another step writes.  Split in contiguous parts over
 * threads, such a loop gives the same results, bit for bit, as run on
 * one thread, whatever the number of threads: the split changes when a
 * step runs, never what it computes.
 */
#ifndef SUBTICK_PARALLEL_H
#define SUBTICK_PARALLEL_H

#include <stddef.h>

/* Threads a loop is shared among, at most. */
#define PARALLEL_MAX 8

/* The cores online, 1 to PARALLEL_MAX, or SUBTICK_THREADS where it is set
 * to a whole number from 1 (1: the caller alone, no thread started; under
 * qemu-user 7.2 a started thread spins and never ends). */
unsigned parallel_workers(void);

/* fn(ctx, worker, i) for every i in [0, count): the range in `workers`
 * contiguous parts (at most PARALLEL_MAX), part k on worker k, the caller
 * being worker 0.  worker says whose scratch a step may use.  Where a
 * thread cannot be started its part runs on the caller, after its own. */
void parallel_for(size_t count, unsigned workers,
		  void (*fn)(void *ctx, unsigned worker, size_t i), void *ctx);

#endif /* SUBTICK_PARALLEL_H */
