/*
 * calibrate.c - tick detection on live readings, ns per unit against
 * CLOCK_MONOTONIC_RAW, back-to-back read overhead.
 */
#include "calibrate.h"

#include <stdlib.h>
#include <time.h>

#include "select.h"
#include "tick.h"

enum {
	TICK_DIFFS_MAX = 256,	/* differences gathered per detection */
	TICK_DIFFS_MIN = 16,	/* fewer than this: no detection */
	TICK_DIFFS_WANTED = 48,	/* fewer than this: a longer wait */
	OVERHEAD_PAIRS = 20000,
	READ_COST_READS = 1000,
	READ_COST_BATCHES = 20,
	PAIRING_TRIES = 32,
};

#define TICK_TIME_LIMIT_NS 300000000u	/* 0.3 s: 75 steps of a 4 ms clock */
#define UNIT_INTERVAL_NS 60000000u	/* 60 ms between calibration points */
#define MEAN_STEP_WAIT_NS 5000000u	/* the longest wait for a difference */
enum { MEAN_STEP_PAIRS = 16 };

static uint64_t read_setup(const struct clock_setup *s)
{
	uint32_t cpu;
	return clock_coarsen(clock_read(s->source, &cpu), s->quantum);
}

/* Busy-wait a pseudo-random 0..255 iterations, so that the differences the
 * tick comes from are spread rather than all equal to one read cost. */
static void spin_random(uint32_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	for (uint32_t i = *state & 0xffu; i > 0; i--)
		__asm__ volatile("" : "+r"(i));
}

/* Detect the tick from consecutive distinct readings (tick.h's rule, with
 * the resolution the clock claims, in units, as a cross-check).  Returns the
 * number of differences used (0 if fewer than TICK_DIFFS_MIN came in time). */
static size_t detect_tick(const struct clock_setup *s, uint64_t claimed,
			  uint64_t *tick)
{
	uint64_t d[TICK_DIFFS_MAX];
	size_t m = 0;
	uint32_t rng = 2463534242u;
	uint64_t start = clock_reference_ns(), now_ns = start;
	uint64_t prev = read_setup(s);

	/* 0.3 s; up to four times that while fewer than TICK_DIFFS_WANTED
	 * came (a process that runs now and then on a loaded machine sees a
	 * 4 ms clock step once in 16 ms) */
	while (m < TICK_DIFFS_MAX &&
	       ((now_ns = clock_reference_ns()) - start < TICK_TIME_LIMIT_NS ||
		(m < TICK_DIFFS_WANTED && now_ns - start < 4 * (uint64_t)TICK_TIME_LIMIT_NS))) {
		spin_random(&rng);
		uint64_t now = read_setup(s);
		if (now != prev)
			d[m++] = now - prev;	/* unsigned: wraps correctly */
		prev = now;
	}
	if (m < TICK_DIFFS_MIN)
		return 0;
	struct tick_estimate e;
	tick_estimate_readings(d, m, claimed, &e);
	*tick = e.tick;
	return m;
}

/* Two readings at least `ticks` ticks apart (0 when the clock took longer
 * than MEAN_STEP_WAIT_NS to get there).  The deadline is judged before a
 * read, so that a thread switched out after a read that fell short reads
 * again: a difference too long, which the caller sets aside. */
static uint64_t difference_over(const struct clock_setup *s, uint64_t tick,
				uint64_t ticks)
{
	uint64_t deadline = clock_reference_ns() + MEAN_STEP_WAIT_NS;
	uint64_t a = read_setup(s), b = a;
	while (b - a < ticks * tick) {
		int late = clock_reference_ns() > deadline;
		if ((b = read_setup(s)) - a < ticks * tick && late)
			return 0;
	}
	return b - a;
}

/* The time between two reads in a row, in clock units: the median of
 * MEAN_STEP_PAIRS differences of two reads that the clock stepped
 * between (a difference over a span overshoots it by up to that). */
static double read_interval(const struct clock_setup *s)
{
	double d[MEAN_STEP_PAIRS];
	size_t m = 0;
	uint64_t deadline = clock_reference_ns() + MEAN_STEP_WAIT_NS;
	while (m < MEAN_STEP_PAIRS && clock_reference_ns() < deadline) {
		uint64_t a = read_setup(s), b = read_setup(s);
		if (b != a)
			d[m++] = (double)(b - a);
	}
	return m > 0 ? select_kth(d, m, m / 2) : 0;
}

