/*
 * report_diagnosis.c - what disturbed the timings, for people (text) and
 * for programs (JSON keys): the speed states, the interruptions and their
 * periodic sources (noise/diagnosis.h).
 */
#include "report.h"
#include "units.h"

#include <math.h>
#include <string.h>

/* A duration in ns as "20.1 µs", "2.7 ms", "950 ns". */
static const char *duration(char *buf, size_t len, double ns)
{
	return fmt_time(buf, len, ns, 4);
}

/* A moment of the collection in ms, in s from 10 s on (clock units
 * without unit_ns): never an exponent ("6e+04 ms"). */
static const char *moment(char *buf, size_t len, const struct analysis *a, double units)
{
	double ms = units * a->unit_ns * 1e-6;
	if (a->unit_ns > 0 && ms < 1e4)
		snprintf(buf, len, "%.4g ms", ms);
	else if (a->unit_ns > 0)
		snprintf(buf, len, "%.5g s", ms / 1e3);
	else
		snprintf(buf, len, "%.4g units", units);
	return buf;
}

/* A duration in clock units, in time where unit_ns is known. */
static const char *span_of(char *buf, size_t len, const struct analysis *a, double units)
{
	if (a->unit_ns > 0)
		return duration(buf, len, units * a->unit_ns);
	snprintf(buf, len, "%.4g units", units);
	return buf;
}

/* The windows' wander says what the speed did where runs escape the
 * interruptions; where the longest runs expect one or more, a window's
 * fastest run holds some, and its speed wanders with them. */
static int wander_judged(const struct analysis *a)
{
	return a->diag.speed.judged && a->diag.irq.expected_long < 1;
}

static void speed_text(FILE *out, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	char x[32], y[32], z[32];
	if (!ss->judged) {
		fprintf(out, "  speed: not judged (%s)\n", a->excess.have_at
			? "too few runs" : "it needs the runs' start times");
		return;
	}
	fprintf(out, "  speed: %zu state%s over %s (the speed of each %zu runs in a row, against the fastest runs of each N)\n",
		ss->count, ss->count == 1 ? "" : "s", span_of(x, sizeof x, a, ss->span),
		ss->runs_per_window);
	double rest = 0, lo = 0, hi = 0, longest = 0;
	size_t others = 0;
	for (size_t i = 0; i < ss->count; i++) {
		const struct speed_state *s = &ss->s[i];
		if (i > 0 && s->share < SPEED_SHOWN_MIN) {	/* summed below */
			lo = others ? fmin(lo, s->factor) : s->factor;
			hi = fmax(hi, s->factor);
			longest = fmax(longest, s->longest);
			rest += s->share;
			others++;
			continue;
		}
		fprintf(out, "    %-7.4g %5.1f%% of the time, from %s to %s, %u stretch%s (longest %s)%s\n",
			s->factor, 100 * s->share, moment(x, sizeof x, a, s->from),
			moment(y, sizeof y, a, s->to), s->stretches,
			s->stretches == 1 ? "" : "es", span_of(z, sizeof z, a, s->longest),
			i == 0 ? (ss->count > 1 ? "   the fastest" : "") : "   slower");
	}
	if (others > 0)
		fprintf(out, "    and %zu more state%s, %.3g to %.3g, held %.2g%% of the time in all (stretches of %s at most)\n",
			others, others == 1 ? "" : "s", lo, hi, 100 * rest,
			span_of(z, sizeof z, a, longest));
	if (ss->line_factor < 1 / (1 + SPEED_STATE_WIDTH))
		fprintf(out, "    the minima the line rests on ran %.3g times as fast as the fastest state\n",
			1 / ss->line_factor);
	if (wander_judged(a) && ss->wander >= SPEED_STEP_MIN)
		fprintf(out, "    within their stretches the windows' speeds wandered over %.3g%% (5%% to 95%% of them): a speed that drifted in steps too small or too short to cut\n",
			100 * ss->wander);
	const struct interrupts *q = &a->diag.irq;
	if (q->run_spread >= 0)
		fprintf(out, "    run to run: the runs of the upper half of N ran %.3g%% off their window's speed (median; 90%% within %.3g%%, interrupted runs included)\n",
			100 * q->run_spread, 100 * q->run_spread_hi);
	if (q->proportional) {
		fprintf(out, "    and from run to run, faster than the windows follow: %.3g%% of the runs ran slower in proportion to their length, by %.3g%% (median of the longest; three quarters within %.3g%%)",
			100.0 * (double)q->slowed / (double)q->samples,
			100 * interrupts_slower(q, 0), 100 * interrupts_slower(q, 1));
		if (q->slowed_period > 0 && a->unit_ns > 0)
			fprintf(out, ", in bursts every %s", duration(x, sizeof x, q->slowed_period));
		else if (q->slowed_period > 0)
			fprintf(out, ", in bursts every %.6g clock units", q->slowed_period);
		fprintf(out, "\n");
	}
}

