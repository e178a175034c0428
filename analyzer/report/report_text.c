/*
 * report_text.c - the report for people.
 */
#include "hinge.h"
#include "message.h"
#include "report.h"
#include "units.h"

#include <math.h>
#include <string.h>

int report_digits(double value, double width)
{
	if (!(width > 0) || !(fabs(value) > 0))
		return 7;
	/* clamped before it becomes an int: the ratio underflows to 0 (a
	 * subnormal value, an infinite width) or overflows to infinity,
	 * and log10 of either is infinite */
	double d = ceil(log10(fabs(value) / width)) + 2;
	return !(d > 3) ? 3 : d > 15 ? 15 : (int)d;
}

/* v to d significant digits, trailing zeros kept ("0.7180", not "0.718":
 * the zero is a digit the interval vouches for), no trailing point. */
static const char *sig(char *buf, size_t len, double v, int d)
{
	if (v == 0) {	/* "0", not "0.000000" */
		snprintf(buf, len, "0");
		return buf;
	}
	snprintf(buf, len, "%#.*g", d, v);
	size_t n = strlen(buf);
	if (n > 0 && buf[n - 1] == '.')
		buf[n - 1] = '\0';
	return buf;
}

void report_shown(struct report_shown *q, double v, const double iv[2], double unit_ns)
{
	int d = report_digits(v, iv[1] - iv[0]);
	/* a bound rounding left a hair from zero is 0 (units.h) */
	double scale = fmax(fabs(v), fmax(fabs(iv[0]), fabs(iv[1])));
	double lo = fabs(iv[0]) <= 1e-9 * scale ? 0 : iv[0];
	double hi = fabs(iv[1]) <= 1e-9 * scale ? 0 : iv[1];
	sig(q->v, sizeof q->v, v, d);
	sig(q->lo, sizeof q->lo, lo, d);
	sig(q->hi, sizeof q->hi, hi, d);
	q->unit = NULL;
	if (!(unit_ns > 0))
		return;
	struct time_unit tu = time_unit_for((v != 0 ? v : scale) * unit_ns);
	q->unit = tu.name;
	sig(q->t_v, sizeof q->t_v, v * unit_ns / tu.ns, d);
	sig(q->t_lo, sizeof q->t_lo, lo * unit_ns / tu.ns, d);
	sig(q->t_hi, sizeof q->t_hi, hi * unit_ns / tu.ns, d);
}

/* "0.5001394 ns (1.150321 clock units)", then "bounds [...] ns
 * ([1.150302, 1.150340] clock units)": time first where it is known, the
 * value and both bounds in one unit (report_shown); else in the units
 * of the input alone. */
static void quantity(FILE *out, const char *name, double v, const double iv[2],
		     double unit_ns, const char *units)
{
	struct report_shown q;
	report_shown(&q, v, iv, unit_ns);
	if (q.unit && unit_ns == 1) {	/* a clock in ns: the same numbers */
		fprintf(out, "%-10s %s %s\n", name, q.t_v, q.unit);
		fprintf(out, "%-10s bounds [%s, %s] %s\n", "", q.t_lo, q.t_hi, q.unit);
		return;
	}
	if (q.unit) {
		fprintf(out, "%-10s %s %s (%s clock units)\n", name, q.t_v, q.unit, q.v);
		fprintf(out, "%-10s bounds [%s, %s] %s ([%s, %s] clock units)\n", "", q.t_lo,
			q.t_hi, q.unit, q.lo, q.hi);
		return;
	}
	fprintf(out, "%-10s %s %s\n", name, q.v, units);
	fprintf(out, "%-10s bounds [%s, %s] %s\n", "", q.lo, q.hi, units);
}

/* What one unit of N is, in the singular: "byte" from per = bytes;
 * "unit" where the input does not say. */
static const char *one_unit(char *buf, size_t len, const struct analysis *a)
{
	snprintf(buf, len, "%s", a->per[0] ? a->per : "unit");
	size_t k = strlen(buf);
	if (a->per[0] && k > 1 && buf[k - 1] == 's')
		buf[k - 1] = '\0';
	return buf;
}

/*
 * Rates, where ns per unit is known: bytes per unit give GB/s (bytes per
 * ns), any other unit its count per second; --ops-per-unit K gives Mops/s
 * (K / ns per unit, x 1000).  A bound of the rate comes from the other
 * bound of the unit cost.  A message kernel's are its latency and
 * bandwidth (report_message_text).
 */
