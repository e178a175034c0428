/*
 * report_diagnosis_json.c - what disturbed the timings, for programs: the
 * JSON keys of the model's account (noise/diagnosis.h).
 */
#include "report.h"
#include "report_sources.h"

#include <math.h>

static void pair(FILE *out, double a, double b)
{
	fputc('[', out);
	json_number(out, a);
	fputs(", ", out);
	json_number(out, b);
	fputc(']', out);
}

/* speed_states: [{factor, share, from_ms, to_ms, stretches}] or null;
 * speed_ramps: [{from_factor, to_factor, from_ms, to_ms}] or null. */
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
			const char *k[] = { "factor", "share", "from_ms", "to_ms", "stretches" };
			double v[] = { s->factor, s->share, s->from * ms, s->to * ms, s->stretches };
			fputs(i ? ", " : "", out);
			json_numbers(out, 5, k, v);
		}
		fputc(']', out);
	}
	json_key(out, f, "speed_ramps");
	if (!ss->judged) {
		fputs("null", out);
	} else {
		fputc('[', out);
		for (size_t i = 0; i < ss->ramps; i++) {
			const struct speed_ramp *r = &ss->ramp[i];
			const char *k[] = { "from_factor", "to_factor", "from_ms", "to_ms" };
			double v[] = { r->from_factor, r->to_factor, r->from * ms, r->to * ms };
			fputs(i ? ", " : "", out);
			json_numbers(out, 4, k, v);
		}
		fputc(']', out);
	}
	json_key(out, f, "speed_ramp_share");
	json_number(out, ss->judged ? ss->ramp_share : NAN);
	json_key(out, f, "speed_minima_factor");
	json_number(out, ss->judged ? 1 / ss->line_factor : NAN);
	json_key(out, f, "speed_wander");
	json_number(out, ss->judged ? ss->wander : NAN);
	json_key(out, f, "speed_noise");
	json_number(out, ss->judged ? ss->noise : NAN);
	const struct flicker *fl = &a->diag.sources.flicker;
	json_key(out, f, "speed_slowed");
	if (!fl->found || fl->visible == 0) {
		fputs("null", out);
	} else {
		const char *k[] = { "runs", "share_of_runs", "of_length", "of_length_lo",
				    "of_length_hi" };
		double v[] = { (double)a->diag.counts.slowed, (double)fl->visible_runs / (double)fl->visible,
			       fl->share, fl->share_lo, fl->share_hi };
		json_numbers(out, 5, k, v);
	}
}

/* "jitter": {additive, proportional, tail_shape, tail_shape_hi, bins,
 * false_alarms}, or null. */
static void jitter_json(FILE *out, int *f, const struct analysis *a)
{
	const struct jitter *j = &a->diag.jitter;
	json_key(out, f, "jitter");
	if (!j->judged) {
		fputs("null", out);
		return;
	}
	double xi = 0, hi = 0;
	for (size_t b = 0; b < j->bins; b++)
		xi = fmax(xi, j->bin[b].tail.xi), hi = fmax(hi, j->bin[b].tail.xi_hi);
	const char *k[] = { "additive", "additive_ns", "proportional", "tail_shape",
			    "tail_shape_hi", "bins", "false_alarms", "quantum" };
	double v[] = { j->additive, a->unit_ns > 0 ? j->additive * a->unit_ns : NAN,
		       j->proportional, xi, hi, (double)j->bins,
		       a->means ? NAN : MODEL_FALSE_ALARMS, j->quantum };	/* means: no threshold */
	json_numbers(out, 8, k, v);
}

/* The threshold, and from what cost an interruption is seen, in the
 * shortest and the longest runs: null where none is judged (too few runs,
 * or samples that are means). */
static void threshold_json(FILE *out, int *f, const struct analysis *a)
{
	const struct jitter *j = &a->diag.jitter;
	size_t last = a->points.count - 1;
	int judged = j->judged && !a->means;
	json_key(out, f, "excess_threshold");
	json_number(out, judged ? jitter_threshold(j, 0) : NAN);
	json_key(out, f, "excess_threshold_longest");
	json_number(out, judged ? jitter_threshold(j, last) : NAN);
	json_key(out, f, "interrupt_counted_from");
	if (!judged) {
		fputs("null", out);
		return;
	}
	double lo = jitter_seen_from(j, 0), hi = jitter_seen_from(j, last);
	const char *const k[] = { "shortest", "longest", "shortest_ns", "longest_ns" };
	const double v[] = { lo, hi, a->unit_ns > 0 ? lo * a->unit_ns : NAN,
			     a->unit_ns > 0 ? hi * a->unit_ns : NAN };
	json_numbers(out, 4, k, v);
}

