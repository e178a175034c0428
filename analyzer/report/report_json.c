/*
 * report_json.c - one JSON object; the keys are listed in docs/json.md and
 * are kept once released.  Numbers are %.17g (they round-trip); unknown
 * values are null.
 */
#include "message.h"
#include "report.h"

#include <math.h>
#include <string.h>

#include "text.h"

/* Always valid UTF-8: a byte that starts no well-formed sequence is
 * written as U+FFFD (header text is cleaned on input; this holds for any
 * string). */
void json_string(FILE *out, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	fputc('"', out);
	while (*p) {
		size_t n = text_utf8_length(p);
		if (n == 0) {
			fputs("\\ufffd", out);
			p++;
		} else if (*p == '"' || *p == '\\') {
			fprintf(out, "\\%c", *p++);
		} else if (*p < 0x20 || *p == 0x7f) {
			fprintf(out, "\\u%04x", *p++);
		} else {
			fwrite(p, 1, n, out);
			p += n;
		}
	}
	fputc('"', out);
}

void json_number(FILE *out, double v)
{
	if (isfinite(v))
		fprintf(out, "%.17g", v);
	else
		fputs("null", out);
}

void json_numbers(FILE *out, size_t n, const char *const *k, const double *v)
{
	fputc('{', out);
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "%s\"%s\": ", i ? ", " : "", k[i]);
		json_number(out, v[i]);
	}
	fputc('}', out);
}

/* "key": value, with the separator before every key but the first. */
static void key(FILE *out, int *first, const char *k)
{
	fprintf(out, "%s\n  \"%s\": ", *first ? "" : ",", k);
	*first = 0;
}

void json_key(FILE *out, int *first, const char *k)
{
	key(out, first, k);
}

static void num(FILE *out, int *first, const char *k, double v)
{
	key(out, first, k);
	json_number(out, v);
}

/* value * unit_ns, or null when unit_ns is unknown */
static void num_ns(FILE *out, int *first, const char *k, double v, double unit_ns)
{
	num(out, first, k, unit_ns > 0 ? v * unit_ns : NAN);
}

static void pair(FILE *out, int *first, const char *k, const double v[2],
		 double scale)
{
	key(out, first, k);
	if (!(scale > 0)) {
		fputs("null", out);
		return;
	}
	fputc('[', out);
	json_number(out, v[0] * scale);
	fputs(", ", out);
	json_number(out, v[1] * scale);
	fputc(']', out);
}

static void str(FILE *out, int *first, const char *k, const char *v)
{
	key(out, first, k);
	json_string(out, v);
}

static void ols_object(FILE *out, int *first, const char *k, const struct ols_fit *o)
{
	key(out, first, k);
	if (!o->ok) {
		fputs("null", out);
		return;
	}
	fprintf(out, "{\"unit_cost\": %.17g, \"overhead\": %.17g, \"unit_cost_se\": %.17g, \"overhead_se\": %.17g}",
		o->slope, o->intercept, o->slope_se, o->intercept_se);
}