void report_rates_text(FILE *out, const struct analysis *a)
{
	const double *iv = a->iv.slope;
	double ns = a->fit.slope * a->unit_ns;
	char one[40];
	if (!(a->unit_ns > 0) || !(ns > 0))
		return;
	double lo = iv[1] * a->unit_ns, hi = iv[0] * a->unit_ns;	/* ns */
	char upper[32] = "unbounded";
	if (hi > 0)
		snprintf(upper, sizeof upper, "%.4g", 1 / hi);
	if (a->message[0])
		;	/* report_message_text() says it in latency and bandwidth */
	else if (strcmp(a->per, "bytes") == 0)
		fprintf(out, "throughput %.4g GB/s   bounds [%.4g, %s] GB/s\n", 1 / ns,
			1 / lo, upper);
	else if (a->per[0])
		fprintf(out, "rate       %.4g %s per second\n", 1e9 / ns, a->per);
	if (a->opt->ops_per_unit > 0)
		fprintf(out, "rate       %.4g Mops/s (%g operations per %s)\n",
			a->opt->ops_per_unit * 1e3 / ns, a->opt->ops_per_unit,
			one_unit(one, sizeof one, a));
}

/* On the TSC the unit cost is also in TSC cycles (the counter's, not the
 * core's: they differ where the core's clock does); then the rates. */
static void rates(FILE *out, const struct analysis *a)
{
	char one[40];
	if (strcmp(a->clock, "tsc") == 0)
		fprintf(out, "           = %.4g TSC cycles per %s (the counter's cycles, not the core's)\n",
			a->fit.slope, one_unit(one, sizeof one, a));
	report_rates_text(out, a);
}

/* A message kernel's line as latency and bandwidth (message.h). */
void report_message_text(FILE *out, const struct analysis *a)
{
	struct message_costs m;
	if (!message_costs(a, &m))
		return;
	char hi[32] = "unbounded";
	if (isfinite(m.gb_hi))
		snprintf(hi, sizeof hi, "%.4g", m.gb_hi);
	double k = fabs(m.latency_ns) >= 1000 ? 1e-3 : 1;	/* us or ns */
	const char *u = k < 1 ? "us" : "ns";
	fprintf(out, "latency    %.4g %s (%s)   bounds [%.4g, %.4g] %s%s\n",
		m.latency_ns * k, u, m.latency_is, m.latency_lo * k, m.latency_hi * k, u,
		m.latency_resolved ? "" : "   not resolved: its bounds reach zero or below");
	fprintf(out, "bandwidth  %.4g GB/s (%s)   bounds [%.4g, %s] GB/s\n",
		m.gb_per_s, m.bandwidth_is, m.gb_lo, hi);
	/* a line holds for the sizes it was fitted on: a protocol switches
	 * with the size (eager to rendezvous), and small messages are
	 * another regime, with another latency */
	const struct point_set *s = &a->points;
	fprintf(out, "           both from messages of %llu to %llu %s: that regime's%s\n",
		(unsigned long long)s->p[0].n, (unsigned long long)s->p[s->count - 1].n, a->per,
		s->p[0].n > 256 ? "; small messages take another (collect-mpi --range 0:256 times them)" : "");
}

const char *report_units_of(const struct analysis *a)
{
	return a->files_bare ? "units of the input" : "clock units";
}

const char *report_clock_units(const struct analysis *a)
{
	return !a->files_bare && strcmp(a->clock, "tsc") == 0 ? "TSC cycles" : report_units_of(a);
}

const char *report_units(const struct analysis *a)
{
	return a->unit_ns > 0 ? "units" : report_units_of(a);
}

static void heading(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	fprintf(out, "subtick analyze: %s on clock %s", a->kernel[0] ? a->kernel : "unknown kernel",
		a->clock[0] ? a->clock : "unknown");
	if (a->tick > 0) {
		char tn[48];
		if (a->unit_ns == 1)
			fprintf(out, ", tick %s", fmt_time(tn, sizeof tn, a->tick, 4));
		else if (a->unit_ns > 0)
			fprintf(out, ", tick %s (%.10g clock units)",
				fmt_time(tn, sizeof tn, a->tick * a->unit_ns, 4), a->tick);
		else
			fprintf(out, ", tick %.10g %s", a->tick, report_units(a));
		if (a->tick_mean > 0)
			fprintf(out, " (from the header: steps of %.6g on average, each read rounded down to a unit)",
				a->tick_mean);
		else
			fprintf(out, " (from the %s)", a->tick_source);
	} else {
		fprintf(out, ", tick unknown");
	}
	fprintf(out, "\n%zu N from %llu to %llu, %llu sample%s, %llu run%s per N (median; fewest %llu)\n\n",
		s->count, (unsigned long long)s->p[0].n,
		(unsigned long long)s->p[s->count - 1].n,
		(unsigned long long)s->samples, s->samples == 1 ? "" : "s",
		(unsigned long long)a->runs_median, a->runs_median == 1 ? "" : "s",
		(unsigned long long)a->runs_min);
}