/* "in bursts of 24" where a source's marks hold many interruptions each;
 * ", seen at 1 in 10 of its marks" where a source not counted at one a period
 * was seen at only some of them (it skipped the others, or its hits there
 * fell below the threshold or between runs): not a rate it fires at */
static const char *bursts(char *buf, size_t len, double per_mark, int regular)
{
	buf[0] = '\0';
	if (per_mark >= 1.5)
		snprintf(buf, len, " in bursts of %.2g", per_mark);
	else if (!regular && per_mark > 0 && per_mark < 0.7)
		snprintf(buf, len, ", seen at 1 in %.2g of its marks", 1 / per_mark);
	return buf;
}

/* The time of s's mark nearest the moment mid (both in the events' unit). */
static double mark_near(const struct periodic_source *s, double mid)
{
	return s->phase + round((mid - s->phase) / s->period) * s->period;
}

/* The middle of the collection in the events' unit (ns where the unit is
 * known), from the first run's start; 0 when unknown. */
static double collection_middle(const struct analysis *a)
{
	return a->diag.irq.span / 2;
}

/* The same for an activity trace: its gaps' times are ns from its start. */
static double trace_middle(const struct analysis *a)
{
	return a->trace_sum.seconds * 1e9 / 2;
}

/* ", 1.31 ms after the marks of the strongest 4 ms source": where a
 * source listed before ps's i-th has its period (their marks drift apart
 * by less than 5% of it over the collection or trace, mid being its
 * middle), how long after or before the strongest such one's marks its
 * own come, there (the nearer way round): two sources at one rate (the
 * guest's timer and the host's, say), not one listed twice.  Periods in
 * ns (unit_known), else nothing is said. */
static const char *phase_note(char *buf, size_t len, const struct periodic_sources *ps,
			      size_t i, double mid, int unit_known)
{
	const struct periodic_source *b = &ps->s[i];
	buf[0] = '\0';
	if (!(mid > 0) || !unit_known)
		return buf;
	for (size_t j = 0; j < i; j++) {
		const struct periodic_source *s = &ps->s[j];
		if (!(fabs(b->period - s->period) * 2 * mid / s->period < 0.05 * s->period))
			continue;
		double d = fmod(mark_near(b, mid) - mark_near(s, mid), s->period);
		d += d < 0 ? s->period : 0;
		int after = d <= s->period / 2;
		char x[32], p[32];
		snprintf(buf, len, ", %s %s the marks of the strongest %s source",
			 duration(x, sizeof x, after ? d : s->period - d), after ? "after" : "before",
			 duration(p, sizeof p, s->period));
		break;
	}
	return buf;
}

/* "every 1 ms (1000 Hz): 1997 runs, 998 per second, cost 20 us" */
static void source_line(FILE *out, const struct analysis *a, size_t i)
{
	const struct interrupts *q = &a->diag.irq;
	const struct periodic_source *s = &q->periodic.s[i];
	char p[32], c[32], lo[32], hi[32], b[40], ph[96];
	double k = a->unit_ns > 0 ? 1 : 0;	/* periods and costs in ns */
	double per_mark = q->run_seconds > 0 ? s->count / q->run_seconds * s->period * 1e-9 : 0;
	if (k > 0)
		fprintf(out, "    every %s (%.4g Hz)%s%s: %zu runs, %.4g per second, each %s (half within %s to %s), coherence %.2f\n",
			duration(p, sizeof p, s->period), 1e9 / s->period,
			bursts(b, sizeof b, per_mark, s->regular),
			phase_note(ph, sizeof ph, &q->periodic, i, collection_middle(a), 1), s->events,
			q->run_seconds > 0 ? s->count / q->run_seconds : NAN,
			duration(c, sizeof c, s->cost * a->unit_ns),
			duration(lo, sizeof lo, s->cost_lo * a->unit_ns),
			duration(hi, sizeof hi, s->cost_hi * a->unit_ns), s->coherence);
	else
		fprintf(out, "    every %.6g clock units: %zu runs, each %.4g units, coherence %.2f\n",
			s->period, s->events, s->cost, s->coherence);
}

