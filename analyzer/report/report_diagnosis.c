/*
 * report_diagnosis.c - what disturbed the timings, for people: the model's
 * account (noise/diagnosis.h) stage by stage, speed, jitter, interruptions
 * and their sources.  The JSON keys: report_diagnosis_json.c.
 */
#include "report.h"
#include "report_sources.h"
#include "units.h"

#include <math.h>
#include <string.h>

static void states_text(FILE *out, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	char x[32], y[32], z[32], pc[32];
	double rest = 0, lo = 0, hi = 0, longest = 0, ns = a->unit_ns;
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
			s->factor, 100 * s->share, fmt_moment(x, sizeof x, s->from, ns),
			fmt_moment(y, sizeof y, s->to, ns), s->stretches,
			s->stretches == 1 ? "" : "es", fmt_span(z, sizeof z, s->longest, ns),
			i == 0 ? (ss->count > 1 ? "   the fastest" : "") : "   slower");
	}
	if (others > 0)
		fprintf(out, "    and %zu more state%s, %.3g to %.3g, held %s%% of the time in all (stretches of %s at most)\n",
			others, others == 1 ? "" : "s", lo, hi, fmt_pct(pc, sizeof pc, rest, 2),
			fmt_span(z, sizeof z, longest, ns));
}

static void ramps_text(FILE *out, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	char x[32], y[32];
	if (ss->ramps == 0)
		return;
	fprintf(out, "    ramps (the speed moved along a line): %.3g%% of the time\n",
		100 * ss->ramp_share);
	size_t shown = ss->ramps < 6 ? ss->ramps : 6;
	for (size_t i = 0; i < shown; i++) {
		const struct speed_ramp *r = &ss->ramp[i];
		fprintf(out, "      %.4g to %.4g from %s to %s\n", r->from_factor, r->to_factor,
			fmt_moment(x, sizeof x, r->from, a->unit_ns),
			fmt_moment(y, sizeof y, r->to, a->unit_ns));
	}
	if (ss->ramps > shown)
		fprintf(out, "      and %zu more\n", ss->ramps - shown);
}

/* Runs slower by a share of their length (flicker.h): a speed no
 * window holds. */
static void slowed_text(FILE *out, const struct analysis *a)
{
	const struct flicker *f = &a->diag.sources.flicker;
	if (!f->found)
		return;
	fprintf(out, "    runs slower by %.3g%% of their length (half within %.3g%% to %.3g%%), here and there among fast ones: %llu runs, %.3g%% of the uninterrupted runs of the N where it shows (a speed that changes faster than windows of %zu runs follow: a core shared with another guest?)\n",
		100 * f->share, 100 * f->share_lo, 100 * f->share_hi,
		(unsigned long long)a->diag.counts.slowed,
		f->visible > 0 ? 100.0 * (double)f->visible_runs / (double)f->visible : 0.0,
		a->diag.speed.runs_per_window);
}

static void speed_text(FILE *out, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	char x[32];
	if (!ss->judged) {
		fprintf(out, "  speed: not judged (%s)\n", analysis_speed_why(a));
		return;
	}
	char held[32];
	if (ss->count > 0)
		snprintf(held, sizeof held, "%zu state%s", ss->count, ss->count == 1 ? "" : "s");
	else
		snprintf(held, sizeof held, "no steady state");
	char scatter[32], pc[32];
	if (ss->noise < 1e-5)	/* the floor of its estimate: a clock read exactly */
		snprintf(scatter, sizeof scatter, "under 0.001%%");
	else
		snprintf(scatter, sizeof scatter, "%s%%", fmt_pct(pc, sizeof pc, ss->noise, 2));
	fprintf(out, "  speed: %s over %s (the speed of each %zu runs in a row, against the fastest runs of each N; one window's scatter %s)\n",
		held, fmt_span(x, sizeof x, ss->span, a->unit_ns), ss->runs_per_window, scatter);
	states_text(out, a);
	ramps_text(out, a);
	slowed_text(out, a);
	if (ss->line_factor < 1 / (1 + SPEED_STATE_WIDTH))
		fprintf(out, "    the minima the line rests on ran %.3g times as fast as the fastest state\n",
			1 / ss->line_factor);
}

/* "95 ns" or "95 ns in the shortest runs, 1.2 µs in the longest"; a
 * value beyond the run it is of (run_lo, run_hi: their floors) says so:
 * a jitter's tail that heavy hides every interruption there. */
static void range_text(FILE *out, double lo, double hi, double run_lo, double run_hi,
		       double unit_ns)
{
	char x[32], y[32];
	const char *beyond = " (more than the run itself: none is seen there)";
	int both = lo > run_lo && hi > run_hi;
	if ((hi > 1.01 * lo || lo > 1.01 * hi) && both)
		fprintf(out, "%s in the shortest runs, %s in the longest (each more than its run itself: none is seen there)",
			fmt_span(x, sizeof x, lo, unit_ns), fmt_span(y, sizeof y, hi, unit_ns));
	else if (hi > 1.01 * lo || lo > 1.01 * hi)
		fprintf(out, "%s%s in the shortest runs, %s%s in the longest",
			fmt_span(x, sizeof x, lo, unit_ns), lo > run_lo ? beyond : "",
			fmt_span(y, sizeof y, hi, unit_ns), hi > run_hi ? beyond : "");
	else
		fprintf(out, "%s%s", fmt_span(x, sizeof x, lo, unit_ns),
			lo > run_lo && hi > run_hi ? beyond : "");
}