/*
 * A clock in ns converted from a counter whose period is no whole number
 * of ns (CLOCK_MONOTONIC on a TSC stepping 26 units of 2.596 GHz) steps by
 * 10 ns and now and then 11: its small differences are multiples of 10,
 * but one of 2700 steps is 27042 ns, no multiple.  The mean step, from
 * differences over ever more steps (8, 32, ... 8192 ticks), each stage
 * counting the steps in a difference by the previous stage's mean; 0 when
 * the steps are whole ticks (tick_uneven says not) or the clock is too
 * slow to tell in a few ms.
 */
static double measure_mean_step(const struct clock_setup *s, uint64_t tick)
{
	double step = (double)tick;
	uint64_t last[MEAN_STEP_PAIRS];
	size_t long_ones = 0;
	if (tick < 2)
		return 0;
	/* a difference over a span ends at the first read past it, up to a
	 * read's interval beyond: a core shared with busy processes reads
	 * slower (monotonic-raw's 8-tick differences of 80 ns read 130 to
	 * 160 under two MPI ranks' polling, beyond 1.5 spans, and the mean
	 * step was given up for them as switched out, the header then
	 * claiming even steps of 10 ns in 14 collections of 25).  Past the
	 * span by one read's interval and a tick at most, where reads keep
	 * their pace; twice the median interval lets them slow to twice it
	 * within the measurement, and still counts a difference that holds a
	 * switch-out (thousands of intervals) as one */
	double over = 2 * read_interval(s);
	for (uint64_t span = 8; span <= 8192; span *= 4) {
		double sum_d = 0, sum_k = 0;
		for (int i = 0; i < MEAN_STEP_PAIRS; i++) {
			uint64_t d = difference_over(s, tick, span);
			if (d == 0)
				return 0;
			/* the thread was switched out between the readings: so
			 * many steps that this stage's mean could miscount them */
			if ((double)d > 1.5 * (double)span * step + over) {
				if (++long_ones > 4 * MEAN_STEP_PAIRS)
					return 0;
				i--;
				continue;
			}
			sum_d += (double)d;
			sum_k += (double)(uint64_t)((double)d / step + 0.5);	/* no libm: the static library goes without */
			last[i] = d;
		}
		step = sum_d / sum_k;
	}
	return tick_uneven(step, tick, last, MEAN_STEP_PAIRS) ? step : 0;
}

/* A reading of s paired with a MONOTONIC_RAW reading taken between two reads
 * of s; the best of several tries is the narrowest bracket. */
struct pairing {
	double units;	/* midpoint of the bracket */
	double ns;
	double width;	/* bracket width, units */
};

static struct pairing pair_with_reference(const struct clock_setup *s)
{
	struct pairing best = { 0, 0, -1 };
	for (int i = 0; i < PAIRING_TRIES; i++) {
		uint64_t a = read_setup(s);
		uint64_t r = clock_reference_ns();
		uint64_t b = read_setup(s);
		double w = (double)(b - a);
		if (best.width < 0 || w < best.width) {
			best.units = (double)a + w / 2;
			best.ns = (double)r;
			best.width = w;
		}
	}
	return best;
}

/*
 * ns per unit = (r1 - r0) / (u1 - u0) over UNIT_INTERVAL_NS.  Each pairing
 * is uncertain by half its bracket width (plus the tick) in units and by
 * 1 ns in the reference, so the relative error is at most
 *   (w0/2 + w1/2 + 2 tick) / (u1 - u0) + 2 / (r1 - r0).
 */
static void calibrate_unit_ns(const struct clock_setup *s, uint64_t tick,
			      struct calibration *cal)
{
	struct pairing p0 = pair_with_reference(s);
	struct timespec pause = { 0, UNIT_INTERVAL_NS };
	nanosleep(&pause, NULL);
	struct pairing p1 = pair_with_reference(s);
	double du = p1.units - p0.units, dns = p1.ns - p0.ns;

	cal->unit_ns = dns / du;
	cal->unit_ns_rel_error =
		(p0.width / 2 + p1.width / 2 + 2.0 * (double)tick) / du +
		2.0 / dns;
}