/* The jitter's share of a run in the upper half of N: median and 90%. */
static void run_spread_json(FILE *out, int *f, const struct analysis *a)
{
	const struct jitter *j = &a->diag.jitter;
	const struct point_set *s = &a->points;
	json_key(out, f, "run_spread");
	if (!j->judged || s->count < 2) {
		pair(out, NAN, NAN);
		return;
	}
	size_t half = s->count / 2, mid = half + (s->count - half) / 2;
	size_t top = half + (size_t)(0.9 * (double)(s->count - 1 - half));
	pair(out, j->scale[mid] / s->p[mid].min, j->scale[top] / s->p[top].min);
}

/* Keys the model replaced: kept, null or 0, for the programs that read
 * them (docs/json.md). */
static void replaced_json(FILE *out, int *f)
{
	static const char *const nulls[] = { "excess_threshold_relative", "excess_threshold_spread",
		"spread_tail_growth", "spread_tail_heavy", "spread_tail_mixed", "short_runs_events",
		"interrupt_excess_growth", "interrupt_excess_growth_at_marks", "slowed_runs" };
	for (size_t i = 0; i < sizeof nulls / sizeof nulls[0]; i++) {
		json_key(out, f, nulls[i]);
		fputs("null", out);
	}
	json_key(out, f, "spread_tail_runs");
	fputs("0", out);
}

static void interrupts_json(FILE *out, int *f, const struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	const struct model_counts *m = &d->counts;
	double ns = a->unit_ns > 0 ? a->unit_ns : NAN;
	double judged = d->jitter.judged && !a->means ? 1 : NAN;	/* else null */
	int any = m->events > 0;
	json_key(out, f, "interrupts");
	json_number(out, (double)m->events * judged);
	json_key(out, f, "interrupt_share");
	json_number(out, m->runs ? (double)m->events / (double)m->runs * judged : NAN);
	json_key(out, f, "interrupts_per_s");
	json_number(out, source_per_s(m->rate, a->unit_ns) * judged);
	json_key(out, f, "interrupt_cost");
	json_number(out, any ? m->cost : NAN);
	json_key(out, f, "interrupt_cost_ns");
	json_number(out, any ? m->cost * ns : NAN);
	json_key(out, f, "interrupt_cost_ns_quartiles");
	pair(out, any ? m->cost_lo * ns : NAN, any ? m->cost_hi * ns : NAN);
	json_key(out, f, "interrupts_unexplained");
	json_number(out, (double)m->unexplained * judged);
	json_key(out, f, "interrupts_expected_per_long_run");
	json_number(out, m->expected_long * judged);
	json_key(out, f, "interrupts_expected_per_long_run_throughout");
	json_number(out, m->expected_anywhere * judged);
}

/* periods_searched, and the strongest periodic source as period_found,
 * period (ns, or clock units), period_coherence. */
static void period_json(FILE *out, int *f, const struct analysis *a)
{
	const struct sources *ss = &a->diag.sources;
	const struct source *s = NULL;
	for (size_t i = 0; i < ss->count && s == NULL; i++)
		s = ss->s[i].kind == SOURCE_PERIODIC ? &ss->s[i] : NULL;
	json_key(out, f, "periods_searched");
	fputs(ss->searched ? "true" : "false", out);
	json_key(out, f, "period_found");
	fputs(s ? "true" : "false", out);
	json_key(out, f, "period");
	json_number(out, s ? s->marks.period * (a->unit_ns > 0 ? a->unit_ns : 1) : NAN);
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
	if (c->done)
		pair(out, c->slope_lo, c->slope_hi);
	else
		fputs("null", out);
}

void report_diagnosis_json(FILE *out, int *f, const struct analysis *a)
{
	const struct diagnosis *d = &a->diag;
	speed_json(out, f, a);
	jitter_json(out, f, a);
	threshold_json(out, f, a);
	interrupts_json(out, f, a);
	run_spread_json(out, f, a);
	replaced_json(out, f);
	struct source_view v = { &d->sources, d->counts.of_source, "run", a->unit_ns,
				 d->runs.span / 2, d->counts.shared,
				 source_view_tick(&a->counted, a->timer_period_ns, a->unit_ns),
				 a->counted.loc_per_s };
	report_sources_json(out, f, &v);
	period_json(out, f, a);
	compensated_json(out, f, a);
	json_key(out, f, "model_rounds");
	fprintf(out, "%d", d->rounds);
	report_counted_json(out, f, a);
}
