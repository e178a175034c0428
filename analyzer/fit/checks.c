/*
 * checks.c - one-line warnings when the data cannot support the fit.
 */
#include "checks.h"
#include "linearity.h"

/* A cost in turn beyond this factor of the cost alone, either way, is
 * warned of (collect measures it; FORMAT.md, in_turn_vs_alone). */
#define IN_TURN_TOLERANCE 1.05

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void warn(struct analysis *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct analysis *a, const char *fmt, ...)
{
	if (a->warnings == ANALYSIS_WARNINGS_MAX) {	/* one too many: the last place says so */
		snprintf(a->warning[ANALYSIS_WARNINGS_MAX - 1], sizeof a->warning[0],
			 "more warnings than analyze holds (%d): the rest were left out; report this input",
			 ANALYSIS_WARNINGS_MAX);
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	char *w = a->warning[a->warnings++];
	int len = vsnprintf(w, sizeof a->warning[0], fmt, ap);
	va_end(ap);
	if (len >= (int)sizeof a->warning[0])	/* cut short: say so */
		memcpy(w + sizeof a->warning[0] - 4, "...", 4);
}

/* How many interruptions a step up of the minima is, where a periodic
 * source fires in every run and saturates them (the compensation was
 * made): a whole number k, at most the marks the longest run holds, of
 * its cost as a minimum holds it (from half its median, the cheapest of
 * many runs', to a quarter above); 0 if not such a step.  A random
 * source makes no staircase: a step beside one is the cost's. */
static int saturation_step(const struct analysis *a, double step)
{
	const struct interrupts *q = &a->diag.irq;
	if (!a->diag.comp.done || !(step > 0))
		return 0;
	double scale = a->unit_ns > 0 ? a->unit_ns : 1;
	for (size_t j = 0; j < q->periodic.count; j++) {
		const struct periodic_source *s = &q->periodic.s[j];
		if (!s->regular || !(s->cost > 0) || !(s->period > 0))
			continue;
		double marks = floor(q->longest_run * scale / s->period) + 1;
		for (double k = 1; k <= marks && k <= 100; k++)
			if (step >= 0.5 * k * s->cost && step <= 1.25 * k * s->cost)
				return (int)k;
	}
	return 0;
}

/*
 * Nonlinearity anywhere in N (linearity.h): a bend between two segments of
 * the N, or a step between neighbours.  (Comparing the lowest and the
 * highest third alone let a step in the middle pass.)
 */
static void check_linear(struct analysis *a)
{
	struct linearity L;
	struct linearity_fit fit = { a->fit.slope, a->iv.slope[0], a->iv.slope[1] };
	if (linearity_check(&a->points, a->tick, &fit, &L) != 0)
		return;
	if (L.kind == LINEARITY_BEND)
		warn(a, "nonlinear: the minima curve away from a line: unit cost %.6g over N = %llu..%llu, %.6g over N = %llu..%llu (%+.2g%%), beyond their bands: the cost is not linear in N (a cache level, a protocol switch?); fit each range apart",
		     L.slope_a, (unsigned long long)L.a_from, (unsigned long long)L.a_to,
		     L.slope_b, (unsigned long long)L.b_from, (unsigned long long)L.b_to,
		     100 * (L.slope_b - L.slope_a) / fabs(L.slope_a != 0 ? L.slope_a : 1));
	else if (L.kind == LINEARITY_STEP && saturation_step(a, L.step) > 0)
		/* the staircase of a saturating source: its runs hold one more
		 * interruption past each multiple of its period (a 1 ms timer
		 * of 20 us over runs to 2.4 ms had been called nonlinear
		 * beside the saturated warning that explains it) */
		warn(a, "step: the minima step up by %.4g units between N = %llu and N = %llu, %d interruption%s cost (%.4g each): where the runs grow past a multiple of a source's period, each holds one more (see saturated); not a cost that is not linear in N, which the compensated unit cost takes out",
		     L.step, (unsigned long long)L.step_before, (unsigned long long)L.step_after,
		     saturation_step(a, L.step), saturation_step(a, L.step) > 1 ? "s'" : "'s",
		     a->diag.irq.cost);
	else if (L.kind == LINEARITY_STEP)
		warn(a, "nonlinear: the minima step %s by %.4g units between N = %llu and N = %llu, beyond their scatter: the cost is not linear in N (a protocol switch, a cache level?); fit each range apart",
		     L.step > 0 ? "up" : "down", fabs(L.step),
		     (unsigned long long)L.step_before, (unsigned long long)L.step_after);
	else if (L.kind == LINEARITY_POINT &&
		 (!(a->iv.slope[0] <= L.slope_without && L.slope_without <= a->iv.slope[1]) ||
		  fabs(L.slope_without / a->fit.slope - 1) > 0.01))
		/* (one whose line without it lies within the bounds and the
		 * unit cost's 1% changes nothing they do not hold: geometric
		 * N, whose largest sit above a scatter taken mostly from the
		 * small ones, rest on such an N by chance) */
	{
		if (L.points_below > 1)
			warn(a, "nonlinear: the line rests on %zu N whose minima lie below the line through the other N, beyond their scatter (N = %llu by %.4g units, %.2g%%, the most): their cost is not on that line (cheaper N, faster moments?), and the unit cost leans on them (%.6g without them); fit without them, or time more N beside them",
			     L.points_below, (unsigned long long)L.point_n, L.point_depth,
			     100 * L.point_depth / (L.point_line != 0 ? fabs(L.point_line) : 1),
			     L.slope_without);
		else
			warn(a, "nonlinear: the line rests on N = %llu, whose minimum lies %.4g units (%.2g%%) below the line through the other N, beyond their scatter: its cost is not on their line (a cheaper N, a faster moment?), and the unit cost leans on that one N (%.6g without it); fit without it, or time more N beside it",
			     (unsigned long long)L.point_n, L.point_depth,
			     100 * L.point_depth / (L.point_line != 0 ? fabs(L.point_line) : 1),
			     L.slope_without);
	}
	if (a->iv.intercept[1] < 0 && a->diag.comp.done)
		warn(a, "the overhead's whole interval lies below zero: the longer runs' minima hold interruptions the shorter ones escape (see saturated), which tilts the line up and its overhead down, or the cost is not linear in N (see the compensated unit cost and its bounds)");
	else if (a->iv.intercept[1] < 0)
		warn(a, "the overhead's whole interval lies below zero: the cost is not linear in N, or small N cost more per unit than large N");
}

/* Order: each N's runs together, one N after another, with no start times
 * (a parameter scan of another tool, once or a few times over): a machine
 * that slowed by 0.2% over the collection tilted the line as a cost would,
 * and the bounds missed the truth 5 times in 5, with nothing to tell (no
 * fifths in time, no speed windows).  Told by the samples' blocks of one
 * N in a row: 2 samples or more each, on average (collect's sweeps shuffle
 * the N, and their blocks hold 1). */
static void check_order(struct analysis *a)
{
	if (a->start_times || a->points.count < 3 || a->runs_median < 2 || a->n_blocks == 0 ||
	    a->points.samples < 2 * a->n_blocks)
		return;
	warn(a, "order: each N's runs come together in the stream, one N after another, and it does not say when each started: a machine whose speed changed meanwhile would tilt or bend the line as a cost would, unseen; time the N in shuffled sweeps (as collect does) or record when each run started");
}

/* Drift: the fifths of the collection disagree beyond their bands.  Not
 * where every long run is interrupted and the speed held: the fifths'
 * minima then differ by the interruptions their runs could not escape. */
static void check_drift(struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	if (a->nfifths != BLOCKS_FIFTHS ||
	    (d->comp.done && d->speed.judged && d->speed.count == 1))
		return;
	int lo, hi;
	if (fifths_drift(a->fifths, &lo, &hi))
		warn(a, "drift: the unit cost changed during the collection: %.6g in fifth %d, %.6g in fifth %d (%+.2f%%), beyond their bands; the machine's speed changed, and the line and its bounds describe its fastest stretches",
		     a->fifths[lo].slope, lo + 1, a->fifths[hi].slope, hi + 1,
		     100 * (a->fifths[hi].slope / a->fifths[lo].slope - 1));
}

/* Speed: a state other than the fastest held 5% of the time or more, or
 * the minima come from moments faster than any stretch the machine held:
 * the line is the fastest moments' cost, not the machine's usual one. */
/* Runs the machine slowed from one run to the next (interrupts.h): said
 * with or without speed states. */
static void check_slowed(struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	const struct interrupts *q = &a->diag.irq;
	char windows[64] = "";
	if (!q->proportional)
		return;
	if (ss->judged)
		snprintf(windows, sizeof windows, ", faster than its windows of %zu runs follow",
			 ss->runs_per_window);
	/* judged by all the events, or by those at periodic marks */
	int marks = !isnan(q->sources_growth);
	warn(a, "speed: the machine's speed changed from run to run%s: %.3g%% of the runs ran slower in proportion to their length, by %.3g%% (median of the longest; three quarters within %.3g%%); they are not counted as interruptions (their excess grows as m^%.2f%s, an interruption's would not); the unit cost is that of the fastest runs",
	     windows, 100.0 * (double)q->slowed / (double)q->samples,
	     100 * interrupts_slower(q, 0), 100 * interrupts_slower(q, 1),
	     marks ? q->sources_growth : q->growth,
	     marks ? " at the periodic marks they came at" : "");
	if (q->still_slowed && q->events > 0)
		warn(a, "interruptions?: the %llu runs still above the threshold beside the slowed runs grow with their minimum too, as m^%.2f, as slowed runs do (slowdowns of more than one size?): their count, rate and cost may be those of slowed runs, not of interruptions",
		     (unsigned long long)q->events, q->growth_again);
}

/* The runs above the threshold lie in runs too near in length to tell a
 * fixed cost from a slower machine, their costs growing as a speed's
 * (interrupts.h: growth_span): counted as interruptions, which they may
 * not be.  (Not where the threshold rose over the spread's tail: the
 * growth was of the runs before, the tail among them.) */
static int growth_unjudged(const struct interrupts *q)
{
	return q->growth_span > 0 && !q->proportional && !q->threshold_given && q->events > 0 &&
	       q->spread_tail == 0;
}

static void check_growth_unjudged(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	if (!growth_unjudged(q))
		return;
	warn(a, "interruptions?: the %llu runs above the threshold grew with their minimum as m^%.2f, as runs a machine slowed do, but they lie in runs too near in length to tell (their longest third's minima %.3g times their shortest third's): their count, rate and cost may be those of runs slowed from run to run, not of interruptions; time a wider range of N, or read a finer clock",
	     (unsigned long long)q->events, q->narrow_growth, q->growth_span);
}

/* The runs counted grew with their minimum nearly as a speed's do
 * (interrupts.h: INTERRUPTS_SPEED_GROWTH_NEAR), their lower quartiles
 * too: counted, and said (as check_growth_unjudged, not over a tail). */
static int growth_near(const struct interrupts *q)
{
	return !q->proportional && !q->threshold_given && !q->saturated && q->events > 0 &&
	       q->spread_tail == 0 && q->growth >= INTERRUPTS_SPEED_GROWTH_NEAR &&
	       q->growth >= q->growth_hits + INTERRUPTS_PROPORTIONAL / 2 &&
	       q->growth_q >= INTERRUPTS_QUARTILE_GROWTH;
}

static void check_growth_near(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	if (!growth_near(q))
		return;
	warn(a, "interruptions?: the %llu runs above the threshold grew with their minimum as m^%.2f, nearly as runs a machine slowed do (an interruption's cost does not grow with the run, and more of them in longer runs give m^%.2f; slowed runs are judged from m^%.2f): some may be slowed runs of more than one size, and the count, rate and cost theirs (see the speed)",
	     (unsigned long long)q->events, q->growth, q->growth_hits,
	     fmax(INTERRUPTS_SPEED_GROWTH, q->growth_hits + INTERRUPTS_PROPORTIONAL));
}

/* The shorter runs hold far fewer of the events than interruptions
 * would leave them (interrupts.h: short_expected), too few to be chance:
 * the events grow with the run faster than interruptions can.  Said
 * where neither growth warning says it already. */
static void check_short_runs(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	if (q->proportional || q->threshold_given || q->saturated || q->events == 0 ||
	    q->count == 0 || !(q->short_seen < INTERRUPTS_SHORT_SEEN * q->short_expected) ||
	    !(q->short_p < INTERRUPTS_SHORT_P) || growth_unjudged(q) || growth_near(q))
		return;
	warn(a, "interruptions?: the runs above the threshold come in the longer runs only: the shorter ones (up to %.2g of the longest third's length) hold %.0f%% of what interruptions would leave there at least (a run half as long is hit half as often at least, whatever their rate, where their cost does not depend on the run); they may be runs a machine slowed that cross the threshold in the longer runs only (a speed that varies from run to run: see the run-to-run spread), runs that two or more interruptions below the threshold lift above it, or interruptions just below it that the longer runs' own spread lifts (then too few are counted)",
	     INTERRUPTS_SHORT_REACH, 100 * q->short_seen / q->short_expected);
}

/* A tail above the threshold that may be the runs' own spread or
 * interruptions (interrupts.h: heavy_tail): counted, and the count were it
 * the spread's said beside. */
static void check_heavy_tail(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	if (q->heavy.runs == 0)
		return;
	const char *why = isnan(q->tail_growth)
		? "it falls off from the runs below the threshold, and how it hits runs of each length, which might tell it from interruptions, is not judged: the N whose threshold is a share of the run are too few or too alike in length"
		: "it hits runs of every length alike, as interruptions of many costs do too";
	if (q->run_seconds > 0)
		warn(a, "interruptions?: %.4g per second counted, but %llu of the runs above the threshold may be the tail of the runs' own spread (%s); were they, %.4g per second (see what disturbed the timings; collect --trace sees every gap)",
		     q->per_s, (unsigned long long)q->heavy.runs, why, q->heavy.per_s);
	else
		warn(a, "interruptions?: %llu runs counted as interrupted, but %llu of them may be the tail of the runs' own spread (%s); were they, %llu runs (see what disturbed the timings)",
		     (unsigned long long)q->events, (unsigned long long)q->heavy.runs, why,
		     (unsigned long long)q->heavy.events);
}

/* The runs counted mix interruptions and the tail of the runs' own spread
 * (interrupts.h: mixed_tail): the count may be off either way. */
static void check_mixed_tail(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	char counted[64];
	if (!q->mixed_tail)
		return;
	if (q->run_seconds > 0)
		snprintf(counted, sizeof counted, "%.4g per second counted", q->per_s);
	else
		snprintf(counted, sizeof counted, "%llu runs counted as interrupted",
			 (unsigned long long)q->events);
	warn(a, "interruptions?: %s, but %.0f of those runs lie within twice the threshold and hit runs of every length alike, as the tail of the runs' own spread does: the count mixes the two, and may be too high (the tail's runs counted) or too low (interruptions the longer runs' spread hides) (see what disturbed the timings; collect --trace sees every gap)",
	     counted, q->near_runs);
}

/* A band found above the runs' spread (interrupts.h: spread_relative)
 * whose cheaper quarter costs within twice the spread's width at the
 * longest runs (the valley's share of them): there, the interruptions of
 * the runs the spread left fastest stay below the valley, and those seen
 * stand on the slower ones (1000 a second of 5 to 12 us over a spread in
 * two modes to 27% read 15 to 22% low, their cost up to half again; of
 * costs spread by 0.7 around 30 us, or 8 us beside 37 us, 10 to 18% low). */
static void check_band(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	double width = q->threshold_relative * q->longest_run;
	if (q->threshold_given || !(q->spread_relative > 0) || !(q->cost_lo < 2 * width))
		return;
	warn(a, "interruptions?: %.4g %s counted above the valley below a band of runs apart above the runs' own spread, but a quarter of them cost less than twice the spread's width at the longest runs (%.3g%% of a run): the interruptions of the runs the spread left fastest hide in it there, and those seen stand on slower ones, so the count may be low and the cost high (see what disturbed the timings; collect --trace sees every gap)",
	     q->run_seconds > 0 ? q->per_s : (double)q->events,
	     q->run_seconds > 0 ? "per second" : "runs", 100 * q->threshold_relative);
}

static void check_speed(struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	check_slowed(a);
	check_growth_unjudged(a);
	check_growth_near(a);
	check_short_runs(a);
	check_heavy_tail(a);
	check_mixed_tail(a);
	check_band(a);
	if (!ss->judged)
		return;
	double slow = 0, share = 0;
	for (size_t i = 1; i < ss->count; i++)
		if (ss->s[i].share >= SPEED_SHARE_MIN && ss->s[i].share > share)
			slow = ss->s[i].factor, share = ss->s[i].share;
	if (share > 0)
		warn(a, "speed: the machine ran %.3g times slower for %.3g%% of the collection's time (%zu speeds in all; see what disturbed the timings): the unit cost is the fastest state's, held %.3g%% of the time; the usual one is up to %.3g times it",
		     slow, 100 * share, ss->count, 100 * ss->s[0].share, ss->s[ss->count - 1].factor);
	if (ss->line_factor < 1 / (1 + SPEED_STATE_WIDTH))
		warn(a, "speed: the line rests on moments %.3g%% faster than any stretch the machine held (its fastest state, %.3g%% of the time): the unit cost is that of those moments",
		     100 * (1 / ss->line_factor - 1), 100 * ss->s[0].share);
}

/* Saturated: the longest runs expect an interruption or more, so their
 * minima hold some, and the line rises with them.  Where even the
 * shortest runs scatter by 3% of their time, no threshold tells an
 * interruption from their scatter: every run may be interrupted. */
static void check_saturated(struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	double shortest = a->points.p[0].min;
	double jitter = d->irq.jitter;
	if (!d->irq.threshold_given && shortest > 0 && jitter > a->on_line_width &&
	    jitter > 0.03 * shortest)
		warn(a, "saturated? even the shortest runs (N = %llu) scatter by %.3g%% of their time: interruptions of less than %.4g units are not told apart from it, and may be in every run; time shorter runs, or see what the CPU does with collect --trace",
		     (unsigned long long)a->points.p[0].n, 100 * jitter / shortest,
		     d->irq.threshold);
	if (!d->comp.done && d->irq.expected_long >= 1) {
		warn(a, "saturated? the longest runs expect %.3g interruptions each: at random times some of their runs escape them, but a periodic source (a timer) shorter than the runs leaves none, and then the line rises with it, unseen; see what the CPU does with collect --trace, or time shorter runs",
		     d->irq.expected_long);
		return;
	}
	if (!d->comp.done)
		return;
	const struct point *last = &a->points.p[a->points.count - 1];
	warn(a, "saturated: the longest runs expect %.3g interruptions each, so no run of theirs escapes them, and their minima hold some (the longest N's about %.3g, %.3g%% of its time): the line may rise with them; the compensated unit cost (%.6g) takes them out",
	     d->irq.expected_long, d->comp.held_longest,
	     100 * d->comp.held_longest * d->irq.cost / last->min, d->comp.slope);
}

/* Blind: the threshold's share of a run's timing (share_source) hides
 * even the shortest runs' interruptions below a cost well above the fixed
 * threshold the report names.  An excess a of a run of minimum m, its
 * timing m + a, passes a share r of that timing where a > r m / (1 - r):
 * from r = 1 on, never (an excess is less than its timing), and "none" is
 * then no finding.  A spread in two modes (a quarter of the runs at full
 * speed, the rest 19 to 27% slower) set r to 133%, and 12000 interruptions
 * a second of 37 us, in a third of the longer runs (no band apart), read
 * as none.  Said where the cost hidden is the longest run's minimum or
 * more (an interruption is then seen nowhere unless it costs more than
 * any run undisturbed), and BLIND_FACTOR times the fixed threshold: runs
 * slowed by 60% in bursts raise the share to 54.6%, and hide
 * interruptions below 360 ns beside a 30 us timer counted right, where
 * runs reach 54 us; this project's count-tsc example, at 47.1%, below 304
 * ns, where its runs reach 12.5 us.  A spread of 30% in the longer half of
 * N only (runs of 49 to 74 us) set the share to 60.6%, and hid a 1 ms
 * source of 20 us below 42 us: 12 a second were counted of 1000. */
#define BLIND_FACTOR 2

/* Where the threshold's share of a run's timing came from. */
static const char *share_source(const struct interrupts *q)
{
	if (q->proportional)
		return "twice the slowdown of the runs slowed from run to run";
	if (q->spread_relative > 0)
		return "the valley below a band of runs above the runs' own spread";
	if (q->spread_tail > 0 || q->tail_doublings > 0)
		return "8 x the runs' own spread from run to run, raised over its tail";
	return "8 x the runs' own spread from run to run";
}

static void check_blind(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	double r = q->threshold_relative, m = a->points.p[0].min;
	if (q->threshold_given || !(r > 0) || !(m > 0) || !(q->threshold > 0))
		return;
	double seen = interrupts_share_hides(q, m);
	if (!(seen >= BLIND_FACTOR * q->threshold) || !(seen >= q->longest_run))
		return;
	if (isinf(seen)) {
		warn(a, "interruptions?: the threshold's share of a run's timing, %.3g%% (%s), lies beyond what an interruption adds to any run (its excess is less than the run's whole timing): no interruption can be seen above it, and %s; time shorter runs, or see what the CPU does with collect --trace",
		     100 * r, share_source(q),
		     q->count > 0 ? "the count holds only the sources found below it, as then seen: it may be low"
				  : "\"none\" says nothing of them");
		return;
	}
	char cost[40] = "";
	if (a->unit_ns > 0)
		snprintf(cost, sizeof cost, " (%.4g us)", seen * a->unit_ns * 1e-3);
	warn(a, "interruptions?: the threshold's share of a run's timing, %.3g%% (%s), hides every interruption of less than %.4g units%s even in the shortest runs (N = %llu), %.3g times the fixed threshold: those are not counted; time shorter runs, or see what the CPU does with collect --trace",
	     100 * r, share_source(q), seen, cost, (unsigned long long)a->points.p[0].n,
	     seen / q->threshold);
}

/* Scatter not in proportion: the threshold's share of a run's timing is
 * 8 x the longer runs' scatter from run to run, a spread taken to grow
 * with the run.  Were it so, the shortest runs would scatter by the same
 * share (their median additive excess, the fixed threshold's base, near
 * run_spread x their minimum); where theirs is SCATTER_APART times less,
 * the longer runs' scatter is of something that hits them more often the
 * longer they are: interruptions that hit most of them (a 10 kHz source
 * of 7 us over runs of 27 to 108 us set the share to 29.9%, then 59.9%,
 * and 10096 a second read 50, unwarned).  Said where the share hides, in
 * the longest runs, interruptions of BLIND_FACTOR times the fixed
 * threshold and of SCATTER_HIDES of the run: where it hides less, the
 * shorter runs see them, and the rate is judged there (a 4 ms timer and
 * 300 a second of 3 us over runs of 14 us to 1.1 ms, their scatter 3.3
 * times apart, hidden below 7 us in the longest runs only, were counted
 * within 6%).  Proportional spreads (half-normal, exponential, uniform,
 * in two and three modes, 1% to 20%) gave at most 1.73 over runs of
 * 10 us to 0.2 ms. */
#define SCATTER_APART 2
#define SCATTER_HIDES 0.1

static void check_scatter_share(struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	double r = q->threshold_relative, m = a->points.p[0].min, m_long = q->longest_run;
	double base = fmax(q->jitter, a->on_line_width);
	/* (not where the share came from slowed runs, or a band's valley:
	 * half the runs slowed by a third in proportion left a quiet median
	 * in the shortest runs, and the longer runs' a slowed one) */
	if (q->threshold_given || q->proportional || q->spread_relative > 0 || !(r > 0) ||
	    !(m > 0) || !(base > 0) || !isfinite(q->run_spread))
		return;
	double hidden = interrupts_share_hides(q, m_long);
	double due = q->run_spread * m;
	/* (a share of 100% or more hides every one: the blind check says so) */
	if (!isfinite(hidden) || !(hidden >= BLIND_FACTOR * q->threshold) ||
	    !(hidden >= SCATTER_HIDES * m_long) ||
	    !(due >= SCATTER_APART * base))
		return;
	char cost[40] = "";
	if (a->unit_ns > 0)
		snprintf(cost, sizeof cost, " (%.4g us)", hidden * a->unit_ns * 1e-3);
	warn(a, "interruptions?: the longer runs scatter by %.3g%% of their timing (median), but the shortest (N = %llu) by %.4g units, %.2g times less than that share of theirs (%.4g units): the scatter does not grow in proportion to the runs, as interruptions that hit most of the longer runs do; the threshold's share of a run's timing, %.3g%% (%s), hides those of less than %.4g units%s in the longest runs, and they may be many (see the excess by N, or what the CPU does with collect --trace)",
	     100 * q->run_spread, (unsigned long long)a->points.p[0].n, base, due / base, due,
	     100 * r, share_source(q), hidden, cost);
}

/*
 * Minima off the header's tick: a clock read whose steps are all tick
 * units gives timings that are multiples of it.  A clock with uneven
 * steps (10 ns and now and then 11: the TSC converted to ns) gives most
 * timings between multiples: a stream that says its mean step
 * (tick_mean) is read with that, but one without it (an older collect,
 * another tool's header) would be given too narrow a tick band.  Off by
 * more than a tenth of a tick, in a tenth of the minima: no rounding, no
 * glitch (a coarse clock's 4 ms steps now and then a unit longer are
 * harmless, and pass).
 */
static void check_tick_grid(struct analysis *a)
{
	const struct point_set *s = &a->points;
	if (strcmp(a->tick_source, "header") != 0 || a->tick_mean > 0 || !s->all_int ||
	    !(a->tick >= 2) || a->tick != floor(a->tick) || a->tick > 9.007199254740992e15 ||
	    s->count < 3)
		return;
	uint64_t tick = (uint64_t)a->tick, off = 0;
	for (size_t i = 0; i < s->count; i++) {
		uint64_t r = point_min_int(&s->p[i]) % tick;
		uint64_t d = r < tick - r ? r : tick - r;	/* to the nearest multiple */
		off += 10 * d > tick;
	}
	if (10 * off > s->count)
		warn(a, "off the tick: %llu of %zu minima lie between multiples of the header's tick (%llu): uneven clock steps or a wrong tick, so the tick band may be too narrow; give --tick as the clock's mean step + 1",
		     (unsigned long long)off, s->count, (unsigned long long)tick);
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t r = a % b;
		a = b;
		b = r;
	}
	return a;
}

