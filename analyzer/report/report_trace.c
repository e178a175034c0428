/*
 * report_trace.c - an activity trace's report, and what the kernel counted
 * beside a collection or a trace (report.h).
 */
#include "report.h"
#include "report_sources.h"
#include "units.h"

#include <math.h>

/* What the kernel counted on the CPU, beside what the timings show:
 * inferred_per_s interruptions a second, the rest unseen by the kernel
 * (at least 0, up to hi: the two counts' Poisson bounds). */
static void counted_text(FILE *out, const struct analysis *a, double inferred_per_s, double hi)
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
	double rest = inferred_per_s > seen ? inferred_per_s - seen : 0;
	fprintf(out, "    of the %.4g interruptions per second %s, %.4g (up to %.4g) were none of those: unseen by the kernel (a hypervisor, SMIs, the hardware)\n",
		inferred_per_s, a->trace ? "traced" : "the model finds", rest, fmax(rest, hi));
}

/* The upper bound of the unseen rate: the two rates' difference plus
 * 1.96 standard deviations of two Poisson counts over their times. */
static double unseen_hi(const struct analysis *a, double per_s, double seconds)
{
	const struct counted *c = &a->counted;
	double seen = (c->have_irq ? c->irq_per_s : 0) + (c->have_rusage ? c->invol_per_s : 0);
	double var = (seconds > 0 ? per_s / seconds : 0) +
		     (c->seconds > 0 ? seen / c->seconds : 0);
	return per_s - seen + 1.96 * sqrt(var);
}

void report_counted_text(FILE *out, const struct analysis *a)
{
	const struct model_counts *m = &a->diag.counts;
	double per_s = source_per_s(m->rate, a->unit_ns);
	double run_s = a->unit_ns > 0 ? m->in_runs * a->unit_ns * 1e-9 : 0;
	counted_text(out, a, per_s, isfinite(per_s) ? unseen_hi(a, per_s, run_s) : NAN);
}

void report_trace_text(FILE *out, const struct analysis *a)
{
	const struct trace_summary *t = &a->trace_sum;
	double ns = a->unit_ns;
	char c[32], lo[32], hi[32], mx[32], r[32], th[32];
	fprintf(out, "subtick analyze: activity trace on clock %s", a->clock[0] ? a->clock : "unknown");
	if (a->tick > 0 && a->unit_ns > 0)
		fprintf(out, ", tick %.4g ns (%.10g clock units)", a->tick * a->unit_ns, a->tick);
	fprintf(out, ", CPU %s\n", a->cpu[0] ? a->cpu : "unknown");
	fprintf(out, "%.4g s traced: %llu gaps longer than %s (%d x the loop's read interval, %s)\n\n",
		t->seconds, (unsigned long long)t->gaps, fmt_span(th, sizeof th, t->threshold, ns),
		10, fmt_span(r, sizeof r, t->read_interval, ns));
	fprintf(out, "interruptions  %.4g per second of running time (%.4g gaps per second of the trace)\n",
		t->interruptions_per_s, t->per_s);
	if (t->gaps > 0)
		fprintf(out, "  one costs   %s (median; half within %s to %s); the longest %s\n",
			fmt_span(c, sizeof c, t->cost, ns), fmt_span(lo, sizeof lo, t->cost_lo, ns),
			fmt_span(hi, sizeof hi, t->cost_hi, ns), fmt_span(mx, sizeof mx, t->max, ns));
	fprintf(out, "  time lost   %.3g%% of the trace (the loop ran %.3g%% of it)\n",
		100 * t->lost_share, 100 * (1 - t->lost_share));
	if (t->sources.count == 0)
		fprintf(out, "  sources: none found in %llu gaps\n", (unsigned long long)t->gaps);
	else
		fprintf(out, "  sources (%zu, strongest first):\n", t->sources.count);
	struct source_view v = { &t->sources, NULL, "gap", ns, t->span / 2, NULL,
				 source_view_tick(&a->counted, a->timer_period_ns, ns),
				 a->counted.loc_per_s };
	report_sources_text(out, &v);
	fprintf(out, "\n");
	counted_text(out, a, t->interruptions_per_s, t->unattributed_hi);
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
	const char *k[] = { "seconds", "gaps", "gaps_per_s", "interruptions_per_s",
			    "cost_ns_median", "lost_share", "max_ns", "read_interval_ns",
			    "threshold_ns" };
	double v[] = { t->seconds, (double)t->gaps, t->per_s,
		       a->unit_ns > 0 ? t->interruptions_per_s : NAN,
		       t->gaps ? t->cost * ns : NAN, t->lost_share, t->gaps ? t->max * ns : NAN,
		       t->read_interval * ns, t->threshold * ns };
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
			     "unattributed_per_s", "unattributed_per_s_hi", "steal_share" };
	double kv[] = { c->have_irq ? t->kernel_per_s : NAN, c->have_irq ? c->loc_per_s : NAN,
			c->have_rusage ? t->preempted_per_s : NAN,
			c->have ? t->unattributed_per_s : NAN, c->have ? t->unattributed_hi : NAN,
			c->have_steal ? c->steal_share : NAN };
	for (size_t i = 0; i < sizeof kv / sizeof kv[0]; i++) {
		json_key(out, &g, kk[i]);
		json_number(out, kv[i]);
	}
	struct source_view sv = { &t->sources, NULL, "gap", a->unit_ns, t->span / 2, NULL,
				  source_view_tick(&a->counted, a->timer_period_ns, a->unit_ns),
				  a->counted.loc_per_s };
	report_sources_json(out, &g, &sv);
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
