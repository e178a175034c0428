/*
 * interrupts.h - the interruptions of a collection: the part of each
 * run's excess that does not grow with N.
 *
 * A run's excess over the line splits in two (speedstates.h): what the
 * machine's speed at that moment explains, (speed - 1) x m(N) with m(N) the
 * minimum of its N, and the rest, t - speed x m(N), the additive part.
 * Runs whose additive part exceeds the threshold were interrupted: 10 x
 * the larger of the tick and the median additive part of the shortest
 * runs, or for a longer run 8 x the relative jitter of longer runs (the
 * lower quartile of their additive parts over their timings) x its timing
 * if that is more (but at most half the cost of one interruption where
 * every N's smallest timings show a ladder of them); or --threshold.
 * Of those: the cost of one interruption (the median of their additive
 * parts over the runs' own jitter, the median additive part), how many
 * came per second of time spent in runs (the rate at which runs of their
 * lengths would be hit as often, at random times: a run may hold two),
 * and the periodic sources among them (periodic.h), each
 * event placed at the middle of the undisturbed part of its run.
 *
 * Where the events' excess grows with their N's minimum as it would with a
 * speed (in proportion to it, not a cost of its own), they are runs the
 * machine slowed down from one run to the next, too fast for the speed
 * states to see (proportional): not interruptions.  The interruptions are
 * then the runs above twice that slowdown (the relative threshold raised
 * to it), found again.
 *
 * Where the longest runs expect to catch an interruption or more
 * (expected_long >= 1) no minimum escapes them, and the line rises with
 * them: fit/compensate.h takes them out.
 */
#ifndef SUBTICK_INTERRUPTS_H
#define SUBTICK_INTERRUPTS_H

#include <stddef.h>
#include <stdint.h>

#include "periodic.h"
#include "points.h"
#include "reservoir.h"
#include "speedstates.h"
#include "spool.h"

/* The events' excess grows as m^growth, this much faster than the
 * interruptions' would (as longer runs hold more of them): a speed that
 * changed from run to run (an interruption's cost does not grow with the
 * run). */
#define INTERRUPTS_PROPORTIONAL 0.5
/* And at least this in all: a speed's excess grows nearly in proportion
 * (m^0.97 to m^1.01 in every slowed kind of bench section 9), while two
 * sources whose marks lie closer than a long run (20 and 30 us, 33 to
 * 42 us apart: the longer runs hold both) grow as m^0.5 to m^0.58. */
#define INTERRUPTS_SPEED_GROWTH 0.8
/* Below INTERRUPTS_SPEED_GROWTH, or not beyond the interruptions' own by
 * INTERRUPTS_PROPORTIONAL, but from this on and beyond theirs by half
 * that, the events are counted but may be slowed runs in part: a spread
 * in three modes (a quarter of the runs at full speed, 40% 2 to 3%
 * slower, 35% 60 to 90% slower), no interruption in it, grew as m^0.79
 * to m^0.87 (the cheap mode's runs stand above the threshold in the
 * longer runs only; interruptions at the rate found, 2.4 a longest run,
 * as m^0.50), and read as 44,000 a second. */
#define INTERRUPTS_SPEED_GROWTH_NEAR 0.65
/* A periodic source's events slowed in bursts: their lower quartile grows
 * with m at least as m^this (a timer's: m^0; bursts': 0.8 to 1.6, the
 * runs a burst's edge cuts among them); and so all the events' judged
 * slowed (growth_q), or said to grow nearly so. */
#define INTERRUPTS_QUARTILE_GROWTH 0.5
/* A periodic source's events whose excess grows from this to
 * INTERRUPTS_SPEED_GROWTH_MAX (in proportion to the run, as a speed's) are
 * runs slowed in bursts at its period (beyond, a cost that grows faster
 * than the run is no speed's: its thirds hold costs of two kinds). */
#define INTERRUPTS_SPEED_GROWTH_MAX 1.25
/* A growth is judged where the thirds' minima lie this far apart (their
 * medians), or INTERRUPTS_GROWTH_SPAN_MANY where each third holds
 * INTERRUPTS_GROWTH_MANY events: a runs' spread in two modes (a quarter of
 * the runs at full speed, the rest 19 to 27% slower) read on a tick of
 * 1000 units, 10 ticks above the shortest runs, stood above the threshold
 * in the longer half of N only, its thirds 1.84 times apart: its growth
 * not judged, its slowed runs were counted as 14,000 to 25,000
 * interruptions a second, all of one cost (10 ticks); their growth, m^1.02,
 * is a speed's. */