/*
 * The converse: every timing a multiple of a step twice the tick given (a
 * header's or --tick's) or more: the clock steps by that, and a band one
 * given tick wide is too narrow for it (timings of a 10-unit clock read
 * with tick 1 gave bounds that missed the unit cost).  Every timing, not
 * the best kept: on a quiet machine those are all the minimum, which a
 * round N and a whole cost make a round number too.  One pass over the
 * spool that ends once the timings' gcd falls below twice the tick (at
 * once, for most streams); 8 N at least.
 */
/* The first glitch in full; the others, if any, in one warning more (16
 * of them had pushed the drift's out of the list). */
static void check_glitches(struct analysis *a)
{
	const struct glitches *gs = &a->glitches;
	if (gs->count == 0)
		return;
	const struct glitch *g = &gs->g[0];
	warn(a, "clock glitch? at N = %llu one timing (%.6g) lies %.4g units below the next timing of its N and %.4g below the line through the other minima; %s",
	     (unsigned long long)g->n, g->t, g->below_next, g->below_line,
	     gs->kept ? "it was kept (--keep-low) and the line rests on it"
		      : "it was left out (--keep-low keeps it)");
	if (gs->count == 1)
		return;
	/* whole entries only: "..." where the next would not fit */
	char at[ANALYSIS_WARNING_LEN / 2] = "", one[64];
	size_t len = 0;
	for (size_t i = 1; i < gs->count; i++) {
		int k = snprintf(one, sizeof one, "%s%llu (%.4g below the line)", i > 1 ? ", " : "",
				 (unsigned long long)gs->g[i].n, gs->g[i].below_line);
		if (len + (size_t)k + 6 >= sizeof at) {
			memcpy(at + len, ", ...", 6);
			break;
		}
		memcpy(at + len, one, (size_t)k + 1);
		len += (size_t)k;
	}
	warn(a, "clock glitch? %zu more, the same way, at N = %s%s; %s", gs->count - 1, at,
	     gs->count == GLITCH_MAX ? " (the most looked for: there may be more)" : "",
	     "left out (--keep-low keeps them)");
}

