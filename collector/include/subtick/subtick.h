/*
 * subtick/subtick.h - time a region of your own program and write the
 * subtick stream (data/FORMAT.md), for `analyze`.
 *
 *     #include <subtick/subtick.h>
 *
 *     subtick_recorder *r = subtick_open("loop.st", "my-loop", NULL);
 *     uint64_t n;
 *     while (subtick_next(r, &n)) {
 *         uint64_t t0 = subtick_start(r);
 *         work(n);
 *         subtick_stop(r, n, t0);
 *     }
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
 * Time the same amount of work, growing with n, between the two calls.
 * subtick_next plans n as collect does (a probe of the cost, the N range
 * from the tick and the wanted precision, shuffled sweeps, a budget); a
 * program may choose its own n instead: vary n and repeat (shuffled
 * order is best).
 *
 * Misuse is refused, not undefined: a NULL or closed recorder (EINVAL), a
 * stop without its start (EINVAL), a call while another thread is inside
 * a call on the same recorder (EBUSY), the parent's recorder used in a
 * child after fork (EPERM).  subtick(3) says exactly what each does.
 *
 * Threads: a recorder is used by one thread at a time; give each thread
 * its own (they are independent; two threads each with a recorder write
 * two valid streams).  The functions keep no global state.
 *
 * Unlike collect, the library does not pin the thread to a CPU or raise
 * its priority unless asked (subtick_options.cpu, .raise_priority): the
 * program is yours.  The stream's header says what was done.
 *
 * Versions: SUBTICK_API_VERSION grows with every addition to this header;
 * subtick_api_version() is the library's at run time.  The soname
 * (libsubtick.so.1) changes only when the ABI breaks (subtick(3)).
 */
#ifndef SUBTICK_SUBTICK_H
#define SUBTICK_SUBTICK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* 8: subtick_next, subtick_options.plan_*.  7: subtick_clock_info.size,
 * subtick_clock_info_size (subtick_clock_info a macro over it).  6:
 * subtick_stop says a write that failed (-1 with its errno), the sample
 * kept.  5: SUBTICK_WARN_NOT_POSITIVE, SUBTICK_WARN_GLITCH (subtick_result
 * leaves a clock glitch out), SUBTICK_WARN_DRIFT.  4: subtick_result,
 * subtick_options.summary.  3: subtick_options.size,
 * subtick_options_init_size, subtick_stop's status, subtick_version,
 * subtick_api_version.  2: subtick_options.keys. */
#define SUBTICK_API_VERSION 8

/* The library is built with hidden visibility: only what carries this is
 * exported. */
#if defined(__GNUC__) || defined(__clang__)
#define SUBTICK_API __attribute__((visibility("default")))
#else
#define SUBTICK_API
#endif

typedef struct subtick_recorder subtick_recorder;

/*
 * Filled by the caller, read by subtick_open.  New fields are added only at
 * the end, and size says how many the caller knows: subtick_options_init
 * sets it to the caller's sizeof(struct subtick_options).  A library older
 * than the caller's header refuses (EINVAL) fields it does not know unless
 * they are zero; a newer one gives the fields beyond size their defaults.
 */
struct subtick_options {
	size_t size;		/* sizeof(struct subtick_options): set by
				 * subtick_options_init; 0 is refused */
	const char *clock;	/* a clock of `collect --list-clocks`; NULL:
				 * the default (tsc, cntvct, monotonic-raw) */
	unsigned coarsen_bits;	/* as collect --coarsen (0: none) */
	size_t capacity;	/* samples held between writes; 0: 65536 */
	int cpu;		/* pin the calling thread to this CPU; -1: no */
	int raise_priority;	/* 1: try nice -20; 0: leave it (default) */
	/* More header keys: key, value, key, value, ..., NULL (e.g. an MPI
	 * program's "rank", "3"; analyze --group rank); NULL: none.  Keys
	 * are [a-z0-9_], at most 64 characters, each given once and none
	 * that the library writes itself (clock, tick, unit_ns, ...:
	 * subtick(3)); values one line. */
	const char *const *keys;
	/* 1: subtick_close prints the unit cost so far to stderr, one line
	 * (subtick_result's), as nanobench and Google Benchmark print their
	 * results from inside the program; 0: nothing (default).  (API
	 * version 4.) */
	int summary;
	/* The plan of subtick_next (API version 8); a zero field takes
	 * collect's default.  N: plan_points N (0: 64) spread evenly from
	 * plan_n_min to plan_n_max, or over (plan_n_max / plan_points,
	 * plan_n_max] when plan_n_min is 0; plan_n_max 0 (default): sized
	 * automatically, as collect's plan, from a probe of the region's own
	 * cost and the clock's tick. */
	uint64_t plan_n_min, plan_n_max;
	size_t plan_points;
	double plan_budget_s;	/* time the sweeps take, after the probe and
				 * the warm-up sweep; 0: 2 s (60 s with
				 * plan_until) */
	double plan_precision;	/* the relative precision the automatic plan
				 * sizes its runs for; 0: 1e-4 */
	double plan_until;	/* end the plan once the unit cost's bounds
				 * span this much of it, relative, with 5
				 * samples at every N at least (collect
				 * --until); 0: at the budget */
	uint64_t plan_seed;	/* the sweeps' orders; 0: drawn anew */
};

