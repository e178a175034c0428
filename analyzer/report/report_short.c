/*
 * report_short.c - the report that fits on a screen (analyze without -v):
 * the kernel, clock and samples in one line; the unit cost in time with
 * its bounds, the rates, the overhead; one plain line for each thing that
 * disturbed the timings; every warning, one line each; and where the full
 * report is.  Every number is one the full report prints (report_text.c,
 * report_diagnosis.c), from the same fields: nothing is computed here.
 *
 * 15 lines at most but for the warnings, which are never left out: the
 * disturbances get the lines the rest leaves, the last of them saying how
 * many more -v shows.
 */
#include "report.h"
#include "report_sources.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHORT_LINES 15
#define SHORT_LABEL "%-10s "	/* "unit cost " and the others, as in -v */

/* Clock units beside a time help where they are not ns already. */
static int units_help(const struct analysis *a)
{
	return a->unit_ns != 1;
}

/* "tick 10.02 ns (21 TSC cycles)" */
static void tick_words(FILE *out, const struct analysis *a)
{
	char t[48];
	fprintf(out, "tick ");
	if (!(a->tick > 0))
		fprintf(out, "unknown");
	else if (!(a->unit_ns > 0))
		fprintf(out, "%.10g %s", a->tick, report_clock_units(a));
	else if (units_help(a))
		fprintf(out, "%s (%.10g %s)", fmt_time(t, sizeof t, a->tick * a->unit_ns, 4), a->tick,
			report_clock_units(a));
	else
		fprintf(out, "%s", fmt_time(t, sizeof t, a->tick * a->unit_ns, 4));
}

static void heading(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	fprintf(out, "subtick analyze: %s on clock %s, ", a->kernel[0] ? a->kernel : "unknown kernel",
		a->clock[0] ? a->clock : "unknown");
	tick_words(out, a);
	fprintf(out, "; %zu N from %llu to %llu, %llu sample%s%s\n", s->count,
		(unsigned long long)s->p[0].n, (unsigned long long)s->p[s->count - 1].n,
		(unsigned long long)s->samples, s->samples == 1 ? "" : "s",
		a->start_times ? "" : "; no start times: no drift check, no periods");
}

/* "0.2670 ns   bounds [0.2667, 0.2748] ns   (0.5595 TSC cycles)": time
 * first; clock units alone where there is no time. */
static void cost_line(FILE *out, const char *name, double v, const double iv[2],
		      const struct analysis *a)
{
	struct report_shown q;
	report_shown(&q, v, iv, a->unit_ns);
	if (q.unit == NULL) {
		fprintf(out, SHORT_LABEL "%s %s   bounds [%s, %s] %s\n", name, q.v, report_clock_units(a),
			q.lo, q.hi, report_clock_units(a));
		return;
	}
	fprintf(out, SHORT_LABEL "%s %s   bounds [%s, %s] %s", name, q.t_v, q.unit, q.t_lo, q.t_hi,
		q.unit);
	if (units_help(a))
		fprintf(out, "   (%s %s)", q.v, report_clock_units(a));
	fprintf(out, "\n");
}

/* The headline: unit cost, rates, overhead, and the compensated unit
 * cost where the runs were saturated. */
static void headline(FILE *out, const struct analysis *a)
{
	cost_line(out, "unit cost", a->fit.slope, a->iv.slope, a);
	report_rates_text(out, a);
	report_message_text(out, a);
	cost_line(out, "overhead", a->fit.intercept, a->iv.intercept, a);
	const struct compensation *c = &a->diag.comp;
	if (c->done)
		cost_line(out, "compensated", c->slope, (const double[2]){ c->slope_lo, c->slope_hi }, a);
}

/* The disturbances, one line each, counted or printed: the speed states
 * but the fastest held 1% of the time or more, each source of
 * interruptions (those that take the most time first), the runs above
 * the threshold no source explains, then
 * the rarer states in one line (as -v sums them) and the ramps, which
 * are the first left out where the lines run short.  Line k of them is
 * printed when k is in [from, to). */
struct lines {
	FILE *out;
	size_t k, from, to;
};

static int take(struct lines *l)
{
	int shown = l->k >= l->from && l->k < l->to;
	if (shown)
		fprintf(l->out, SHORT_LABEL, l->k == 0 ? "disturbed" : "");
	l->k++;
	return shown;
}