#define INTERRUPTS_GROWTH_SPAN 2.0
#define INTERRUPTS_GROWTH_SPAN_MANY 1.5
#define INTERRUPTS_GROWTH_MANY 200
/* Nearer than that, but this far apart at least, a growth like a speed's
 * is said, not judged (growth_span): nearer still, a few percent between
 * two thirds' means read as m^0.8. */
#define INTERRUPTS_NARROW_SPAN 1.2
/* Runs above the threshold are the tail of a spread of the runs (a
 * jitter in proportion to their length, half-normal, crosses a threshold
 * at 2.5 sigma at 1% of the runs), not interruptions, where they are no
 * more than this share of the runs within half of it below (a density
 * falling off across it, not a second mode), and those beyond twice it
 * fall off from them at least as fast. */
#define INTERRUPTS_TAIL_FALL 0.5
/* ... and no more than this share of those up to twice it stand beyond
 * (an exponential spread's tail there: 0.11): interruptions apart from
 * the spread stand beyond in numbers. */
#define INTERRUPTS_TAIL_CLEAR 0.25
#define INTERRUPTS_TAIL_DOUBLINGS 4
/* Where more stand beyond, but they hit runs of every length alike (their
 * share grows as m^g, |g| at most this), they may be a heavy tail of the
 * spread (as a speed that wanders within a window gives), or
 * interruptions of many costs (the cheaper drop out of the longer runs as
 * fast as those hold more): the runs cannot tell which.  They are
 * counted, and what they would be as the spread's is said beside. */
#define INTERRUPTS_TAIL_ALIKE 0.5
/* ... said only where the count were they the spread's is below this
 * share of the count (else the count stands either way). */
#define INTERRUPTS_HEAVY_APART 0.9
/* Where too few stand beyond to judge how they hit runs, beside periodic
 * sources: no more than this share of those up to twice it (a half-normal
 * spread's tail there: none to speak of). */
#define INTERRUPTS_TAIL_NONE 0.02

/* Where the runs counted were not judged a tail (they stand apart from
 * the spread beyond twice the threshold), but those up to twice it, at
 * the N whose threshold is a share of the run, are at least this share of
 * those N's runs (a spread's tail above the threshold, 8 x its lower
 * quartile: 1.1% of a half-normal's runs, 10% of an exponential's) ... */
#define INTERRUPTS_NEAR_SHARE 0.005
/* ... and at least this share of the runs counted, and hit runs of every
 * length alike (INTERRUPTS_TAIL_ALIKE), as a spread's tail does and
 * interruptions of one cost do not (a longer run holds more, or, where
 * its threshold hides them, fewer), the count mixes the two: it may be
 * too high (the tail's runs counted: 300 a second of 5 us in an
 * exponential spread of 0.8% had read 996) or too low (interruptions the
 * longer runs' spread hides: 550 a second had read 400), and is said so. */
#define INTERRUPTS_NEAR_COUNTED 0.2

/* The events of the shorter runs against the longest third's (short_*):
 * the N below that third and up to this share of its mean minimum; said
 * to grow too fast where they hold less than INTERRUPTS_SHORT_SEEN of
 * what interruptions would leave there at least, and so few would come
 * by chance less than once in 1 / INTERRUPTS_SHORT_P.  A spread of the
 * machine's speed in two modes, 19 to 27% slower, read on a tick of 2000
 * units (the threshold 10 ticks, the runs to 56): none of its runs above
 * the threshold lay in those N, where interruptions would have left 3162
 * at least, and 3859 a second had been counted with no word. */
#define INTERRUPTS_SHORT_REACH 0.6
#define INTERRUPTS_SHORT_SEEN 0.5
#define INTERRUPTS_SHORT_P 1e-4

