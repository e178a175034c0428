/*
 * subtick/subtick.h - time a region of your own program and write the
 * subtick stream (data/FORMAT.md), for `analyze`.
 *
 *     #include <subtick/subtick.h>
 *
 *     subtick_recorder *r = subtick_open("loop.st", "my-loop", NULL);
 *     for (int run = 0; run < 100; run++)
 *         for (uint64_t n = 1000; n <= 64000; n *= 2) {
 *             uint64_t t0 = subtick_start(r);
 *             work(n);
 *             subtick_stop(r, n, t0);
 *         }
 *     if (subtick_close(r) != 0)
 *         perror("loop.st");
 *
 * then `analyze loop.st`.  Link with $(pkg-config --cflags --libs subtick).
 *
 * The clock is read with the same serialized reads as collect (rdtscp;
 * lfence on x86-64, isb; mrs cntvct_el0; isb on aarch64), its tick
 * detected and its nanoseconds per unit calibrated by subtick_open (about
 * a second: the tick of a coarse clock takes that long to see).  Between
 * subtick_start and subtick_stop nothing is allocated, locked or written:
 * samples go to a buffer allocated by subtick_open, written out when it is
 * full (inside subtick_stop, after its reading) and by subtick_close.
 * Time the same amount of work, growing with n, between the two calls;
 * vary n and repeat, as collect does (shuffled order is best).
 *
 * Threads: a recorder belongs to one thread at a time; give each thread
 * its own (they are independent; two threads each with a recorder write
 * two valid streams).  The functions keep no global state.
 *
 * Unlike collect, the library does not pin the thread to a CPU or raise
 * its priority unless asked (subtick_options.cpu, .raise_priority): the
 * program is yours.  The stream's header says what was done.
 */
#ifndef SUBTICK_SUBTICK_H
#define SUBTICK_SUBTICK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SUBTICK_API_VERSION 2

typedef struct subtick_recorder subtick_recorder;

struct subtick_options {
	const char *clock;	/* a clock of `collect --list-clocks`; NULL:
				 * the default (tsc, cntvct, monotonic-raw) */
	unsigned coarsen_bits;	/* as collect --coarsen (0: none) */
	size_t capacity;	/* samples held between writes; 0: 65536 */
	int cpu;		/* pin the calling thread to this CPU; -1: no */
	int raise_priority;	/* 1: try nice -20; 0: leave it (default) */
	/* More header keys: key, value, key, value, ..., NULL (e.g. an MPI
	 * program's "rank", "3"; analyze --group rank); NULL: none.  Keys
	 * are [a-z0-9_]; values one line.  (API version 2.) */
	const char *const *keys;
};

/* The defaults: NULL clock, no coarsening, 65536 samples, no pinning, no
 * priority change, no more keys. */
void subtick_options_init(struct subtick_options *opt);

/*
 * Calibrate the clock and create path (mode 0666 & ~umask), writing the
 * stream's header; label becomes its `kernel` key.  opt may be NULL (the
 * defaults).  Returns NULL with errno set: EINVAL for an unknown or
 * unavailable clock or a malformed key, an open(2) error for path, ENOMEM.
 */
subtick_recorder *subtick_open(const char *path, const char *label,
			       const struct subtick_options *opt);

/* A serialized reading of the clock: the start of a timed region. */
uint64_t subtick_start(subtick_recorder *r);

/*
 * A serialized reading that ends the region begun by t0, and one sample
 * (n, end - t0, t0 - the first start).  A region during which the thread
 * changed CPU, or the clock stepped back, is not kept (counted in the
 * stream's last line).  When the buffer is full it is written out here,
 * after the reading.
 */
void subtick_stop(subtick_recorder *r, uint64_t n, uint64_t t0);

/*
 * Write the samples still held and the last line ("# done: ..."), close
 * the file and free r.  Returns 0, or -1 with errno (the first write
 * error; every sample written before it is in the file, in whole lines).
 */
int subtick_close(subtick_recorder *r);

/* What a clock does here, without recording: subtick_clock_info. */
struct subtick_clock_info {
	char clock[32];		/* its name */
	uint64_t tick;		/* detected tick, clock units */
	double unit_ns;		/* nanoseconds per clock unit */
	uint64_t overhead;	/* back-to-back read cost, clock units */
	double read_ns;		/* mean cost of one read, ns */
};

/* Calibrate clock (NULL: the default) as subtick_open does.  Returns 0, or
 * -1 with errno EINVAL. */
int subtick_clock_info(const char *clock, unsigned coarsen_bits,
		       struct subtick_clock_info *out);

/* The samples kept so far and those dropped (migration, backward step). */
uint64_t subtick_samples(const subtick_recorder *r);
uint64_t subtick_dropped(const subtick_recorder *r);

/*
 * A block timed as one sample of n units:
 *
 *     SUBTICK_TIME(r, n) {
 *         work(n);
 *     }
 *
 * (A break or return out of the block skips the sample.)
 */
#define SUBTICK_TIME(r, n)                                                   \
	for (uint64_t subtick_t0_ = subtick_start(r), subtick_once_ = 1;      \
	     subtick_once_; subtick_once_ = 0, subtick_stop((r), (n), subtick_t0_))

#ifdef __cplusplus
}
#endif

#endif /* SUBTICK_SUBTICK_H */