/* The states held 1% of the time or more, but the fastest. */
static void state_lines(struct lines *l, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	for (size_t i = 1; ss->judged && i < ss->count; i++)
		if (ss->s[i].share >= SPEED_SHOWN_MIN && take(l))
			fprintf(l->out, "%.1f%% of the time %.4g× slower\n", 100 * ss->s[i].share,
				ss->s[i].factor);
	const struct flicker *f = &a->diag.sources.flicker;
	char pc[32];
	if (f->found && f->visible > 0 && take(l))
		fprintf(l->out, "%s%% of the runs %.3g%% slower, here and there (a speed, not interruptions)\n",
			fmt_pct(pc, sizeof pc, (double)f->visible_runs / (double)f->visible, 2),
			100 * f->share);
}

/* The rarer states in one line, and the ramps in another. */
static void rarer_speed_lines(struct lines *l, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	double rest = 0, lo = 0, hi = 0;
	size_t others = 0;
	char pc[32];
	if (!ss->judged)
		return;
	for (size_t i = 1; i < ss->count; i++) {
		const struct speed_state *s = &ss->s[i];
		if (s->share >= SPEED_SHOWN_MIN)
			continue;
		lo = others ? fmin(lo, s->factor) : s->factor;
		hi = fmax(hi, s->factor);
		rest += s->share;
		others++;
	}
	if (others == 1 && take(l))
		fprintf(l->out, "%s%% of the time %.3g× slower (1 state)\n",
			fmt_pct(pc, sizeof pc, rest, 2), lo);
	else if (others > 1 && take(l))
		fprintf(l->out, "%s%% of the time %.3g× to %.3g× slower (%zu states)\n",
			fmt_pct(pc, sizeof pc, rest, 2),
			lo, hi, others);
	lo = INFINITY, hi = 0;
	for (size_t i = 0; i < ss->ramps; i++) {
		lo = fmin(lo, fmin(ss->ramp[i].from_factor, ss->ramp[i].to_factor));
		hi = fmax(hi, fmax(ss->ramp[i].from_factor, ss->ramp[i].to_factor));
	}
	if (ss->ramps > 0 && take(l))
		fprintf(l->out, "%.3g%% of the time on ramps, between %.4g× and %.4g× %s%s (%zu ramp%s)\n",
			100 * ss->ramp_share, lo, hi,
			ss->count > 0 ? "the fastest state" : "the fastest moment (no state held)",
			lo < 1 && ss->count > 0 ? " (below 1: faster than it)" : "", ss->ramps,
			ss->ramps == 1 ? "" : "s");
}

/* The share of the running time a source's interruptions take: its rate
 * (a clock unit of running time) times its cost; -1 where the rate is
 * not told. */
static double time_taken(const struct source *s)
{
	double x = s->rate * s->cost;
	return isfinite(x) ? x : -1;
}

static void interruption_lines(struct lines *l, const struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	const struct model_counts *m = &d->counts;
	char x[32];
	if (a->means || !d->jitter.judged)
		return;
	struct source_view v = { &d->sources, m->of_source, "run", a->unit_ns, d->runs.span / 2,
				 m->shared, source_view_tick(&a->counted, a->timer_period_ns, a->unit_ns),
				 a->counted.loc_per_s };
	/* the sources by the share of the running time they took (rate
	 * times cost), the largest first: where the lines run short, the
	 * ones left to -v are those that cost the least (a hypervisor's
	 * 20,000 stops a second of 2 us before the 0.2 us slowdowns after a
	 * 10 ms tick's marks) */
	size_t ord[SOURCES_MAX], n = d->sources.count < SOURCES_MAX ? d->sources.count : SOURCES_MAX;
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		for (; j > 0 && time_taken(&d->sources.s[ord[j - 1]]) < time_taken(&d->sources.s[i]); j--)
			ord[j] = ord[j - 1];
		ord[j] = i;
	}
	for (size_t i = 0; i < n; i++)
		if (take(l))
			report_source_plain(l->out, &v, ord[i]);
	if (m->unexplained > 0 && take(l))
		fprintf(l->out, "%llu interrupted run%s (each %s, median), too few to tell a source from chance\n",
			(unsigned long long)m->unexplained, m->unexplained == 1 ? "" : "s",
			fmt_span(x, sizeof x, m->cost, a->unit_ns));
}