/* The least cost an interruption needs to be counted in a run of minimum
 * m: its additive excess a passes the fixed threshold and the share r of
 * the run's timing m + a (a > r m / (1 - r)), up to the cap, and its cost
 * is a less the baseline (the runs' jitter).  INFINITY where the share is
 * 100% or more; NAN with --threshold (a cost is not judged there) or no
 * points. */
static double seen_from(const struct analysis *a, double m)
{
	const struct interrupts *q = &a->diag.irq;
	if (q->threshold_given || a->points.count == 0)
		return NAN;
	return fmax(fmax(q->threshold, interrupts_share_hides(q, m)) - q->baseline, 0);
}

/* From what cost an interruption is counted, in the shortest runs and in
 * the longest: lo, hi (seen_from). */
static void seen_range(const struct analysis *a, double *lo, double *hi)
{
	*lo = *hi = NAN;
	if (a->points.count == 0)
		return;
	*lo = seen_from(a, a->points.p[0].min);
	*hi = seen_from(a, a->diag.irq.longest_run);
}

/* "none", and from what cost one would have been counted: none above the
 * threshold is not none at all (a 10 kHz source of 2 us under a spread
 * of 3% of the runs reads none). */
static void none_text(FILE *out, const struct analysis *a)
{
	double lo, hi;
	char x[32], y[32];
	seen_range(a, &lo, &hi);
	fprintf(out, "): none");
	if (!isfinite(lo) || !isfinite(hi)) {
		fprintf(out, "\n");
		return;
	}
	if (a->unit_ns > 0) {
		duration(x, sizeof x, lo * a->unit_ns);
		duration(y, sizeof y, hi * a->unit_ns);
	} else {
		snprintf(x, sizeof x, "%.4g units", lo);
		snprintf(y, sizeof y, "%.4g units", hi);
	}
	if (hi > 1.01 * lo)
		fprintf(out, " (an interruption would be counted from a cost of %s in the shortest runs, %s in the longest; cheaper ones would not)\n",
			x, y);
	else
		fprintf(out, " (an interruption would be counted from a cost of %s; cheaper ones would not)\n", x);
}

