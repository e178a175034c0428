/*
 * checks.c - one-line warnings when the data cannot support the fit.
 */
#include "checks.h"
#include "linearity.h"
#include "units.h"

/* A cost in turn beyond this factor of the cost alone, either way, is
 * warned of (collect measures it; FORMAT.md, in_turn_vs_alone). */
#define IN_TURN_TOLERANCE 1.05

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void warn(struct analysis *a, enum warning_code code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void warn(struct analysis *a, enum warning_code code, const char *fmt, ...)
{
	if (a->warnings == ANALYSIS_WARNINGS_MAX) {	/* one too many: the last place says so */
		snprintf(a->warning[ANALYSIS_WARNINGS_MAX - 1], sizeof a->warning[0],
			 "more warnings than analyze holds (%d): the rest were left out; report this input",
			 ANALYSIS_WARNINGS_MAX);
		a->warning_code[ANALYSIS_WARNINGS_MAX - 1] = WARN_TOO_MANY;
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	a->warning_code[a->warnings] = code;
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
static int saturation_step(const struct analysis *a, double step, double *cost)
{
	const struct sources *q = &a->diag.sources;
	if (!a->diag.comp.done || !(step > 0))
		return 0;
	for (size_t j = 0; j < q->count; j++) {
		const struct source *s = &q->s[j];
		if (s->kind != SOURCE_PERIODIC || !(s->cost > 0) || !(s->held_longest >= 1))
			continue;
		double marks = floor(a->diag.counts.longest / s->marks.period) + 1;
		for (double k = 1; k <= marks && k <= 100; k++)
			if (step >= 0.5 * k * s->cost && step <= 1.25 * k * s->cost) {
				*cost = s->cost;
				return (int)k;
			}
	}
	return 0;
}

/*
 * Nonlinearity anywhere in N (linearity.h): a bend at an N, or a step
 * between neighbouring segments.  (Comparing the lowest and the
 * highest third alone let a step in the middle pass.)
 */
static void check_linear(struct analysis *a)
{
	double cost = 0;
	if (a->linear_rc != 0)	/* out of memory (analysis_fit) */
		return;
	const struct linearity L = a->linear;
	struct linearity_fit fit = { a->fit.slope, a->iv.slope[0], a->iv.slope[1] };
	char x[48], y[48], pc[32];
	double ns = a->unit_ns;
	if (L.kind == LINEARITY_BEND)
		warn(a, WARN_NONLINEAR, "nonlinear: the minima bend at N = %llu: unit cost %s over N = %llu..%llu, %s over N = %llu..%llu (%+.2g%%), beyond what their scatter and the tick explain (a chance %s 10^%.0f in a linear cost): the cost is not linear in N (a cache level, a protocol switch?); fit each range apart",
		     (unsigned long long)L.a_to, fmt_span_to(x, sizeof x, L.slope_a, ns, 6),
		     (unsigned long long)L.a_from, (unsigned long long)L.a_to,
		     fmt_span_to(y, sizeof y, L.slope_b, ns, 6), (unsigned long long)L.b_from,
		     (unsigned long long)L.b_to,
		     100 * (L.slope_b - L.slope_a) / fabs(L.slope_a != 0 ? L.slope_a : 1),
		     L.bend_log10_p < -99 ? "below" : "of", fmax(L.bend_log10_p, -99));
	else if (L.kind == LINEARITY_STEP && saturation_step(a, L.step, &cost) > 0)
		/* the staircase of a saturating source: its runs hold one more
		 * interruption past each multiple of its period (a 1 ms timer
		 * of 20 us over runs to 2.4 ms had been called nonlinear
		 * beside the saturated warning that explains it).  A step is
		 * told before a bend (linearity_check), so a bend beside it is
		 * not sought: said, not denied (a 5% bend under a 30 us
		 * source's staircase had been called "not a cost that is not
		 * linear in N") */
		warn(a, WARN_STEP, "step: the minima step up by %s between N = %llu and N = %llu, %d interruption%s cost (%s each): where the runs grow past a multiple of a source's period, each holds one more (see saturated), which the compensated unit cost takes out; beside such a step the minima are not checked for a bend, so a cost not linear in N would go unseen here",
		     fmt_span(x, sizeof x, L.step, ns), (unsigned long long)L.step_before,
		     (unsigned long long)L.step_after, saturation_step(a, L.step, &cost),
		     saturation_step(a, L.step, &cost) > 1 ? "s'" : "'s", fmt_span(y, sizeof y, cost, ns));
	else if (L.kind == LINEARITY_STEP)
		warn(a, WARN_NONLINEAR, "nonlinear: the minima step %s by %s between N = %llu and N = %llu, beyond their scatter: the cost is not linear in N (a protocol switch, a cache level?); fit each range apart",
		     L.step > 0 ? "up" : "down", fmt_span(x, sizeof x, fabs(L.step), ns),
		     (unsigned long long)L.step_before, (unsigned long long)L.step_after);
	else if (linearity_point_matters(&L, &fit))
		/* (one whose line without it lies within the bounds and the
		 * unit cost's 1% changes nothing they do not hold: geometric
		 * N, whose largest sit above a scatter taken mostly from the
		 * small ones, rest on such an N by chance) */
	{
		if (L.points_below > 1)
			warn(a, WARN_NONLINEAR, "nonlinear: the line rests on %zu N whose minima lie below the line through the other N, beyond their scatter (N = %llu by %s, %s%%, the most): their cost is not on that line (cheaper N, faster moments?), and the unit cost leans on them (%s without them); fit without them, or time more N beside them",
			     L.points_below, (unsigned long long)L.point_n,
			     fmt_span(x, sizeof x, L.point_depth, ns),
			     fmt_pct(pc, sizeof pc, L.point_depth / (L.point_line != 0 ? fabs(L.point_line) : 1), 2),
			     fmt_span_to(y, sizeof y, L.slope_without, ns, 6));
		else
			warn(a, WARN_NONLINEAR, "nonlinear: the line rests on N = %llu, whose minimum lies %s (%s%%) below the line through the other N, beyond their scatter: its cost is not on their line (a cheaper N, a faster moment?), and the unit cost leans on that one N (%s without it); fit without it, or time more N beside it",
			     (unsigned long long)L.point_n, fmt_span(x, sizeof x, L.point_depth, ns),
			     fmt_pct(pc, sizeof pc, L.point_depth / (L.point_line != 0 ? fabs(L.point_line) : 1), 2),
			     fmt_span_to(y, sizeof y, L.slope_without, ns, 6));
	}
	if (a->iv.intercept[1] < 0 && a->diag.comp.done)
		warn(a, WARN_OVERHEAD_BELOW_ZERO, "the overhead's whole interval lies below zero: the longer runs' minima hold interruptions the shorter ones escape (see saturated), which tilts the line up and its overhead down, or the cost is not linear in N (see the compensated unit cost and its bounds)");
	else if (a->iv.intercept[1] < 0)
		warn(a, WARN_OVERHEAD_BELOW_ZERO, "the overhead's whole interval lies below zero: the cost is not linear in N, or small N cost more per unit than large N");
}

/* Order: the N's minima were taken in the order of N (fit/order.h), and
 * no start times say when: a change of the machine's speed over them
 * tilts the line as a cost would, unseen.  A parameter scan of another
 * tool (each N's runs together, in order), once or a few times over, and
 * sweeps in order whose first was the fastest; not shuffled sweeps, nor
 * runs in pairs within them (their minima's places keep no order in N). */
static void check_order(struct analysis *a)
{
	const struct order_result *o = &a->order;
	if (a->start_times || !o->judged || !(o->log10_p < ORDER_LOG10_P))
		return;
	warn(a, WARN_ORDER, "order: the N's minima were taken in the order of %s N (Kendall's tau %.2f over %zu N, a chance of 10^%.0f in no order), and the stream does not say when each run started: a machine whose speed changed meanwhile would tilt the line as a cost would, unseen; time the N in shuffled sweeps (as collect does) or record when each run started",
	     o->tau > 0 ? "increasing" : "decreasing", o->tau, o->count, fmax(o->log10_p, -99));
}

/* The most of the windows' fitted speeds over the least: a state holds
 * speeds within SPEED_STATE_WIDTH of each other, and its windows' fitted
 * speeds may step within it (a step of 1% halfway, on a machine whose
 * windows' speeds scatter by 0.001%, is one state). */
static double fitted_span(const struct speed_states *sp)
{
	double lo = INFINITY, hi = 0;
	for (size_t i = 0; i < sp->windows; i++)
		lo = fmin(lo, sp->w_fit[i]), hi = fmax(hi, sp->w_fit[i]);
	return lo > 0 && hi >= lo ? hi / lo : 1;
}

/* Drift: the fifths of the collection disagree beyond their bands.  Where
 * the speed stage judged the machine's speed, it tells the speed's
 * changes (check_speed), and fifths that disagree while it saw one speed
 * are not told as the machine's doing: a fifth's minima, of a fifth of
 * the runs, hold interruptions its runs could not escape, or the speed
 * changed by less than its windows tell. */
static void check_drift(struct analysis *a)
{
	const struct speed_states *sp = &a->diag.speed;
	int lo, hi;
	if (a->nfifths != BLOCKS_FIFTHS || !fifths_drift(a->fifths, &lo, &hi))
		return;
	double lo_s = a->fifths[lo].slope, hi_s = a->fifths[hi].slope;
	char x[48], y[48];
	fmt_span_to(x, sizeof x, lo_s, a->unit_ns, 6);
	fmt_span_to(y, sizeof y, hi_s, a->unit_ns, 6);
	if (!sp->judged)
		warn(a, WARN_DRIFT, "drift: the unit cost changed during the collection: %s in fifth %d, %s in fifth %d (%+.2f%%), beyond their bands; the machine's speed changed, and the line and its bounds describe its fastest stretches",
		     x, lo + 1, y, hi + 1, 100 * (hi_s / lo_s - 1));
	else if (sp->count == 1 && sp->ramps == 0)
		warn(a, WARN_FIFTHS, "fifths: the unit cost differs between fifths of the collection, %s in fifth %d, %s in fifth %d (%+.2f%%), beyond their bands, while the speed windows saw one speed (speeds within %.3g%% are one; their fitted speeds ranged from 1 to %.4g times the fastest): a fifth's minima, of a fifth of the runs, hold interruptions its runs could not escape (see the interruptions), or the speed changed within one state; the line rests on all the runs' minima",
		     x, lo + 1, y, hi + 1, 100 * (hi_s / lo_s - 1), 100 * SPEED_STATE_WIDTH,
		     fitted_span(sp));
}

/* A source reported there while the speed moved along a ramp: there
 * throughout, or for a part that overlaps one. */
static int sources_on_ramps(const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	const struct sources *src = &a->diag.sources;
	for (size_t k = 0; k < src->count; k++) {
		const struct marks *m = &src->s[k].marks;
		if (!source_part(&src->s[k]))
			return 1;
		for (size_t i = 0; i < ss->ramps; i++)
			if (m->from < ss->ramp[i].to && ss->ramp[i].from < m->to)
				return 1;
	}
	return 0;
}

/* Speed: a state other than the fastest held SPEED_SHARE_MIN of the time
 * or more, the speed ramped, or the minima come from moments faster than
 * any stretch the machine held: the line is the fastest moments' cost,
 * not the machine's usual one. */
static void check_speed(struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	if (!ss->judged)
		return;
	double slow = 0, share = 0;
	for (size_t i = 1; i < ss->count; i++)
		if (ss->s[i].share >= SPEED_SHARE_MIN && ss->s[i].share > share)
			slow = ss->s[i].factor, share = ss->s[i].share;
	/* the sources found make windows read apart at a steady speed
	 * beyond the speed's false-alarm rate (windowruns.h) */
	const struct window_risk *wr = &a->diag.speed_risk;
	char risk[320] = "", pr[32];
	if (wr->apart > SPEED_FALSE_ALARMS)
		snprintf(risk, sizeof risk, "; but the interruptions found leave %s%% of the windows of %zu runs no run of the longer N they did not touch, and such a window reads up to %.3g%% slower: a state or ramp within that of the fastest may be theirs, not the machine's",
			 fmt_pct(pr, sizeof pr, wr->unclean, 2), ss->runs_per_window, 100 * wr->hit);
	if (share > 0)
		warn(a, WARN_SPEED_STATE, "speed: the machine ran %.3g times slower for %.3g%% of the collection's time (%zu speeds in all; see what disturbed the timings): the unit cost is the fastest state's, held %.3g%% of the time, and the work cost up to %.3g times it in the others%s",
		     slow, 100 * share, ss->count, 100 * ss->s[0].share, ss->s[ss->count - 1].factor,
		     risk);
	double lo = INFINITY, hi = 0;
	for (size_t i = 0; i < ss->ramps; i++) {
		lo = fmin(lo, fmin(ss->ramp[i].from_factor, ss->ramp[i].to_factor));
		hi = fmax(hi, fmax(ss->ramp[i].from_factor, ss->ramp[i].to_factor));
	}
	/* along a ramp a run's speed is known to its window's band only
	 * (speedstates.h, speed_of_run): an interruption in a run there
	 * loses what the band's top takes over its true speed */
	char band[400] = "", span[32], pc[32];
	if (ss->ramp_share >= SPEED_SHARE_MIN && ss->ramp_band > 0 && sources_on_ramps(a))
		snprintf(band, sizeof band, "; a run's speed along them is known to within %s%% of its N's floor%s (its window's band: the ramp's move over a window, and the neighbouring segments' speeds), %s of the longest N's: an interruption's cost read there may be low by up to that",
			 fmt_pct(pc, sizeof pc, ss->ramp_band, 2),
			 ss->ramp_band >= 1 ? ", more than the floor itself: hardly known there" : "",
			 fmt_span(span, sizeof span, ss->ramp_band * a->points.p[a->points.count - 1].min,
				  a->unit_ns));
	if (ss->ramp_share >= SPEED_SHARE_MIN)
		warn(a, WARN_SPEED_RAMP, "speed: the machine's speed moved along ramps for %.3g%% of the collection's time, between %.3g and %.3g times %s%s (see what disturbed the timings): the unit cost is the fastest moments'%s%s",
		     100 * ss->ramp_share, lo, hi,
		     ss->count > 0 ? "the fastest state's time" : "its fastest moment's (it held no state)",
		     lo < 1 && ss->count > 0 ? " (below 1: faster than any state it held)" : "", band, risk);
	/* runs slower here and there (flicker.h): as a state, where they
	 * are SPEED_SHARE_MIN of the runs where they show */
	const struct flicker *f = &a->diag.sources.flicker;
	double fs = f->found && f->visible > 0 ? (double)f->visible_runs / (double)f->visible : 0;
	if (fs >= SPEED_SHARE_MIN)
		warn(a, WARN_SPEED_SLOWED, "speed: %.3g%% of the runs ran %.3g%% slower, here and there among fast ones (see what disturbed the timings): the unit cost is the fast runs'",
		     100 * fs, 100 * f->share);
	if (ss->line_factor < 1 / (1 + SPEED_STATE_WIDTH))
		warn(a, WARN_SPEED_MINIMA, "speed: the line rests on moments %.3g%% faster than any stretch the machine held (its fastest state, %.3g%% of the time): the unit cost is that of those moments",
		     100 * (1 / ss->line_factor - 1), ss->count ? 100 * ss->s[0].share : 0);
}

/* Saturated: the model's sources leave the longest N's minimum holding
 * interruptions (compensate.h), and the line rises with them; or the
 * longest runs expect one or more, but the model cannot say what their
 * minima held (a random source: some runs may have escaped it). */
static void check_saturated(struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	const struct model_counts *m = &d->counts;
	if (d->comp.done) {
		const struct point *last = &a->points.p[a->points.count - 1];
		double held = 0;
		for (size_t j = 0; j < d->sources.count; j++)
			held += d->sources.s[j].held_longest * d->sources.s[j].cost;
		char x[48];
		warn(a, WARN_SATURATED, "saturated: the longest runs expect %.3g interruptions each, and the model's sources leave their minima holding some (the longest N's about %.3g, %.3g%% of its time): the line rises with them; the compensated unit cost (%s) takes them out",
		     m->expected_long, d->comp.held_longest, 100 * held / last->min,
		     fmt_span_to(x, sizeof x, d->comp.slope, a->unit_ns, 6));
		return;
	}
	/* the floor itself held disturbances (jitter.h), which grow with
	 * the run; read where the speed held (one state, no ramp): runs at
	 * other speeds lie above the floor by their speed */
	const struct jitter *j = &d->jitter;
	if (j->judged && j->rises && j->proportional > 0 && d->speed.count <= 1 &&
	    d->speed.ramps == 0)
		warn(a, WARN_FLOOR_HELD, "saturated? the runs' excess rises from their N's floor to a bell (%.3g%% of the runs lie within an eighth of their N's median excess of the floor, where a jitter falling from it, or flat, puts 5.5%% at least): every run held disturbances, many small ones, and so did the minima: the unit cost may be high by what they held, which grows with the run; see what the CPU does with collect --trace, or time shorter runs",
		     j->rise_runs > 0 ? 100 * j->rise_near / j->rise_runs : 0);
	/* the kernel's tick (the header's timer_period_ns), where the
	 * kernel's count says it ran all along (counted_tick_ran),
	 * interrupts every run longer than its period at least
	 * floor(run / period) times, the least run of an N too, whether or
	 * not the model sees those interruptions (a tick hidden under a
	 * jitter in proportion to the run).  Of the time columns only: a
	 * command's CPU time (user, sys) is another account. */
	const struct counted *k = &a->counted;
	double period = a->timer_period_ns, longest_ns = m->longest * a->unit_ns;
	const char *col = a->opt->column;
	int time_column = col == NULL || strcmp(col, "t") == 0 || strcmp(col, "t2") == 0;
	/* ... of a kernel that keeps the CPU busy: a command (exec:) or a
	 * message (collect-mpi) may block, the tick then stopped in its
	 * runs, and other timers can make up the count */
	int busy = strncmp(a->kernel, "exec:", 5) != 0 && a->message[0] == '\0';
	int ticked = counted_tick_ran(k, period);
	if (m->expected_anywhere >= 1)
		warn(a, WARN_SATURATED_MAYBE, "saturated? the longest runs expect %.3g interruptions each: at random times some of their runs escape them, and the model finds their minima clean, but a source it did not find may hold them; see what the CPU does with collect --trace, or time shorter runs",
		     m->expected_anywhere);
	else if (a->unit_ns > 0 && time_column && busy && ticked && longest_ns >= period) {
		char longest[32], every[32];
		fmt_span(every, sizeof every, period / a->unit_ns, a->unit_ns);
		warn(a, WARN_SATURATED_MAYBE, "saturated? the kernel's tick (every %s, its timer counted %.4g times a second on this CPU) interrupted every run as long as the longest (%s) %.0f times at least, their least one too, whether or not the model sees them: the unit cost includes what they cost; time runs shorter than %s, or on a clock too coarse for that, see what they add through a fine clock beside it (collect --also-clock tsc)",
		     every, k->loc_per_s, fmt_span(longest, sizeof longest, m->longest, a->unit_ns),
		     floor(longest_ns / period), every);
	}
}

/* Sources seen in only part of the running time: their costs fall below
 * the threshold elsewhere, and their rate is of the costs seen (runs
 * slowed after another's marks have no rate of their own). */
static void check_partly_seen(struct analysis *a)
{
	const struct sources *q = &a->diag.sources;
	for (size_t j = 0; j < q->count; j++) {
		const struct source *s = &q->s[j];
		if (s->kind == SOURCE_BURSTS || s->after > 0 || !(s->visible < 0.5))
			continue;
		char cost[32];
		warn(a, WARN_PARTLY_SEEN, "interruptions?: a source of %s each is seen in only %.3g%% of the running time (the runs whose jitter hides it elsewhere): its rate is of the costs seen, and may be low; time shorter runs to see more of them",
		     fmt_span(cost, sizeof cost, s->cost, a->unit_ns), 100 * s->visible);
		return;
	}
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
	char t[64];
	if (10 * off > s->count)
		warn(a, WARN_OFF_TICK, "off the tick: %llu of %zu minima lie between multiples of the header's tick, %s: uneven clock steps or a wrong tick, so the tick band may be too narrow; give --tick as the clock's mean step + 1 (in clock units)",
		     (unsigned long long)off, s->count,
		     fmt_span_units(t, sizeof t, (double)tick, a->unit_ns));
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
	double ns = a->unit_ns;
	char t[48], x[48], y[48];
	warn(a, WARN_CLOCK_GLITCH, "clock glitch? at N = %llu one timing (%s) lies %s below the next timing of its N and %s below the line through the other minima; %s",
	     (unsigned long long)g->n, fmt_span_to(t, sizeof t, g->t, ns, 6),
	     fmt_span(x, sizeof x, g->below_next, ns), fmt_span(y, sizeof y, g->below_line, ns),
	     gs->kept ? "it was kept (--keep-low) and the line rests on it"
		      : "it was left out (--keep-low keeps it)");
	if (gs->count == 1)
		return;
	/* whole entries only: "..." where the next would not fit */
	char at[ANALYSIS_WARNING_LEN / 2] = "", one[64];
	size_t len = 0;
	for (size_t i = 1; i < gs->count; i++) {
		int k = snprintf(one, sizeof one, "%s%llu (%s below the line)", i > 1 ? ", " : "",
				 (unsigned long long)gs->g[i].n,
				 fmt_span(x, sizeof x, gs->g[i].below_line, ns));
		if (len + (size_t)k + 6 >= sizeof at) {
			memcpy(at + len, ", ...", 6);
			break;
		}
		memcpy(at + len, one, (size_t)k + 1);
		len += (size_t)k;
	}
	warn(a, WARN_CLOCK_GLITCH, "clock glitch? %zu more, the same way, at N = %s%s; %s", gs->count - 1, at,
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
	char step[64], given[64];
	if (g >= 2 * tick && timings == a->points.samples)
		warn(a, WARN_COARSER_THAN_TICK, "coarser than the tick: every timing (%llu) is a multiple of %s, %.3g times the %s tick, %s: the clock may step by that, and the tick band and the bounds are then too narrow; give --tick %llu if it does",
		     (unsigned long long)timings, fmt_span_units(step, sizeof step, (double)g, a->unit_ns),
		     (double)g / (double)tick,
		     strcmp(a->tick_source, "header") == 0 ? "header's" : "--tick's",
		     fmt_span_units(given, sizeof given, (double)tick, a->unit_ns),
		     (unsigned long long)g);
}

void analysis_check(struct analysis *a)
{
	const struct point_set *s = &a->points;
	double span = (double)(s->p[s->count - 1].n - s->p[0].n);
	double rise = a->fit.slope * span;

	if (s->count < 8)
		warn(a, WARN_FEW_N, "few N: only %zu distinct N; use 20 or more so that the minima can show a straight line", s->count);
	if (!(a->fit.slope > 0))
		warn(a, WARN_SLOPE_NOT_POSITIVE, "the unit cost is not positive: does the cost really grow with N?");
	else if (a->tick > 0 && rise < 100 * a->tick)
		warn(a, WARN_NARROW_RANGE, "narrow range: the line rises only %.3g ticks across N = %llu..%llu, so the unit cost is known to about 1 part in %.2g; use a wider range of N",
		     rise / a->tick, (unsigned long long)s->p[0].n,
		     (unsigned long long)s->p[s->count - 1].n, rise / a->tick);
	if (a->runs_median < 5)
		warn(a, WARN_FEW_RUNS, "few runs: %llu runs per N (median); the minima may not have reached the floor; take more runs",
		     (unsigned long long)a->runs_median);
	check_linear(a);
	check_tick_grid(a);
	check_tick_coarser(a);
	check_glitches(a);
	if (!a->iv.band_ok)
		warn(a, WARN_SUBSAMPLING_ONLY, "interval from subsampling alone: %s", a->iv.band_error);
	if (a->points.all_int) {
		double big = 0;
		for (size_t i = 0; i < s->count; i++)
			big = s->p[i].min > big ? s->p[i].min : big;
		char x[48];
		if (big >= 9007199254740992.0)	/* 2^53 */
			warn(a, WARN_BEYOND_2_53, "timings beyond 2^53 clock units: the fit is exact, but excesses, quantiles and the subsampling are computed in doubles, to about %s",
			     fmt_span_units(x, sizeof x, ldexp(1, ilogb(big) - 52), a->unit_ns));
	}
	check_drift(a);
	check_order(a);
	check_speed(a);
	check_saturated(a);
	check_partly_seen(a);
	if (a->excess.samples >= 100 &&
	    (double)a->excess.near_line < 0.01 * (double)a->excess.samples)
		warn(a, WARN_SHORT_BURST, "the line rests on a short burst: only %.2g%% of the runs come within max(2 ticks, 1%%) of it; the unit cost is that of the machine's fastest moments%s",
		     100.0 * (double)a->excess.near_line / (double)a->excess.samples,
		     a->start_times ? " (see when its minima were taken, and the fifths)" : "");
	if (a->means) {
		char what[64];
		warn(a, WARN_GBENCH_MEANS, "Google Benchmark's samples are means over many iterations, not single runs (each %s): the minimum per N is the smallest mean (of the repetitions), and interrupts are averaged in, not left out; single interruptions do not show, so none is judged (no rate, cost or source)",
		     analysis_means_words(a, what, sizeof what));
	}
	if (a->merged[0])
		warn(a, WARN_MERGED, "pooled (--merge): %s; the line describes neither alone", a->merged);
	else if (a->pooled[0])
		warn(a, WARN_POOLED, "pooled: streams of different %s; the minimum per N is the fastest of them, and the line that of none alone (analyze --group to compare them)",
		     a->pooled);
	if (!a->diag.sources.searched && a->start_times && a->files > 1 && a->diag.counts.events > 0)
		warn(a, WARN_POOLED_FILES, "pooled: the runs of %zu files, whose start times lie on no common clock: the interruptions' periods were not searched, so their rate, count and saturation are those of random interruptions (a timer's are undercounted, its saturation missed); analyze each file alone",
		     a->files);
	if (a->unterminated_file[0])
		warn(a, WARN_NO_NEWLINE, "%s: the last line has no newline; it was read as it is (was the file cut?)",
		     a->unterminated_file);
	if (a->in_turn[0] > 0 && (a->in_turn[1] > IN_TURN_TOLERANCE ||
				   a->in_turn[2] < 1 / IN_TURN_TOLERANCE))
		warn(a, WARN_IN_TURN, "in turn: timed in turn with the other kernel, its cost per unit was %.3g x its cost alone (%.3g to %.3g): each evicts the other's data?  The unit cost is that in turn, not alone (a smaller --max-n may keep both in the caches)",
		     a->in_turn[0], a->in_turn[1], a->in_turn[2]);
	if (a->cut_file[0])
		warn(a, WARN_CUT_SHORT, "%s: the stream has no last line (# done or # interrupted): the collection was cut short; the fit uses the samples it holds",
		     a->cut_file);
	if (a->failed > 0)
		warn(a, WARN_FAILED_RUNS, "%llu %s left out: the fit uses the %llu that succeeded",
		     (unsigned long long)a->failed, a->failed_what,
		     (unsigned long long)a->points.samples);
	if (a->interrupted)
		warn(a, WARN_INTERRUPTED, "the collection was interrupted (# interrupted): the fit uses the samples it kept");
	if (a->check_failed)
		warn(a, WARN_CHECK_FAILED, "the kernel's check failed after the collection (stop=check): its result was wrong by then, and these timings may be of wrong work");
	if (a->kbest_stop) {
		char eps[48] = "EPS";
		if (a->kbest_eps > 0)
			snprintf(eps, sizeof eps, "%.3g%%", 100 * a->kbest_eps);
		warn(a, WARN_KBEST, "kbest: collect stopped once every N's best timings agreed within %s (--kbest), after %llu runs an N (median): the bounds hold what varied within that short collection, not a machine that ran slower all through it (1%% to 2.5%% against a 2 s collection on this project's guest); compare with a longer one",
		     eps, (unsigned long long)a->runs_median);
	}
	if (!(a->unit_ns > 0))
		warn(a, WARN_NO_UNIT_NS, "no unit_ns: results are in clock units only (give --unit-ns to convert)");
}