/* A band of runs apart above the longer runs' spread (their |additive
 * part| over their timing), hidden below 8 x its lower quartile: where
 * the runs, in bins from the spread's upper quartile up (or, where none
 * rises there, from its median: a band that holds the upper quartile),
 * rise again to this many times the fewest of a bin before (plus one), to this many
 * runs in three bins at least, and hold this share of them above that
 * valley, the relative threshold is the valley.  A spread that runs to
 * a sharp edge (a host's speed that varies by a fifth from run to run)
 * has a lower quartile far from zero, and 8 x it had stood above a band of
 * 5.7% of the runs interrupted for 48 us, at 35% to 75% of a run's
 * timing over a spread to 28%: "none" was reported. */
#define INTERRUPTS_BAND_RISE 4
#define INTERRUPTS_BAND_MIN 24
#define INTERRUPTS_BAND_SHARE 0.003
/* ... where what stands of the band above the spread's median share of
 * a run grows with the run's timing as t^g, g below this (0: a cost of
 * its own; 1: runs slowed as a whole, as bursts of a slower machine or a
 * few runs that another thread slowed, are: no interruptions), over
 * timings this far apart at least (else it cannot be told: no band). */
#define INTERRUPTS_BAND_GROWTH 0.5
#define INTERRUPTS_BAND_SPAN 1.3
/* Bins up to this many times as wide where the finest show no band: 300
 * a second of 37 us, 2% of the runs, spread over a band 16 times as wide
 * as the spread's interquartile range, rose to no 24 runs in three bins
 * of an eighth of it. */
#define INTERRUPTS_BAND_WIDER 8

struct interrupt_config {
	const struct point_set *points;		/* sorted, the minima */
	const struct speed_states *speed;	/* judged or not */
	double on_line_width;	/* the tick, or the on-line width */
	double threshold;	/* of the additive part; 0: derive */
	double unit_ns;		/* 0: unknown */
	int one_clock;		/* the start times lie on one clock (one
				 * collection): periods are searched; pooled
				 * files' are not (their offsets are made up) */
};

/* A tail that may be the spread's or interruptions' (INTERRUPTS_TAIL_ALIKE):
 * were it the spread's, the runs of it, and the interruptions left above
 * the threshold raised over it (doubled while it holds,
 * INTERRUPTS_TAIL_DOUBLINGS times at most). */
struct heavy_tail {
	uint64_t runs;		/* 0: no such tail */
	uint64_t events;	/* runs left above the threshold */
	double per_s;		/* as interrupts' */
	double threshold_relative;
};