/* The defaults into the first size bytes of *opt: NULL clock, no
 * coarsening, 65536 samples, no pinning, no priority change, no more
 * keys.  Call it through the macro, which gives the size. */
SUBTICK_API void subtick_options_init_size(struct subtick_options *opt,
					   size_t size);
#define subtick_options_init(opt) \
	subtick_options_init_size((opt), sizeof *(opt))

/*
 * Calibrate the clock and create path (mode 0666 & ~umask), writing the
 * stream's header; label becomes its `kernel` key.  opt may be NULL (the
 * defaults).  path must be new or a regular file: a symbolic link is not
 * followed (ELOOP), a FIFO, device or socket is refused (EINVAL) without
 * blocking, a directory (EISDIR).  Returns NULL with errno set: EINVAL for
 * an unknown or unavailable clock, bad options or a key refused, ENOMEM
 * (a capacity too large), or the error of open(2) for path.
 */
SUBTICK_API subtick_recorder *subtick_open(const char *path, const char *label,
					   const struct subtick_options *opt);

/* A serialized reading of the clock: the start of a timed region.  0 with
 * errno set when r is refused (then the next subtick_stop is too). */
SUBTICK_API uint64_t subtick_start(subtick_recorder *r);

/*
 * A serialized reading that ends the region begun by t0 (the value the last
 * subtick_start returned), and one sample (n, end - t0, t0 - the first
 * start).  Returns 0 when the sample was kept; 1 when it was not (the
 * thread changed CPU, or the clock stepped back: counted in the stream's
 * last line); -1 with errno when r is refused or no region is open (EINVAL:
 * no subtick_start since the last stop, or t0 is not what it returned).
 * When the buffer is full it is written out here, after the reading; a
 * write that fails (ENOSPC: the disk is full; EIO) returns -1 with its
 * errno here and at every later stop that keeps a sample: the sample is
 * kept for subtick_result, but the stream takes no more (those written
 * before are whole lines in the file).  (API version 6; before, only
 * subtick_close said it.)
 */
SUBTICK_API int subtick_stop(subtick_recorder *r, uint64_t n, uint64_t t0);

/*
 * The next n to time from the recorder's own plan, collect's: 1 with *n
 * set, or 0 when the plan is done (*n = 0), so that a region's loop is
 *
 *     uint64_t n;
 *     while (subtick_next(r, &n)) {
 *         uint64_t t0 = subtick_start(r);
 *         work(n);
 *         subtick_stop(r, n, t0);
 *     }
 *
 * The first n are a probe of the region's cost (n = 1, 2, 4, ..., five
 * regions each, until one takes long enough for the wanted precision and
 * the clock's tick), then one warm-up sweep over the plan's N, then
 * shuffled sweeps until subtick_options.plan_budget_s is spent (counted
 * from the first sweep after the warm-up; one sweep at least) or the
 * bounds are as narrow as plan_until asks (checked at the end of a sweep,
 * at most every 0.2 s and ten times the fit's cost apart).  The probe's
 * and the warm-up's regions are the plan's, not the stream's, as collect
 * writes neither (subtick_stop returns 0 for them: taken).  The plan is
 * written in the header (key subtick_next) when no sample precedes it,
 * and why it ended in the last line (stop=budget, stop=until).  0 with
 * errno set, also: EINVAL for a NULL n or a NULL or closed recorder,
 * EBUSY, EPERM (as subtick_start), EDOM when the probe found no cost
 * growing with n (nothing to plan: give plan_n_max), EAGAIN when 100
 * regions of the probe were none of them kept, ENOMEM; set errno to 0
 * before the loop to tell.  (API version 8.)
 */
SUBTICK_API int subtick_next(subtick_recorder *r, uint64_t *n);

/*
 * Write the samples still held and the last line ("# done: ..."), close
 * the file and free the buffer.  Returns 0, or -1 with errno (the first
 * write error; every sample written before it is in the file, in whole
 * lines; EINVAL for a NULL or closed recorder, EBUSY while another thread
 * is inside a call on it, and then it stays open).  After it r is closed:
 * every call refuses it (EINVAL).
 */
SUBTICK_API int subtick_close(subtick_recorder *r);

/*
 * What a clock does here, without recording: subtick_clock_info.  Fill it
 * through the macro, which gives the size: the library writes no more
 * than size bytes, and sets size to its own sizeof (fields at or beyond
 * it were not written: an older library).  New fields are added only at
 * the end.  (size: API version 7.)
 */