static void interrupts_text(FILE *out, const struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	char c[32], lo[32], hi[32], r[32];
	fprintf(out, "  interruptions (additive excess > %.4g units, %s", q->threshold,
		q->threshold_given ? "--threshold"
			: "10 x max(tick, median additive excess of the shortest runs)");
	/* the relative threshold where it counts: above the fixed one for the
	 * longest runs */
	double rel = q->threshold_relative * q->longest_run;
	if (!q->threshold_given && rel > q->threshold)
		fprintf(out, ", or %.3g%% of a longer run's timing%s", 100 * q->threshold_relative,
			q->threshold_cap > 0 && q->threshold_cap < rel
			? ", up to half the cost of one where every N shows a ladder of them" : "");
	if (!q->threshold_given && q->spread_relative > 0)
		fprintf(out, ": the valley below a band of runs apart above the runs' own spread (8 x its lower quartile, %.3g%%, stood above the band; what stands of the band above the spread's median share of a run, %.3g%%, grew with the run as m^%.2f, a cost of its own, and is each one's cost)",
			100 * q->spread_relative, 100 * q->run_spread, q->band_growth);
	if (q->events == 0 && q->periodic.count == 0) {
		none_text(out, a);
	} else {
		fprintf(out, "): %llu runs (%.3g%%)", (unsigned long long)q->events,
			q->samples ? 100.0 * (double)q->events / (double)q->samples : 0);
		if (q->per_s > 0)
			fprintf(out, ", %.4g per second of runs", q->per_s);
		fprintf(out, "\n");
	}
	if (q->proportional && isnan(q->sources_growth))
		fprintf(out, "    not counted: %llu runs (%.3g%%) the machine slowed in proportion to their length, by %.3g%% (median of the longest; three quarters within %.3g%%%s): above the threshold at first, their excess grew with their N's minimum as m^%.2f (interruptions' would as m^%.2f, more of them in longer runs); an interruption is now an excess above twice that share of a run's minimum\n",
			(unsigned long long)q->slowed,
			q->samples ? 100.0 * (double)q->slowed / (double)q->samples : 0,
			100 * q->slower, 100 * q->slower_hi,
			a->diag.speed.judged ? "; see the speed" : "",
			q->growth, q->growth_hits);
	else if (q->proportional) {
		fprintf(out, "    not counted: %llu runs (%.3g%%) the machine slowed in proportion to their length, at the marks of a period, by %.3g%% (median of the longest; three quarters within %.3g%%%s): above the threshold at first, their excess grew with their N's minimum as m^%.2f (a timer's would not grow",
			(unsigned long long)q->slowed,
			q->samples ? 100.0 * (double)q->slowed / (double)q->samples : 0,
			100 * interrupts_slower(q, 0), 100 * interrupts_slower(q, 1),
			a->diag.speed.judged ? "; see the speed" : "", q->sources_growth);
		if (isfinite(q->growth))
			fprintf(out, "; all the runs above it, interruptions among them, as m^%.2f", q->growth);
		fprintf(out, "); an interruption is now an excess above twice %.3g%% of a run's minimum (three quarters of the longest of all those runs)\n",
			100 * q->slower_hi);
	}
	if (q->spread_tail)
		fprintf(out, "    not counted: %llu runs (%.3g%%), the tail of the runs' own spread: above the threshold at first (%.3g%% of a longer run's timing), they were %.2g times fewer than the runs within half of it below (%llu), and those beyond twice it fewer again: a spread falling off, not interruptions apart from it\n",
			(unsigned long long)q->spread_tail,
			q->samples ? 100.0 * (double)q->spread_tail / (double)q->samples : 0,
			100 * q->threshold_relative / exp2(q->tail_doublings),
			q->tail[2] ? (double)q->tail[1] / (double)q->tail[2] : 0,
			(unsigned long long)q->tail[1]);
	if (q->heavy.runs) {
		fprintf(out, "    or the tail of the runs' own spread? %llu of those runs (%.3g%%): the runs fall off across the threshold (those up to twice it %.2g times fewer than those within half of it below, %llu), but more stand beyond twice it than a spread falling off leaves, ",
			(unsigned long long)q->heavy.runs,
			q->samples ? 100.0 * (double)q->heavy.runs / (double)q->samples : 0,
			q->tail[2] ? (double)q->tail[1] / (double)q->tail[2] : 0,
			(unsigned long long)q->tail[1]);
		if (isnan(q->tail_growth))
			fprintf(out, "and how those hit runs of each length is not judged (the N whose threshold is a share of the run are too few, or too alike in length): a heavy tail of a spread in proportion to the runs hits runs of every length alike, as interruptions of many costs do, and interruptions of one cost hit the longer runs more");
		else
			fprintf(out, "and those hit runs of every length alike (a share of them growing as m^%.2f), as a heavy tail of a spread in proportion to the runs does, and as interruptions of many costs do",
				q->tail_growth);
		fprintf(out, "; the runs cannot tell which.  Were they the spread's: %llu runs above %.3g%% of a longer run's timing",
			(unsigned long long)q->heavy.events, 100 * q->heavy.threshold_relative);
		if (q->run_seconds > 0)
			fprintf(out, ", %.4g per second of runs", q->heavy.per_s);
		fprintf(out, "\n");
	}
	if (q->mixed_tail)
		fprintf(out, "    and the tail of the runs' own spread among them: %.0f of those runs (%.3g%% of the runs of the N whose threshold is a share of the run) lie within twice the threshold, and those hit runs of every length alike (a share growing as m^%.2f), as a spread's tail does; interruptions of one cost hit the longer runs more, or, where their threshold hides them, less.  The count mixes the two: it may be too high (the tail's runs counted) or too low (interruptions the longer runs' spread hides)\n",
			q->near_runs, 100 * q->near_share, q->near_growth);
	if (q->events == 0 && q->periodic.count == 0)
		return;
	if (!(q->cost > 0))
		fprintf(out, "    one costs: not known (the shortest runs are interrupted too: their median is no floor)\n");
	else if (a->unit_ns > 0)
		fprintf(out, "    one costs %s (median; half within %s to %s)\n",
			duration(c, sizeof c, q->cost * a->unit_ns),
			duration(lo, sizeof lo, q->cost_lo * a->unit_ns),
			duration(hi, sizeof hi, q->cost_hi * a->unit_ns));
	else
		fprintf(out, "    one costs %.4g units (median; half within %.4g to %.4g)\n",
			q->cost, q->cost_lo, q->cost_hi);
	if (q->periods_unsearched)
		fprintf(out, "    periodic: not searched: the runs of %zu files, whose start times lie on no common clock (analyze each alone for its periods)\n",
			a->files);
	else if (q->periodic.count == 0 && q->have_at && q->periodic.tried < q->events)
		fprintf(out, "    periodic: no period found in %zu of the %llu interrupted runs (a uniform sample)\n",
			q->periodic.tried, (unsigned long long)q->events);
	else if (q->periodic.count == 0 && q->have_at)
		fprintf(out, "    periodic: no period found in %zu runs\n", q->periodic.tried);
	else if (q->periodic.count > 0)
		fprintf(out, "    periodic (%zu source%s%s):\n", q->periodic.count,
			q->periodic.count == 1 ? "" : "s",
			q->spread_tail ? ", as found above the first threshold" : "");
	for (size_t i = 0; i < q->periodic.count; i++)
		source_line(out, a, i);
	fprintf(out, "    the longest runs (%s) expect %.3g interruption%s each\n",
		span_of(r, sizeof r, a, q->longest_run), q->expected_long,
		q->expected_long == 1 ? "" : "s");
}

