/*
 * report_diagnosis.c - what disturbed the timings, for people (text) and
 * for programs (JSON keys): the speed states, the interruptions and their
 * periodic sources (noise/diagnosis.h).
 */
#include "report.h"

#include <math.h>
#include <string.h>

/* A duration in ns as "20.1 us", "2.7 ms", "950 ns". */
static const char *duration(char *buf, size_t len, double ns)
{
	if (fabs(ns) >= 999950)	/* what %.4g would print as 1000 us */
		snprintf(buf, len, "%.4g ms", ns / 1e6);
	else if (fabs(ns) >= 999.95)
		snprintf(buf, len, "%.4g us", ns / 1e3);
	else
		snprintf(buf, len, "%.4g ns", ns);
	return buf;
}

/* A moment of the collection in ms (clock units without unit_ns). */
static const char *moment(char *buf, size_t len, const struct analysis *a, double units)
{
	if (a->unit_ns > 0)
		snprintf(buf, len, "%.4g ms", units * a->unit_ns * 1e-6);
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

static void speed_text(FILE *out, const struct analysis *a)
{
	const struct speed_states *ss = &a->diag.speed;
	char x[32], y[32], z[32];
	if (!ss->judged) {
		fprintf(out, "  speed: not judged (%s)\n", a->excess.have_at
			? "too few runs" : "the input has no start times");
		return;
	}
	fprintf(out, "  speed: %zu state%s over %s (the speed of each %zu runs in a row, against the fastest runs of each N)\n",
		ss->count, ss->count == 1 ? "" : "s", span_of(x, sizeof x, a, ss->span),
		ss->runs_per_window);
	for (size_t i = 0; i < ss->count; i++) {
		const struct speed_state *s = &ss->s[i];
		fprintf(out, "    %-7.4g %5.1f%% of the time, from %s to %s, %u stretch%s (longest %s)%s\n",
			s->factor, 100 * s->share, moment(x, sizeof x, a, s->from),
			moment(y, sizeof y, a, s->to), s->stretches,
			s->stretches == 1 ? "" : "es", span_of(z, sizeof z, a, s->longest),
			i == 0 ? (ss->count > 1 ? "   the fastest" : "") : "   slower");
	}
	if (ss->line_factor < 1 / (1 + SPEED_STATE_WIDTH))
		fprintf(out, "    the minima the line rests on ran %.3g times as fast as the fastest state\n",
			1 / ss->line_factor);
}

/* "every 1 ms (1000 Hz), 1997 runs, 998 per second, cost 20 us" */
static void source_line(FILE *out, const struct analysis *a, const struct periodic_source *s)
{
	const struct interrupts *q = &a->diag.irq;
	char p[32], c[32], lo[32], hi[32];
	double k = a->unit_ns > 0 ? 1 : 0;	/* periods and costs in ns */
	if (k > 0)
		fprintf(out, "    every %s (%.4g Hz): %zu runs, %.4g per second, each %s (half within %s to %s), coherence %.2f\n",
			duration(p, sizeof p, s->period), 1e9 / s->period, s->events,
			q->run_seconds > 0 ? s->count / q->run_seconds : NAN,
			duration(c, sizeof c, s->cost * a->unit_ns),
			duration(lo, sizeof lo, s->cost_lo * a->unit_ns),
			duration(hi, sizeof hi, s->cost_hi * a->unit_ns), s->coherence);
	else
		fprintf(out, "    every %.6g clock units: %zu runs, each %.4g units, coherence %.2f\n",
			s->period, s->events, s->cost, s->coherence);
}

static void interrupts_text(FILE *out, const struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	char c[32], lo[32], hi[32], r[32];
	fprintf(out, "  interruptions (additive excess > %.4g units, %s): %llu runs (%.3g%%)",
		q->threshold, q->threshold_given ? "--threshold"
			: "10 x max(tick, median additive excess)",
		(unsigned long long)q->events,
		q->samples ? 100.0 * (double)q->events / (double)q->samples : 0);
	if (q->per_s > 0)
		fprintf(out, ", %.4g per second of runs", q->per_s);
	fprintf(out, "\n");
	if (q->events == 0)
		return;
	if (a->unit_ns > 0)
		fprintf(out, "    one costs %s (median; half within %s to %s)\n",
			duration(c, sizeof c, q->cost * a->unit_ns),
			duration(lo, sizeof lo, q->cost_lo * a->unit_ns),
			duration(hi, sizeof hi, q->cost_hi * a->unit_ns));
	else
		fprintf(out, "    one costs %.4g units (median; half within %.4g to %.4g)\n",
			q->cost, q->cost_lo, q->cost_hi);
	if (q->periodic.count == 0 && q->have_at)
		fprintf(out, "    periodic: no period found in %zu runs\n", q->periodic.tried);
	else if (q->periodic.count > 0)
		fprintf(out, "    periodic (%zu source%s):\n", q->periodic.count,
			q->periodic.count == 1 ? "" : "s");
	for (size_t i = 0; i < q->periodic.count; i++)
		source_line(out, a, &q->periodic.s[i]);
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
}

/* periodic: [{period_ns, per_s, cost_ns, events, coherence}]; the
 * strongest as period_found, period. */
static void periodic_json(FILE *out, int *f, const struct analysis *a)
{
	const struct interrupts *q = &a->diag.irq;
	double ns = a->unit_ns > 0 ? a->unit_ns : NAN;
	json_key(out, f, "periodic");
	fputc('[', out);
	for (size_t i = 0; i < q->periodic.count; i++) {
		const struct periodic_source *s = &q->periodic.s[i];
		fputs(i ? ", {\"period_ns\": " : "{\"period_ns\": ", out);
		json_number(out, a->unit_ns > 0 ? s->period : NAN);
		fputs(", \"per_s\": ", out);
		json_number(out, q->run_seconds > 0 ? s->count / q->run_seconds : NAN);
		fputs(", \"cost_ns\": ", out);
		json_number(out, s->cost * ns);
		fprintf(out, ", \"events\": %zu, \"coherence\": ", s->events);
		json_number(out, s->coherence);
		fputc('}', out);
	}
	fputc(']', out);
	const struct periodic_source *s = q->periodic.count ? &q->periodic.s[0] : NULL;
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
	json_key(out, f, "interrupts_expected_per_long_run");
	json_number(out, q->expected_long);
	periodic_json(out, f, a);
	compensated_json(out, f, a);
}