struct interrupts {
	double threshold;	/* clock units */
	int threshold_given;
	double threshold_relative;	/* and times the run's timing, for
					 * longer runs (their jitter grows) */
	double spread_relative;	/* where a band lay apart above the
				 * spread (INTERRUPTS_BAND_RISE): the relative
				 * threshold the spread gave, above the band;
				 * threshold_relative is then the valley
				 * below it.  0: no band */
	double band_growth;	/* then: how the band grew with the run
				 * (INTERRUPTS_BAND_GROWTH) */
	double threshold_cap;	/* but no more than this (half the rung of
				 * a ladder of interruptions); 0: none */
	double baseline;	/* median additive part: the runs' jitter */
	double jitter;		/* median |additive part| of the shortest runs */
	double run_spread, run_spread_hi;	/* |additive part| / t of the
						 * runs of the upper half of N:
						 * median and 90% (NAN: none) */
	uint64_t samples;
	uint64_t events;	/* runs above the threshold */
	uint64_t tail[4];	/* runs above a quarter of the threshold,
				 * up to half; on up to it; above it, up to
				 * twice; above twice (the last two: those
				 * no periodic source's mark holds) */
	uint64_t count;		/* interruptions in them: rate x in_runs */
	double rate;		/* per clock unit, Poisson: the rate at which
				 * the runs, of their lengths, would be hit as
				 * often as they were (a run may hold two) */
	int saturated;		/* nearly every run was hit: no rate */
	double random_rate;	/* per clock unit: of the interruptions of no
				 * regular periodic source */
	double in_runs;		/* time inside runs, clock units */
	double run_seconds;	/* the same in s; 0 unknown */
	double per_s;		/* count / run_seconds; 0 unknown */
	double cost, cost_lo, cost_hi;	/* median, 25%, 75%, clock units */
	double growth;		/* how the events' excess (as first judged)
				 * grows with their N's minimum m: as
				 * m^growth from the shortest third of them
				 * to the longest (0: a fixed cost; 1: in
				 * proportion, a speed); NAN: not judged */
	double sources_growth;	/* the same of the events a periodic
				 * source's marks hold, where judged (NAN:
				 * not; growth_of's sources_growth): a
				 * speed's from INTERRUPTS_SPEED_GROWTH to
				 * INTERRUPTS_SPEED_GROWTH_MAX, its events'
				 * lower quartile growing too (bursts of a
				 * slower machine at a period) */
	size_t burst_source;	/* then: its index among the periodic
				 * sources as first judged, and the longest
				 * third of its events' excess over m, median
				 * and 75% (slower and slower_hi, of all the
				 * events, set the threshold raised) */
	double burst_slower, burst_slower_hi;
	double growth_span;	/* growth NAN though each third held 20
				 * events, their minima too near to judge
				 * it, yet their costs grew nearly as a
				 * speed's would, their lower quartiles too
				 * (growth_of): how far apart the minima
				 * were (the longest third's median over
				 * the shortest's); else 0 */
	double narrow_growth;	/* then: that growth of their costs */
	double growth_q;	/* the same of the thirds' lower quartiles of
				 * cost (NAN: not known): a speed's grow
				 * too, a cheap source's beside a costly one
				 * do not (growth_of) */
	double growth_hits;	/* the exponent interruptions would show, as
				 * longer runs hold more of them */
	double slower, slower_hi;	/* the longest third's excess over m:
					 * median and 75% (the interruptions
					 * among them lie above it) */
	int proportional;	/* growth beyond INTERRUPTS_PROPORTIONAL
				 * more than the interruptions', growth_q
				 * m^0.5 at least (not
				 * saturated, no --threshold given): the
				 * events were mostly runs the
				 * machine slowed down, not interruptions; the
				 * interruptions are then judged again above
				 * 2 x slower_hi of a run's timing */
	uint64_t slowed;	/* then: runs slowed, not interrupted */
	double growth_again;	/* then: the growth of the events left */
	int still_slowed;	/* and those grow as a speed's too (slowdowns
				 * of more than one size): they may be slowed
				 * runs, not interruptions */
	double slowed_period;	/* and the period they came at (as the
				 * periodic sources'), 0: none found */
	uint64_t spread_tail;	/* runs above the threshold at first that
				 * were the tail of the runs' own spread
				 * (their count fell off from the runs within
				 * half of it below to those up to twice it,
				 * to INTERRUPTS_TAIL_FALL at most, and on to
				 * those beyond at least as fast): the
				 * interruptions are then judged again above
				 * twice the relative threshold, as often as
				 * that holds.  0: they were not */
	int tail_doublings;	/* how often the threshold was doubled */
	double tail_growth;	/* how the share of runs beyond twice the
				 * threshold (no source's) grows with the
				 * runs' length, where the threshold is a
				 * share of it: as m^tail_growth from the
				 * shortest third of those N to the longest;
				 * NAN: not judged.  About 0 for a spread in
				 * proportion to the runs (it crosses a share
				 * of any run alike); about 1 for
				 * interruptions (a longer run holds more),
				 * and far below 0 for those a longer run's
				 * threshold leaves out */
	int tail_lengths_alike;	/* tail_growth is NAN because the N whose
				 * threshold is a share of the run are fewer
				 * than 6, or their thirds' minima less than
				 * twice apart (not because too few runs
				 * stand beyond twice it) */
	int tail_falls_on;	/* the runs above the threshold (no source's)
				 * fall off octave by octave of their excess
				 * over it, and some stand beyond twice it */
	double near_runs;	/* the runs above the threshold up to twice
				 * it (no source's) at the N where the
				 * threshold is a share of the run ... */
	double near_share;	/* ... their share of those N's runs (NAN:
				 * no such N) ... */
	double near_growth;	/* ... and how it grows with m, as
				 * tail_growth (NAN: not judged) */
	double short_expected;	/* the events that the N below the longest
				 * third (by minimum) and up to
				 * INTERRUPTS_SHORT_REACH of its mean
				 * minimum hold at least, were they
				 * interruptions whose cost does not depend
				 * on the run (a run half as long is hit
				 * half as often at least, whatever their
				 * rate), from the longest third's share;
				 * in events kept (the reservoir's sample);
				 * NAN: not judged (no such N, or no event
				 * in the longest third) ... */
	double short_seen;	/* ... those they hold ... */
	double short_p;		/* ... and how likely so few are, were they
				 * interruptions: far fewer, and unlikely,
				 * and the events grow with the run faster
				 * than single interruptions can, as runs
				 * the machine slowed that cross the
				 * threshold only in the longer runs do, or
				 * runs that only two interruptions or
				 * more, each below it, lift above it, or
				 * interruptions just below it that only
				 * the longer runs' own spread lifts */
	int mixed_tail;		/* the runs counted mix interruptions and
				 * the spread's tail (INTERRUPTS_NEAR_COUNTED):
				 * the count may be too high or too low */
	struct heavy_tail heavy;	/* runs 0: none */
	double longest_run;	/* the largest minimum of an N, clock units */
	double expected_long;	/* interruptions expected in the longest run */
	int have_at;
	int periods_unsearched;	/* start times, but not on one clock */
	double span;		/* from the first run's start to the last run's
				 * end, in the events' unit; 0 without starts */
	struct periodic_sources periodic;	/* times in ns, or clock units
						 * without unit_ns */
};