void report_compensated_text(FILE *out, const struct analysis *a)
{
	const struct compensation *c = &a->diag.comp;
	if (!c->done)
		return;
	int d = report_digits(c->slope, c->slope_hi - c->slope_lo);
	fprintf(out, "compensated %.*g units", d, c->slope);
	if (a->unit_ns > 0)
		fprintf(out, " = %.*g ns", d, c->slope * a->unit_ns);
	fprintf(out, "   bounds [%.*g, %.*g] units", d, c->slope_lo, d, c->slope_hi);
	if (a->unit_ns > 0)
		fprintf(out, " = [%.*g, %.*g] ns", d, c->slope_lo * a->unit_ns, d,
			c->slope_hi * a->unit_ns);
	fprintf(out, "\n           (the interruptions no run escaped taken out of the minima: the longest N's held %.3g)\n",
		c->held_longest);
}

void report_diagnosis_text(FILE *out, const struct analysis *a)
{
	fprintf(out, "\nwhat disturbed the timings\n");
	speed_text(out, a);
	interrupts_text(out, a);
	report_counted_text(out, a);
}

/* speed_states: [{factor, share, from_ms, to_ms, stretches}] or null. */
static void speed_json(FILE *out, int *f, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	double ms = a->unit_ns > 0 ? a->unit_ns * 1e-6 : NAN;
	json_key(out, f, "speed_states");
	if (!ss->judged) {
		fputs("null", out);
	} else {
		fputc('[', out);
		for (size_t i = 0; i < ss->count; i++) {
			const struct speed_state *s = &ss->s[i];
			fprintf(out, "%s{\"factor\": ", i ? ", " : "");
			json_number(out, s->factor);
			fputs(", \"share\": ", out);
			json_number(out, s->share);
			fputs(", \"from_ms\": ", out);
			json_number(out, s->from * ms);
			fputs(", \"to_ms\": ", out);
			json_number(out, s->to * ms);
			fprintf(out, ", \"stretches\": %u}", s->stretches);
		}
		fputc(']', out);
	}
	json_key(out, f, "speed_minima_factor");
	json_number(out, ss->judged ? 1 / ss->line_factor : NAN);
	json_key(out, f, "speed_wander");
	json_number(out, wander_judged(a) ? ss->wander : NAN);
}

/* "periodic": [{period_ns, per_s, cost_ns, events, coherence, phase_ns}],
 * the rate over `seconds` (of runs, or of the trace); the phase is the
 * time of the mark nearest mid (ns from the first run's start). */
static void sources_json(FILE *out, int *f, const struct analysis *a,
			 const struct periodic_sources *ps, double seconds, double mid)
{
	double ns = a->unit_ns > 0 ? a->unit_ns : NAN;
	json_key(out, f, "periodic");
	fputc('[', out);
	for (size_t i = 0; i < ps->count; i++) {
		const struct periodic_source *s = &ps->s[i];
		fprintf(out, "%s{\"period_ns\": ", i ? ", " : "");
		json_number(out, a->unit_ns > 0 ? s->period : NAN);
		fputs(", \"per_s\": ", out);
		json_number(out, seconds > 0 ? s->count / seconds : NAN);
		fputs(", \"cost_ns\": ", out);
		json_number(out, s->cost * ns);
		fprintf(out, ", \"events\": %zu, \"coherence\": ", s->events);
		json_number(out, s->coherence);
		fputs(", \"phase_ns\": ", out);
		json_number(out, a->unit_ns > 0 ? mark_near(s, mid) : NAN);
		fputc('}', out);
	}
	fputc(']', out);
}