/* The unit cost of each fifth of the collection, in time order. */
static void fifths_line(FILE *out, const struct analysis *a)
{
	if (a->nfifths != BLOCKS_FIFTHS)
		return;
	double w = 0;
	for (int i = 0; i < BLOCKS_FIFTHS; i++)
		w = a->fifths[i].hi - a->fifths[i].lo > w ? a->fifths[i].hi - a->fifths[i].lo : w;
	int d = report_digits(a->fit.slope, w);
	double k = a->unit_ns > 0 ? a->unit_ns : 1;
	char buf[40];
	fprintf(out, "           by fifths of the collection in time%s:",
		a->unit_ns > 0 ? " (ns)" : "");
	for (int i = 0; i < BLOCKS_FIFTHS; i++)
		fprintf(out, " %s", sig(buf, sizeof buf, a->fifths[i].slope * k, d));
	fprintf(out, "\n");
}

/* When the runs the line rests on were taken, and how many runs come near
 * the line: a line resting on one short fast burst describes that burst. */
static void support_times(FILE *out, const struct analysis *a)
{
	const struct excess_summary *e = &a->excess;
	if (e->samples)
		fprintf(out, "  %.3g%% of the runs come within max(2 ticks, 1%%) of it\n",
			100.0 * (double)e->near_line / (double)e->samples);
	if (!e->have_at || e->rest_at[0] == UINT64_MAX || e->rest_at[1] == UINT64_MAX)
		return;
	double when[3] = { (double)(e->rest_at[0] - e->at_lo), (double)(e->rest_at[1] - e->at_lo),
			   (double)(e->at_hi - e->at_lo) };
	char w[3][48];
	for (int i = 0; i < 3; i++) {
		if (a->unit_ns > 0)
			fmt_time(w[i], sizeof w[i], when[i] * a->unit_ns, 6);
		else
			snprintf(w[i], sizeof w[i], "%.6g %s", when[i], report_units_of(a));
	}
	fprintf(out, "  its minima were taken at %s and %s into a collection of %s\n",
		w[0], w[1], w[2]);
}

/* What the bend test tells (fit/hinge.h): the least bend at the middle
 * of the range it would warn of, where it found none; or that it could
 * not run.  A bend below it leaves the line a chord of the two slopes,
 * and the bounds need hold neither. */
static void bend_resolution(FILE *out, const struct analysis *a)
{
	const struct linearity *L = &a->linear;
	if (L->kind == LINEARITY_BEND || L->kind == LINEARITY_STEP)
		return;	/* (the warning tells it) */
	if (L->told_at == 0) {
		if (a->points.count < HINGE_MIN_POINTS)
			fprintf(out, "  fewer than %d N: no bend in the cost is tested for\n",
				HINGE_MIN_POINTS);
		return;
	}
	double slope = fabs(a->fit.slope), half = (a->iv.slope[1] - a->iv.slope[0]) / 2;
	if (!(slope > 0))
		return;
	fprintf(out, "  no bend seen: one at N = %llu (the N tried nearest the middle of the range) is told from about %+.3g%% or %+.3g%% of the unit cost",
		(unsigned long long)L->told_at, 100 * L->told_up / slope, 100 * L->told_down / slope);
	if (half > 0)
		fprintf(out, " (%.2g and %.2g times its bounds' half-width)", L->told_up / half,
			-L->told_down / half);
	fprintf(out, "\n");
}