/* As the sampler times: two raw reads back to back, coarsened after. */
static uint64_t measure_overhead(const struct clock_setup *s)
{
	uint64_t best = UINT64_MAX;
	uint32_t cpu;
	for (int i = 0; i < OVERHEAD_PAIRS; i++) {
		uint64_t a = clock_read(s->source, &cpu);
		uint64_t b = clock_read(s->source, &cpu);
		uint64_t d = clock_coarsen(b, s->quantum) -
			     clock_coarsen(a, s->quantum);
		if (d < best)
			best = d;
	}
	return best;
}

/* Mean cost of one read, ns: the fastest of READ_COST_BATCHES batches, so
 * that an interrupt in one batch does not count. */
static double measure_read_ns(const struct clock_setup *s)
{
	double best = -1;
	uint64_t sink = 0;
	uint32_t cpu;
	for (int b = 0; b < READ_COST_BATCHES; b++) {
		uint64_t r0 = clock_reference_ns();
		for (int i = 0; i < READ_COST_READS; i++)
			sink += clock_read(s->source, &cpu);
		uint64_t r1 = clock_reference_ns();
		double per = (double)(r1 - r0) / READ_COST_READS;
		if (best < 0 || per < best)
			best = per;
	}
	__asm__ volatile("" : : "r"(sink));
	return best;
}

/*
 * clock_getres() is a lower bound on the step: a clock cannot step finer
 * than its resolution.  A detected tick that is a multiple of the claim
 * (8 ms steps of a 4 ms clock under load: ticks were skipped) is the claim;
 * one below it means the clock steps finer than it says, or the readings
 * were too few to tell: keep it, and say so (getres_agrees = 0).
 */
static void reconcile_with_claim(struct calibration *cal, uint64_t claimed)
{
	cal->getres_agrees = 1;
	cal->tick_method = "gcd";
	if (claimed <= 1)
		return;
	if (tick_near_multiple(cal->native_tick, claimed)) {
		if (cal->native_tick != claimed)
			cal->tick_method = "gcd, a multiple of clock_getres";
		cal->native_tick = claimed;
		return;
	}
	cal->getres_agrees = 0;
}

int calibrate_clock(const struct clock_source *c, unsigned coarsen_bits,
		    struct clock_setup *setup, struct calibration *cal)
{
	*setup = (struct clock_setup){ c, coarsen_bits, 0 };
	*cal = (struct calibration){ 0 };

	cal->claimed_res_ns = clock_claimed_resolution_ns(c);
	uint64_t claimed = clock_nominal_unit_ns(c) == 1.0 &&
				   cal->claimed_res_ns >= 1.0
			 ? (uint64_t)cal->claimed_res_ns : 0;
	cal->tick_differences = detect_tick(setup, claimed, &cal->native_tick);
	if (cal->tick_differences == 0)
		return -1;
	reconcile_with_claim(cal, claimed);
	cal->tick = cal->native_tick;
	cal->mean_step = measure_mean_step(setup, cal->native_tick);

	/* Units are the same with or without --coarsen; calibrate on the
	 * native readings, which are finer. */
	cal->unit_ns = clock_nominal_unit_ns(c);
	if (cal->unit_ns == 0)
		calibrate_unit_ns(setup, cal->native_tick, cal);

	if (coarsen_bits > 0) {
		if (coarsen_bits >= 64 ||
		    cal->native_tick > (UINT64_MAX >> coarsen_bits))
			return -2;
		setup->quantum = cal->native_tick << coarsen_bits;
		cal->mean_step = 0;	/* coarsened readings step whole */
		cal->tick_differences = detect_tick(setup, setup->quantum,
						    &cal->tick);
		if (cal->tick_differences == 0) {
			cal->tick = setup->quantum;
			cal->tick_method = "native_tick << coarsen";
		}
	}
	cal->overhead = measure_overhead(setup);
	cal->read_ns = measure_read_ns(setup);
	return 0;
}

double calibrate_step(const struct calibration *cal)
{
	return cal->mean_step > 0 ? cal->mean_step : (double)cal->tick;
}

double calibrate_band_tick(const struct calibration *cal)
{
	return tick_band(cal->tick, cal->mean_step);
}

double calibrate_timer_period_ns(void)
{
	struct timespec ts;
	if (clock_getres(CLOCK_MONOTONIC_COARSE, &ts) != 0)
		return 0;
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