/* The largest tail shape of the bins, and its bound. */
static void shape_of(const struct jitter *j, double *xi, double *hi)
{
	*xi = *hi = 0;
	for (size_t b = 0; b < j->bins; b++) {
		*xi = fmax(*xi, j->bin[b].tail.xi);
		*hi = fmax(*hi, j->bin[b].tail.xi_hi);
	}
}

static void jitter_text(FILE *out, const struct analysis *a)
{
	const struct jitter *j = &a->diag.jitter;
	const struct point_set *s = &a->points;
	char x[32];
	if (!j->judged) {
		fprintf(out, "  jitter: not judged (too few runs to tell jitter from interruptions)\n");
		return;
	}
	double xi, hi;
	shape_of(j, &xi, &hi);
	fprintf(out, "  jitter: median %s", fmt_span(x, sizeof x, j->additive, a->unit_ns));
	if (j->proportional > 0)
		fprintf(out, " + %.3g%% of the run", 100 * j->proportional);
	fprintf(out, "; its tail %s (shape %.2g, up to %.2g)\n",
		hi < 0.05 ? "exponential" : xi < 0.05 ? "exponential or heavier" : "heavier than exponential",
		xi, hi);
	if (a->means)	/* no threshold: no run is judged interrupted */
		return;
	fprintf(out, "    a run is interrupted where its excess over the speed's passes ");
	if (a->opt->threshold > 0)
		fprintf(out, "%s (--threshold)\n", fmt_span(x, sizeof x, a->opt->threshold, a->unit_ns));
	else {
		range_text(out, jitter_threshold(j, 0), jitter_threshold(j, s->count - 1), s->p[0].min,
			   s->p[s->count - 1].min, a->unit_ns);
		fprintf(out, ": the collection's %llu runs cross it %.2g times by chance (a source with a rhythm, a period or bursts, is sought below it, its own test holding its false alarms)\n",
			(unsigned long long)a->diag.runs.total, MODEL_FALSE_ALARMS);
	}
}

static void interrupts_text(FILE *out, const struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	const struct model_counts *m = &d->counts;
	const struct point_set *s = &a->points;
	char x[32], lo[32], hi[32];
	if (a->means) {
		char what[64];
		fprintf(out, "  interruptions: not judged: each sample is %s: single interruptions do not show\n",
			analysis_means_words(a, what, sizeof what));
		return;
	}
	if (!d->jitter.judged)
		return;
	fprintf(out, "  interruptions: ");
	if (m->events == 0 && d->sources.count == 0) {
		fprintf(out, "none (one would be seen from a cost of ");
		range_text(out, jitter_seen_from(&d->jitter, 0),
			   jitter_seen_from(&d->jitter, s->count - 1), s->p[0].min,
			   s->p[s->count - 1].min, a->unit_ns);
		fprintf(out, ")\n");
		return;
	}
	fprintf(out, "%llu runs (%.3g%%)", (unsigned long long)m->events,
		m->runs ? 100.0 * (double)m->events / (double)m->runs : 0);
	double per_s = source_per_s(m->rate, a->unit_ns);
	if (isfinite(per_s))
		fprintf(out, ", %.4g per second of running time", per_s);
	fprintf(out, ", each %s (median; half within %s to %s)\n",
		fmt_span(x, sizeof x, m->cost, a->unit_ns), fmt_span(lo, sizeof lo, m->cost_lo, a->unit_ns),
		fmt_span(hi, sizeof hi, m->cost_hi, a->unit_ns));
	if (!d->sources.searched && a->excess.have_at && m->events > 0)
		fprintf(out, "    sources: periods and bursts not searched: the runs of %zu files, whose start times lie on no common clock (analyze each alone)\n",
			a->files);
	struct source_view v = { &d->sources, m->of_source, "run", a->unit_ns, d->runs.span / 2,
				 m->shared, source_view_tick(&a->counted, a->timer_period_ns, a->unit_ns),
				 a->counted.loc_per_s };
	report_sources_text(out, &v);
	if (m->unexplained > 0)
		fprintf(out, "    no source: %llu run%s above the threshold, too few to tell a source from chance\n",
			(unsigned long long)m->unexplained, m->unexplained == 1 ? "" : "s");
	fprintf(out, "    the longest runs (%s) expect %.3g interruption%s each",
		fmt_span(x, sizeof x, m->longest, a->unit_ns), m->expected_long,
		m->expected_long == 1 ? "" : "s");
	if (m->expected_anywhere < m->expected_long)
		fprintf(out, " where every source is there, %.3g where the fewest are",
			m->expected_anywhere);
	fprintf(out, "\n");
}

void report_compensated_text(FILE *out, const struct analysis *a)
{
	const struct compensation *c = &a->diag.comp;
	if (!c->done)
		return;
	int d = report_digits(c->slope, c->slope_hi - c->slope_lo);
	fprintf(out, "compensated %.*g %s", d, c->slope, report_units(a));
	if (a->unit_ns > 0)
		fprintf(out, " = %.*g ns", d, c->slope * a->unit_ns);
	fprintf(out, "   bounds [%.*g, %.*g] %s", d, c->slope_lo, d, c->slope_hi, report_units(a));
	if (a->unit_ns > 0)
		fprintf(out, " = [%.*g, %.*g] ns", d, c->slope_lo * a->unit_ns, d,
			c->slope_hi * a->unit_ns);
	fprintf(out, "\n           (the interruptions no run escaped taken out of the minima: the longest N's held %.3g)\n",
		c->held_longest);
}

void report_diagnosis_text(FILE *out, const struct analysis *a)
{
	fprintf(out, "\nwhat disturbed the timings (each run's timing = its N's floor x the speed + jitter + interruptions)\n");
	speed_text(out, a);
	jitter_text(out, a);
	interrupts_text(out, a);
	report_counted_text(out, a);
}