static void fit_section(FILE *out, const struct analysis *a)
{
	const struct point_set *s = &a->points;
	const struct interval *iv = &a->iv;
	const char *u = report_units(a);
	quantity(out, "unit cost", a->fit.slope, iv->slope, a->unit_ns, u);
	rates(out, a);
	quantity(out, "overhead", a->fit.intercept, iv->intercept, a->unit_ns, u);
	char sp[64];
	if (a->read_overhead >= 0)
		fprintf(out, "           (for comparison: two clock reads back to back take %s)\n",
			a->unit_ns > 0 ? fmt_span_units(sp, sizeof sp, a->read_overhead, a->unit_ns)
				       : (snprintf(sp, sizeof sp, "%.4g %s", a->read_overhead, u), sp));
	if (iv->band_ok)
	{
		char tw[48];
		if (a->unit_ns == 1)
			fmt_span(sp, sizeof sp, iv->band_width, a->unit_ns);
		else if (a->unit_ns > 0)
			snprintf(sp, sizeof sp, "%s (%.4g clock units)",
				 fmt_span(tw, sizeof tw, iv->band_width, a->unit_ns), iv->band_width);
		else
			snprintf(sp, sizeof sp, "%.4g %s", iv->band_width, u);
		fprintf(out, "           interval: tick band (W = %s, %zu minima within W)", sp,
			iv->band_support);
	}
	else
		fprintf(out, "           interval: no tick band (see the warnings)");
	if (iv->replicates > 1 && iv->blocks)
		fprintf(out, " and %u refits on random halves of %u stretches of the collection in time\n",
			iv->replicates, iv->blocks);
	else if (iv->replicates > 1)
		fprintf(out, " and %u refits on random halves of the runs\n", iv->replicates);
	else
		fprintf(out, "; no subsampling (one run per N)\n");
	fifths_line(out, a);
	if (!a->start_times)	/* said once: the order in time is unknown */
		fprintf(out, "           no start times in the input: no fifths in time, no drift check, no periods\n");
	report_compensated_text(out, a);
	report_message_text(out, a);
	fprintf(out, "\n");

	fprintf(out, "least-values fit (%s)\n", a->method);
	if (a->lp_done && a->hull_done)
	{
		char dv[40];
		double k = a->unit_ns > 0 ? a->unit_ns : 1;
		fprintf(out, "  the LP (GLPK) and the lower convex hull agree: difference %s %s\n",
			fmt_num(dv, sizeof dv, a->lp_hull_difference * k,
				a->points.p[a->points.count - 1].min * k, 3),
			a->unit_ns > 0 ? "ns" : u);
	}
	if (a->fit.unique)
		fprintf(out, "  rests on the minima at N = %llu and N = %llu\n",
			(unsigned long long)s->p[a->fit.left].n,
			(unsigned long long)s->p[a->fit.right].n);
	else
		fprintf(out, "  mean(N) is a hull vertex (N = %llu): every slope in [%.10g, %.10g] is optimal; the midpoint is reported\n",
			(unsigned long long)s->p[a->fit.left].n, a->fit.slope_lo,
			a->fit.slope_hi);
	support_times(out, a);
	bend_resolution(out, a);
}

static void ols_line(FILE *out, const char *name, const struct ols_fit *o,
		     const struct analysis *a)
{
	double lv = a->fit.slope;
	if (!o->ok) {
		fprintf(out, "  %-14s failed\n", name);
		return;
	}
	double k = a->unit_ns > 0 ? a->unit_ns : 1;
	char ov[64];
	if (a->unit_ns > 0)
		fmt_span_to(ov, sizeof ov, o->intercept, a->unit_ns, 6);
	else
		snprintf(ov, sizeof ov, "%.6g %s", o->intercept, report_units(a));
	char from[64] = "no ratio: the least-values slope is 0";
	if (lv != 0)
		snprintf(from, sizeof from, "%+.3g%% from the least-values slope",
			 100 * (o->slope / lv - 1));
	fprintf(out, "  %-14s %.10g %s/N (%s), overhead %s\n", name, o->slope * k,
		a->unit_ns > 0 ? "ns" : report_units(a), from, ov);
}

static void excess_section(FILE *out, const struct analysis *a)
{
	const struct excess_summary *e = &a->excess;
	double share = e->samples ? 100.0 * (double)e->on_line / (double)e->samples : 0;
	double k = a->unit_ns > 0 ? a->unit_ns : 1;
	fprintf(out, "\nexcess over the line (%s)\n", a->unit_ns > 0 ? "ns" : report_units_of(a));
	if (a->tick > 0)
		fprintf(out, "  on the line (within one tick of the step function): %.1f%% of samples\n",
			share);
	else
		fprintf(out, "  on the line (within %.4g, 0.1%% of the median N's minimum, of the line): %.1f%% of samples\n",
			a->on_line_width, share);
	static const char *const q[4] = { "50%", "90%", "99%", "99.9%" };
	fprintf(out, "  quantiles:");
	for (int i = 0; i < 4; i++)
		fprintf(out, " %s %s%.4g  ", q[i], e->quantile_bound[i] ? "<= " : "",
			e->quantile[i] * k);
	fprintf(out, " max %.4g\n", e->max * k);
}

void report_text(FILE *out, const struct analysis *a)
{
	if (a->trace) {
		report_trace_text(out, a);
		return;
	}
	heading(out, a);
	fit_section(out, a);
	fprintf(out, "averaging would say:\n");
	ols_line(out, "OLS on minima", &a->ols_minima, a);
	ols_line(out, "OLS on means", &a->ols_means, a);
	excess_section(out, a);
	report_diagnosis_text(out, a);
	fprintf(out, "\nwarnings\n");
	if (a->warnings == 0)
		fprintf(out, "  none\n");
	for (size_t i = 0; i < a->warnings; i++)
		fprintf(out, "  %s\n", a->warning[i]);
}