/* periodic, and the strongest as period_found, period. */
static void periodic_json(FILE *out, int *f, const struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	sources_json(out, f, a, &q->periodic, q->run_seconds, collection_middle(a));
	const struct periodic_source *s = q->periodic.count ? &q->periodic.s[0] : NULL;
	json_key(out, f, "periods_searched");
	fputs(q->have_at && !q->periods_unsearched ? "true" : "false", out);
	json_key(out, f, "period_found");
	fputs(s ? "true" : "false", out);
	json_key(out, f, "period");
	json_number(out, s ? s->period : NAN);
	json_key(out, f, "period_unit");
	json_string(out, a->unit_ns > 0 ? "ns" : "clock units");
	json_key(out, f, "period_coherence");
	json_number(out, s ? s->coherence : NAN);
}

/* The compensated unit cost, or nulls where the runs were not saturated. */
static void compensated_json(FILE *out, int *f, const struct analysis *a)
{
	const struct compensation *c = &a->diag.comp;
	double ns = a->unit_ns > 0 ? a->unit_ns : NAN;
	json_key(out, f, "saturated");
	fputs(c->done ? "true" : "false", out);
	json_key(out, f, "unit_cost_compensated");
	json_number(out, c->done ? c->slope : NAN);
	json_key(out, f, "unit_cost_compensated_ns");
	json_number(out, c->done ? c->slope * ns : NAN);
	json_key(out, f, "unit_cost_compensated_interval");
	if (!c->done) {
		fputs("null", out);
		return;
	}
	fputc('[', out);
	json_number(out, c->slope_lo);
	fputs(", ", out);
	json_number(out, c->slope_hi);
	fputc(']', out);
}