struct subtick_clock_info {
	size_t size;		/* set by subtick_clock_info() */
	char clock[32];		/* its name */
	uint64_t tick;		/* detected tick, clock units */
	double unit_ns;		/* nanoseconds per clock unit */
	uint64_t overhead;	/* back-to-back read cost, clock units */
	double read_ns;		/* mean cost of one read, ns */
};

/* Calibrate clock (NULL: the default) as subtick_open does.  Returns 0, or
 * -1 with errno EINVAL: an unknown or unavailable clock, coarsen_bits
 * beyond collect --coarsen's, a NULL out, or a size smaller than the
 * struct of API version 7.  (Programs built with an older header call
 * the function subtick_clock_info of the struct without size, which the
 * library keeps.) */
SUBTICK_API int subtick_clock_info_size(const char *clock, unsigned coarsen_bits,
					struct subtick_clock_info *out, size_t size);
#define subtick_clock_info(clock, coarsen_bits, out)                          \
	subtick_clock_info_size((clock), (coarsen_bits), (out),               \
				sizeof(struct subtick_clock_info))

/*
 * What the recorder has seen so far: the least-values line of its
 * samples, computed in the program by the code analyze runs on the stream
 * (the minimum per N, the lower hull, the tick band and subsampling in
 * stretches of time), so that a program can print or act on its own unit
 * cost.  Times are clock units; the _ns fields are NAN where the clock's
 * ns per unit is unknown.  Fill it through the macro, which gives the size
 * (fields a newer library adds are not written beyond it).  (API version
 * 4.)
 */
struct subtick_result {
	size_t size;		/* set by subtick_result() */
	int ok;			/* a line: 3 distinct N at least */
	double unit_cost, unit_cost_lo, unit_cost_hi;	/* slope, bounds */
	double overhead, overhead_lo, overhead_hi;	/* intercept at n = 0 */
	double unit_ns;		/* ns per clock unit */
	double unit_cost_ns, unit_cost_ns_lo, unit_cost_ns_hi;
	double overhead_ns, overhead_ns_lo, overhead_ns_hi;
	uint64_t points;	/* distinct n */
	uint64_t samples;	/* kept (subtick_samples) */
	uint64_t runs_min;	/* the fewest samples at one n */
	unsigned warnings;	/* SUBTICK_WARN_* */
};

/* Why the numbers may not be right (analyze's report says more):
 * NO_LINE fewer than 3 distinct n; FEW_POINTS fewer than 8 distinct n;
 * FEW_RUNS fewer than 5 samples at some n; FEW_TICKS the line rises less
 * than 100 ticks over the n range (the clock, not the work, is being
 * measured); WIDE bounds wider than 10% of the unit cost; DROPPED is no
 * such reason but a fact: some regions were not kept (the thread changed
 * CPU, the clock stepped back, during them), and the samples kept are
 * whole (subtick_dropped counts them; the summary gives the count, not a
 * warning); NOT_POSITIVE the unit cost is zero or less (does the cost grow with n?
 * FEW_TICKS is then not set: the line does not rise at all); GLITCH a
 * minimum far below its n's other timings and the line of the other n (a
 * clock glitch) was left out, as analyze leaves it out; DRIFT the unit
 * cost of one fifth of the samples in time lies beyond another's band, as
 * analyze's "drift" warning says: the machine's speed changed, and the
 * line is that of its fastest stretches. */
#define SUBTICK_WARN_NO_LINE 0x01u
#define SUBTICK_WARN_FEW_POINTS 0x02u
#define SUBTICK_WARN_FEW_RUNS 0x04u
#define SUBTICK_WARN_FEW_TICKS 0x08u
#define SUBTICK_WARN_WIDE 0x10u
#define SUBTICK_WARN_DROPPED 0x20u
#define SUBTICK_WARN_NOT_POSITIVE 0x40u
#define SUBTICK_WARN_GLITCH 0x80u
#define SUBTICK_WARN_DRIFT 0x100u

/* Returns 0 (res->ok says whether there is a line yet), or -1 with errno:
 * EINVAL for a NULL or closed recorder, EBUSY while another thread is in
 * a call on it, ENOMEM. */
SUBTICK_API int subtick_result_size(subtick_recorder *r, struct subtick_result *res,
				    size_t size);
#define subtick_result(r, res) subtick_result_size((r), (res), sizeof *(res))

/* The samples kept so far and those dropped (migration, backward step);
 * 0 with errno EINVAL for a NULL or closed recorder. */
SUBTICK_API uint64_t subtick_samples(const subtick_recorder *r);
SUBTICK_API uint64_t subtick_dropped(const subtick_recorder *r);

/* This library's version, "1.5.0 (626a3e1)", and its SUBTICK_API_VERSION
 * (which may be newer than the header a program was built with). */
SUBTICK_API const char *subtick_version(void);
SUBTICK_API int subtick_api_version(void);

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
	     subtick_once_;                                                   \
	     subtick_once_ = 0, (void)subtick_stop((r), (n), subtick_t0_))

#ifdef __cplusplus
}
#endif

#endif /* SUBTICK_SUBTICK_H */