static void all_lines(struct lines *l, const struct analysis *a)
{
	state_lines(l, a);
	interruption_lines(l, a);
	rarer_speed_lines(l, a);
}

/* The disturbances in at most room lines (one at least): all of them, or
 * room - 1 and a line that counts the others. */
static void disturbances(FILE *out, const struct analysis *a, size_t room)
{
	struct lines count = { NULL, 0, 0, 0 };
	all_lines(&count, a);
	size_t all = count.k;
	if (all == 0) {
		fprintf(out, SHORT_LABEL "%s\n", "disturbed",
			a->means ? "not judged: each sample is a mean over many iterations"
			: !a->diag.jitter.judged ? "not judged: too few runs"
			: "nothing the model finds");
		return;
	}
	room = room < 1 ? 1 : room;
	struct lines l = { out, 0, 0, all <= room ? all : room - 1 };
	all_lines(&l, a);
	if (all > room)
		fprintf(out, SHORT_LABEL "%s%zu more (analyze -v)\n", room == 1 ? "disturbed" : "",
			room == 1 ? "" : "and ", all - l.to);
}

/* The lines a report prints, counted by printing it nowhere. */
static size_t lines_of(void (*print)(FILE *, const struct analysis *), const struct analysis *a)
{
	char *buf = NULL;
	size_t len = 0, lines = 0;
	FILE *f = open_memstream(&buf, &len);
	if (f == NULL)
		return 0;
	print(f, a);
	if (fclose(f) == 0)
		for (size_t i = 0; i < len; i++)
			lines += buf[i] == '\n';
	free(buf);
	return lines;
}

static void top(FILE *out, const struct analysis *a)
{
	heading(out, a);
	headline(out, a);
}

static void warnings_and_end(FILE *out, const struct analysis *a)
{
	for (size_t i = 0; i < a->warnings; i++)
		fprintf(out, "warning: %s\n", a->warning[i]);
	fprintf(out, "%sthe full report: analyze -v\n", a->warnings ? "" : "no warnings; ");
}

/* An activity trace's short report (analyze without -v): the trace in
 * one line, the rate of interruptions and one's cost, the time lost, one
 * line a source, what the kernel did not count; the same numbers as
 * report_trace_text. */
static void trace_short(FILE *out, const struct analysis *a)
{
	const struct trace_summary *t = &a->trace_sum;
	const struct counted *c = &a->counted;
	double ns = a->unit_ns;
	char x[32], mx[32], th[32];
	fprintf(out, "subtick analyze: activity trace on clock %s, ", a->clock[0] ? a->clock : "unknown");
	tick_words(out, a);
	fprintf(out, ", CPU %s: %.4g s, %llu gaps longer than %s\n", a->cpu[0] ? a->cpu : "unknown",
		t->seconds, (unsigned long long)t->gaps, fmt_span(th, sizeof th, t->threshold, ns));
	fprintf(out, "interrupts %.4g per second of running time", t->interruptions_per_s);
	if (t->gaps > 0)
		fprintf(out, ", each %s (median), the longest %s", fmt_span(x, sizeof x, t->cost, ns),
			fmt_span(mx, sizeof mx, t->max, ns));
	fprintf(out, "\ntime lost  %.3g%% of the trace\n", 100 * t->lost_share);
	struct source_view v = { &t->sources, NULL, "gap", ns, t->span / 2, NULL,
				 source_view_tick(c, a->timer_period_ns, ns), c->loc_per_s };
	for (size_t i = 0; i < t->sources.count; i++) {
		fprintf(out, SHORT_LABEL, i == 0 ? "sources" : "");
		report_source_plain(out, &v, i);
	}
	if (t->sources.count == 0)
		fprintf(out, "sources    none found\n");
	if (c->have && (c->have_irq || c->have_rusage) && t->interruptions_per_s > 0)
		fprintf(out, "unseen     %.4g per second (up to %.4g) the kernel did not count: a hypervisor, SMIs, the hardware\n",
			t->unattributed_per_s, fmax(t->unattributed_per_s, t->unattributed_hi));
	warnings_and_end(out, a);
}

void report_short(FILE *out, const struct analysis *a)
{
	if (a->trace) {
		trace_short(out, a);
		return;
	}
	size_t fixed = lines_of(top, a) + a->warnings + 1;
	top(out, a);
	disturbances(out, a, fixed < SHORT_LINES ? SHORT_LINES - fixed : 1);
	warnings_and_end(out, a);
}