static void check_tick_coarser(struct analysis *a)
{
	const struct point_set *s = &a->points;
	if (strcmp(a->tick_source, "header") != 0 && strcmp(a->tick_source, "--tick") != 0)
		return;
	if (!s->all_int || !(a->tick >= 1) || a->tick != floor(a->tick) ||
	    a->tick > 9.007199254740992e15 || s->count < 8 || spool_rewind(&a->spool) != 0)
		return;
	uint64_t tick = (uint64_t)a->tick, g = 0, timings = 0;
	struct spool_record r;
	int k;
	while ((g == 0 || g >= 2 * tick) && (k = spool_get(&a->spool, &r)) == 1) {
		if (!(r.t >= 0 && r.t < 0x1p53))
			return;
		g = gcd64(g, (uint64_t)r.t);
		timings++;
	}
	if (g >= 2 * tick && timings == a->points.samples)
		warn(a, "coarser than the tick: every timing (%llu) is a multiple of %llu units, %.3g times the %s tick (%llu): the clock may step by %llu, and the tick band and the bounds are then too narrow; give --tick %llu if it does",
		     (unsigned long long)timings, (unsigned long long)g, (double)g / (double)tick,
		     strcmp(a->tick_source, "header") == 0 ? "header's" : "--tick's",
		     (unsigned long long)tick, (unsigned long long)g, (unsigned long long)g);
}