/* A run as the first look keeps it: its additive part is known only once
 * the speed states are (interrupts_find). */
struct interrupt_run {
	uint64_t i;	/* its number, in spool order */
	double t;
	uint64_t at;
	size_t pi;	/* its point's index */
};

struct interrupt_lengths;

/* The first look at every run (their time, lengths, span, and uniform
 * samples of them: for the baseline, the threshold and the periodic
 * search's null model), taken a batch of records at a time: a part of a
 * pass over the samples that others share (analysis_pass: pass.h), before the
 * speed states are known.  Its sums between batches. */
struct interrupt_scan {
	const struct interrupt_config *c;
	struct reservoir add, rel, mid;	/* of struct interrupt_run */
	struct interrupt_lengths *len;
	struct period_memo memo;	/* the periodic searches made, at each
					 * threshold the events are judged above */
	double in_runs, span;
	uint64_t i, at0;
	int have_at;
};

/* Returns 0, or -1 when out of memory (then k holds nothing to free). */
int interrupts_begin(struct interrupt_scan *k, const struct interrupt_config *c);
void interrupts_take(struct interrupt_scan *k, const struct spool_record *r, size_t n);
void interrupts_scan_free(struct interrupt_scan *k);

/* From the first look at every run (k, which it consumes), and then one
 * pass over the spool (bound to c->points: spool.h) or more: the
 * interruptions.  c->speed is then known.  Returns 0, or -1 when the
 * samples cannot be read back or memory runs out. */
int interrupts_find(struct spool *sp, const struct interrupt_config *c,
		    struct interrupt_scan *k, struct interrupts *out);

/* The additive part of run number i (spool order); inline, as
 * speed_of_run. */
static inline double interrupts_additive(const struct interrupt_config *c, uint64_t i,
					 const struct spool_record *r)
{
	size_t k = r->i;
	double m = k < c->points->count ? c->points->p[k].min : r->t;
	return r->t - speed_of_run(c->speed, i, r->t, m, 2 * c->on_line_width) * m;
}

/* The slowdown said of the runs judged slowed (proportional): median
 * (hi 0) or 75% (hi 1) of the longest runs' excess over m, of a burst
 * source's events where its marks told them (sources_growth), else of
 * all the events. */
static inline double interrupts_slower(const struct interrupts *o, int hi)
{
	if (o->sources_growth == o->sources_growth)	/* not NAN */
		return hi ? o->burst_slower_hi : o->burst_slower;
	return hi ? o->slower_hi : o->slower;
}

/* 1 if run number i was interrupted (its additive part above its
 * threshold). */
int interrupts_hit(const struct interrupt_config *c, const struct interrupts *o,
		   uint64_t i, const struct spool_record *r);

/* The largest additive excess the threshold's share of a run's timing
 * hides in a run of minimum m: an excess a passes the share r of the
 * timing m + a where a > r m / (1 - r) (INFINITY from r = 1 on), up to
 * the cap; 0 without a share. */
double interrupts_share_hides(const struct interrupts *o, double m);

#endif /* SUBTICK_INTERRUPTS_H */