static void fit_keys(FILE *out, int *f, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	const struct interval *iv = &a->iv;
	double ns = a->unit_ns;
	num(out, f, "unit_cost", a->fit.slope);
	num(out, f, "overhead", a->fit.intercept);
	num_ns(out, f, "unit_cost_ns", a->fit.slope, ns);
	num_ns(out, f, "overhead_ns", a->fit.intercept, ns);
	num(out, f, "tick", a->tick > 0 ? a->tick : NAN);
	num(out, f, "unit_ns", ns > 0 ? ns : NAN);
	num(out, f, "points", (double)s->count);
	num(out, f, "samples", (double)s->samples);
	str(out, f, "method", a->method);
	pair(out, f, "unit_cost_interval", iv->slope, 1);
	pair(out, f, "overhead_interval", iv->intercept, 1);
	pair(out, f, "unit_cost_ns_interval", iv->slope, ns);
	pair(out, f, "overhead_ns_interval", iv->intercept, ns);
	str(out, f, "interval_method", iv->blocks
		? "bounds: tick band + refits on halves of the collection's stretches in time (not a calibrated 95%)"
		: "bounds: tick band + refits on halves of the runs (not a calibrated 95%)");
	num(out, f, "subsampling_blocks", iv->blocks ? iv->blocks : NAN);
	key(out, f, "fifths");
	if (a->nfifths == BLOCKS_FIFTHS) {
		fputc('[', out);
		for (int i = 0; i < BLOCKS_FIFTHS; i++) {
			fprintf(out, "%s{\"unit_cost\": ", i ? ", " : "");
			json_number(out, a->fifths[i].slope);
			fputs(", \"band\": [", out);
			json_number(out, a->fifths[i].lo);
			fputs(", ", out);
			json_number(out, a->fifths[i].hi);
			fputs("]}", out);
		}
		fputc(']', out);
	} else {
		fputs("null", out);
	}
	num(out, f, "band_width", iv->band_width);
	pair(out, f, "band_unit_cost_interval", iv->band_slope, 1);
	pair(out, f, "subsampling_unit_cost_interval", iv->sub_slope, 1);
	num(out, f, "subsampling_replicates", iv->replicates);
	key(out, f, "slope_unique");
	fputs(a->fit.unique ? "true" : "false", out);
	double opt[2] = { a->fit.slope_lo, a->fit.slope_hi };
	pair(out, f, "unit_cost_optimal_range", opt, 1);
	num(out, f, "support_n_left", (double)s->p[a->fit.left].n);
	num(out, f, "support_n_right", (double)s->p[a->fit.right].n);
	num(out, f, "lp_hull_difference", a->lp_done && a->hull_done ? a->lp_hull_difference : NAN);
	/* the bend test's resolution, relative to the unit cost (null where
	 * it did not run: too few N, or a step was told first) */
	const struct linearity *L = &a->linear;
	key(out, f, "bend_told_from");
	if (L->told_at > 0 && L->kind != LINEARITY_STEP && a->fit.slope != 0) {
		fprintf(out, "{\"n\": %llu, \"up\": ", (unsigned long long)L->told_at);
		json_number(out, L->told_up / fabs(a->fit.slope));
		fputs(", \"down\": ", out);
		json_number(out, L->told_down / fabs(a->fit.slope));
		fputc('}', out);
	} else {
		fputs("null", out);
	}
	num(out, f, "band_lp_difference", a->band_difference);
	num(out, f, "lp_unit_cost", a->lp_done ? a->lp.line.slope : NAN);
	num(out, f, "hull_unit_cost", a->hull_done ? a->hull.slope : NAN);
	ols_object(out, f, "ols_minima", &a->ols_minima);
	ols_object(out, f, "ols_means", &a->ols_means);
}

/* "machine": where the first input was collected, from its header
 * (null where it had no such key). */
static void machine_object(FILE *out, int *f, const struct analysis *a)
{
	const char *k[] = { "host", "date", "governor", "cpu" };
	const char *v[] = { a->host, a->date, a->governor, a->cpu };
	key(out, f, "machine");
	fputc('{', out);
	for (size_t i = 0; i < 4; i++) {
		fprintf(out, "%s\"%s\": ", i ? ", " : "", k[i]);
		if (v[i][0])
			json_string(out, v[i]);
		else
			fputs("null", out);
	}
	fputc('}', out);
}

/* Rates: GB/s for bytes, per second for any unit named, Mops/s with
 * --ops-per-unit, TSC cycles per unit on the TSC (null where unknown). */
static void rate_keys(FILE *out, int *f, const struct analysis *a)
{
	double ns = a->fit.slope * a->unit_ns;
	int known = a->unit_ns > 0 && ns > 0;
	num(out, f, "gb_per_s", known && strcmp(a->per, "bytes") == 0 ? 1 / ns : NAN);
	num(out, f, "units_per_s", known ? 1e9 / ns : NAN);
	num(out, f, "mops_per_s", known && a->opt->ops_per_unit > 0
				  ? a->opt->ops_per_unit * 1e3 / ns : NAN);
	num(out, f, "tsc_cycles_per_unit", strcmp(a->clock, "tsc") == 0 ? a->fit.slope : NAN);
}

static void input_keys(FILE *out, int *f, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	str(out, f, "clock", a->clock);
	key(out, f, "per");
	if (a->per[0])
		json_string(out, a->per);
	else
		fputs("null", out);
	str(out, f, "kernel", a->kernel);
	str(out, f, "tick_source", a->tick_source);
	num(out, f, "tick_mean", a->tick_mean > 0 ? a->tick_mean : NAN);
	str(out, f, "unit_ns_source", a->unit_ns_source);
	num(out, f, "files", (double)a->files);
	num(out, f, "n_min", (double)s->p[0].n);
	num(out, f, "n_max", (double)s->p[s->count - 1].n);
	num(out, f, "runs_min", (double)a->runs_min);
	num(out, f, "runs_median", (double)a->runs_median);
	num(out, f, "read_overhead", a->read_overhead >= 0 ? a->read_overhead : NAN);
	key(out, f, "input_complete");
	fputs(a->complete ? "true" : "false", out);
	key(out, f, "start_times");
	fputs(a->start_times ? "true" : "false", out);
	/* samples that are means: [fewest, most] iterations each is a mean
	 * of ([null, null]: not said); null for single runs */
	key(out, f, "samples_mean_of");
	if (a->means) {
		fputc('[', out);
		json_number(out, a->mean_of[0] > 0 ? (double)a->mean_of[0] : NAN);
		fputs(", ", out);
		json_number(out, a->mean_of[1] > 0 ? (double)a->mean_of[1] : NAN);
		fputc(']', out);
	} else
		fputs("null", out);
	machine_object(out, f, a);
}