void report_diagnosis_json(FILE *out, int *f, const struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	double n = q->samples ? (double)q->samples : NAN, ns = a->unit_ns > 0 ? a->unit_ns : NAN;
	speed_json(out, f, a);
	json_key(out, f, "excess_threshold");
	json_number(out, q->threshold);
	json_key(out, f, "excess_threshold_relative");
	json_number(out, q->threshold_given ? 0 : q->threshold_relative);
	json_key(out, f, "excess_threshold_spread");
	if (!q->threshold_given && q->spread_relative > 0)
		json_number(out, q->spread_relative);
	else
		fputs("null", out);
	json_key(out, f, "interrupts");
	json_number(out, (double)q->events);
	json_key(out, f, "interrupt_share");
	json_number(out, (double)q->events / n);
	json_key(out, f, "interrupts_per_s");
	json_number(out, q->per_s > 0 || q->run_seconds > 0 ? q->per_s : NAN);
	json_key(out, f, "interrupt_cost");
	json_number(out, q->events ? q->cost : NAN);
	json_key(out, f, "interrupt_cost_ns");
	json_number(out, q->events ? q->cost * ns : NAN);
	json_key(out, f, "interrupt_cost_ns_quartiles");
	fputc('[', out);
	json_number(out, q->events ? q->cost_lo * ns : NAN);
	fputs(", ", out);
	json_number(out, q->events ? q->cost_hi * ns : NAN);
	fputc(']', out);
	json_key(out, f, "interrupt_counted_from");
	double lo, hi;
	seen_range(a, &lo, &hi);
	if (isfinite(lo) && isfinite(hi)) {
		const char *const k[] = { "shortest", "longest", "shortest_ns", "longest_ns" };
		const double v[] = { lo, hi, a->unit_ns > 0 ? lo * a->unit_ns : NAN,
				     a->unit_ns > 0 ? hi * a->unit_ns : NAN };
		json_numbers(out, 4, k, v);
	} else {
		fputs("null", out);
	}
	json_key(out, f, "interrupts_expected_per_long_run");
	json_number(out, q->expected_long);
	json_key(out, f, "run_spread");
	fputc('[', out);
	json_number(out, q->run_spread);
	fputs(", ", out);
	json_number(out, q->run_spread_hi);
	fputc(']', out);
	json_key(out, f, "spread_tail_runs");
	fprintf(out, "%llu", (unsigned long long)q->spread_tail);
	json_key(out, f, "spread_tail_growth");
	json_number(out, q->tail_growth);
	json_key(out, f, "spread_tail_heavy");
	if (q->heavy.runs) {
		fprintf(out, "{\"runs\": %llu, \"interrupts\": %llu, \"interrupts_per_s\": ",
			(unsigned long long)q->heavy.runs, (unsigned long long)q->heavy.events);
		json_number(out, q->run_seconds > 0 ? q->heavy.per_s : NAN);
		fputs(", \"excess_threshold_relative\": ", out);
		json_number(out, q->heavy.threshold_relative);
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	json_key(out, f, "spread_tail_mixed");
	if (q->mixed_tail) {
		fprintf(out, "{\"runs\": %.0f, \"share\": ", q->near_runs);
		json_number(out, q->near_share);
		fputs(", \"growth\": ", out);
		json_number(out, q->near_growth);
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	json_key(out, f, "short_runs_events");
	if (q->short_expected > 0) {
		static const char *const k[] = { "expected", "seen", "p" };
		const double v[] = { q->short_expected, q->short_seen, q->short_p };
		json_numbers(out, 3, k, v);
	} else {
		fputs("null", out);
	}
	json_key(out, f, "interrupt_excess_growth");
	json_number(out, q->growth);
	json_key(out, f, "interrupt_excess_growth_at_marks");
	json_number(out, q->sources_growth);
	json_key(out, f, "slowed_runs");
	if (q->proportional) {
		fprintf(out, "{\"runs\": %llu, \"period_ns\": ", (unsigned long long)q->slowed);
		json_number(out, q->slowed_period > 0 && a->unit_ns > 0 ? q->slowed_period : NAN);
		fputs(", \"median\": ", out);
		json_number(out, interrupts_slower(q, 0));
		fputs(", \"p75\": ", out);
		json_number(out, interrupts_slower(q, 1));
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	periodic_json(out, f, a);
	compensated_json(out, f, a);
	report_counted_json(out, f, a);
}

/* What the kernel counted on the CPU, beside what the timings show
 * (inferred_per_s; tail_per_s: were a heavy tail the spread's, or 0). */
static void counted_text(FILE *out, const struct analysis *a, double inferred_per_s,
			 double tail_per_s)
{
	const struct counted *c = &a->counted;
	if (!c->have || !(c->have_irq || c->have_rusage || c->have_steal))
		return;
	fprintf(out, "  the kernel counted on CPU %s meanwhile (over %.4g s):",
		a->cpu[0] ? a->cpu : "?", c->seconds);
	if (c->have_irq)
		fprintf(out, " %.4g interrupts per second (local timer %.4g),",
			c->irq_per_s, c->loc_per_s);
	if (c->have_rusage)
		fprintf(out, " %.4g preemptions per second (involuntary context switches),",
			c->invol_per_s);
	if (c->have_steal)
		fprintf(out, " steal %.3g%% of the time", 100 * c->steal_share);
	fprintf(out, "\n");
	double seen = (c->have_irq ? c->irq_per_s : 0) + (c->have_rusage ? c->invol_per_s : 0);
	if (!(inferred_per_s > 0) || !(c->have_irq || c->have_rusage))
		return;
	fprintf(out, "    of the %.4g per second %s, %.4g were none of those: unseen by the kernel (a hypervisor, SMIs, the hardware)",
		inferred_per_s, a->trace ? "traced" : "the timings show",
		inferred_per_s > seen ? inferred_per_s - seen : 0);
	if (tail_per_s > 0)
		fprintf(out, ", or the tail of the runs' own spread (were it, %.4g per second, %.4g unseen)",
			tail_per_s, tail_per_s > seen ? tail_per_s - seen : 0);
	else if (a->diag.irq.mixed_tail)
		fprintf(out, ", or the tail of the runs' own spread (the count mixes the two)");
	fprintf(out, "\n");
}

void report_counted_text(FILE *out, const struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	counted_text(out, a, q->per_s, q->heavy.runs ? q->heavy.per_s : 0);
}

void report_trace_text(FILE *out, const struct analysis *a)
{
	const struct trace_summary *t = &a->trace_sum;
	char c[32], lo[32], hi[32], mx[32], r[32], th[32];
	fprintf(out, "subtick analyze: activity trace on clock %s", a->clock[0] ? a->clock : "unknown");
	if (a->tick > 0 && a->unit_ns > 0)
		fprintf(out, ", tick %.10g units = %.4g ns", a->tick, a->tick * a->unit_ns);
	fprintf(out, ", CPU %s\n", a->cpu[0] ? a->cpu : "unknown");
	fprintf(out, "%.4g s traced: %llu gaps longer than %s (%d x the loop's read interval, %s)\n\n",
		t->seconds, (unsigned long long)t->gaps, span_of(th, sizeof th, a, t->threshold),
		10, span_of(r, sizeof r, a, t->read_interval));
	fprintf(out, "interruptions  %.4g per second\n", t->per_s);
	if (t->gaps > 0)
		fprintf(out, "  one costs    %s (median; half within %s to %s); the longest %s\n",
			span_of(c, sizeof c, a, t->cost), span_of(lo, sizeof lo, a, t->cost_lo),
			span_of(hi, sizeof hi, a, t->cost_hi), span_of(mx, sizeof mx, a, t->max));
	fprintf(out, "  time lost    %.3g%% of the trace (the loop ran %.3g%% of it)\n",
		100 * t->lost_share, 100 * (1 - t->lost_share));
	if (t->periodic.count == 0)
		fprintf(out, "  periodic: no period found in %llu gaps\n", (unsigned long long)t->gaps);
	else
		fprintf(out, "  periodic (%zu source%s):\n", t->periodic.count,
			t->periodic.count == 1 ? "" : "s");
	for (size_t i = 0; i < t->periodic.count; i++) {
		const struct periodic_source *s = &t->periodic.s[i];
		double k = a->unit_ns > 0 ? a->unit_ns : 1;
		char ph[96], hz[32] = "";
		if (a->unit_ns > 0)	/* a rate in Hz only where periods are in ns */
			snprintf(hz, sizeof hz, " (%.4g Hz)", 1e9 / s->period);
		fprintf(out, "    every %s%s%s: %zu gaps, %.4g per second, each %s (half within %s to %s)\n",
			span_of(r, sizeof r, a, s->period / k), hz,
			phase_note(ph, sizeof ph, &t->periodic, i, trace_middle(a), a->unit_ns > 0),
			s->events, t->seconds > 0 ? s->count / t->seconds : 0,
			span_of(c, sizeof c, a, s->cost), span_of(lo, sizeof lo, a, s->cost_lo),
			span_of(hi, sizeof hi, a, s->cost_hi));
	}
	fprintf(out, "\n");
	counted_text(out, a, t->per_s, 0);
	if (!a->counted.have)
		fprintf(out, "  (no kernel counters in the trace: nothing to attribute)\n");
}

/* "trace": the activity trace's figures (activity.h). */
void report_trace_json(FILE *out, int *f, const struct analysis *a)
{
	const struct trace_summary *t = &a->trace_sum;
	const struct counted *c = &a->counted;
	double ns = a->unit_ns > 0 ? a->unit_ns : NAN;
	int g = 1;
	json_key(out, f, "trace");
	fputc('{', out);
	const char *k[] = { "seconds", "gaps", "interruptions_per_s", "cost_ns_median",
			    "lost_share", "max_ns", "read_interval_ns", "threshold_ns" };
	double v[] = { t->seconds, (double)t->gaps, t->per_s, t->gaps ? t->cost * ns : NAN,
		       t->lost_share, t->gaps ? t->max * ns : NAN, t->read_interval * ns,
		       t->threshold * ns };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
		json_key(out, &g, k[i]);
		json_number(out, v[i]);
	}
	json_key(out, &g, "cost_ns_quartiles");
	fputc('[', out);
	json_number(out, t->gaps ? t->cost_lo * ns : NAN);
	fputs(", ", out);
	json_number(out, t->gaps ? t->cost_hi * ns : NAN);
	fputc(']', out);
	const char *kk[] = { "kernel_counted_per_s", "local_timer_per_s", "preempted_per_s",
			     "unattributed_per_s", "steal_share" };
	double kv[] = { c->have_irq ? t->kernel_per_s : NAN, c->have_irq ? c->loc_per_s : NAN,
			c->have_rusage ? t->preempted_per_s : NAN,
			c->have ? t->unattributed_per_s : NAN, c->have_steal ? c->steal_share : NAN };
	for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++) {
		json_key(out, &g, kk[i]);
		json_number(out, kv[i]);
	}
	sources_json(out, &g, a, &t->periodic, t->seconds, trace_middle(a));
	fputs("\n  }", out);
}

/* "kernel_counted": a collection's counters as rates, or null. */
void report_counted_json(FILE *out, int *f, const struct analysis *a)
{
	const struct counted *c = &a->counted;
	json_key(out, f, "kernel_counted");
	if (!c->have) {
		fputs("null", out);
		return;
	}
	int g = 1;
	fputc('{', out);
	json_key(out, &g, "seconds");
	json_number(out, c->seconds);
	json_key(out, &g, "interrupts_per_s");
	json_number(out, c->have_irq ? c->irq_per_s : NAN);
	json_key(out, &g, "local_timer_per_s");
	json_number(out, c->have_irq ? c->loc_per_s : NAN);
	json_key(out, &g, "preempted_per_s");
	json_number(out, c->have_rusage ? c->invol_per_s : NAN);
	json_key(out, &g, "steal_share");
	json_number(out, c->have_steal ? c->steal_share : NAN);
	fputs("\n  }", out);
}