void analysis_check(struct analysis *a)
{
	const struct point_set *s = &a->points;
	double span = (double)(s->p[s->count - 1].n - s->p[0].n);
	double rise = a->fit.slope * span;

	if (s->count < 8)
		warn(a, "few N: only %zu distinct N; use 20 or more so that the minima can show a straight line", s->count);
	if (!(a->fit.slope > 0))
		warn(a, "the unit cost is not positive: does the cost really grow with N?");
	else if (a->tick > 0 && rise < 100 * a->tick)
		warn(a, "narrow range: the line rises only %.3g ticks across N = %llu..%llu, so the unit cost is known to about 1 part in %.2g; use a wider range of N",
		     rise / a->tick, (unsigned long long)s->p[0].n,
		     (unsigned long long)s->p[s->count - 1].n, rise / a->tick);
	if (a->runs_median < 5)
		warn(a, "few runs: %llu runs per N (median); the minima may not have reached the floor; take more runs",
		     (unsigned long long)a->runs_median);
	check_linear(a);
	check_tick_grid(a);
	check_tick_coarser(a);
	check_glitches(a);
	if (!a->iv.band_ok)
		warn(a, "interval from subsampling alone: %s", a->iv.band_error);
	if (a->points.all_int) {
		double big = 0;
		for (size_t i = 0; i < s->count; i++)
			big = s->p[i].min > big ? s->p[i].min : big;
		if (big >= 9007199254740992.0)	/* 2^53 */
			warn(a, "timings beyond 2^53 units: the fit is exact, but excesses, quantiles and the subsampling are computed in doubles, to about %.3g units",
			     ldexp(1, ilogb(big) - 52));
	}
	check_drift(a);
	check_order(a);
	check_speed(a);
	check_saturated(a);
	check_blind(a);
	check_scatter_share(a);
	if (a->excess.samples >= 100 &&
	    (double)a->excess.near_line < 0.01 * (double)a->excess.samples)
		warn(a, "the line rests on a short burst: only %.2g%% of the runs come within max(2 ticks, 1%%) of it; the unit cost is that of the machine's fastest moments%s",
		     100.0 * (double)a->excess.near_line / (double)a->excess.samples,
		     a->start_times ? " (see when its minima were taken, and the fifths)" : "");
	if (a->source && strcmp(a->source, "gbench") == 0)
		warn(a, "Google Benchmark's samples are means over many iterations, not single runs: the minimum per N is the smallest mean (of the repetitions), and interrupts are averaged in, not left out");
	if (a->merged[0])
		warn(a, "pooled (--merge): %s; the line describes neither alone", a->merged);
	else if (a->pooled[0])
		warn(a, "pooled: streams of different %s; the minimum per N is the fastest of them, and the line that of none alone (analyze --group to compare them)",
		     a->pooled);
	if (a->diag.irq.periods_unsearched && a->diag.irq.events > 0)
		warn(a, "pooled: the runs of %zu files, whose start times lie on no common clock: the interruptions' periods were not searched, so their rate, count and saturation are those of random interruptions (a timer's are undercounted, its saturation missed); analyze each file alone",
		     a->files);
	if (a->unterminated_file[0])
		warn(a, "%s: the last line has no newline; it was read as it is (was the file cut?)",
		     a->unterminated_file);
	if (a->in_turn[0] > 0 && (a->in_turn[1] > IN_TURN_TOLERANCE ||
				   a->in_turn[2] < 1 / IN_TURN_TOLERANCE))
		warn(a, "in turn: timed in turn with the other kernel, its cost per unit was %.3g x its cost alone (%.3g to %.3g): each evicts the other's data?  The unit cost is that in turn, not alone (a smaller --max-n may keep both in the caches)",
		     a->in_turn[0], a->in_turn[1], a->in_turn[2]);
	if (a->cut_file[0])
		warn(a, "%s: the stream has no last line (# done or # interrupted): the collection was cut short; the fit uses the samples it holds",
		     a->cut_file);
	if (a->failed > 0)
		warn(a, "%llu %s left out: the fit uses the %llu that succeeded",
		     (unsigned long long)a->failed, a->failed_what,
		     (unsigned long long)a->points.samples);
	if (a->interrupted)
		warn(a, "the collection was interrupted (# interrupted): the fit uses the samples it kept");
	if (a->check_failed)
		warn(a, "the kernel's check failed after the collection (stop=check): its result was wrong by then, and these timings may be of wrong work");
	if (a->kbest_stop) {
		char eps[48] = "EPS";
		if (a->kbest_eps > 0)
			snprintf(eps, sizeof eps, "%.3g%%", 100 * a->kbest_eps);
		warn(a, "kbest: collect stopped once every N's best timings agreed within %s (--kbest), after %llu runs an N (median): the bounds hold what varied within that short collection, not a machine that ran slower all through it (1%% to 2.5%% against a 2 s collection on this project's guest); compare with a longer one",
		     eps, (unsigned long long)a->runs_median);
	}
	if (!(a->unit_ns > 0))
		warn(a, "no unit_ns: results are in clock units only (give --unit-ns to convert)");
}