static void excess_keys(FILE *out, int *f, const struct analysis *a)
{
	const struct excess_summary *e = &a->excess;
	double n = e->samples ? (double)e->samples : NAN;
	num(out, f, "on_line_share", (double)e->on_line / n);
	num(out, f, "near_line_share", (double)e->near_line / n);
	num(out, f, "excess_q50", e->quantile[0]);
	num(out, f, "excess_q90", e->quantile[1]);
	num(out, f, "excess_q99", e->quantile[2]);
	num(out, f, "excess_q999", e->quantile[3]);
	num(out, f, "excess_max", e->max);
	report_diagnosis_json(out, f, a);
}

/* "glitches": the minima judged clock glitches (glitch.h). */
static void glitch_keys(FILE *out, int *f, const struct analysis *a)
{
	key(out, f, "glitches");
	fputc('[', out);
	for (size_t i = 0; i < a->glitches.count; i++) {
		const struct glitch *g = &a->glitches.g[i];
		fprintf(out, "%s{\"n\": %llu, \"t\": ", i ? ", " : "",
			(unsigned long long)g->n);
		json_number(out, g->t);
		fputs(", \"below_next\": ", out);
		json_number(out, g->below_next);
		fputs(", \"below_line\": ", out);
		json_number(out, g->below_line);
		fputc('}', out);
	}
	fputc(']', out);
	key(out, f, "glitches_kept");
	fputs(a->glitches.kept && a->glitches.count ? "true" : "false", out);
}

/* "message": latency and bandwidth of a message kernel, or null. */
static void message_keys(FILE *out, int *f, const struct analysis *a)
{
	struct message_costs m;
	key(out, f, "message");
	if (!message_costs(a, &m)) {
		fputs("null", out);
		return;
	}
	int g = 1;
	double lat[2] = { m.latency_lo, m.latency_hi }, gb[2] = { m.gb_lo, m.gb_hi };
	fputc('{', out);
	str(out, &g, "kernel", a->message);
	num(out, &g, "latency_ns", m.latency_ns);
	pair(out, &g, "latency_ns_bounds", lat, 1);
	str(out, &g, "latency_is", m.latency_is);
	key(out, &g, "latency_resolved");
	fputs(m.latency_resolved ? "true" : "false", out);
	num(out, &g, "bandwidth_gb_per_s", m.gb_per_s);
	pair(out, &g, "bandwidth_gb_per_s_bounds", gb, 1);
	str(out, &g, "bandwidth_is", m.bandwidth_is);
	fputc('}', out);
}

/* An activity trace: what it is, where, and the "trace" object. */
static void trace_json(FILE *out, const struct analysis *a)
{
	int f = 1;
	fputc('{', out);
	str(out, &f, "kind", "trace");
	str(out, &f, "clock", a->clock);
	num(out, &f, "tick", a->tick > 0 ? a->tick : NAN);
	num(out, &f, "unit_ns", a->unit_ns > 0 ? a->unit_ns : NAN);
	machine_object(out, &f, a);
	report_trace_json(out, &f, a);
	key(out, &f, "warning_codes");
	fputs("[]", out);
	key(out, &f, "warnings");
	fputs("[]\n}\n", out);
}

void report_json(FILE *out, const struct analysis *a)
{
	int f = 1;
	if (a->trace) {
		trace_json(out, a);
		return;
	}
	fputc('{', out);
	fit_keys(out, &f, a);
	rate_keys(out, &f, a);
	message_keys(out, &f, a);
	glitch_keys(out, &f, a);
	input_keys(out, &f, a);
	excess_keys(out, &f, a);
	key(out, &f, "warning_codes");
	fputc('[', out);
	for (size_t i = 0; i < a->warnings; i++) {
		fputs(i ? ", " : "", out);
		json_string(out, warning_name(a->warning_code[i]));
	}
	fputc(']', out);
	key(out, &f, "warnings");
	fputc('[', out);
	for (size_t i = 0; i < a->warnings; i++) {
		fputs(i ? ", " : "", out);
		json_string(out, a->warning[i]);
	}
	fputs("]\n}\n", out);
}
